/**
 * Random tokens and their at-rest form. A token has 256 bits from the CSPRNG and is kept only as its
 * SHA-256, so a leaked table holds nothing usable. Short codes (typed by people) are too guessable for a
 * plain hash and are kept as an HMAC under a key that never reaches the database.
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A new random token: 32 bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A key for one purpose, derived from the deployment's secret (HKDF-SHA-256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'gatehouse', purpose, 32));
}

export function hmac(key: Buffer, ...parts: string[]): string {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(`${part.length}:${part}`);
  return mac.digest('base64url');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Crockford's base 32: no I, L, O or U, so a code read aloud or retyped is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A human-typed code of `length` symbols (5 bits each), shown in groups of four: e.g. 7KQ2-M9XD. */
export function newCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** A typed code in canonical form: upper case, no spaces or hyphens, and the look-alikes O, I, L read as 0, 1, 1. */
export function normaliseCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}
