/**
 * Checking passwords: signing in with email and password, and confirming the current password before a
 * sensitive change. Every check is counted against the organisation's brute-force policy before it
 * runs, and an email without an account is counted, timed and answered exactly like one with an account.
 */
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';

import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { OrganisationRow, UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { AppError, concerning, fieldError } from '../http/errors.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../passwords/hash.ts';
import type { Scope } from '../scope/scope.ts';
import { PASSWORD_AMR } from '../sessions/amr.ts';
import { afterFirstFactor } from './sign-in-rules.ts';
import { setUserStatus } from './status.ts';
import {
  type AttemptPolicy,
  clearFailedAttempts,
  findThrottle,
  findUserByEmail,
  findUserById,
  recordFailedSignIn,
  reserveUnknownAttempt,
  reserveUserAttempt,
  updateUser,
} from './store.ts';

/** Statuses that may sign in; Pending users have no password yet and are answered as wrong credentials. */
const SIGN_IN_STATUSES = new Set<UserRow['status']>(['SignedUp']);

/**
 * What a correct email and password lead to: a sign-in to finish (accounts/session.ts `finishSignIn`,
 * with the methods the session records), or, for a user with a second step on a browser not remembered
 * for it, the code step (mfa/challenge.ts).
 */
export type AuthenticationOutcome = { kind: 'authenticated'; user: UserRow; amr: string[] } | { kind: 'challenge'; user: UserRow };

export interface AuthenticateOptions {
  /** Whether this browser passed a code step of the user within rememberMeDays (it then skips the step). */
  deviceRemembered?: (user: UserRow) => Promise<boolean>;
}

export function attemptPolicy(org: OrganisationRow, now: number): AttemptPolicy {
  const cooldownOn = org.failed_sign_ins_before_cooldown > 0 && org.cooldown_duration_minutes > 0;
  return {
    now,
    cooldownEvery: cooldownOn ? org.failed_sign_ins_before_cooldown : 0,
    cooldownMs: org.cooldown_duration_minutes * MINUTE,
    lockoutAfter: Math.max(0, org.failed_sign_ins_before_lockout),
  };
}

/** Why an attempt was refused before its password was checked: locked out, or cooling down. */
export function refusal(
  policy: AttemptPolicy,
  state: { status?: UserRow['status']; count: number; cooldownUntil: number | null },
): AppError {
  if (state.status === 'LockedOut' || (policy.lockoutAfter > 0 && state.count >= policy.lockoutAfter))
    return new AppError('ACCOUNT_LOCKED');
  const minutes = Math.max(1, Math.ceil(((state.cooldownUntil ?? policy.now) - policy.now) / MINUTE));
  return new AppError('SIGN_IN_COOLDOWN', { message: ACCOUNT_MESSAGES.cooldown(minutes) });
}

/** Counts and checks a password attempt for an email that has no usable account; always fails. */
async function failUnknown(ctx: AppContext, scope: Scope, email: string, password: string, policy: AttemptPolicy): Promise<never> {
  const org = scope.organisation;
  const db = ctx.db.kysely;
  if (!(await reserveUnknownAttempt(scoped(db, org.id), email, policy))) {
    const throttle = await findThrottle(scoped(db, org.id), email);
    throw refusal(policy, { count: throttle?.failed_count ?? 0, cooldownUntil: throttle?.cooldown_until ?? null });
  }
  await verifyAgainstDummy(password);
  throw new AppError('INVALID_CREDENTIALS');
}

/**
 * Checks a user's password under the brute-force policy. True when it is right; a wrong one is
 * recorded and, at failedSignInsBeforeLockout, locks the account. Throws when the attempt is refused.
 */
async function checkCountedPassword(ctx: AppContext, scope: Scope, user: UserRow, password: string): Promise<boolean> {
  const org = scope.organisation;
  const db = ctx.db.kysely;
  const policy = attemptPolicy(org.row, ctx.clock.now());
  const reserved = user.status === 'LockedOut' ? undefined : await reserveUserAttempt(scoped(db, org.id), user.id, policy);
  if (!reserved) {
    const now = (await findUserById(scoped(db, org.id), user.id)) ?? user;
    // Failures from before the organisation lowered its lockout threshold lock the account now, as a
    // status the admin screens show and can clear, not as a refusal nobody sees.
    if (now.status === 'SignedUp' && policy.lockoutAfter > 0 && now.failed_auth_count >= policy.lockoutAfter) {
      await setUserStatus(ctx, scope, user.id, 'LockedOut', { from: ['SignedUp'] });
    }
    throw concerning(refusal(policy, { status: now.status, count: now.failed_auth_count, cooldownUntil: now.cooldown_until }), user.id);
  }
  if (await verifyPassword(user.password_hash ?? '', password)) return true;
  await recordFailedSignIn(scoped(db, org.id), user.id, ctx.clock.now());
  if (policy.lockoutAfter > 0 && reserved.failed_auth_count >= policy.lockoutAfter) {
    await setUserStatus(ctx, scope, user.id, 'LockedOut', { from: ['SignedUp'] });
  }
  return false;
}

export async function authenticate(
  ctx: AppContext,
  scope: Scope,
  email: string,
  password: string,
  options: AuthenticateOptions = {},
): Promise<AuthenticationOutcome> {
  const org = scope.organisation;
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
  const db = ctx.db.kysely;
  const policy = attemptPolicy(org.row, ctx.clock.now());
  const user = await findUserByEmail(scoped(db, org.id), email);
  if (!user || user.password_hash === null) return failUnknown(ctx, scope, email, password, policy);
  if (!(await checkCountedPassword(ctx, scope, user, password))) throw concerning(new AppError('INVALID_CREDENTIALS'), user.id);
  // Only the owner of the password learns that the account exists but may not sign in.
  if (!SIGN_IN_STATUSES.has(user.status)) {
    await clearFailedAttempts(scoped(db, org.id), user.id, ctx.clock.now());
    throw concerning(new AppError('ACCOUNT_UNAVAILABLE'), user.id);
  }
  const now = ctx.clock.now();
  if (needsRehash(user.password_hash)) {
    await updateUser(scoped(db, org.id), user.id, { password_hash: await hashPassword(password), updated_at: now });
  }
  const after = await afterFirstFactor(user, PASSWORD_AMR, async () => (await options.deviceRemembered?.(user)) ?? false);
  if (after.next === 'codeStep') {
    // The password was right; the sign-in is recorded once the code is.
    await clearFailedAttempts(scoped(db, org.id), user.id, now);
    return { kind: 'challenge', user };
  }
  return { kind: 'authenticated', user, amr: after.amr };
}

/**
 * Confirms the signed-in user's current password before a sensitive change (password, phone number);
 * counted like a sign-in, so a stolen session cannot guess it. A wrong one is an error on `field`.
 */
export async function confirmCurrentPassword(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  password: string | undefined,
  field = 'currentPassword',
): Promise<void> {
  if (user.password_hash === null) return;
  if (!password) throw fieldError(field, ACCOUNT_MESSAGES.currentPasswordWrong);
  if (!(await checkCountedPassword(ctx, scope, user, password))) throw fieldError(field, ACCOUNT_MESSAGES.currentPasswordWrong);
  await clearFailedAttempts(scope.db, user.id, ctx.clock.now());
}
