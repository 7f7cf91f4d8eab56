/** Passkeys (WebAuthn): /twostep's list, register, rename and remove, and the sign-in code step answered with a passkey. */
import { z } from 'zod';
import { signInResult } from '../schemas/account.ts';
import {
  creationOptions,
  passkey,
  passkeySignInOptionsRequest,
  passkeySignInRequest,
  registerPasskeyRequest,
  registerPasskeyResult,
  removePasskeyRequest,
  renamePasskeyRequest,
  requestOptions,
} from '../schemas/passkeys.ts';
import { ANONYMOUS, endpoint, idParams, SIGNED_IN, type Access } from './contract.ts';

/** A passkey is one way to set up the second step that the organisation may require. */
const SETTING_UP = { kind: 'signedIn', allowTwoStepRequired: true } as const satisfies Access;
const tag = { tag: 'Passkeys' } as const;

export const passkeysApi = {
  list: endpoint({
    ...tag,
    method: 'GET',
    path: '/api/passkeys',
    operationId: 'listPasskeys',
    summary: "The signed-in user's passkeys.",
    access: SETTING_UP,
    status: 200,
    answer: z.array(passkey),
    errors: [],
  }),
  registrationOptions: endpoint({
    ...tag,
    method: 'POST',
    path: '/api/passkeys/options',
    operationId: 'passkeyRegistrationOptions',
    summary:
      "Creation options for navigator.credentials.create (RP id the organisation's host, attestation none, user verification required); the challenge is bound to this session and used once.",
    access: SETTING_UP,
    status: 200,
    answer: creationOptions,
    errors: [],
  }),
  register: endpoint({
    ...tag,
    method: 'POST',
    path: '/api/passkeys',
    operationId: 'registerPasskey',
    summary:
      "Keeps a passkey from the browser's answer to the options; the first passkey of a user without a second step makes it theirs and answers recovery codes once.",
    access: SETTING_UP,
    body: registerPasskeyRequest,
    bodyEncoding: 'json',
    status: 200,
    answer: registerPasskeyResult,
    errors: ['PASSKEY_INVALID', 'CONFLICT'],
  }),
  rename: endpoint({
    ...tag,
    method: 'POST',
    path: '/api/passkeys/{id}/rename',
    operationId: 'renamePasskey',
    summary: 'Renames one of the signed-in user\u2019s passkeys.',
    access: SIGNED_IN,
    params: idParams,
    body: renamePasskeyRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: z.array(passkey),
    errors: ['PASSKEY_NOT_FOUND'],
  }),
  remove: endpoint({
    ...tag,
    method: 'POST',
    path: '/api/passkeys/{id}/remove',
    operationId: 'removePasskey',
    summary: 'Removes a passkey, confirmed with the password; the last passkey of a passkey-only user turns the second step off.',
    access: SIGNED_IN,
    params: idParams,
    body: removePasskeyRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: z.array(passkey),
    errors: ['PASSKEY_NOT_FOUND', 'INVALID_CREDENTIALS'],
  }),
  signInOptions: endpoint({
    ...tag,
    method: 'POST',
    path: '/api/authenticate/passkey/options',
    operationId: 'passkeySignInOptions',
    summary:
      "Request options for the code step of this browser's sign-in: the user's passkeys, a challenge bound to the sign-in and used once.",
    access: ANONYMOUS,
    body: passkeySignInOptionsRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: requestOptions,
    errors: ['SIGN_IN_EXPIRED', 'ACCOUNT_LOCKED', 'PASSKEY_NOT_FOUND'],
  }),
  signIn: endpoint({
    ...tag,
    method: 'POST',
    path: '/api/authenticate/passkey',
    operationId: 'passkeySignIn',
    summary: 'Answers the code step with a passkey assertion; signs in with amr pwd, hwk, user and mfa.',
    access: ANONYMOUS,
    body: passkeySignInRequest,
    bodyEncoding: 'json',
    status: 200,
    answer: signInResult,
    errors: ['SIGN_IN_EXPIRED', 'ACCOUNT_LOCKED', 'PASSKEY_INVALID'],
  }),
};
