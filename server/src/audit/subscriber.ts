/** The audit log's subscriber: every domain event becomes a row of the log, in the change's transaction. */
import { scoped } from '../db/scoped.ts';
import type { Subscriber } from '../events/events.ts';
import { insertAuditEvent } from './store.ts';

export const auditSubscriber: Subscriber = {
  name: 'audit',
  kinds: 'all',
  async inTransaction(_ctx, trx, event) {
    event.id = await insertAuditEvent(scoped(trx, event.organisationId), {
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
    });
  },
};
