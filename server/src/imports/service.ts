/**
 * Import jobs: people moved in from a file with their password hashes and authenticator keys.
 *
 *   1. start: the file is decoded and kept with the job; the organisation's user limit is checked
 *      against the people the file would add before anything runs;
 *   2. run: the file is read record by record; a batch of rows is settled in one transaction with the
 *      job's progress and its lease, so a stopped process's work is neither lost nor done twice and
 *      another process resumes from the last settled row (the `import-people` scheduled job);
 *   3. each row is all or nothing: a batch's new people are written one statement per table (users,
 *      audit rows, authenticators); a batch that fails is settled again row by row, each on its own;
 *   4. a row is matched by its external id, else its email: a match is updated, never duplicated.
 * A dry run reads and matches everything, writes no person and reports what it would refuse.
 */
import { randomUUID } from 'node:crypto';

import { readCsv, readJsonLines, type SourceRecord } from '@gatehouse/common/import-records';
import { TIER_USER_LIMITS, TWO_STEP_KINDS } from '@gatehouse/common/policy';
import { IMPORT_MESSAGES, type ImportFormat, type ImportJob, type ImportRow } from '@gatehouse/common/schemas/imports';
import type { Transaction } from 'kysely';

import { countUsers, updateUser } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { Database, Executor, ImportJobRow, UserRow } from '../db/schema.ts';
import type { ScopedExecutor } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import { encryptMfaSecret } from '../mfa/secrets.ts';
import { addFactor, addFirstFactors, findFactorOfKind } from '../mfa/store.ts';
import { needsRehash } from '../passwords/hash.ts';
import { jobScope, type Scope } from '../scope/scope.ts';
import { type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationById, lockOrganisation } from '../tenancy/store.ts';
import { createUsers } from '../users/create.ts';
import { type ExportReading, readAuth0, readKeycloak } from './exports.ts';
import { decodeImportFile } from './read.ts';
import { importJobView } from './report.ts';
import { checkRow, type Mapping } from './rows.ts';
import {
  dueImportJobs,
  existingEmails,
  findImportJob,
  finishImportJob,
  importSource,
  insertImportJob,
  insertRefusals,
  leaseImportJob,
  recordImportProgress,
  usersMatching,
} from './store.ts';

const BATCH = 500;
const LEASE_MS = 2 * MINUTE;
const PROCESS = `${process.pid}-${randomUUID().slice(0, 8)}`;

export interface StartImport {
  format: ImportFormat;
  dryRun: boolean;
  mapping: Mapping;
  file: Buffer;
}

/** The records of a job's file, and what an export held that Gatehouse does not carry. */
function recordsOf(format: ImportFormat, text: string): ExportReading {
  switch (format) {
    case 'csv':
      return { records: readCsv(text), notCarried: {} };
    case 'jsonl':
      return { records: readJsonLines(text), notCarried: {} };
    case 'keycloak':
      return readKeycloak(text);
    case 'auth0':
      return readAuth0(text);
  }
}

type Settled = { record: SourceRecord; person: ImportRow } | { record: SourceRecord; refused: string; email: string | null };

/** Every record checked, and refused when its email or external id came earlier in the file. */
function* settledRows(format: ImportFormat, text: string, mapping: Mapping, reading = recordsOf(format, text)): Generator<Settled> {
  const emails = new Map<string, number>();
  const externalIds = new Map<string, number>();
  for (const record of reading.records) {
    if (!record.fields) {
      yield { record, refused: record.refused, email: null };
      continue;
    }
    const checked = checkRow(record.fields, mapping);
    if (!checked.ok) {
      yield { record, refused: checked.reason, email: checked.email };
      continue;
    }
    const { person } = checked;
    const sameEmail = emails.get(person.email);
    const sameId = person.externalId === undefined ? undefined : externalIds.get(person.externalId);
    if (sameEmail !== undefined) yield { record, refused: IMPORT_MESSAGES.duplicateEmail(sameEmail), email: person.email };
    else if (sameId !== undefined) yield { record, refused: IMPORT_MESSAGES.duplicateExternalId(sameId), email: person.email };
    else {
      emails.set(person.email, record.row);
      if (person.externalId !== undefined) externalIds.set(person.externalId, record.row);
      yield { record, person };
    }
  }
}

/** Refuses a file that would take the organisation past its tier's user limit, before anything is imported. */
async function assertRoomFor(scope: Scope, format: ImportFormat, text: string, mapping: Mapping): Promise<void> {
  const limit = TIER_USER_LIMITS[scope.organisation.row.tier];
  if (limit === null) return;
  let adding = 0;
  let chunk: string[] = [];
  const count = async () => {
    adding += chunk.length - (await existingEmails(scope.db, chunk)).length;
    chunk = [];
  };
  for (const settled of settledRows(format, text, mapping)) {
    if (!('person' in settled)) continue;
    chunk.push(settled.person.email);
    if (chunk.length >= BATCH) await count();
  }
  await count();
  const room = Math.max(0, limit - (await countUsers(scope.db)));
  if (adding > room) throw new AppError('USER_LIMIT_REACHED', { message: IMPORT_MESSAGES.userLimit(room, adding) });
}

/** Step 1: the job, kept with its file; the caller starts its run (`runImport`), and any process resumes it. */
export async function startImport(ctx: AppContext, scope: Scope, input: StartImport): Promise<ImportJob> {
  const org = scope.organisation;
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
  const decoded = decodeImportFile(input.file);
  if ('refused' in decoded) throw new AppError('BAD_REQUEST', { message: decoded.refused });
  if (input.format === 'csv' && !csvHasEmail(decoded.text, input.mapping))
    throw new AppError('BAD_REQUEST', { message: IMPORT_MESSAGES.noEmailColumn });
  const reading = recordsOf(input.format, decoded.text);
  if (reading.refused) throw new AppError('BAD_REQUEST', { message: reading.refused });
  if (!input.dryRun) await assertRoomFor(scope, input.format, decoded.text, input.mapping);
  const id = randomUUID();
  await insertImportJob(
    scope.db,
    {
      id,
      format: input.format,
      dry_run: input.dryRun,
      mapping: JSON.stringify(input.mapping),
      status: 'queued',
      error: null,
      locked_by: null,
      created_at: ctx.clock.now(),
      finished_at: null,
    },
    decoded.text,
  );
  return importJobView(scope.db, (await findImportJob(scope.db, id))!);
}

/** Whether the CSV's header has the column the mapping names for the email (or one named email). */
function csvHasEmail(text: string, mapping: Mapping): boolean {
  const line = text.slice(0, Math.max(0, text.search(/\r?\n/)) || text.length);
  const names = line.split(/[,;]/).map((name) => name.trim().replace(/^"|"$/g, '').toLowerCase());
  return names.includes((mapping.email ?? 'email').toLowerCase());
}

class LeaseLost extends Error {}

/**
 * Steps 2-4: moves the job forward from its last settled row, while this process holds its lease.
 * Answers whether this process finished it (false: another holds it, or it was done already).
 */
export async function runImport(
  ctx: AppContext,
  organisation: Organisation,
  jobId: string,
  onProgress?: (rows: number) => void,
): Promise<boolean> {
  const runId = `import-${jobId.slice(0, 8)}`;
  // The system imports, under the job's name: the scope of each batch is bound to its transaction.
  const scopeIn = (db: Executor) => jobScope(db, organisation, 'import-people', runId);
  const scope = scopeIn(ctx.db.kysely);
  const db = scope.db;
  // Each run holds the lease under its own name, so two runs (in two processes, or one) never both move it.
  const owner = `${PROCESS}-${randomUUID().slice(0, 8)}`;
  const lease = (executor: ScopedExecutor) => leaseImportJob(executor, jobId, owner, ctx.clock.now(), ctx.clock.now() + LEASE_MS);
  if (!(await lease(db))) return false;
  const job = (await findImportJob(db, jobId))!;
  const mapping = JSON.parse(job.mapping) as Mapping;
  try {
    const source = await importSource(db, jobId);
    const reading = recordsOf(job.format, source);
    const { notCarried } = reading;
    let batch: Settled[] = [];
    const settle = async () => {
      await settleBatch(ctx, { job, notCarried, lease, scopeIn }, batch);
      onProgress?.(batch.at(-1)!.record.index + 1);
      batch = [];
    };
    for (const settled of settledRows(job.format, source, mapping, reading)) {
      // Rows settled by an earlier run still count for duplicates within the file, and are skipped.
      if (settled.record.index < job.next_row) continue;
      batch.push(settled);
      if (batch.length >= BATCH) await settle();
    }
    if (batch.length > 0) await settle();
    else
      await recordImportProgress(db, jobId, {
        nextRow: job.next_row,
        created: 0,
        updated: 0,
        refused: 0,
        notCarried: JSON.stringify(notCarried),
      });
    await finishImportJob(db, jobId, ctx.clock.now(), null);
    return true;
  } catch (error) {
    if (error instanceof LeaseLost) return false;
    await finishImportJob(db, jobId, ctx.clock.now(), error instanceof Error ? error.message : String(error));
    throw error;
  }
}

interface Tally {
  created: number;
  updated: number;
  refused: number;
}

interface Run {
  job: ImportJobRow;
  /** Counted as the file is read (an export's), kept with every batch. */
  notCarried: Record<string, number>;
  lease: (db: ScopedExecutor) => Promise<boolean>;
  scopeIn: (db: Executor) => Scope;
}

/**
 * Settles a batch in one transaction with the job's progress; if that fails, row by row, each row all
 * or nothing and each with its progress, a row that cannot be saved refused with why.
 */
async function settleBatch(ctx: AppContext, run: Run, batch: Settled[]): Promise<void> {
  try {
    await ctx.db.kysely.transaction().execute((trx) => settleRows(ctx, trx, run, batch));
    return;
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
  }
  for (const one of batch) {
    try {
      await ctx.db.kysely.transaction().execute((trx) => settleRows(ctx, trx, run, [one]));
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      const reason = isUniqueViolation(error) ? IMPORT_MESSAGES.matchesOther : IMPORT_MESSAGES.notSaved;
      const email = 'person' in one ? one.person.email : one.email;
      await ctx.db.kysely.transaction().execute((trx) => settleRows(ctx, trx, run, [{ record: one.record, refused: reason, email }]));
    }
  }
}

async function settleRows(ctx: AppContext, trx: Transaction<Database>, run: Run, batch: Settled[]): Promise<void> {
  const { job, lease } = run;
  const scope = run.scopeIn(trx);
  const org = scope.organisation;
  const db = scope.db;
  if (!(await lease(db))) throw new LeaseLost();
  const tally: Tally = { created: 0, updated: 0, refused: 0 };
  const refusals: { job_id: string; row: number; email: string | null; reason: string; data: string }[] = [];
  const refuse = (settled: Settled, reason: string, email: string | null) => {
    refusals.push({ job_id: job.id, row: settled.record.row, email, reason, data: JSON.stringify(settled.record.fields ?? {}) });
    tally.refused += 1;
  };
  const people = batch.flatMap((s) => ('person' in s ? [s.person] : []));
  const matches = await usersMatching(
    db,
    people.map((p) => p.email),
    people.flatMap((p) => (p.externalId === undefined ? [] : [p.externalId])),
  );
  const byEmail = new Map(matches.map((u) => [u.email, u]));
  const byExternalId = new Map(matches.flatMap((u) => (u.external_id === null ? [] : [[u.external_id, u] as const])));
  const limit = TIER_USER_LIMITS[org.row.tier];
  let room = Infinity;
  if (limit !== null && !job.dry_run) {
    // Under the organisation's lock, as every addition of users (users/limits.ts).
    await lockOrganisation(db, ctx.db.dialect);
    room = limit - (await countUsers(db));
  }
  const creating: ImportRow[] = [];
  for (const settled of batch) {
    if (!('person' in settled)) {
      refuse(settled, settled.refused, settled.email);
      continue;
    }
    const { person } = settled;
    const byId = person.externalId === undefined ? undefined : byExternalId.get(person.externalId);
    const byMail = byEmail.get(person.email);
    if (byId && byMail && byId.id !== byMail.id) {
      refuse(settled, IMPORT_MESSAGES.matchesOther, person.email);
      continue;
    }
    const existing = byId ?? byMail;
    if (existing) {
      if (!job.dry_run) await updatePerson(ctx, db, trx, scope, existing, person);
      tally.updated += 1;
    } else if (room <= 0) {
      refuse(settled, IMPORT_MESSAGES.userLimit(0, 1), person.email);
    } else {
      creating.push(person);
      room -= 1;
      tally.created += 1;
    }
  }
  if (!job.dry_run) await createPeople(ctx, db, trx, scope, creating);
  await insertRefusals(db, refusals);
  await recordImportProgress(db, job.id, { ...tally, nextRow: batch.at(-1)!.record.index + 1, notCarried: JSON.stringify(run.notCarried) });
}

const statusOf = (person: ImportRow): 'SignedUp' | 'Pending' | 'Disabled' =>
  person.status === 'disabled' ? 'Disabled' : person.passwordHash ? 'SignedUp' : 'Pending';

/** The batch's new people: one statement per table (users, their audit rows, their authenticators). */
async function createPeople(
  ctx: AppContext,
  db: ScopedExecutor,
  trx: Transaction<Database>,
  scope: Scope,
  people: readonly ImportRow[],
): Promise<void> {
  const ids = await createUsers(
    ctx,
    trx,
    scope,
    people.map((person) => ({
      email: person.email,
      role: 'EndUser' as const,
      via: 'import' as const,
      firstName: person.firstName ?? null,
      surname: person.surname ?? null,
      phoneNumber: person.phoneNumber ?? null,
      externalId: person.externalId ?? null,
      status: statusOf(person),
      passwordHash: person.passwordHash ?? null,
      emailVerified: person.emailVerified ?? false,
      createdAt: person.createdAt,
      lastSignIn: person.lastSignInAt,
    })),
  );
  const now = ctx.clock.now();
  await addFirstFactors(
    db,
    people.flatMap((person, n) => (person.totpSecret ? [authenticatorRow(ctx, scope, ids[n]!, person.totpSecret, now)] : [])),
  );
}

/**
 * A re-run's match: what the file says replaces what Gatehouse had. The password hash only while the
 * person still has none or an imported one: a password set or re-hashed here since is theirs.
 */
async function updatePerson(
  ctx: AppContext,
  db: ScopedExecutor,
  trx: Transaction<Database>,
  scope: Scope,
  user: UserRow,
  person: ImportRow,
): Promise<void> {
  const now = ctx.clock.now();
  const keepPassword = user.password_hash !== null && !needsRehash(user.password_hash);
  const changes = {
    email: person.email,
    first_name: person.firstName ?? user.first_name,
    surname: person.surname ?? user.surname,
    phone_number: person.phoneNumber ?? user.phone_number,
    external_id: person.externalId ?? user.external_id,
    ...(person.emailVerified === undefined ? {} : { email_verified_date: person.emailVerified ? (user.email_verified_date ?? now) : null }),
    ...(person.passwordHash && !keepPassword ? { password_hash: person.passwordHash, password_set_date: now } : {}),
    ...(user.status === 'Pending' && person.passwordHash && person.status !== 'disabled' ? { status: 'SignedUp' as const } : {}),
    updated_at: now,
  };
  await updateUser(db, user.id, changes);
  if (person.totpSecret && !(await findFactorOfKind(db, user.id, TWO_STEP_KINDS.app)))
    await addFactor(db, authenticatorRow(ctx, scope, user.id, person.totpSecret, now));
  await emit(ctx, trx, scope, { type: 'user.updated', subject: { kind: 'user', id: user.id }, details: { via: 'import' } });
}

/** The person's authenticator app, its key sealed like every other (mfa/secrets.ts), so their codes keep working. */
function authenticatorRow(ctx: AppContext, scope: Scope, userId: string, secret: string, now: number) {
  return {
    id: randomUUID(),
    user_id: userId,
    kind: TWO_STEP_KINDS.app,
    name: null,
    secret: encryptMfaSecret(ctx, scope.organisation.id, userId, secret),
    phone_number: null,
    passkey_id: null,
    last_step: null,
    created_at: now,
    last_used_at: null,
  };
}

/** The scheduled job: runs the jobs no process is moving forward (their lease ran out), one at a time. */
export async function resumeImports(ctx: AppContext): Promise<string> {
  let finished = 0;
  for (const due of await dueImportJobs(ctx.db.kysely, ctx.clock.now())) {
    const row = await findOrganisationById(ctx.db.kysely, due.organisationId);
    if (row && (await runImport(ctx, toOrganisation(ctx.config, row), due.id))) finished += 1;
  }
  return `finished ${finished} import jobs`;
}
