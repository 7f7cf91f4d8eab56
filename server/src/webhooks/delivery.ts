/**
 * Webhook delivery (issue 27): each process delivers due webhook messages concurrently and fairly, so
 * that a slow or dead endpoint only delays itself. Within a process at most `inFlight` attempts run at
 * once, at most `perOrganisation` of one organisation and one per endpoint; each turn serves the
 * organisation served least recently first, one endpoint of each in turn. An endpoint that fails
 * CIRCUIT_THRESHOLD times in a row has its circuit opened: no attempt is made to it until its wait is over,
 * then one process probes it with a single delivery (its messages wait meanwhile without spending attempts).
 *
 * Nothing else waits on a delivery: scheduled jobs only kick this loop, and shutdown stops the attempts
 * still running when the drain ends and gives their messages back untried (mail/service.ts
 * attemptDelivery). Several processes never make the same attempt: each message is claimed with a lease
 * (mail/store.ts claimMail), and a circuit's probe too (store.ts takeCircuitProbe).
 */
import { DAY, HOUR, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { MailOutboxRow } from '../db/schema.ts';
import { attemptDelivery, type Courier } from '../mail/attempt.ts';
import { claimMail } from '../mail/store.ts';
import type { Telemetry } from '../telemetry/telemetry.ts';
import { webhookCourier } from './courier.ts';
import {
  closeCircuit,
  countEndpointFailure,
  dueWebhookMessages,
  giveUpStaleWebhooks,
  openCircuit,
  openCircuits,
  releaseCircuitProbe,
  takeCircuitProbe,
} from './store.ts';

export const DELIVERY_LIMITS = {
  /** Attempts running at once in this process. */
  inFlight: 32,
  /** ...of them for one organisation, so that its dead endpoints leave the others room. */
  perOrganisation: 8,
  /** How often the process looks for due messages (retries, circuits whose wait is over); new messages are sent at once. */
  pollMs: 2_000,
} as const;

/** Failed attempts in a row after which an endpoint's circuit opens. */
export const CIRCUIT_THRESHOLD = 5;

/** An open circuit's wait: 1 min after the fifth failure in a row, doubling with each failed probe, at most an hour. */
export const circuitWait = (failures: number) => Math.min(MINUTE * 2 ** Math.max(0, failures - CIRCUIT_THRESHOLD), HOUR);

/** A claimed message's lease, and a circuit probe's: far longer than an attempt (10 s). */
const LEASE_MS = 2 * MINUTE;
/** Endpoints with due messages looked at per turn. */
const CANDIDATES = 500;

/** Where delivery reports what an operator should know (the server's logger). */
export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
const QUIET: DeliveryLog = { info() {}, warn() {} };

interface Candidate {
  organisationId: string;
  endpointId: string;
  messageId: number;
  failures: number;
}

interface Running {
  organisationId: string;
  endpointId: string;
  controller: AbortController;
}

export class WebhookDelivery {
  readonly #ctx: AppContext;
  readonly #courier: Courier;
  #log: DeliveryLog = QUIET;
  /** Attempts running, by message id. */
  readonly #running = new Map<number, Running>();
  readonly #attempts = new Set<Promise<void>>();
  /** The turn each organisation was last served in: the least recent goes first. */
  readonly #served = new Map<string, number>();
  #turn = 0;
  #filling: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#courier = webhookCourier(ctx);
  }

  /** Attempts running in this process now. */
  get inFlight(): number {
    return this.#running.size;
  }

  /** Looks for due messages every pollMs from now on (a server process; tests and the CLI kick instead). */
  start(log?: DeliveryLog): void {
    if (log) this.#log = log;
    if (this.#stopped || this.#timer) return;
    this.#timer = setInterval(() => this.kick(), DELIVERY_LIMITS.pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Starts what is due and fits the limits, without waiting for any of it. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#filling) {
      this.#again = true;
      return;
    }
    this.#filling = (async () => {
      do {
        this.#again = false;
        try {
          await this.#fill();
        } catch (error) {
          // The database may be unavailable: the messages wait in the outbox for the next turn.
          this.#log.warn({ err: error }, 'webhook delivery could not look for due messages');
        }
      } while (this.#again && !this.#stopped);
    })().finally(() => {
      this.#filling = undefined;
    });
  }

  async #fill(): Promise<void> {
    if (this.#running.size >= DELIVERY_LIMITS.inFlight) return;
    const db = this.#ctx.db.kysely;
    const now = this.#ctx.clock.now();
    const busy = new Set<string>();
    const perOrganisation = new Map<string, number>();
    for (const running of this.#running.values()) {
      busy.add(endpointKey(running));
      perOrganisation.set(running.organisationId, (perOrganisation.get(running.organisationId) ?? 0) + 1);
    }
    const due = (await dueWebhookMessages(db, now, CANDIDATES)).filter((candidate) => !busy.has(endpointKey(candidate)));
    for (const candidate of this.#fairOrder(due)) {
      if (this.#stopped || this.#running.size >= DELIVERY_LIMITS.inFlight) return;
      const started = perOrganisation.get(candidate.organisationId) ?? 0;
      if (started >= DELIVERY_LIMITS.perOrganisation) continue;
      // A circuit whose wait is over lets one attempt through: the process that takes the probe.
      const probe = candidate.failures >= CIRCUIT_THRESHOLD ? now + LEASE_MS : undefined;
      if (probe !== undefined && !(await takeCircuitProbe(db, candidate.organisationId, candidate.endpointId, now, probe))) continue;
      const message = await claimMail(db, candidate.messageId, now, now + LEASE_MS);
      if (!message) {
        if (probe !== undefined) await releaseCircuitProbe(db, candidate.organisationId, candidate.endpointId, now, probe);
        continue;
      }
      perOrganisation.set(candidate.organisationId, started + 1);
      this.#served.set(candidate.organisationId, ++this.#turn);
      this.#start(candidate, message, probe);
    }
  }

  /** Round-robin: the organisations served least recently first, one endpoint of each per round. */
  #fairOrder(due: Candidate[]): Candidate[] {
    const byOrganisation = new Map<string, Candidate[]>();
    for (const candidate of due) {
      const list = byOrganisation.get(candidate.organisationId);
      if (list) list.push(candidate);
      else byOrganisation.set(candidate.organisationId, [candidate]);
    }
    const organisations = [...byOrganisation.keys()].sort((a, b) => (this.#served.get(a) ?? 0) - (this.#served.get(b) ?? 0));
    const ordered: Candidate[] = [];
    for (let round = 0; ordered.length < due.length; round++) {
      for (const organisation of organisations) {
        const candidate = byOrganisation.get(organisation)![round];
        if (candidate) ordered.push(candidate);
      }
    }
    return ordered;
  }

  #start(candidate: Candidate, message: MailOutboxRow, probe: number | undefined): void {
    const controller = new AbortController();
    this.#running.set(message.id, { organisationId: candidate.organisationId, endpointId: candidate.endpointId, controller });
    const attempt: Promise<void> = this.#attempt(candidate, message, probe, controller.signal)
      .catch((error: unknown) => {
        // Its lease runs out and the message is attempted again.
        this.#log.warn(
          { err: error, organisationId: candidate.organisationId, webhookId: candidate.endpointId },
          'webhook attempt not recorded',
        );
      })
      .finally(() => {
        this.#running.delete(message.id);
        this.#attempts.delete(attempt);
        this.kick();
      });
    this.#attempts.add(attempt);
  }

  async #attempt(candidate: Candidate, message: MailOutboxRow, probe: number | undefined, signal: AbortSignal): Promise<void> {
    const { organisationId, endpointId } = candidate;
    const db = this.#ctx.db.kysely;
    const outcome = await attemptDelivery(this.#ctx, 'webhook', this.#courier, message, signal);
    if (outcome.result === 'sent') {
      await closeCircuit(db, organisationId, endpointId);
      if (probe !== undefined) {
        this.#ctx.telemetry.webhookCircuitChanges.inc({ change: 'closed' });
        this.#log.info({ organisationId, webhookId: endpointId }, 'webhook endpoint answers again: circuit closed');
      }
      return;
    }
    // Stopped (shutdown), expired, or the endpoint deleted or disabled: not the endpoint's failing, the streak stays.
    if ((outcome.result !== 'retrying' && outcome.result !== 'failed') || outcome.undeliverable) {
      if (probe !== undefined) await releaseCircuitProbe(db, organisationId, endpointId, this.#ctx.clock.now(), probe);
      return;
    }
    const failures = await countEndpointFailure(db, organisationId, endpointId);
    if (failures < CIRCUIT_THRESHOLD) return;
    const until = this.#ctx.clock.now() + circuitWait(failures);
    await openCircuit(db, organisationId, endpointId, until);
    const details = { organisationId, webhookId: endpointId, failures, until: new Date(until).toISOString(), error: outcome.error };
    if (probe === undefined) {
      this.#ctx.telemetry.webhookCircuitChanges.inc({ change: 'opened' });
      this.#log.warn(details, 'webhook endpoint keeps failing: circuit opened, no attempts to it until the wait is over');
    } else this.#log.info(details, 'webhook endpoint still failing: circuit stays open');
  }

  /** Until nothing is running and nothing due can start (the CLI's `run-jobs`, tests). */
  async idle(): Promise<void> {
    while (this.#filling || this.#attempts.size > 0) {
      await this.#filling;
      await Promise.all([...this.#attempts]);
    }
  }

  /**
   * Takes nothing more; attempts running get `graceMs` to finish, then are stopped and their messages
   * given back untried, due at once for any process (shutdown at the end of the drain).
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#filling;
    if (Number.isFinite(graceMs) && this.#attempts.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.all([...this.#attempts]), graceOver]);
      clearTimeout(timer);
      for (const running of this.#running.values()) running.controller.abort();
    }
    await Promise.all([...this.#attempts]);
  }
}

const endpointKey = (e: { organisationId: string; endpointId: string }) => `${e.organisationId} ${e.endpointId}`;

const engines = new WeakMap<AppContext, WebhookDelivery>();

/** This process's webhook delivery for the context. */
export function webhookDelivery(ctx: AppContext): WebhookDelivery {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = new WebhookDelivery(ctx);
    engines.set(ctx, engine);
  }
  return engine;
}

/** Stops this context's webhook delivery, if it ran (see WebhookDelivery.stop). */
export async function stopWebhookDelivery(ctx: AppContext, graceMs?: number): Promise<void> {
  await engines.get(ctx)?.stop(graceMs);
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
  const open = await openCircuits(ctx.db.kysely);
  return `gave up on ${givenUp} messages queued for 3 days; ${open.length} endpoints with an open circuit`;
}

/** The delivery figures read at scrape time: open circuits (all processes) and this process's attempts in flight. */
export function registerWebhookGauges(telemetry: Telemetry, ctx: AppContext): void {
  telemetry.gauge(
    'gatehouse_webhook_circuits_open',
    'Webhook endpoints whose circuit is open after failing in a row (across all processes): no attempts until their wait is over',
    [],
    async (set) => set({}, (await openCircuits(ctx.db.kysely)).length),
  );
  telemetry.gauge('gatehouse_webhook_deliveries_in_flight', 'Webhook delivery attempts running in this process', [], (set) =>
    set({}, webhookDelivery(ctx).inFlight),
  );
}
