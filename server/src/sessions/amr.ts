/**
 * What a sign-in proved, as the session's and ID token's `amr` say it (RFC 8176): the one module of
 * these values. `mfa` stands whenever a second factor stood behind the sign-in, whichever way in it was.
 */
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';

/** A password alone. */
export const PASSWORD_AMR = ['pwd'];

/** A password and a one-time code from a factor: authenticator app or emailed code (`otp`), texted code (`sms`). */
export function amrForCode(kind: TwoStepKind): string[] {
  return kind === TWO_STEP_KINDS.sms ? ['pwd', 'sms', 'mfa'] : ['pwd', 'otp', 'mfa'];
}

/** A recovery code is a one-time password of its own. */
export const RECOVERY_CODE_AMR = ['pwd', 'otp', 'mfa'];

/** A password, then a passkey as the second factor: the device (hwk) and its user verification (user). */
export const PASSKEY_AMR = ['pwd', 'hwk', 'user', 'mfa'];

/** A passkey without a password: the device (hwk) and its user verification (user), two factors. */
export const PASSWORDLESS_AMR = ['hwk', 'user', 'mfa'];

/** The first factor was an upstream identity provider's (a sign-in connection). */
export const FEDERATED = 'fed';

/**
 * A browser remembered at an earlier code step stands in for the code for rememberMeDays, as the
 * organisation chose: a second factor (`mfa`) but no code (`otp`) in this sign-in.
 */
export const withRememberedDevice = (amr: readonly string[]): string[] => [...amr, 'mfa'];

/** After an upstream sign-in the first factor was the provider's (`fed`), not a password. */
export const federatedInstead = (amr: readonly string[]): string[] => [FEDERATED, ...amr.filter((m) => m !== 'pwd')];

/** The methods of RFC 8176 a trusted provider's `amr` may add to the session's. */
export const RFC_8176_METHODS: ReadonlySet<string> = new Set([
  'face',
  'fpt',
  'geo',
  'hwk',
  'iris',
  'kba',
  'mca',
  'mfa',
  'otp',
  'pin',
  'pwd',
  'rba',
  'retina',
  'sc',
  'sms',
  'swk',
  'tel',
  'user',
  'vbm',
  'wia',
]);

/**
 * A connection's session methods: `fed`, and what the provider says it checked when the connection
 * trusts its MFA and that includes `mfa`.
 */
export function federatedAmr(upstream: readonly string[], trustMfa: boolean): string[] {
  const known = upstream.filter((m) => RFC_8176_METHODS.has(m));
  if (!trustMfa || !known.includes('mfa')) return [FEDERATED];
  return [FEDERATED, ...new Set(known)];
}

/** Whether a session's methods show a second factor was used (its `amr`; not whether the person holds one). */
export const sessionHasMfa = (amr: readonly string[]): boolean => amr.includes('mfa');

/** An upstream SAML assertion's AuthnContext said a second factor was used. */
export const upstreamMfa = (mfa: boolean): string[] => (mfa ? ['mfa'] : []);

/**
 * A live session raised by a step-up (oidc/step-up.ts): its own methods, and the factor the step proved
 * (no password was asked again, so `pwd` comes only from the session).
 */
export const steppedUp = (session: readonly string[], step: readonly string[]): string[] => [
  ...new Set([...session, ...step.filter((m) => m !== 'pwd')]),
];
