/** Multi-factor authentication: the sign-in code step and /twostep (spec sections 2, 3 and 7). */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { compactPhoneNumber, E164 } from '../mfa.ts';
import { MFA_MESSAGES } from '../mfa-messages.ts';
import { LIMITS, TWO_STEP_KINDS } from '../policy.ts';
import { account, type SignInResult } from './account.ts';
import { formBoolean, password, requiredString, returnUrl } from './fields.ts';
import { PASSKEY_NAME_MAX, passkeyName } from './passkeys.ts';

/** A code as typed: six digits, or a recovery code (case, spaces and hyphens do not matter). */
const code = requiredString(32);
const signInStateID = requiredString(100);

/** The answer to a correct password when a code is needed next (spec: Authentication state, OTP challenge). */
export const signInChallenge = z.object({
  authType: z.literal('code'),
  /** Names this sign-in; it works only in the browser that gave the password. */
  signInStateID: z.string(),
  data: z.object({
    digits: z.number(),
    isEmail: z.boolean(),
    isSMS: z.boolean(),
    /** Days the code step may remember this device for; 0 offers no remember-me. */
    rememberMeDays: z.number(),
    /** Where an SMS code went, masked. */
    phoneNumber: z.string().nullable(),
    /** The user has passkeys: the step may be answered with one instead of a code. */
    passkey: z.boolean(),
    /** The method asked for is a passkey: there is no code to enter (a recovery code still works). */
    passkeyOnly: z.boolean(),
    /**
     * The person's other methods, for 'Use another method': known only after the password
     * step, and only the organisation's allowed ones. A passkey is offered by its own button instead.
     */
    otherMethods: z.array(z.object({ kind: z.number(), phoneNumber: z.string().nullable() })),
  }),
});
export type SignInChallenge = z.infer<typeof signInChallenge>;

/** POST /api/authenticate answers either a signed-in user or the code step. */
export type SignInAnswer = SignInResult | SignInChallenge;

/** The code step: POST /api/authenticate with the sign-in state, the code and the remember-me tick. */
export const signInCodeRequest = z.object({
  signInStateID,
  code,
  rememberMe: formBoolean,
  returnurl: returnUrl,
});
export type SignInCodeRequest = z.input<typeof signInCodeRequest>;

/** 'Resend code' during sign-in. */
export const sendSignInCodeRequest = z.object({ signInStateID });

/** 'Use another method' during sign-in: the code step asks for this kind of factor instead (an email or SMS code is sent). */
export const switchSignInMethodRequest = z.object({
  signInStateID,
  kind: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.union([
      z.literal(TWO_STEP_KINDS.app),
      z.literal(TWO_STEP_KINDS.email),
      z.literal(TWO_STEP_KINDS.sms),
      z.literal(TWO_STEP_KINDS.passkey),
    ]),
  ),
});
export type SwitchSignInMethodRequest = z.input<typeof switchSignInMethodRequest>;

/** POST /api/refreshotp: a new key for an authenticator app, with its QR code as an image data URL (null if it could not be drawn). */
export const appSetup = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string().nullable(), digits: z.number() });
export type AppSetup = z.infer<typeof appSetup>;

/** A mobile number for SMS codes, stored and sent in E.164 form. */
export const smsPhoneNumber = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(LIMITS.phoneMax, { error: MESSAGES.tooLong(LIMITS.phoneMax) })
  .transform(compactPhoneNumber)
  .refine((v) => E164.test(v), { error: MFA_MESSAGES.phoneInvalid });

/** POST /api/setupsmsotp: 'Send code' to this phone. */
export const smsSetupRequest = z.object({ phoneNumber: smsPhoneNumber });
export type SmsSetupRequest = z.input<typeof smsSetupRequest>;

/** A set-up code was sent: where to (masked for SMS), and how many digits it has. */
export const codeSent = z.object({ sentTo: z.string(), digits: z.number() });
export type CodeSent = z.infer<typeof codeSent>;

const twoStepKind = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(TWO_STEP_KINDS.app), z.literal(TWO_STEP_KINDS.email), z.literal(TWO_STEP_KINDS.sms)], {
    error: MESSAGES.required,
  }),
);

/**
 * POST /api/saveotp: turn a method on with a code it produced and the current password. The app type
 * also sends the key it was shown, so a QR code replaced in another tab is not confirmed by mistake.
 */
export const saveTwoStepRequest = z
  .object({
    type: twoStepKind,
    code,
    password,
    secret: z.string().trim().max(200).optional(),
    /** What the person calls this factor ('Work phone'); an empty field names nothing. */
    name: z
      .string()
      .trim()
      .max(PASSKEY_NAME_MAX, { error: MESSAGES.tooLong(PASSKEY_NAME_MAX) })
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((v) => v.type !== TWO_STEP_KINDS.app || Boolean(v.secret), { path: ['secret'], error: MESSAGES.required });
export type SaveTwoStepRequest = z.input<typeof saveTwoStepRequest>;

/** Turned on: the recovery codes, shown this once. */
export const saveTwoStepResult = z.object({ user: account, recoveryCodes: z.array(z.string()) });
export type SaveTwoStepResult = z.infer<typeof saveTwoStepResult>;

/** One of the person's second factors as /twostep lists them; a passkey's name is its own. */
export const factor = z.object({
  id: z.string(),
  kind: z.number(),
  name: z.string().nullable(),
  /** Where SMS codes go, masked. */
  phoneNumber: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Factor = z.infer<typeof factor>;

/** Removing a factor is confirmed with the current password. */
export const removeFactorRequest = z.object({ password });
export type RemoveFactorRequest = z.input<typeof removeFactorRequest>;

/** Renaming a factor (a passkey's name is its passkey's). */
export const renameFactorRequest = z.object({ name: passkeyName });
export type RenameFactorRequest = z.input<typeof renameFactorRequest>;

/** A new set of recovery codes (the old set stops working), confirmed with the current password. */
export const regenerateRecoveryCodesRequest = z.object({ password });
export type RegenerateRecoveryCodesRequest = z.input<typeof regenerateRecoveryCodesRequest>;

/** The new recovery codes, shown this once. */
export const recoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof recoveryCodesResult>;

/** An administrator's view of one of a person's factors: /api/users/{id}/factors/{factorId}. */
export const userFactorParams = z.object({ id: z.string().min(1).max(100), factorId: z.string().min(1).max(100) });

/** POST /api/disableotp: Disable (or Reset, when MFA is required) with the current password. */
export const disableTwoStepRequest = z.object({ password });
export type DisableTwoStepRequest = z.input<typeof disableTwoStepRequest>;
