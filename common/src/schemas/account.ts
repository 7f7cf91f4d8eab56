import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../policy.ts';

export const clientSummary = z.object({
  id: z.string(),
  name: z.string(),
  landingURL: z.string().nullable(),
  logoID: z.string().nullable(),
});

export const twoStepState = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  kind: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
});

/** The signed-in user as `GET /api/account` answers (spec section 3, User). Dates are ISO strings. */
export const account = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  passwordSetDate: z.string().nullable(),
  previousSignIn: z.string().nullable(),
  lastSignIn: z.string().nullable(),
  lastFailedSignIn: z.string().nullable(),
  emailVerifiedDate: z.string().nullable(),
  accessibleClientIDs: z.array(z.string()),
  clients: z.array(clientSummary),
  failedAuthCount: z.number(),
  requiresNewPassword: z.boolean(),
  requiresTwoStep: z.boolean(),
  multiFactorAuthRequired: z.boolean(),
  twoStep: twoStepState,
});
export type Account = z.infer<typeof account>;

/** The answer to a successful sign-in step. */
export const signInResult = z.object({
  user: account,
  /** Where the browser goes next when an application or organisation redirect applies. */
  redirectURL: z.string().nullable(),
  orgRedirectURL: z.string().nullable(),
});
export type SignInResult = z.infer<typeof signInResult>;
