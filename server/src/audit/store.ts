/** Queries on the audit log: inserted, read newest first by cursor, deleted only by age. Scoped by organisation. */
import { type Insertable, sql } from 'kysely';

import type { Dialect } from '../db/database.ts';
import { param, preparedInScope } from '../db/prepared.ts';
import type { AuditEventRow, AuditEventsTable, Executor } from '../db/schema.ts';
import { acrossOrganisations, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';
import { PREFIX_END } from '../db/search-key.ts';

// One row with every event (the audit subscriber, events/events.ts): prepared once (db/prepared.ts).
const insertQuery = preparedInScope<{ id: number | string }, Record<string, unknown>>((db) =>
  db
    .insertInto('audit_events')
    .values({
      at: param('at') as unknown as number,
      type: param('type'),
      actor_kind: param('actor_kind'),
      actor_id: param('actor_id'),
      subject_kind: param('subject_kind'),
      subject_id: param('subject_id'),
      ip: param('ip'),
      user_agent: param('user_agent'),
      request_id: param('request_id'),
      details: param('details'),
    })
    .returning('id'),
);

export async function insertAuditEvent(db: ScopedExecutor, row: Unstamped<Omit<Insertable<AuditEventsTable>, 'id'>>): Promise<number> {
  const inserted = await insertQuery(db, {
    ...row,
    actor_id: row.actor_id ?? null,
    subject_kind: row.subject_kind ?? null,
    subject_id: row.subject_id ?? null,
    ip: row.ip ?? null,
    user_agent: row.user_agent ?? null,
    request_id: row.request_id ?? null,
  });
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('The audit row was not inserted.');
  return Number(id);
}

/**
 * Many rows in one statement (an import's batch): answers their ids in the order given. Both databases
 * number a VALUES list's rows in its order, so the returned ids sorted are the rows' ids in order.
 */
export async function insertAuditEvents(
  db: ScopedExecutor,
  rows: Unstamped<Omit<Insertable<AuditEventsTable>, 'id'>>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('audit_events').values(rows).returning('id').execute();
  return inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export interface AuditQuery {
  types?: readonly string[] | undefined;
  /** Events about these users or applications, or done by them. */
  who?: readonly string[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Events older than this id (the cursor of the previous page). */
  before?: number | undefined;
  limit: number;
}

export function findAuditEvents(db: ScopedExecutor, query: AuditQuery): Promise<AuditEventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .$if(query.types !== undefined && query.types.length > 0, (qb) => qb.where('type', 'in', query.types!))
    .$if(query.who !== undefined, (qb) => qb.where((eb) => eb.or([eb('subject_id', 'in', query.who!), eb('actor_id', 'in', query.who!)])))
    .$if(query.from !== undefined, (qb) => qb.where('at', '>=', query.from!))
    .$if(query.to !== undefined, (qb) => qb.where('at', '<', query.to!))
    .$if(query.before !== undefined, (qb) => qb.where('id', '<', query.before!))
    .orderBy('id', 'desc')
    .limit(query.limit)
    .execute();
}

/** Retention: events older than `before`, across organisations, a batch at a time. */
export async function deleteAuditEventsBefore(db: Executor, before: number, batch: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep')
    .deleteFrom('audit_events')
    .where('id', 'in', (qb) => qb.selectFrom('audit_events').select('id').where('at', '<', before).limit(batch))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The ids of the organisation's users whose email starts with `prefix` (lower-cased, as emails are
 * kept), at most `limit`: the audit log's user filter takes the start of an address. A range of the
 * (organisation, email) index of users in byte order, as the /users search reads it.
 */
export async function userIdsByEmailPrefix(db: ScopedExecutor, dialect: Dialect, prefix: string, limit: number): Promise<string[]> {
  const collate = dialect === 'postgres' ? sql` collate "C"` : sql``;
  const key = prefix.toLowerCase();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`email${collate} >= ${key} and email${collate} < ${key + PREFIX_END}`)
    .orderBy(sql`email${collate}`)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * What the events said about users since deleted: the email each one's `user.deleted` event recorded,
 * by id, so what was done to them still names them.
 */
export async function deletedUserEmails(db: ScopedExecutor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('audit_events')
    .select(['subject_id', 'details'])
    .where('type', '=', 'user.deleted')
    .where('subject_kind', '=', 'user')
    .where('subject_id', 'in', ids)
    .execute();
  const emails = new Map<string, string>();
  for (const row of rows) {
    const email = (JSON.parse(row.details) as { email?: unknown }).email;
    if (row.subject_id !== null && typeof email === 'string') emails.set(row.subject_id, email);
  }
  return emails;
}

/** Where each kind's name is kept: users by email, applications by name, webhooks by address. */
const LABEL_COLUMNS = {
  users: ['users', 'email'],
  applications: ['clients', 'name'],
  webhooks: ['webhook_endpoints', 'url'],
} as const;

/** What people call the users, applications and webhooks of some events: emails, names and addresses by id. */
export async function labelsFor(db: ScopedExecutor, ids: Record<keyof typeof LABEL_COLUMNS, string[]>): Promise<Map<string, string>> {
  const rows = await Promise.all(
    (Object.keys(LABEL_COLUMNS) as (keyof typeof LABEL_COLUMNS)[]).map((kind) => {
      const [table, column] = LABEL_COLUMNS[kind];
      if (ids[kind].length === 0) return Promise.resolve([]);
      return db
        .selectFrom(table as 'users')
        .select(['id', `${column as 'email'} as label`])
        .where('id', 'in', ids[kind])
        .execute();
    }),
  );
  return new Map(rows.flat().map((row) => [row.id, row.label]));
}
