import { z } from 'zod';

import { ACCOUNT_MESSAGES } from '../account-messages.ts';
import { MESSAGES } from '../messages.ts';
import { LIMITS, ROLES, USER_STATUSES } from '../policy.ts';
import { optionalString, password } from './fields.ts';
import { supportedLocale } from './language.ts';

export const clientSummary = z.object({
  id: z.string(),
  name: z.string(),
  landingURL: z.string().nullable(),
  logoID: z.string().nullable(),
});

export const twoStepState = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  kind: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  /** How many passkeys the user has (shown to administrators on the user's page). */
  passkeys: z.number(),
});

/** The signed-in user as `GET /api/account` answers (spec section 3, User). Dates are ISO strings. */
export const account = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The person's own language, or null (the browser's is used). */
  locale: supportedLocale.nullable(),
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
  /** When the user's sign-in cooldown ends, while one is in force (the admin's Clear lockout ends it sooner); else null. */
  coolingDownUntil: z.string().nullable(),
  requiresNewPassword: z.boolean(),
  requiresTwoStep: z.boolean(),
  multiFactorAuthRequired: z.boolean(),
  twoStep: twoStepState,
  /**
   * On the admin's user endpoints: the application with SCIM on that provisions the user (its fields are
   * read-only on the admin screens, docs/scim.md), or null.
   */
  managedBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
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

/** An optional phone number: digits, spaces, brackets, dashes and a leading +. */
export const phoneNumber = z
  .string()
  .trim()
  .max(LIMITS.phoneMax, { error: MESSAGES.tooLong(LIMITS.phoneMax) })
  .refine((v) => v === '' || /^\+?[0-9][0-9 ()-]{4,}[0-9]$/.test(v), { error: ACCOUNT_MESSAGES.phoneInvalid })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** /account 'Edit details'. A changed phone number also needs the current password (it may receive codes). */
export const updateAccountRequest = z.object({
  firstName: optionalString(LIMITS.firstNameMax),
  surname: optionalString(LIMITS.surnameMax),
  phoneNumber,
  // Only asked for when the phone number changes: an empty field is no password.
  currentPassword: password
    .or(z.literal(''))
    .optional()
    .transform((v) => v || undefined),
});
export type UpdateAccountRequest = z.input<typeof updateAccountRequest>;

/** GET /api/rememberme: the remembered email of this browser, or null. */
export const rememberedSignIn = z.object({ email: z.string().nullable() });
export type RememberedSignIn = z.infer<typeof rememberedSignIn>;

/** A plain success answer carrying the message to show. */
export const messageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResult>;

/**
 * The answer to signing out: where the browser goes next to sign out of the session's SAML applications
 * (Gatehouse's logout address, which sends each its LogoutRequest and then lands on the sign-in page),
 * or null when none has a single logout URL to tell.
 */
export const signOutResult = z.object({ samlLogout: z.string().nullable() });
export type SignOutResult = z.infer<typeof signOutResult>;
