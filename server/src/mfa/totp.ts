/**
 * Authenticator app codes (RFC 6238 TOTP with the `otpauth` library): SHA-1, 6 digits, 30-second steps,
 * as every authenticator app understands. A code is accepted within one step of clock drift, compared
 * in constant time by the library, and the step it matched is returned so the caller can refuse a replay.
 */
import { MFA } from '@gatehouse/common/mfa';
import { Secret, TOTP } from 'otpauth';

import { digitsOf } from './secrets.ts';

const ALGORITHM = 'SHA1';
const SECRET_BYTES = 20;

/** A new random key (160 bits), base 32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totp(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: ALGORITHM,
    digits: MFA.digits,
    period: MFA.totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI of the key, named by the organisation and the user's email. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/** The time step a code belongs to at `now`, or null when it matches none within one step of drift. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const token = digitsOf(code);
  if (!/^\d+$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: MFA.totpPeriodSeconds, timestamp: now }) + delta;
}

/** The code of a key at a time (tests act as the authenticator app with it). */
export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now });
}

/** The URI as a QR code image (PNG data URL, the spec's margin 0), or null when it cannot be drawn. */
export async function qrCodeDataUrl(uri: string): Promise<string | null> {
  try {
    // Loaded when a code is first shown: only users setting up an app need it.
    const { default: QRCode } = await import('qrcode');
    return await QRCode.toDataURL(uri, { margin: 0, errorCorrectionLevel: 'M', width: 240 });
  } catch {
    return null;
  }
}
