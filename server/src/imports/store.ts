/** Queries of import jobs and their refused rows; each through the organisation's scoped store (db/scoped.ts), but the sweep for due jobs. */
import type { Insertable } from 'kysely';

import type { Executor, ImportJobRow, ImportJobsTable, ImportRefusalsTable, UserRow } from '../db/schema.ts';
import { acrossOrganisations, organisationIdOf, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';

export async function insertImportJob(db: ScopedExecutor, row: Unstamped<Insertable<ImportJobsTable>>, source: string): Promise<void> {
  await db.insertInto('import_jobs').values(row).execute();
  await db.insertInto('import_sources').values({ job_id: row.id, source }).execute();
}

/** The job's file, or '' once it has finished. */
export async function importSource(db: ScopedExecutor, jobId: string): Promise<string> {
  const row = await db.selectFrom('import_sources').select('source').where('job_id', '=', jobId).executeTakeFirst();
  return row?.source ?? '';
}

export function findImportJob(db: ScopedExecutor, id: string): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes (or renews) the job's lease for `owner` until `until`: one conditional UPDATE, so of several
 * processes only one moves a job forward, and another takes over once a stopped one's lease has run out.
 */
export async function leaseImportJob(db: ScopedExecutor, id: string, owner: string, now: number, until: number): Promise<boolean> {
  const taken = await db
    .updateTable('import_jobs')
    .set({ locked_until: until, locked_by: owner, status: 'running' })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('locked_until', '<=', now), eb('locked_by', '=', owner)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** A batch settled: how far the job has come and what it did, in the batch's transaction. */
export async function recordImportProgress(
  db: ScopedExecutor,
  id: string,
  progress: { nextRow: number; created: number; updated: number; refused: number; notCarried: string },
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set((eb) => ({
      next_row: progress.nextRow,
      created_count: eb('created_count', '+', progress.created),
      updated_count: eb('updated_count', '+', progress.updated),
      refused_count: eb('refused_count', '+', progress.refused),
      not_carried: progress.notCarried,
    }))
    .where('id', '=', id)
    .execute();
}

/** The job is done (or has failed): its file is no longer kept, its lease let go. */
export async function finishImportJob(db: ScopedExecutor, id: string, now: number, error: string | null): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: error === null ? 'finished' : 'failed', error, finished_at: now, locked_until: 0, locked_by: null })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('import_sources').where('job_id', '=', id).execute();
}

export async function insertRefusals(db: ScopedExecutor, rows: Unstamped<ImportRefusalsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('import_refusals').values(rows).execute();
}

export function listRefusals(db: ScopedExecutor, jobId: string, limit?: number) {
  return db
    .selectFrom('import_refusals')
    .select(['row', 'email', 'reason', 'data'])
    .where('job_id', '=', jobId)
    .orderBy('row')
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute();
}

/**
 * The people of these emails or external ids, to match a batch's rows against: two queries, each on its
 * index (one with OR between them scans the organisation's users on SQLite, growing with every batch).
 */
export async function usersMatching(db: ScopedExecutor, emails: string[], externalIds: string[]): Promise<UserRow[]> {
  const byEmail = emails.length === 0 ? [] : await db.selectFrom('users').selectAll().where('email', 'in', emails).execute();
  const byId = externalIds.length === 0 ? [] : await db.selectFrom('users').selectAll().where('external_id', 'in', externalIds).execute();
  const seen = new Set(byEmail.map((u) => u.id));
  return [...byEmail, ...byId.filter((u) => !seen.has(u.id))];
}

/** Emails of these that already have an account (the user-limit check before a run). */
export async function existingEmails(db: ScopedExecutor, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return rows.map((r) => r.email);
}

/** Jobs of every organisation that no process is moving forward (none started, or its process stopped). */
export function dueImportJobs(db: Executor, now: number) {
  return acrossOrganisations(db, 'sweep')
    .selectFrom('import_jobs as j')
    .select(['j.id', organisationIdOf('j').as('organisationId')])
    .where('j.status', 'in', ['queued', 'running'])
    .where('j.locked_until', '<=', now)
    .orderBy('j.created_at')
    .limit(20)
    .execute();
}

/** One page of the organisation's people in id order, after `after` (the export's keyset paging). */
export function peoplePage(db: ScopedExecutor, after: string, limit: number): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('id', '>', after).orderBy('id').limit(limit).execute();
}
