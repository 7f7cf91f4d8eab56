/**
 * What a sign-in proved, as the session's and ID token's `amr` say it (RFC 8176): `pwd` for the
 * password, and `mfa` whenever a second factor stood behind the sign-in. The values a password sign-in
 * gives live here, with the accounts; the second step's own (codes, passkeys) live in mfa/model.ts.
 */

export const PASSWORD_AMR = ['pwd'];

/** Whether a session's methods include a second factor. */
export const hasSecondFactor = (amr: readonly string[]): boolean => amr.includes('mfa');
