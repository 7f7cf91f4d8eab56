/** Self sign-up, email verification and completing sign-up (spec sections 2, 5 and 7). */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { challengeSolution } from './challenge.ts';
import { consent, email, formBoolean, password, returnUrl } from './fields.ts';
import { mismatch, passwordsMatch } from './passwords.ts';

/** A link token (verificationID, invitationID, resetID): random base64url; anything else is unrecognised. */
export const linkToken = z
  .string({ error: MESSAGES.tokenUnrecognised })
  .regex(/^[A-Za-z0-9_-]{32,128}$/, { error: MESSAGES.tokenUnrecognised });

export const linkExchangeRequest = z.object({ token: linkToken });
export const linkExchangeResult = z.object({ token: z.string() });
export type LinkExchangeResult = z.infer<typeof linkExchangeResult>;

export const signUpRequest = z.object({ email, consent, returnurl: returnUrl, altcha: challengeSolution });
export type SignUpRequest = z.input<typeof signUpRequest>;

export const signUpResult = z.object({ email: z.string() });

export const verifyEmailRequest = z.object({ verificationID: linkToken });

/** What verifying an address leads to: choosing a password, nothing more, or the account already existed. */
export const verifyEmailResult = z.object({
  outcome: z.enum(['completeSignUp', 'verified', 'alreadySignedUp']),
  email: z.string(),
});
export type VerifyEmailResult = z.infer<typeof verifyEmailResult>;

/** GET /api/completesignup?invitationID=...: whom the invitation is for. */
export const signUpInfo = z.object({ email: z.string() });
export type SignUpInfo = z.infer<typeof signUpInfo>;

/**
 * Completing sign-up: with an invitation id the invitee must also give consent (they have not yet);
 * without one, the browser holds the verified sign-up and consent was given at /signup.
 */
export const completeSignUpRequest = z
  .object({
    invitationID: linkToken.optional(),
    email: z.string().max(254).optional(),
    password,
    confirmPassword: password,
    consent: formBoolean,
    returnurl: returnUrl,
  })
  .refine(passwordsMatch, mismatch)
  .refine((v) => !v.invitationID || v.consent, { path: ['consent'], error: MESSAGES.required });

/** The complete sign-up form as the SPA shows it: consent only with an invitation. */
export const completeSignUpForm = (withInvitation: boolean) =>
  z.object({ password, confirmPassword: password, consent: withInvitation ? consent : formBoolean }).refine(passwordsMatch, mismatch);
