/** Passkeys (WebAuthn): registering, naming and removing them on /twostep, and answering the sign-in code step with one. */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { formBoolean, password, requiredString, returnUrl } from './fields.ts';

export const PASSKEY_NAME_MAX = 64;

export const passkeyName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(PASSKEY_NAME_MAX, { error: MESSAGES.tooLong(PASSKEY_NAME_MAX) });

/** A browser's answer (PublicKeyCredential as JSON); @simplewebauthn/server checks its inner shape. */
const credentialJson = z.looseObject({
  id: requiredString(1024),
  rawId: requiredString(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: requiredString(4096) }),
});

export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  /** Synced between the user's devices (a backed-up, multi-device credential). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;

export const registerPasskeyRequest = z.object({ name: passkeyName, credential: credentialJson });
export type RegisterPasskeyRequest = z.input<typeof registerPasskeyRequest>;

/** Registering answers the passkeys, and recovery codes when this passkey made passkeys the account's second step. */
export const registerPasskeyResult = z.object({ passkeys: z.array(passkey), recoveryCodes: z.array(z.string()).nullable() });
export type RegisterPasskeyResult = z.infer<typeof registerPasskeyResult>;

/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON) for the browser, as @simplewebauthn makes them. */
export const creationOptions = z.looseObject({ challenge: z.string(), rp: z.object({ id: z.string().optional(), name: z.string() }) });
export const requestOptions = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });

export const renamePasskeyRequest = z.object({ name: passkeyName });
export const removePasskeyRequest = z.object({ password });
export type RemovePasskeyRequest = z.input<typeof removePasskeyRequest>;

export const passkeySignInOptionsRequest = z.object({ signInStateID: requiredString(100) });
export const passkeySignInRequest = z.object({
  signInStateID: requiredString(100),
  credential: credentialJson,
  rememberMe: formBoolean,
  returnurl: returnUrl,
});
export type PasskeySignInRequest = z.input<typeof passkeySignInRequest>;

/** Removing a passkey confirmed by another one: its answer to the removal's challenge. */
export const confirmWithPasskeyRequest = z.object({ credential: credentialJson });
export type ConfirmWithPasskeyRequest = z.input<typeof confirmWithPasskeyRequest>;

/** Signing in with a passkey alone (where the organisation allows it): the browser's answer, and where the sign-in leads. */
export const passwordlessSignInRequest = z.object({ credential: credentialJson, returnurl: returnUrl });
export type PasswordlessSignInRequest = z.input<typeof passwordlessSignInRequest>;
