/** Queries of multi-factor authentication; every one is scoped by organisation id. */
import { randomUUID } from 'node:crypto';

import type { TwoStepKind } from '@gatehouse/common/policy';

import type { Dialect } from '../db/database.ts';
import type { CredentialKind, CredentialRow, Executor, MfaEnrolmentRow, SignInStateRow } from '../db/schema.ts';
import { boundOrganisation, type ScopedExecutor, type ScopedTransaction, type Unstamped } from '../db/scoped.ts';
import { countAttempt, deleteExpired, take } from '../db/short-lived.ts';

// ---- The user's factors (credentials) and their secrets

/**
 * The organisation's allowed methods, held against a concurrent settings save until the transaction
 * ends (a share lock on PostgreSQL; SQLite's write transactions are exclusive): a method switched off
 * there cannot be turned on here in between.
 */
export function lockedTwoStepPolicy(trx: ScopedTransaction, dialect: Dialect) {
  return trx
    .selectFrom('organisations')
    .select(['allow_email_two_step', 'allow_sms_two_step'])
    .where('id', '=', boundOrganisation(trx))
    .$if(dialect === 'postgres', (q) => q.forShare())
    .executeTakeFirstOrThrow();
}

/**
 * Takes the user's row lock until the transaction ends and answers the row as it is then: two changes to
 * one person's factors (two removals at once) run one after the other, so the second sees what the first
 * left. PostgreSQL locks the row; SQLite's write transactions are exclusive already (they begin IMMEDIATE).
 */
export function lockedUser(trx: ScopedTransaction, dialect: Dialect, userId: string) {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The kind of the recovery-code set's credentials row. */
export const RECOVERY_CODES_KIND = 4 as const;

/** Whether the user holds a second factor, read inside the caller's transaction. */
export async function holdsFactor(db: ScopedExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('credentials')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '<>', RECOVERY_CODES_KIND)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's factors (not the recovery-code set), the default first, then by age. */
export function listFactors(db: ScopedExecutor, userId: string): Promise<CredentialRow[]> {
  return db
    .selectFrom('credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '<>', RECOVERY_CODES_KIND)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The factor sign-in asks for first: the default, or the oldest when none is marked. */
export async function defaultFactor(db: ScopedExecutor, userId: string): Promise<CredentialRow | undefined> {
  return (await listFactors(db, userId))[0];
}

export function findFactor(db: ScopedExecutor, userId: string, id: string): Promise<CredentialRow | undefined> {
  return db
    .selectFrom('credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('kind', '<>', RECOVERY_CODES_KIND)
    .executeTakeFirst();
}

/** The user's first factor of a kind (the phone of SMS codes, for one), by age. */
export function findFactorOfKind(db: ScopedExecutor, userId: string, kind: CredentialKind): Promise<CredentialRow | undefined> {
  return db
    .selectFrom('credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Sets users.has_second_factor from the credentials table, for one user or every user of the
 * organisation: called in the transaction of every change to a person's factors, so the per-request
 * checks that read the flag never see another answer than the table's.
 */
export async function syncSecondFactor(db: ScopedExecutor, userId?: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      has_second_factor: eb
        .exists(
          eb
            .selectFrom('credentials as c')
            .select('c.id')
            .whereRef('c.user_id', '=', 'users.id')
            .where('c.kind', '<>', RECOVERY_CODES_KIND),
        )
        .$castTo<boolean>(),
    }))
    .$if(userId !== undefined, (q) => q.where('id', '=', userId!))
    .execute();
}

/** A new factor; the user's default when they had none. */
export async function addFactor(trx: ScopedExecutor, row: Unstamped<Omit<CredentialRow, 'is_default'>>): Promise<void> {
  const first = !(await holdsFactor(trx, row.user_id));
  await trx
    .insertInto('credentials')
    .values({ ...row, is_default: first })
    .execute();
  await syncSecondFactor(trx, row.user_id);
}

/**
 * The first factor of each of many people who hold none yet (an import's new people): one statement for
 * the factors and one for the users' `has_second_factor`.
 */
export async function addFirstFactors(trx: ScopedExecutor, rows: Unstamped<Omit<CredentialRow, 'is_default'>>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('credentials')
    .values(rows.map((row) => ({ ...row, is_default: true })))
    .execute();
  await trx
    .updateTable('users')
    .set({ has_second_factor: true })
    .where(
      'id',
      'in',
      rows.map((row) => row.user_id),
    )
    .execute();
}

/** A fresh recovery-code set, replacing any earlier one (its codes stop working). */
export async function replaceRecoveryCodes(trx: ScopedExecutor, userId: string, codeHashes: readonly string[], now: number): Promise<void> {
  for (const table of ['mfa_recovery_codes', 'credentials'] as const) {
    await trx
      .deleteFrom(table)
      .where('user_id', '=', userId)
      .$if(table === 'credentials', (q) => q.where('kind', '=', RECOVERY_CODES_KIND))
      .execute();
  }
  await trx
    .insertInto('mfa_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
  await trx
    .insertInto('credentials')
    .values({
      id: randomUUID(),
      user_id: userId,
      kind: RECOVERY_CODES_KIND,
      name: null,
      secret: null,
      phone_number: null,
      passkey_id: null,
      last_step: null,
      is_default: false,
      created_at: now,
      last_used_at: null,
    })
    .execute();
}

/** Marks a factor (or the recovery-code set) used now. */
export async function markFactorUsed(db: ScopedExecutor, userId: string, id: string, now: number): Promise<void> {
  await db.updateTable('credentials').set({ last_used_at: now }).where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Everything a person's second step left behind: factors, recovery codes, remembered devices, set-ups, sign-ins waiting for a code and passkeys. */
async function clearTwoStepRows(db: ScopedExecutor, userId: string): Promise<void> {
  for (const table of [...MFA_USER_TABLES, 'mfa_enrolments'] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/** A user's second-step rows (passkeys included: an MFA reset or disable removes them too). */
const MFA_USER_TABLES = [
  'credentials',
  'mfa_recovery_codes',
  'mfa_remembered_devices',
  'sign_in_states',
  'webauthn_credentials',
  'webauthn_challenges',
] as const;

/** Removes every factor of the user (disable, reset): the account then signs in with its password alone, or must set one up. */
export async function clearTwoStep(trx: ScopedTransaction, userId: string, now: number): Promise<void> {
  await clearTwoStepRows(trx, userId);
  await trx
    .updateTable('users')
    .set({ has_second_factor: false, failed_code_count: 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Removes the given kinds of factor from every user of the organisation. A user left with another
 * factor keeps it (it becomes their default); a user left with none loses what the step left behind
 * (recovery codes, remembered devices). Answers how many users lost a factor.
 */
export async function clearTwoStepKinds(trx: ScopedTransaction, kinds: readonly TwoStepKind[], now: number): Promise<number> {
  if (kinds.length === 0) return 0;
  const affected = (await trx.selectFrom('credentials').select('user_id').distinct().where('kind', 'in', kinds).execute()).map(
    (r) => r.user_id,
  );
  await trx.deleteFrom('mfa_enrolments').where('kind', 'in', kinds).execute();
  for (const userId of affected) await removeFactors(trx, userId, kinds, now);
  return affected.length;
}

/**
 * Removes a user's factors of the given kinds, or the one factor `id`; a default removed passes to the
 * oldest factor left, and a user left with none loses the rest of their second step.
 */
export async function removeFactors(
  trx: ScopedTransaction,
  userId: string,
  which: readonly TwoStepKind[] | { id: string },
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('credentials')
    .where('user_id', '=', userId)
    .where('kind', '<>', RECOVERY_CODES_KIND)
    .$if(Array.isArray(which), (q) => q.where('kind', 'in', which as readonly TwoStepKind[]))
    .$if(!Array.isArray(which), (q) => q.where('id', '=', (which as { id: string }).id))
    .execute();
  // A passkey's row goes with the passkey itself (its challenges stay until they expire).
  await trx
    .deleteFrom('webauthn_credentials')
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('credentials as c').select('c.id').whereRef('c.passkey_id', '=', 'webauthn_credentials.id'))),
    )
    .execute();
  await settleFactors(trx, userId, now);
}

/**
 * After a factor went (or its passkey): a default removed passes to the oldest factor left, sign-ins
 * waiting for a code end, and a user left with no factor loses the rest of their second step.
 */
export async function settleFactors(trx: ScopedTransaction, userId: string, now: number): Promise<void> {
  const left = await defaultFactor(trx, userId);
  if (!left) {
    await clearTwoStep(trx, userId, now);
    return;
  }
  if (!left.is_default) await setDefaultFactor(trx, userId, left.id);
  await syncSecondFactor(trx, userId);
  await trx.deleteFrom('sign_in_states').where('user_id', '=', userId).execute();
}

/** Makes one of the user's factors the default. False when there is no such factor. */
export async function setDefaultFactor(db: ScopedExecutor, userId: string, id: string): Promise<boolean> {
  if (!(await findFactor(db, userId, id))) return false;
  await db
    .updateTable('credentials')
    .set((eb) => ({ is_default: eb('id', '=', id).$castTo<boolean>() }))
    .where('user_id', '=', userId)
    .execute();
  return true;
}

/** Names one of the user's factors; a passkey's name is its passkey's own. False when there is no such factor. */
export async function renameFactor(db: ScopedExecutor, userId: string, id: string, name: string): Promise<boolean> {
  const factor = await findFactor(db, userId, id);
  if (!factor) return false;
  if (factor.passkey_id !== null) {
    await db.updateTable('webauthn_credentials').set({ name }).where('user_id', '=', userId).where('id', '=', factor.passkey_id).execute();
  } else {
    await db.updateTable('credentials').set({ name }).where('user_id', '=', userId).where('id', '=', id).execute();
  }
  return true;
}

/** Accepts an authenticator time step of one app only if it is later than every step accepted before: of two uses of one code, one wins. */
export async function acceptTotpStep(db: ScopedExecutor, credentialId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('credentials')
    .set({ last_step: step })
    .where('id', '=', credentialId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Counts a code attempt before the code is checked, only while fewer than `cap` wrong codes came in a
 * row: parallel guesses cannot exceed the cap. Undefined when the cap is reached.
 */
export function reserveCodeAttempt(db: ScopedExecutor, userId: string, cap: number): Promise<{ failed_code_count: number } | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ failed_code_count: eb('failed_code_count', '+', 1) }))
    .where('id', '=', userId)
    .where('failed_code_count', '<', cap)
    .returning('failed_code_count')
    .executeTakeFirst();
}

export async function resetFailedCodes(db: ScopedExecutor, userId: string): Promise<void> {
  await db.updateTable('users').set({ failed_code_count: 0 }).where('id', '=', userId).execute();
}

/** Uses a recovery code once: true only for the one request that marks it used. */
export async function useRecoveryCode(db: ScopedExecutor, userId: string, codeHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- Remembered devices

export async function insertRememberedDevice(
  db: ScopedExecutor,
  row: { id: string; user_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('mfa_remembered_devices').values(row).execute();
}

export async function isRememberedDevice(db: ScopedExecutor, userId: string, id: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('mfa_remembered_devices')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Set-ups in progress on /twostep

export async function replaceEnrolment(db: ScopedExecutor, row: Unstamped<MfaEnrolmentRow>): Promise<void> {
  const store = db;
  await store.deleteFrom('mfa_enrolments').where('user_id', '=', row.user_id).execute();
  await store.insertInto('mfa_enrolments').values(row).execute();
}

export function findEnrolment(db: ScopedExecutor, userId: string): Promise<MfaEnrolmentRow | undefined> {
  return db.selectFrom('mfa_enrolments').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Counts a code attempt on a live set-up of this kind; undefined when there is none or its attempts are used up. */
export function countEnrolmentAttempt(
  db: ScopedExecutor,
  userId: string,
  kind: TwoStepKind,
  now: number,
  maxAttempts: number,
): Promise<MfaEnrolmentRow | undefined> {
  return countAttempt(db, 'mfa_enrolments', { user_id: userId, kind }, { now, maxAttempts });
}

/** Takes a set-up for completion, once: of two concurrent saves one wins. */
export function takeEnrolment(db: ScopedExecutor, userId: string, kind: TwoStepKind): Promise<MfaEnrolmentRow | undefined> {
  return take(db, 'mfa_enrolments', { user_id: userId, kind });
}

// ---- Sign-ins waiting for their code

export async function insertSignInState(db: ScopedExecutor, row: Unstamped<SignInStateRow>): Promise<void> {
  await db.insertInto('sign_in_states').values(row).execute();
}

export function findSignInState(db: ScopedExecutor, id: string): Promise<SignInStateRow | undefined> {
  return db.selectFrom('sign_in_states').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts a code attempt on a live sign-in; undefined when it has expired or used its attempts. */
export function countSignInAttempt(db: ScopedExecutor, id: string, now: number, maxAttempts: number): Promise<SignInStateRow | undefined> {
  return countAttempt(db, 'sign_in_states', { id }, { now, maxAttempts });
}

/** A new emailed or texted code for a sign-in, only if the last one was sent before `sentBefore`. */
export async function replaceSignInCode(
  db: ScopedExecutor,
  id: string,
  code: { hash: string; sentAt: number; expiresAt: number },
  sentBefore: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_states')
    .set({ code_hash: code.hash, code_sent_at: code.sentAt, code_expires_at: code.expiresAt })
    .where('id', '=', id)
    .where('code_sent_at', '<=', sentBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** 'Use another method': a live sign-in asks for another kind of factor, with a new code (or none); its attempts carry over. */
export async function switchSignInKind(
  db: ScopedExecutor,
  id: string,
  change: { kind: TwoStepKind; hash: string | null; sentAt: number | null; expiresAt: number | null; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_states')
    .set({ kind: change.kind, code_hash: change.hash, code_sent_at: change.sentAt, code_expires_at: change.expiresAt })
    .where('id', '=', id)
    .where('expires_at', '>', change.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a sign-in's wait, once: true only for the one request that removes it. */
export async function takeSignInState(db: ScopedExecutor, id: string): Promise<boolean> {
  return (await take(db, 'sign_in_states', { id })) !== undefined;
}

/** The 'mfa-cleanup' job: forgets sign-ins, set-ups and remembered devices that have expired. */
export async function deleteExpiredMfaRows(db: Executor, now: number): Promise<number> {
  let deleted = 0;
  for (const table of ['sign_in_states', 'mfa_enrolments', 'mfa_remembered_devices'] as const)
    deleted += await deleteExpired(db, table, now);
  return deleted;
}

/** How many factors of each kind each of these users holds (not the recovery-code set): one statement for a page of users. */
export function countFactorsByKind(
  db: ScopedExecutor,
  userIds: readonly string[],
): Promise<{ user_id: string; kind: number; count: number | string | bigint }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('credentials')
    .select((eb) => ['user_id', 'kind', eb.fn.countAll().as('count')])
    .where('user_id', 'in', userIds)
    .where('kind', '<>', RECOVERY_CODES_KIND)
    .groupBy(['user_id', 'kind'])
    .orderBy('kind')
    .execute();
}
