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

/** What people call the users, applications and webhooks of some events: emails, names and addresses by id. */
export async function labelsFor(
  db: Executor,
  organisationId: string,
  ids: { users: string[]; applications: string[]; webhooks: string[] },
): Promise<Map<string, string>> {
  const none = Promise.resolve([] as { id: string; label: string }[]);
  const [users, applications, webhooks] = await Promise.all([
    ids.users.length
      ? db
          .selectFrom('users')
          .select(['id', 'email as label'])
          .where('organisation_id', '=', organisationId)
          .where('id', 'in', ids.users)
          .execute()
      : none,
    ids.applications.length
      ? db
          .selectFrom('clients')
          .select(['id', 'name as label'])
          .where('organisation_id', '=', organisationId)
          .where('id', 'in', ids.applications)
          .execute()
      : none,
    ids.webhooks.length
      ? db
          .selectFrom('webhook_endpoints')
          .select(['id', 'url as label'])
          .where('organisation_id', '=', organisationId)
          .where('id', 'in', ids.webhooks)
          .execute()
      : none,
  ]);
  return new Map([...users, ...applications, ...webhooks].map((row) => [row.id, row.label]));
}
