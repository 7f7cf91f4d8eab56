/** The proof-of-work challenge of the sign-in and sign-up forms (ALTCHA, common/src/policy.ts PROOF_OF_WORK). */
import { z } from 'zod';

import { CHALLENGED_FORMS } from '../policy.ts';

/** The widget's solved payload as the form posts it: base64 of its JSON, bounded before anything decodes it. */
export const challengeSolution = z.string().max(4000).optional();

export const challengeQuery = z.object({ form: z.enum(CHALLENGED_FORMS) });

/** An ALTCHA v2 challenge: its parameters and the server's signature over them. */
export const altchaChallenge = z.strictObject({
  parameters: z.strictObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});

/** Whether the form asks for a challenge now, and the challenge to solve when it does. */
export const challengeAnswer = z.strictObject({ required: z.boolean(), challenge: altchaChallenge.nullable() });
export type ChallengeAnswer = z.infer<typeof challengeAnswer>;
