/** Queries on the audit log: inserted, read newest first by cursor, deleted only by age. Scoped by organisation. */
import type { Insertable } from 'kysely';
import type { AuditEventRow, AuditEventsTable, Executor } from '../db/schema.ts';

export async function insertAuditEvent(db: Executor, row: Insertable<AuditEventsTable>): Promise<number> {
  const inserted = await db.insertInto('audit_events').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export interface AuditQuery {
  types?: readonly string[] | undefined;
  /** Events about this user or application, or done by them. */
  who?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Events older than this id (the cursor of the previous page). */
  before?: number | undefined;
  limit: number;
}

export function findAuditEvents(db: Executor, organisationId: string, query: AuditQuery): Promise<AuditEventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .$if(query.types !== undefined && query.types.length > 0, (qb) => qb.where('type', 'in', query.types!))
    .$if(query.who !== undefined, (qb) => qb.where((eb) => eb.or([eb('subject_id', '=', query.who!), eb('actor_id', '=', query.who!)])))
    .$if(query.from !== undefined, (qb) => qb.where('at', '>=', query.from!))
    .$if(query.to !== undefined, (qb) => qb.where('at', '<', query.to!))
    .$if(query.before !== undefined, (qb) => qb.where('id', '<', query.before!))
    .orderBy('id', 'desc')
    .limit(query.limit)
    .execute();
}

/** Retention: events older than `before`, across organisations, a batch at a time. */
export async function deleteAuditEventsBefore(db: Executor, before: number, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('audit_events')
    .where('id', 'in', (qb) => qb.selectFrom('audit_events').select('id').where('at', '<', before).limit(batch))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Where each kind's name is kept: users by email, applications by name, webhooks by address. */
const LABEL_COLUMNS = {
  users: ['users', 'email'],
  applications: ['clients', 'name'],
  webhooks: ['webhook_endpoints', 'url'],
} as const;

/** What people call the users, applications and webhooks of some events: emails, names and addresses by id. */
export async function labelsFor(
  db: Executor,
  organisationId: string,
  ids: Record<keyof typeof LABEL_COLUMNS, string[]>,
): Promise<Map<string, string>> {
  const rows = await Promise.all(
    (Object.keys(LABEL_COLUMNS) as (keyof typeof LABEL_COLUMNS)[]).map((kind) => {
      const [table, column] = LABEL_COLUMNS[kind];
      if (ids[kind].length === 0) return [];
      return db
        .selectFrom(table as 'users')
        .select(['id', `${column as 'email'} as label`])
        .where('organisation_id', '=', organisationId)
        .where('id', 'in', ids[kind])
        .execute();
    }),
  );
  return new Map(rows.flat().map((row) => [row.id, row.label]));
}
