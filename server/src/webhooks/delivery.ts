/**
 * Webhook delivery: the outbox's concurrent loop (delivery/concurrent.ts) delivers due
 * webhook messages concurrently and fairly, so that a slow or dead endpoint only delays itself; this
 * file adds a circuit breaker per endpoint as the loop's gate. An endpoint that fails CIRCUIT_THRESHOLD
 * times in a row has its circuit opened: no attempt is made to it until its wait is over, then one
 * process probes it with a single delivery (its messages wait meanwhile without spending attempts).
 * Several processes never take the same probe (store.ts takeCircuitProbe).
 */
import { DAY, HOUR, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import { type ConcurrentChannel, type ConcurrentDelivery, LEASE_MS, type Pass } from '../delivery/concurrent.ts';
import type { Telemetry } from '../telemetry/telemetry.ts';
import { webhookCourier } from './courier.ts';
import {
  closeCircuit,
  countEndpointFailure,
  countOpenCircuits,
  dueWebhookMessages,
  giveUpStaleWebhooks,
  openCircuit,
  releaseCircuitProbe,
  takeCircuitProbe,
} from './store.ts';

/** Failed attempts in a row after which an endpoint's circuit opens. */
export const CIRCUIT_THRESHOLD = 5;

/** An open circuit's wait: 1 min after the fifth failure in a row, doubling with each failed probe, at most an hour. */
export const circuitWait = (failures: number) => Math.min(MINUTE * 2 ** Math.max(0, failures - CIRCUIT_THRESHOLD), HOUR);

interface WebhookCandidate {
  organisationId: string;
  /** The endpoint's id. */
  recipient: string;
  messageId: number;
  /** The endpoint's failed attempts in a row. */
  failures: number;
}

/** The 'webhook' channel of the outbox: the courier, the due messages of endpoints whose circuit is not open, the circuit as gate. */
export function webhookChannel(ctx: AppContext): ConcurrentChannel<WebhookCandidate> {
  const db = ctx.db.kysely;
  return {
    courier: webhookCourier(ctx),
    due: (_parts, now, limit) => dueWebhookMessages(db, now, limit),
    async gate({ organisationId, recipient: endpointId, failures }, now, log): Promise<Pass | null> {
      // A circuit whose wait is over lets one attempt through: the process that takes the probe.
      const probe = failures >= CIRCUIT_THRESHOLD ? now + LEASE_MS : undefined;
      if (probe !== undefined && !(await takeCircuitProbe(scoped(db, organisationId), endpointId, now, probe))) return null;
      const release = async () => {
        if (probe !== undefined) await releaseCircuitProbe(scoped(db, organisationId), endpointId, ctx.clock.now(), probe);
      };
      return {
        release,
        async settle(outcome) {
          if (outcome.result === 'sent') {
            await closeCircuit(scoped(db, organisationId), endpointId);
            if (probe !== undefined) {
              ctx.telemetry.webhookCircuitChanges.inc({ change: 'closed' });
              log.info({ organisationId, webhookId: endpointId }, 'webhook endpoint answers again: circuit closed');
            }
            return;
          }
          // Stopped (shutdown), expired, or the endpoint deleted or disabled: not the endpoint's failing, the streak stays.
          if ((outcome.result !== 'retrying' && outcome.result !== 'failed') || outcome.undeliverable) return release();
          const streak = await countEndpointFailure(scoped(db, organisationId), endpointId);
          if (streak < CIRCUIT_THRESHOLD) return;
          const until = ctx.clock.now() + circuitWait(streak);
          await openCircuit(scoped(db, organisationId), endpointId, until);
          const details = {
            organisationId,
            webhookId: endpointId,
            failures: streak,
            until: new Date(until).toISOString(),
            error: outcome.error,
          };
          if (probe === undefined) {
            ctx.telemetry.webhookCircuitChanges.inc({ change: 'opened' });
            log.warn(details, 'webhook endpoint keeps failing: circuit opened, no attempts to it until the wait is over');
          } else log.info(details, 'webhook endpoint still failing: circuit stays open');
        },
      };
    },
  };
}

/** This process's webhook delivery loop (registered by boot.ts). */
export function webhookDelivery(ctx: AppContext): ConcurrentDelivery {
  const loop = ctx.delivery.loop('webhook');
  if (!loop) throw new Error('the webhook channel is not registered');
  return loop;
}

/** A message still queued this long after it was written is given up on (its endpoint's circuit stayed open). */
const GIVE_UP_AFTER_MS = 3 * DAY;

/**
 * The 'deliver-webhooks' job: gives up on messages queued for three days, kicks this process's delivery
 * (it does not wait for it), and counts the endpoints whose circuit is open.
 */
export async function runWebhookUpkeep(ctx: AppContext): Promise<string> {
  const now = ctx.clock.now();
  const givenUp = await giveUpStaleWebhooks(ctx.db.kysely, now, now - GIVE_UP_AFTER_MS);
  webhookDelivery(ctx).kick();
  const open = await countOpenCircuits(ctx.db.kysely);
  return `gave up on ${givenUp} messages queued for 3 days; ${open} endpoints with an open circuit`;
}

/** The delivery figures read at scrape time: open circuits (all processes) and this process's attempts in flight. */
export function registerWebhookGauges(telemetry: Telemetry, ctx: AppContext): void {
  telemetry.gauge(
    'gatehouse_webhook_circuits_open',
    'Webhook endpoints whose circuit is open after failing in a row (across all processes): no attempts until their wait is over',
    [],
    async (set) => set({}, await countOpenCircuits(ctx.db.kysely)),
  );
  telemetry.gauge('gatehouse_webhook_deliveries_in_flight', 'Webhook delivery attempts running in this process', [], (set) =>
    set({}, webhookDelivery(ctx).inFlight),
  );
}
