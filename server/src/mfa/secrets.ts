/**
 * The secrets of multi-factor authentication at rest. An authenticator key must be usable, so it is
 * encrypted (AES-256-GCM under the key-encryption key, bound to organisation and user); codes typed by
 * people are kept as HMACs under a key derived from the same key-encryption key, so a leaked table
 * cannot be searched offline. That key outlives COOKIE_SECRET rotations, which matters for recovery
 * codes that stay valid for months.
 */
import { randomInt } from 'node:crypto';

import { MFA } from '@gatehouse/common/mfa';

import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import { deriveKey, hmac, newCode, normaliseCode, safeEqual } from '../crypto/tokens.ts';

const binding = (organisationId: string, userId: string) => `mfa:${organisationId}:${userId}`;

export function encryptMfaSecret(ctx: AppContext, organisationId: string, userId: string, secret: string): string {
  return encryptSecret(ctx.config.keyEncryptionKey, secret, binding(organisationId, userId));
}

export function decryptMfaSecret(ctx: AppContext, organisationId: string, userId: string, envelope: string): string {
  return decryptSecret(keyEncryptionKeys(ctx.config), envelope, binding(organisationId, userId));
}

const codeKeys = new Map<string, Buffer>();
function codeKeyOf(secret: string): Buffer {
  let key = codeKeys.get(secret);
  if (!key) codeKeys.set(secret, (key = deriveKey(secret, 'mfa-codes')));
  return key;
}
const codeKey = (ctx: AppContext): Buffer => codeKeyOf(ctx.config.keyEncryptionKey);

/** A code of MFA.digits random decimal digits, for email and SMS. */
export function newNumericCode(): string {
  return String(randomInt(0, 10 ** MFA.digits)).padStart(MFA.digits, '0');
}

/** Digits as typed, without the spaces or hyphens people add. */
export const digitsOf = (input: string): string => input.replace(/[\s-]/g, '');

/** The at-rest form of an emailed or texted code, bound to the sign-in or set-up (`bindingId`) it was sent for. */
export function codeHash(ctx: AppContext, bindingId: string, code: string): string {
  return hmac(codeKey(ctx), 'code', bindingId, digitsOf(code));
}

/** Also under the decrypt-only key of a rotation, so that a code sent just before it still works. */
export function codeMatches(ctx: AppContext, bindingId: string, code: string, stored: string | null): boolean {
  return (
    stored !== null &&
    keyEncryptionKeys(ctx.config).some((secret) => safeEqual(hmac(codeKeyOf(secret), 'code', bindingId, digitsOf(code)), stored))
  );
}

/** Ten fresh recovery codes, as shown to the user (groups of four). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA.recoveryCodes }, () => newCode(MFA.recoveryCodeLength));
}

export function recoveryCodeHash(ctx: AppContext, userId: string, code: string): string {
  return hmac(codeKey(ctx), 'recovery', userId, normaliseCode(code));
}

/**
 * The forms a typed recovery code may be stored in: under the current key and, during a rotation of
 * KEY_ENCRYPTION_KEY, the decrypt-only key (an HMAC cannot be re-keyed without the code itself).
 */
export function recoveryCodeHashes(ctx: AppContext, userId: string, code: string): string[] {
  return keyEncryptionKeys(ctx.config).map((secret) => hmac(codeKeyOf(secret), 'recovery', userId, normaliseCode(code)));
}

/**
 * Names the key recovery codes are kept under, without revealing it: an organisation's recovery codes
 * can move to another installation only if it holds the same key (organisations/transfer.ts).
 */
export function recoveryCodeKeyId(secret: string): string {
  return hmac(codeKeyOf(secret), 'key-id');
}

/** Whether typed input has the length of a recovery code (12 symbols) rather than of a numeric code (6 digits). */
export function looksLikeRecoveryCode(input: string): boolean {
  return normaliseCode(input).length === MFA.recoveryCodeLength;
}
