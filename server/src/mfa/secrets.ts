/**
 * The secrets of multi-factor authentication at rest. An authenticator key must be usable, so it is
 * encrypted (AES-256-GCM under the key-encryption key, bound to organisation and user); codes typed by
 * people are kept as HMACs under a key derived from the same key-encryption key, so a leaked table
 * cannot be searched offline. That key outlives COOKIE_SECRET rotations, which matters for recovery
 * codes that stay valid for months.
 */
import { randomInt } from 'node:crypto';
import { MFA } from '@gatehouse/common/mfa';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../oidc/key-encryption.ts';
import { deriveKey, hmac, newCode, normaliseCode, safeEqual } from '../security/tokens.ts';

const binding = (organisationId: string, userId: string) => `mfa:${organisationId}:${userId}`;

export function encryptMfaSecret(ctx: AppContext, organisationId: string, userId: string, secret: string): string {
  return encryptSecret(ctx.config.keyEncryptionKey, secret, binding(organisationId, userId));
}

export function decryptMfaSecret(ctx: AppContext, organisationId: string, userId: string, envelope: string): string {
  return decryptSecret(ctx.config.keyEncryptionKey, envelope, binding(organisationId, userId));
}

let cachedKey: { secret: string; key: Buffer } | undefined;
function codeKey(ctx: AppContext): Buffer {
  if (cachedKey?.secret !== ctx.config.keyEncryptionKey) {
    cachedKey = { secret: ctx.config.keyEncryptionKey, key: deriveKey(ctx.config.keyEncryptionKey, 'mfa-codes') };
  }
  return cachedKey.key;
}

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

export function codeMatches(ctx: AppContext, bindingId: string, code: string, stored: string | null): boolean {
  return stored !== null && safeEqual(codeHash(ctx, bindingId, code), stored);
}

/** Ten fresh recovery codes, as shown to the user (groups of four). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA.recoveryCodes }, () => newCode(MFA.recoveryCodeLength));
}

export function recoveryCodeHash(ctx: AppContext, userId: string, code: string): string {
  return hmac(codeKey(ctx), 'recovery', userId, normaliseCode(code));
}

/** Whether typed input has the length of a recovery code (12 symbols) rather than of a numeric code (6 digits). */
export function looksLikeRecoveryCode(input: string): boolean {
  return normaliseCode(input).length === MFA.recoveryCodeLength;
}
