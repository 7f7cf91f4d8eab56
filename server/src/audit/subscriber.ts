/** The audit log's subscriber: every domain event becomes a row of the log, in the change's transaction. */
import type { Executor } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import type { EmittedEvent, Subscriber } from '../events/events.ts';
import { insertAuditEvent, insertAuditEvents } from './store.ts';

export const auditSubscriber: Subscriber = {
  name: 'audit',
  kinds: 'all',
  async inTransaction(_ctx, trx, event) {
    event.id = await insertAuditEvent(storeOf(trx, event), auditRowOf(event));
  },
  // One statement for a batch of one organisation's events (an import's created people).
  async inTransactionAll(_ctx, trx, events) {
    if (events.length === 0) return;
    const ids = await insertAuditEvents(storeOf(trx, events[0]!), events.map(auditRowOf));
    events.forEach((event, n) => (event.id = ids[n]!));
  },
};

const storeOf = (trx: Executor, event: EmittedEvent) => scoped(trx, event.organisationId);

function auditRowOf(event: EmittedEvent) {
  return {
    at: event.at,
    type: event.type,
    actor_kind: event.actor.kind,
    actor_id: event.actor.id,
    subject_kind: event.subject?.kind ?? null,
    subject_id: event.subject?.id ?? null,
    ip: event.ip,
    user_agent: event.userAgent,
    request_id: event.requestId,
    details: JSON.stringify(event.details),
  };
}
