/**
 * What a second step proved, as the session's and ID token's `amr` say it (RFC 8176): `otp` for a
 * one-time code (authenticator app, emailed code, recovery code), `sms` for a code texted to the
 * registered phone, always with `mfa`. The password's own values are in accounts/amr.ts.
 */
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';

/** A recovery code is a one-time password of its own. */
export const RECOVERY_CODE_AMR = ['pwd', 'otp', 'mfa'];

export function amrForCode(kind: TwoStepKind): string[] {
  return kind === TWO_STEP_KINDS.sms ? ['pwd', 'sms', 'mfa'] : ['pwd', 'otp', 'mfa'];
}
