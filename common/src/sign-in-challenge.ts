/**
 * Telling the code step from a signed-in answer of POST /api/authenticate, without zod (the sign-in page's
 * first load). Only types come from schemas/mfa.ts, which imports mfa.ts: so no cycle.
 */
import type { SignInAnswer, SignInChallenge } from './schemas/mfa.ts';

/** Whether POST /api/authenticate answered the code step rather than a signed-in user. */
export function isSignInChallenge(answer: SignInAnswer): answer is SignInChallenge {
  return 'authType' in answer;
}

/**
 * Whether a value (the code step a tab stored) has the shape of the `signInChallenge` schema, checked
 * without zod for the sign-in page's first load; mfa.test.ts holds the two to the same answers.
 */
export function hasSignInChallengeShape(value: unknown): value is SignInChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { authType, signInStateID, data } = value as Record<string, unknown>;
  if (authType !== 'code' || typeof signInStateID !== 'string' || typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  return (
    finite(d.digits) &&
    typeof d.isEmail === 'boolean' &&
    typeof d.isSMS === 'boolean' &&
    finite(d.rememberMeDays) &&
    (d.phoneNumber === null || typeof d.phoneNumber === 'string') &&
    typeof d.passkey === 'boolean' &&
    typeof d.passkeyOnly === 'boolean' &&
    Array.isArray(d.otherMethods) &&
    d.otherMethods.every((m: unknown) => {
      if (typeof m !== 'object' || m === null) return false;
      const { kind, phoneNumber } = m as Record<string, unknown>;
      return finite(kind) && (phoneNumber === null || typeof phoneNumber === 'string');
    })
  );
}
