/** Whether a person has multi-factor authentication, as the management API and SCIM show it. */
import { z } from 'zod';

import { TWO_STEP_KINDS, type TwoStepKind } from '../policy.ts';

/** The kinds of second factor by name: an authenticator app, emailed codes, texted codes, a passkey. */
export const MFA_METHODS = Object.keys(TWO_STEP_KINDS) as [keyof typeof TWO_STEP_KINDS, ...(keyof typeof TWO_STEP_KINDS)[]];
export type MfaMethod = (typeof MFA_METHODS)[number];

/** The name of a factor kind as stored (TWO_STEP_KINDS). */
export const mfaMethodOf = (kind: TwoStepKind): MfaMethod => MFA_METHODS.find((name) => TWO_STEP_KINDS[name] === kind)!;

export const userMfa = z.object({
  /** The person holds at least one second factor: every sign-in asks for one. */
  enabled: z.boolean(),
  /** The organisation or an administrator requires MFA of them (they set it up at their next sign-in when they have none). */
  required: z.boolean(),
  /** The kinds of factor they hold and how many of each (several authenticator apps or passkeys may be held). */
  methods: z.array(z.object({ kind: z.enum(MFA_METHODS), count: z.number().int().min(1) })),
});
export type UserMfa = z.infer<typeof userMfa>;
