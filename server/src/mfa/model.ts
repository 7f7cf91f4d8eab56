/**
 * What a sign-in proved, as the session's and ID token's `amr` say it (RFC 8176): `pwd` for the
 * password, `otp` for a one-time code (authenticator app, emailed code, recovery code), `sms` for a code
 * texted to the registered phone, and `mfa` whenever a second factor stood behind the sign-in.
 */
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';

export const PASSWORD_AMR = ['pwd'];

/** A recovery code is a one-time password of its own. */
export const RECOVERY_CODE_AMR = ['pwd', 'otp', 'mfa'];

/**
 * A browser remembered at an earlier code step stands in for the code for rememberMeDays, as the
 * organisation chose: a second factor (`mfa`) but no code (`otp`) in this sign-in.
 */
export const REMEMBERED_DEVICE_AMR = ['pwd', 'mfa'];

export function amrForCode(kind: TwoStepKind): string[] {
  return kind === TWO_STEP_KINDS.sms ? ['pwd', 'sms', 'mfa'] : ['pwd', 'otp', 'mfa'];
}

/** Whether a session's methods include a second factor. */
export const hasSecondFactor = (amr: readonly string[]): boolean => amr.includes('mfa');
