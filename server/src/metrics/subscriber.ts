/**
 * The metrics' subscriber: sign-ins and refused sign-ins counted per minute for the dashboard, in the
 * event's transaction, and in this process's Prometheus figures once it has committed.
 */
import type { AuditEventType } from '@gatehouse/common/audit';

import { scoped } from '../db/scoped.ts';
import type { Subscriber } from '../events/events.ts';
import type { SignInResult } from '../telemetry/telemetry.ts';
import { bucketOf, incrementMetric } from './store.ts';

const COUNTED = ['user.signed_in', 'user.sign_in_failed'] as const satisfies readonly AuditEventType[];

export const metricsSubscriber: Subscriber = {
  name: 'metrics',
  kinds: COUNTED,
  async inTransaction(_ctx, trx, event) {
    const metric = event.type === 'user.signed_in' ? 'sign_in' : 'sign_in_failed';
    await incrementMetric(scoped(trx, event.organisationId), metric, bucketOf(event.at));
  },
  afterCommit(ctx, event) {
    const result = event.type === 'user.signed_in' ? 'success' : (event.details.reason as SignInResult);
    ctx.telemetry.signIns.inc({ result });
  },
};
