/** Queries on webhook endpoints and their deliveries (outbox messages of the channel 'webhook'); all scoped by organisation. */
import type { Executor, WebhookEndpointRow, WebhookEndpointsTable } from '../db/schema.ts';
import type { Updateable } from 'kysely';

export function listEndpoints(db: Executor, organisationId: string): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').execute();
}

export function findEndpoint(db: Executor, organisationId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countEndpoints(db: Executor, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(db: Executor, row: WebhookEndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Executor,
  organisationId: string,
  id: string,
  changes: Updateable<WebhookEndpointsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEndpoint(db: Executor, organisationId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The newest deliveries to one endpoint (the mail_outbox_recipient_log index). */
export function listDeliveries(db: Executor, organisationId: string, endpointId: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at', 'next_attempt_at', 'body'])
    .where('organisation_id', '=', organisationId)
    .where('channel', '=', 'webhook')
    .where('recipient', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findDelivery(db: Executor, organisationId: string, endpointId: string, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'subject', 'body'])
    .where('organisation_id', '=', organisationId)
    .where('channel', '=', 'webhook')
    .where('recipient', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
}
