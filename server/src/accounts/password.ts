/**
 * Choosing a password, wherever it happens (completing sign-up, recovery, change, expiry): the
 * organisation's rules, the common-password list, the last 13 passwords when enforcePasswordHistory
 * is on, then argon2id. Hashing happens before any transaction; storing is part of the caller's.
 * Setting it is the user's business (accounts/); passwords/ keeps hashing, the policy and the list.
 */

import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { LIMITS } from '@gatehouse/common/policy';

import type { AppContext } from '../context.ts';
import type { UserRow, UserUpdate } from '../db/schema.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { fieldError } from '../http/errors.ts';
import { hashPassword, verifyPassword } from '../passwords/hash.ts';
import { passwordPolicyFailures } from '../passwords/policy.ts';
import { recentPasswordHashes, recordPasswordHistory } from '../passwords/store.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { updateUser } from './store.ts';

/**
 * Checks a new password for `user` (null for one not yet created) and returns its hash; a refusal is a
 * validation error on `field` naming every rule it breaks.
 */
export async function hashNewPassword(
  ctx: AppContext,
  org: Organisation,
  user: Pick<UserRow, 'id' | 'password_hash'> | null,
  password: string,
  field = 'password',
): Promise<string> {
  const failures = passwordPolicyFailures(password, org.row);
  if (failures.length > 0) throw fieldError(field, failures.join('. ') + '.');
  if (user?.password_hash && (await verifyPassword(user.password_hash, password))) {
    throw fieldError(field, ACCOUNT_MESSAGES.passwordSameAsCurrent);
  }
  if (user && org.row.enforce_password_history) {
    // The current password counts as one of the last 13; the history holds it too, so take 13 in all.
    const previous = await recentPasswordHashes(scoped(ctx.db.kysely, org.id), user.id, LIMITS.passwordHistory);
    for (const hash of previous) {
      if (await verifyPassword(hash, password)) throw fieldError(field, ACCOUNT_MESSAGES.passwordReused);
    }
  }
  return hashPassword(password);
}

/** Stores a new password hash for the user, with any other changes, and remembers it in the history. */
export async function storePassword(
  db: ScopedExecutor,
  userId: string,
  passwordHash: string,
  now: number,
  changes: UserUpdate = {},
): Promise<void> {
  await updateUser(db, userId, {
    ...changes,
    password_hash: passwordHash,
    password_set_date: now,
    requires_new_password: false,
    updated_at: now,
  });
  await recordPasswordHistory(db, { user_id: userId, password_hash: passwordHash, created_at: now });
}
