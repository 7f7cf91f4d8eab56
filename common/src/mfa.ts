/**
 * Multi-factor authentication: lifetimes and limits of codes (spec section 9), and the pure formats the
 * sign-in page and /twostep share with the server.
 */
import { LIMITS, TWO_STEP_KINDS, type TwoStepKind } from './policy.ts';

export const MFA = {
  /** Digits of every code: authenticator app, email and SMS. */
  digits: LIMITS.mfaDigits,
  /** RFC 6238 time step; one step of clock drift either way is accepted. */
  totpPeriodSeconds: 30,
  emailCodeMinutes: LIMITS.emailCodeValidityMinutes,
  smsCodeMinutes: LIMITS.smsCodeValidityMinutes,
  /** 'Code sent' until then, 'Resend code' after; the server refuses a new code sooner. */
  resendMs: LIMITS.sendCodeResetMs,
  /** A correct password waits this long for its code before the sign-in must start again. */
  signInMinutes: 15,
  /** A QR code shown on /twostep can be confirmed for this long. */
  appSetupMinutes: 30,
  /** Wrong codes one sign-in (or one set-up) may try before it must start again. */
  attemptsPerCode: 5,
  /** Consecutive wrong codes, across sign-ins, that lock the account (like failed passwords do). */
  failedCodesBeforeLockout: 10,
  /** Codes emailed or texted to one person within an hour, so a known password cannot flood a phone. */
  codesPerHour: 10,
  recoveryCodes: 10,
  /** Symbols of a recovery code (Crockford base 32, 5 bits each): 60 bits. */
  recoveryCodeLength: 12,
} as const;

export const TWO_STEP_KIND_VALUES = Object.values(TWO_STEP_KINDS) as TwoStepKind[];

/** A key shown for typing by hand: groups of 4 characters. */
export function inGroupsOfFour(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** How long a remembered device lasts, as the sign-in page says it: days, or hours under one day, to one decimal place. */
export function rememberDuration(days: number): string {
  if (days >= 1) {
    const n = oneDecimal(days);
    return `${n} ${n === 1 ? 'day' : 'days'}`;
  }
  const hours = oneDecimal(days * 24);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A phone number for SMS codes as it is stored and sent: E.164, a + and up to 15 digits. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** Strips the spaces, dots, hyphens and brackets people type in phone numbers. */
export function compactPhoneNumber(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/** A phone number shown without giving it away: only its last 3 digits. */
export function maskPhoneNumber(phone: string): string {
  return `•••• ${phone.slice(-3)}`;
}
