/** Queries on the users table; every one goes through the scoped store (db/scoped.ts) of its organisation. */
import type { Role, UserStatus } from '@gatehouse/common/policy';
import { sql, type UpdateObject } from 'kysely';

import { param, preparedInScope } from '../db/prepared.ts';
import type { Database, Executor, NewUserRow, UserRow, UserUpdate } from '../db/schema.ts';
import { acrossOrganisations, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';
import { searchKey } from '../db/search-key.ts';
import { giveDefaultRoles } from '../roles/store.ts';

// A user is read by email at every sign-in and by id at every signed-in request: prepared once (db/prepared.ts).
const byEmailQuery = preparedInScope<UserRow, { email: string }>((db) =>
  db.selectFrom('users').selectAll().where('email', '=', param('email')),
);

export async function findUserByEmail(db: ScopedExecutor, email: string): Promise<UserRow | undefined> {
  return (await byEmailQuery(db, { email: email.toLowerCase() })).rows[0];
}

const byIdQuery = preparedInScope<UserRow, { id: string }>((db) => db.selectFrom('users').selectAll().where('id', '=', param('id')));

export async function findUserById(db: ScopedExecutor, id: string): Promise<UserRow | undefined> {
  return (await byIdQuery(db, { id })).rows[0];
}

/** Column changes of a user, as values or SQL expressions. */
export type UserChanges = UpdateObject<Database, 'users'>;

/** A new user row with the defaults of a user who has not signed up yet (insertUser stamps its organisation). */
export function newUserRow(fields: {
  id: string;
  email: string;
  role: Role;
  now: number;
  changes?: Partial<Unstamped<NewUserRow>>;
}): Unstamped<NewUserRow> {
  return {
    id: fields.id,
    email: fields.email,
    role: fields.role,
    status: 'Pending',
    requires_new_password: false,
    failed_auth_count: 0,
    multi_factor_auth_required: false,
    created_at: fields.now,
    updated_at: fields.now,
    ...fields.changes,
  };
}

export async function insertUser(db: ScopedExecutor, row: Unstamped<NewUserRow>): Promise<void> {
  await db.insertInto('users').values(withSearchKeys(row)).execute();
  // Every way a person comes in (invitation, sign-up, SCIM, import, connection) passes here.
  await giveDefaultRoles(db, row.id, row.created_at);
}

/** Many users in one statement (an import's batch). */
export async function insertUsers(db: ScopedExecutor, rows: Unstamped<NewUserRow>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('users').values(rows.map(withSearchKeys)).execute();
}

export async function updateUser(db: ScopedExecutor, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(withSearchKeys(changes)).where('id', '=', id).execute();
}

/** Every write of a name writes its lower-cased search copy too (migration 0009), so the two never drift. */
function withSearchKeys<T extends { first_name?: unknown; surname?: unknown }>(row: T): T {
  const keys: Partial<Record<'first_name_search' | 'surname_search', string | null>> = {};
  if (row.first_name === null || typeof row.first_name === 'string') keys.first_name_search = searchKey(row.first_name);
  if (row.surname === null || typeof row.surname === 'string') keys.surname_search = searchKey(row.surname);
  return { ...row, ...keys };
}

/** Records when a password check failed (the attempt itself was counted when it was reserved). */
export async function recordFailedSignIn(db: ScopedExecutor, id: string, now: number): Promise<void> {
  await db.updateTable('users').set({ last_failed_sign_in: now, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Records a successful sign-in: the last sign-in becomes the previous one, the failure count and any
 * cooldown reset, and the user counts as active again for the inactivity rules. Answers the user as the
 * same statement left them (RETURNING, on both databases), so a sign-in needs no second read.
 */
const recordSignInQuery = preparedInScope<UserRow, { id: string; now: number }>((db) =>
  db
    .updateTable('users')
    .set((eb) => ({
      previous_sign_in: eb.ref('last_sign_in'),
      last_sign_in: param('now') as unknown as number,
      failed_auth_count: 0,
      cooldown_until: null,
      inactivity_warned_at: null,
      updated_at: param('now') as unknown as number,
    }))
    .where('id', '=', param('id'))
    .returningAll(),
);

export async function recordSignIn(db: ScopedExecutor, id: string, now: number): Promise<UserRow | undefined> {
  return (await recordSignInQuery(db, { id, now })).rows[0];
}

/** An admin's Clear lockout of a user cooling down: the cooldown and the failure count end. The row after, or undefined when none was running. */
export function endCooldown(db: ScopedExecutor, id: string, now: number): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ failed_auth_count: 0, cooldown_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'SignedUp')
    .where('cooldown_until', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** A right password outside sign-in (confirming a change): the consecutive failures end. */
export async function clearFailedAttempts(db: ScopedExecutor, id: string, now: number): Promise<void> {
  await db.updateTable('users').set({ failed_auth_count: 0, cooldown_until: null, updated_at: now }).where('id', '=', id).execute();
}

/** The brute-force policy as the counters need it; a 0 disables a rule. */
export interface AttemptPolicy {
  now: number;
  /** failedSignInsBeforeCooldown, or 0 when cooldowns are off (either setting 0). */
  cooldownEvery: number;
  cooldownMs: number;
  /** failedSignInsBeforeLockout, 0 for never. */
  lockoutAfter: number;
}

/**
 * Counts a password attempt before the password is checked, in one conditional UPDATE: it succeeds
 * only while the account is neither locked nor cooling down, so however many attempts run in
 * parallel on however many processes, no more than the policy allows ever reach the password check.
 * The attempt that reaches a multiple of failedSignInsBeforeCooldown starts the cooldown.
 * Undefined when the attempt is refused.
 */
export async function reserveUserAttempt(
  db: ScopedExecutor,
  id: string,
  policy: AttemptPolicy,
): Promise<{ failed_auth_count: number } | undefined> {
  const query = reserveQueries[(policy.lockoutAfter > 0 ? 1 : 0) + (policy.cooldownEvery > 0 ? 2 : 0)]!;
  const args = {
    id,
    now: policy.now,
    lockoutAfter: policy.lockoutAfter,
    every: policy.cooldownEvery,
    until: policy.now + policy.cooldownMs,
  };
  return (await query(db, args)).rows[0];
}

// At every password check: prepared once for each of the four shapes an organisation's policy gives it.
const reserveQueries = [0, 1, 2, 3].map((shape) =>
  preparedInScope<{ failed_auth_count: number }, { id: string; now: number; lockoutAfter: number; every: number; until: number }>((db) =>
    db
      .updateTable('users')
      .set((eb) => ({
        failed_auth_count: eb('failed_auth_count', '+', 1),
        cooldown_until:
          shape & 2
            ? sql<
                number | null
              >`case when (${sql.ref('failed_auth_count')} + 1) % ${param('every')} = 0 then ${param('until')} else cooldown_until end`
            : sql<number | null>`cooldown_until`,
        updated_at: param('now') as unknown as number,
      }))
      .where('id', '=', param('id'))
      .where('status', '!=', 'LockedOut')
      .$if((shape & 1) === 1, (qb) => qb.where('failed_auth_count', '<', param('lockoutAfter') as unknown as number))
      // A cooldown holds only while the organisation has cooldowns on: turning them off (0) releases it.
      .$if((shape & 2) === 2, (qb) =>
        qb.where((eb) => eb.or([eb('cooldown_until', 'is', null), eb('cooldown_until', '<=', param('now') as unknown as number)])),
      )
      .returning('failed_auth_count'),
  ),
);

/** The same count for an email with no account, so its answers match a real account's. */
export async function reserveUnknownAttempt(
  db: ScopedExecutor,
  email: string,
  policy: AttemptPolicy,
): Promise<{ failed_count: number } | undefined> {
  await unknownThrottleQuery(db, { email, now: policy.now });
  const query = reserveUnknownQueries[(policy.lockoutAfter > 0 ? 1 : 0) + (policy.cooldownEvery > 0 ? 2 : 0)]!;
  const args = {
    email,
    now: policy.now,
    lockoutAfter: policy.lockoutAfter,
    every: policy.cooldownEvery,
    until: policy.now + policy.cooldownMs,
  };
  return (await query(db, args)).rows[0];
}

// At every sign-in with an unknown email (as often as a mistyped one): prepared once, as the account's count is.
const unknownThrottleQuery = preparedInScope((db) =>
  db
    .insertInto('sign_in_throttle')
    .values({ email: param('email'), failed_count: 0, cooldown_until: null, updated_at: param('now') as unknown as number })
    .onConflict((oc) => oc.column('email').doNothing()),
);

const reserveUnknownQueries = [0, 1, 2, 3].map((shape) =>
  preparedInScope<{ failed_count: number }, { email: string; now: number; lockoutAfter: number; every: number; until: number }>((db) =>
    db
      .updateTable('sign_in_throttle')
      .set((eb) => ({
        failed_count: eb('failed_count', '+', 1),
        cooldown_until:
          shape & 2
            ? sql<
                number | null
              >`case when (${sql.ref('failed_count')} + 1) % ${param('every')} = 0 then ${param('until')} else cooldown_until end`
            : sql<number | null>`cooldown_until`,
        updated_at: param('now') as unknown as number,
      }))
      .where('email', '=', param('email'))
      .$if((shape & 1) === 1, (qb) => qb.where('failed_count', '<', param('lockoutAfter') as unknown as number))
      // A cooldown holds only while the organisation has cooldowns on: turning them off (0) releases it.
      .$if((shape & 2) === 2, (qb) =>
        qb.where((eb) => eb.or([eb('cooldown_until', 'is', null), eb('cooldown_until', '<=', param('now') as unknown as number)])),
      )
      .returning('failed_count'),
  ),
);

/**
 * Gives back one attempt reserved by reserveUnknownAttempt that turned out to be no failure: the count
 * goes down by one, and a cooldown that this very reservation started (the count was then a multiple
 * of cooldownEvery) is lifted. A cooldown in force refuses the reservation, so none other can be lifted.
 */
export async function refundUnknownAttempt(db: ScopedExecutor, email: string, policy: AttemptPolicy): Promise<void> {
  await db
    .updateTable('sign_in_throttle')
    .set({
      failed_count: sql<number>`failed_count - 1`,
      cooldown_until:
        policy.cooldownEvery > 0
          ? sql<number | null>`case when failed_count % ${policy.cooldownEvery} = 0 then null else cooldown_until end`
          : sql<number | null>`cooldown_until`,
    })
    .where('email', '=', email)
    .where('failed_count', '>', 0)
    .execute();
}

export function findThrottle(db: ScopedExecutor, email: string) {
  return db.selectFrom('sign_in_throttle').select(['failed_count', 'cooldown_until']).where('email', '=', email).executeTakeFirst();
}

export async function deleteThrottle(db: ScopedExecutor, email: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('email', '=', email).execute();
}

/** Forgets throttles of unknown emails that have seen no attempt since `before`. */
export async function deleteStaleThrottles(db: Executor, before: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep').deleteFrom('sign_in_throttle').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Changes a user's status (only from the given ones, when given) with its side changes; the row after, or undefined. */
export function updateUserStatus(
  db: ScopedExecutor,
  id: string,
  status: UserStatus,
  from: readonly UserStatus[] | undefined,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, status })
    .where('id', '=', id)
    .$if(from !== undefined, (qb) => qb.where('status', 'in', from!))
    .returningAll()
    .executeTakeFirst();
}

export async function deleteUser(db: ScopedExecutor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * How many users the organisation has registered, whatever their status: the sum of its counters per
 * status (migration 0121's triggers keep them with every write), not a count of its users.
 */
export async function countUsers(db: ScopedExecutor): Promise<number> {
  const row = await db
    .selectFrom('user_counts')
    .select((eb) => eb.fn.sum<number | string | null>('count').as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Organisations whose inactivity rules may act on someone: expiry or deletion days above 0. */
export function organisationsWithInactivityRules(db: Executor) {
  return acrossOrganisations(db, 'sweep')
    .selectFrom('organisations')
    .selectAll()
    .where('is_base', '=', false)
    .where((eb) => eb.or([eb('inactivity_expiry_days', '>', 0), eb('inactivity_deletion_days', '>', 0)]))
    .execute();
}

/** Signed-up users last active (signed in, or created) at or before `activeBefore`, by id after `afterId`. */
export function idleSignedUpUsers(db: ScopedExecutor, activeBefore: number, afterId: string, limit: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', 'SignedUp')
    .where((eb) => eb(eb.fn.coalesce('last_sign_in', 'created_at'), '<=', activeBefore))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Users Inactive since at or before `since`. */
/** Users Inactive since `since` or earlier, in id order after `afterId` (the rule keeps some, so it pages by id). */
export function usersInactiveSince(db: ScopedExecutor, since: number, afterId: string, limit: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', 'Inactive')
    .where('inactive_since', '<=', since)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many Organisation Admins of the organisation other than `userId` can sign in (SignedUp). */
export async function otherActiveOrganisationAdmins(db: ScopedExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'OrganisationAdministrator')
    .where('status', '=', 'SignedUp')
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The emails of the organisation's Organisation Admins who can sign in (SignedUp). */
export async function activeOrganisationAdminEmails(db: ScopedExecutor): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'OrganisationAdministrator')
    .where('status', '=', 'SignedUp')
    .execute();
  return rows.map((row) => row.email);
}

/** Asks the user for a new password at their next sign-in (the sign-in step list's "a new password"). */
export async function requireNewPassword(db: ScopedExecutor, userId: string): Promise<void> {
  await db.updateTable('users').set({ requires_new_password: true }).where('id', '=', userId).execute();
}
