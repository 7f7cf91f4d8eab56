/** Queries of multi-factor authentication; every one is scoped by organisation id. */
import type { Transaction } from 'kysely';
import type { TwoStepKind } from '@gatehouse/common/policy';
import type { Dialect } from '../db/database.ts';
import type { Database, Executor, MfaEnrolmentRow, SignInStateRow, UserMfaRow } from '../db/schema.ts';
import { countAttempt, deleteExpired, take } from '../db/short-lived.ts';

// ---- The user's method and its secrets

/**
 * The organisation's allowed methods, held against a concurrent settings save until the transaction
 * ends (a share lock on PostgreSQL; SQLite's write transactions are exclusive): a method switched off
 * there cannot be turned on here in between.
 */
export function lockedTwoStepPolicy(trx: Transaction<Database>, dialect: Dialect, organisationId: string) {
  return trx
    .selectFrom('organisations')
    .select(['allow_email_two_step', 'allow_sms_two_step'])
    .where('id', '=', organisationId)
    .$if(dialect === 'postgres', (q) => q.forShare())
    .executeTakeFirstOrThrow();
}

/** The user's current method, read inside the caller's transaction. */
export async function currentTwoStepKind(db: Executor, organisationId: string, userId: string): Promise<TwoStepKind | null> {
  const row = await db
    .selectFrom('users')
    .select('two_step_kind')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.two_step_kind ?? null;
}

export function findUserMfa(db: Executor, organisationId: string, userId: string): Promise<UserMfaRow | undefined> {
  return db
    .selectFrom('user_mfa')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Turns a method on: the user's kind, its secret material and fresh recovery codes, replacing any earlier ones. */
export async function storeTwoStep(
  trx: Transaction<Database>,
  row: UserMfaRow,
  kind: TwoStepKind,
  recoveryCodeHashes: readonly string[],
): Promise<void> {
  await clearTwoStepRows(trx, row.organisation_id, row.user_id);
  await trx.insertInto('user_mfa').values(row).execute();
  await trx
    .insertInto('mfa_recovery_codes')
    .values(
      recoveryCodeHashes.map((code_hash) => ({
        organisation_id: row.organisation_id,
        user_id: row.user_id,
        code_hash,
        used_at: null,
        created_at: row.created_at,
      })),
    )
    .execute();
  await trx
    .updateTable('users')
    .set({ two_step_kind: kind, updated_at: row.created_at })
    .where('organisation_id', '=', row.organisation_id)
    .where('id', '=', row.user_id)
    .execute();
}

/** Everything a method left behind: its secrets, recovery codes, remembered devices, set-ups, sign-ins waiting for a code and passkeys. */
async function clearTwoStepRows(db: Executor, organisationId: string, userId: string): Promise<void> {
  for (const table of [...MFA_USER_TABLES, 'mfa_enrolments'] as const) {
    await db.deleteFrom(table).where('organisation_id', '=', organisationId).where('user_id', '=', userId).execute();
  }
}

/** A user's second-step rows (passkeys included: an MFA reset or disable removes them too). */
const MFA_USER_TABLES = [
  'user_mfa',
  'mfa_recovery_codes',
  'mfa_remembered_devices',
  'sign_in_states',
  'webauthn_credentials',
  'webauthn_challenges',
] as const;

/** Turns the user's method off (disable, reset): the account then signs in with its password alone, or must set one up. */
export async function clearTwoStep(trx: Transaction<Database>, organisationId: string, userId: string, now: number): Promise<void> {
  await clearTwoStepRows(trx, organisationId, userId);
  await trx
    .updateTable('users')
    .set({ two_step_kind: null, updated_at: now })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', userId)
    .execute();
}

/** Turns off the given methods for every user of the organisation who has one of them; answers how many users lost theirs. */
export async function clearTwoStepKinds(
  trx: Transaction<Database>,
  organisationId: string,
  kinds: readonly TwoStepKind[],
  now: number,
): Promise<number> {
  if (kinds.length === 0) return 0;
  const affected = trx.selectFrom('users').select('id').where('organisation_id', '=', organisationId).where('two_step_kind', 'in', kinds);
  for (const table of MFA_USER_TABLES) {
    await trx.deleteFrom(table).where('organisation_id', '=', organisationId).where('user_id', 'in', affected).execute();
  }
  await trx.deleteFrom('mfa_enrolments').where('organisation_id', '=', organisationId).where('kind', 'in', kinds).execute();
  const result = await trx
    .updateTable('users')
    .set({ two_step_kind: null, updated_at: now })
    .where('organisation_id', '=', organisationId)
    .where('two_step_kind', 'in', kinds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Accepts an authenticator time step only if it is later than every step accepted before: of two uses of one code, one wins. */
export async function acceptTotpStep(db: Executor, organisationId: string, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_mfa')
    .set({ last_step: step })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Counts a code attempt before the code is checked, only while fewer than `cap` wrong codes came in a
 * row: parallel guesses cannot exceed the cap. Undefined when the cap is reached (or the method is gone).
 */
export function reserveCodeAttempt(
  db: Executor,
  organisationId: string,
  userId: string,
  cap: number,
): Promise<{ failed_code_count: number } | undefined> {
  return db
    .updateTable('user_mfa')
    .set((eb) => ({ failed_code_count: eb('failed_code_count', '+', 1) }))
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where('failed_code_count', '<', cap)
    .returning('failed_code_count')
    .executeTakeFirst();
}

export async function resetFailedCodes(db: Executor, organisationId: string, userId: string): Promise<void> {
  await db
    .updateTable('user_mfa')
    .set({ failed_code_count: 0 })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Uses a recovery code once: true only for the one request that marks it used. */
export async function useRecoveryCode(
  db: Executor,
  organisationId: string,
  userId: string,
  codeHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: now })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- Remembered devices

export async function insertRememberedDevice(
  db: Executor,
  row: { id: string; organisation_id: string; user_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('mfa_remembered_devices').values(row).execute();
}

export async function isRememberedDevice(db: Executor, organisationId: string, userId: string, id: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('mfa_remembered_devices')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Set-ups in progress on /twostep

export async function replaceEnrolment(db: Executor, row: MfaEnrolmentRow): Promise<void> {
  await db.deleteFrom('mfa_enrolments').where('organisation_id', '=', row.organisation_id).where('user_id', '=', row.user_id).execute();
  await db.insertInto('mfa_enrolments').values(row).execute();
}

export function findEnrolment(db: Executor, organisationId: string, userId: string): Promise<MfaEnrolmentRow | undefined> {
  return db
    .selectFrom('mfa_enrolments')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Counts a code attempt on a live set-up of this kind; undefined when there is none or its attempts are used up. */
export function countEnrolmentAttempt(
  db: Executor,
  organisationId: string,
  userId: string,
  kind: TwoStepKind,
  now: number,
  maxAttempts: number,
): Promise<MfaEnrolmentRow | undefined> {
  return countAttempt(db, 'mfa_enrolments', organisationId, { user_id: userId, kind }, { now, maxAttempts });
}

/** Takes a set-up for completion, once: of two concurrent saves one wins. */
export function takeEnrolment(
  db: Executor,
  organisationId: string,
  userId: string,
  kind: TwoStepKind,
): Promise<MfaEnrolmentRow | undefined> {
  return take(db, 'mfa_enrolments', organisationId, { user_id: userId, kind });
}

// ---- Sign-ins waiting for their code

export async function insertSignInState(db: Executor, row: SignInStateRow): Promise<void> {
  await db.insertInto('sign_in_states').values(row).execute();
}

export function findSignInState(db: Executor, organisationId: string, id: string): Promise<SignInStateRow | undefined> {
  return db.selectFrom('sign_in_states').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
}

/** Counts a code attempt on a live sign-in; undefined when it has expired or used its attempts. */
export function countSignInAttempt(
  db: Executor,
  organisationId: string,
  id: string,
  now: number,
  maxAttempts: number,
): Promise<SignInStateRow | undefined> {
  return countAttempt(db, 'sign_in_states', organisationId, { id }, { now, maxAttempts });
}

/** A new emailed or texted code for a sign-in, only if the last one was sent before `sentBefore`. */
export async function replaceSignInCode(
  db: Executor,
  organisationId: string,
  id: string,
  code: { hash: string; sentAt: number; expiresAt: number },
  sentBefore: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_states')
    .set({ code_hash: code.hash, code_sent_at: code.sentAt, code_expires_at: code.expiresAt })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('code_sent_at', '<=', sentBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a sign-in's wait, once: true only for the one request that removes it. */
export async function takeSignInState(db: Executor, organisationId: string, id: string): Promise<boolean> {
  return (await take(db, 'sign_in_states', organisationId, { id })) !== undefined;
}

/** The 'mfa-cleanup' job: forgets sign-ins, set-ups and remembered devices that have expired. */
export async function deleteExpiredMfaRows(db: Executor, now: number): Promise<number> {
  let deleted = 0;
  for (const table of ['sign_in_states', 'mfa_enrolments', 'mfa_remembered_devices'] as const)
    deleted += await deleteExpired(db, table, now);
  return deleted;
}
