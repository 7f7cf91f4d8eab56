/**
 * The webhooks' subscriber: an event becomes one outbox message per enabled endpoint of the organisation
 * subscribed to its type, in the change's transaction, so an event is sent if and only if its change
 * happened. It runs after the audit subscriber, whose row id names the event in the payload.
 */
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import type { EmittedEvent, Subscriber } from '../events/events.ts';
import { payload, queueDelivery, subscribes } from './service.ts';
import { listEndpoints } from './store.ts';

export const webhooksSubscriber: Subscriber = {
  name: 'webhooks',
  kinds: 'all',
  async inTransaction(ctx, trx, event) {
    await queueFor(ctx, trx, [event]);
  },
  // A batch of one organisation's events (an import's): its endpoints read once, not once an event.
  async inTransactionAll(ctx, trx, events) {
    await queueFor(ctx, trx, events);
  },
};

async function queueFor(ctx: AppContext, trx: Executor, events: EmittedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const all = await listEndpoints(scoped(trx, events[0]!.organisationId));
  for (const event of events) {
    const endpoints = all.filter((e) => e.enabled && subscribes(e, event.type));
    if (endpoints.length === 0) continue;
    const body = payload(event.type, event.at, {
      id: event.id,
      actor: event.actor,
      subject: event.subject,
      details: event.details,
      requestId: event.requestId,
    });
    for (const endpoint of endpoints) await queueDelivery(ctx, endpoint.id, event.type, body, scoped(trx, event.organisationId));
  }
}
