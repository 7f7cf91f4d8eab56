/** Queries on webhook endpoints and their deliveries (outbox messages of the channel 'webhook'); all scoped by organisation. */
import type { Updateable } from 'kysely';

import { preparedInScope } from '../db/prepared.ts';
import type { Executor, WebhookEndpointRow, WebhookEndpointsTable } from '../db/schema.ts';
import { acrossOrganisations, scoped, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';
import { dueMessages, dueOrganisations } from '../delivery/store.ts';

// Read with every event, in its transaction (webhooks/subscriber.ts): prepared once (db/prepared.ts).
const listQuery = preparedInScope<WebhookEndpointRow, Record<string, never>>((db) =>
  db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at'),
);

export async function listEndpoints(db: ScopedExecutor): Promise<WebhookEndpointRow[]> {
  return (await listQuery(db, {})).rows;
}

export function findEndpoint(db: ScopedExecutor, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countEndpoints(db: ScopedExecutor): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(db: ScopedExecutor, row: Unstamped<WebhookEndpointRow>): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(db: ScopedExecutor, id: string, changes: Updateable<WebhookEndpointsTable>): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEndpoint(db: ScopedExecutor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The newest deliveries to one endpoint (the mail_outbox_recipient_log index). */
export function listDeliveries(db: ScopedExecutor, endpointId: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at', 'next_attempt_at', 'body'])
    .where('channel', '=', 'webhook')
    .where('recipient', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findDelivery(db: ScopedExecutor, endpointId: string, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'subject', 'body'])
    .where('channel', '=', 'webhook')
    .where('recipient', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The oldest due message of each endpoint whose circuit is not open (or whose endpoint is gone, so the
 * attempt gives it up), with the endpoint's failure streak: system work across organisations, read
 * organisation by organisation (those waiting longest first) through each one's scoped store.
 */
export async function dueWebhookMessages(db: Executor, now: number, limit: number) {
  const due: { organisationId: string; recipient: string; messageId: number; failures: number }[] = [];
  for (const organisationId of await dueOrganisations(db, 'webhook', now, limit)) {
    if (due.length >= limit) break;
    const rows = await dueMessages(scoped(db, organisationId), 'webhook', now)
      .leftJoin('webhook_endpoints as e', 'e.id', 'm.recipient')
      .select(['m.recipient', 'e.failures', 'e.circuit_open_until'])
      .select((eb) => eb.fn.min('m.id').as('id'))
      .where((eb) => eb.or([eb('e.circuit_open_until', 'is', null), eb('e.circuit_open_until', '<=', now)]))
      .groupBy(['m.recipient', 'e.failures', 'e.circuit_open_until'])
      .orderBy((eb) => eb.fn.min('m.next_attempt_at'))
      .limit(limit - due.length)
      .execute();
    for (const row of rows)
      due.push({ organisationId, recipient: row.recipient, messageId: Number(row.id), failures: Number(row.failures ?? 0) });
  }
  return due;
}

/** Takes the probe of an endpoint whose circuit's wait is over, for this process alone until `until`; false when another has it. */
export async function takeCircuitProbe(db: ScopedExecutor, id: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ circuit_open_until: until })
    .where('id', '=', id)
    .where('circuit_open_until', 'is not', null)
    .where('circuit_open_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a probe back untried (its message was taken by another process, or the attempt was stopped). */
export async function releaseCircuitProbe(db: ScopedExecutor, id: string, now: number, until: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ circuit_open_until: now })
    .where('id', '=', id)
    .where('circuit_open_until', '=', until)
    .execute();
}

/** A delivered attempt: the streak ends and the circuit closes. */
export async function closeCircuit(db: ScopedExecutor, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failures: 0, circuit_open_until: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('failures', '>', 0), eb('circuit_open_until', 'is not', null)]))
    .execute();
}

/** A failed attempt: the streak grows by one (atomically, whichever process failed); returns the new streak. */
export async function countEndpointFailure(db: ScopedExecutor, id: string): Promise<number> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .returning('failures')
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}

export async function openCircuit(db: ScopedExecutor, id: string, until: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ circuit_open_until: until }).where('id', '=', id).execute();
}

/** How many endpoints have their circuit open (or being probed), across organisations: the operator's gauge and the job's summary. */
export async function countOpenCircuits(db: Executor): Promise<number> {
  const row = await acrossOrganisations(db, 'telemetry')
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('circuit_open_until', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives up on webhook messages still queued since before `before` (an endpoint whose circuit stayed open); returns how many. */
export async function giveUpStaleWebhooks(db: Executor, now: number, before: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep')
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: 'given up: the endpoint did not accept it for 3 days' })
    .where('channel', '=', 'webhook')
    .where('status', '=', 'queued')
    .where('created_at', '<', before)
    .where('locked_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
