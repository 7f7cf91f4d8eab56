/**
 * The webhooks' subscriber: an event becomes one outbox message per enabled endpoint of the organisation
 * subscribed to its type, in the change's transaction, so an event is sent if and only if its change
 * happened. It runs after the audit subscriber, whose row id names the event in the payload.
 */
import { scoped } from '../db/scoped.ts';
import type { Subscriber } from '../events/events.ts';
import { payload, queueDelivery, subscribes } from './service.ts';
import { listEndpoints } from './store.ts';

export const webhooksSubscriber: Subscriber = {
  name: 'webhooks',
  kinds: 'all',
  async inTransaction(ctx, trx, event) {
    const endpoints = (await listEndpoints(scoped(trx, event.organisationId))).filter((e) => e.enabled && subscribes(e, event.type));
    if (endpoints.length === 0) return;
    const body = payload(event.type, event.at, {
      id: event.id,
      actor: event.actor,
      subject: event.subject,
      details: event.details,
      requestId: event.requestId,
    });
    for (const endpoint of endpoints) await queueDelivery(ctx, endpoint.id, event.type, body, scoped(trx, event.organisationId));
  },
};
