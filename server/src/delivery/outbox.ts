/**
 * The outbox: sending email, text messages, webhooks and logout tokens without making anyone wait for a
 * mail server, an SMS provider or an application. A message is written to the outbox in the request
 * (in its transaction when it has one) and delivered in the background by its channel's courier,
 * registered when the context is built (boot.ts), so the outbox names no transport and no domain.
 *
 * A channel is delivered one message at a time by a dispatcher (email, SMS: each process tries a new
 * message at once, and the 'deliver-mail' job retries failures with growing delays across all processes)
 * or concurrently and fairly by a loop of its own (webhooks, logout tokens: concurrent.ts). A lease per
 * message means one process attempts it at a time. A channel without a courier (no SMTP server, no SMS
 * provider) keeps its messages in the outbox: the development outbox.
 */
import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { afterCommit, carriesAfterCommit } from '../db/after-commit.ts';
import type { Executor } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { attemptDelivery, type DeliveryParts, type DeliveryReport } from './attempt.ts';
import { type Candidate, type ConcurrentChannel, ConcurrentDelivery, type DeliveryLog, LEASE_MS } from './concurrent.ts';
import { type Channel, CHANNELS, type Courier } from './courier.ts';
import { claimMail, dueMail, insertMail, purgeMail } from './store.ts';

const KEEP_MS = 30 * DAY;

/** One message delivered at a time: a channel's courier (made when first needed) and its in-process loop. */
class Dispatcher {
  readonly #parts: DeliveryParts;
  readonly #channel: Channel;
  readonly #make: () => Courier;
  #courier: Courier | undefined;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(parts: DeliveryParts, channel: Channel, make: () => Courier) {
    this.#parts = parts;
    this.#channel = channel;
    this.#make = make;
  }

  get courier(): Courier {
    this.#courier ??= this.#make();
    return this.#courier;
  }

  /** Starts delivering new messages now, without waiting; a failure is left for the retry job. */
  kick(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          await deliverDue(this.#parts, this.#channel, this.courier, { firstAttemptsOnly: true });
        } catch {
          // The database may be unavailable: the message is in the outbox and the job will deliver it.
        }
      } while (this.#again);
    })().finally(() => {
      this.#running = undefined;
    });
  }

  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  close(): void {
    this.#courier?.close();
    this.#courier = undefined;
  }
}

/** Delivers a channel's due messages one at a time; with firstAttemptsOnly it leaves retries to the scheduled job. */
async function deliverDue(
  parts: DeliveryParts,
  channel: Channel,
  courier: Courier,
  options: { firstAttemptsOnly?: boolean; batch?: number } = {},
): Promise<DeliveryReport> {
  const db = parts.db.kysely;
  const batch = options.batch ?? 20;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: [] };
  for (;;) {
    const now = parts.clock.now();
    const due = await dueMail(db, channel, now, batch, options.firstAttemptsOnly ?? false);
    if (due.length === 0) return report;
    for (const { organisationId, id } of due) {
      const message = await claimMail(scoped(db, organisationId), id, now, now + LEASE_MS);
      if (!message) continue;
      const outcome = await attemptDelivery(parts, channel, courier, message);
      if (outcome.result === 'sent') report.sent++;
      else if (outcome.result === 'retrying') report.retrying++;
      else if (outcome.result === 'failed') report.failed.push({ id, error: outcome.error });
    }
    if (options.firstAttemptsOnly && due.length < batch) return report;
  }
}

/** The context's outbox (`ctx.delivery`): the registered channels, their dispatchers and loops. */
export class Delivery {
  readonly #parts: DeliveryParts;
  readonly #dispatchers = new Map<Channel, Dispatcher>();
  readonly #loops = new Map<Channel, ConcurrentDelivery<Candidate>>();

  constructor(parts: DeliveryParts) {
    this.#parts = parts;
  }

  /** Delivers the channel one message at a time; `make` is called when the first message goes. */
  register(channel: Channel, make: () => Courier): void {
    this.#assertFree(channel);
    this.#dispatchers.set(channel, new Dispatcher(this.#parts, channel, make));
  }

  /** Delivers the channel concurrently, fairly across organisations and one attempt per recipient at a time. */
  registerConcurrent<C extends Candidate>(channel: Channel, delivery: ConcurrentChannel<C>): ConcurrentDelivery<C> {
    this.#assertFree(channel);
    const loop = new ConcurrentDelivery(this.#parts, channel, delivery);
    this.#loops.set(channel, loop as unknown as ConcurrentDelivery<Candidate>);
    return loop;
  }

  #assertFree(channel: Channel): void {
    if (this.configured(channel)) throw new Error(`the outbox channel ${channel} is registered twice`);
  }

  /** True when the channel has a courier: its messages are delivered, not kept as the development outbox. */
  configured(channel: Channel): boolean {
    return this.#dispatchers.has(channel) || this.#loops.has(channel);
  }

  /** The channels whose messages stay in the development outbox: those with no courier. */
  keptChannels(): Channel[] {
    return CHANNELS.filter((channel) => !this.configured(channel));
  }

  /** A concurrent channel's loop (gauges, tests); undefined when the channel is not delivered that way. */
  loop(channel: Channel): ConcurrentDelivery<Candidate> | undefined {
    return this.#loops.get(channel);
  }

  /** Starts delivering the channel's new messages now, without waiting. */
  kick(channel: Channel): void {
    this.#dispatchers.get(channel)?.kick();
    this.#loops.get(channel)?.kick();
  }

  /** The concurrent loops look for due messages every few seconds from now on (a server process). */
  start(log?: DeliveryLog): void {
    for (const loop of this.#loops.values()) loop.start(log);
  }

  /**
   * The 'deliver-mail' job: retries the due messages of each one-at-a-time channel and kicks the
   * concurrent ones (their own loops retry), reports the messages given up on, and forgets month-old ones.
   */
  async retryDue(): Promise<string> {
    const purged = await purgeMail(this.#parts.db.kysely, this.#parts.clock.now() - KEEP_MS);
    const summaries: string[] = [];
    const failed: DeliveryReport['failed'] = [];
    for (const [channel, dispatcher] of this.#dispatchers) {
      const report = await deliverDue(this.#parts, channel, dispatcher.courier);
      summaries.push(`${channel}: sent ${report.sent}, retrying ${report.retrying}`);
      failed.push(...report.failed);
    }
    for (const [channel, loop] of this.#loops) {
      loop.kick();
      summaries.push(`${channel}: retried by its own loop`);
    }
    const summary = `${summaries.length > 0 ? summaries.join('; ') : 'no channel configured'}; purged ${purged}`;
    if (failed.length > 0) {
      // Thrown so the job runner logs it as an error; the messages stay in the outbox as 'failed'.
      throw new Error(`${summary}; gave up on ${failed.map((f) => `${f.id} (${f.error})`).join(', ')}`);
    }
    return summary;
  }

  /** Until this process's deliveries in flight are over and nothing due can start (the CLI's run-jobs, tests). */
  async idle(): Promise<void> {
    for (const dispatcher of this.#dispatchers.values()) await dispatcher.idle();
    for (const loop of this.#loops.values()) await loop.idle();
  }

  /**
   * Shutdown: the concurrent loops take nothing more, and their attempts running get `graceMs` to finish
   * before they are stopped and given back untried.
   */
  async stop(graceMs?: number): Promise<void> {
    await Promise.all([...this.#loops.values()].map((loop) => loop.stop(graceMs)));
  }

  /** Waits for this process's deliveries in flight and closes the couriers' connections (shutdown and tests). */
  async close(): Promise<void> {
    await this.stop();
    for (const dispatcher of this.#dispatchers.values()) {
      await dispatcher.idle();
      dispatcher.close();
    }
    for (const loop of this.#loops.values()) loop.courier.close();
  }
}

export interface OutgoingMessage {
  org: { id: string };
  channel: Channel;
  kind: string;
  to: string;
  subject: string;
  html: string | null;
  text: string;
  /** Where replies go, when not to the sender (email only). */
  replyTo?: string | null;
}

/** Writes a message to the outbox (queued, or kept as the development outbox) and starts delivering it. */
export async function queueMessage(ctx: AppContext, message: OutgoingMessage, db: Executor = ctx.db.kysely): Promise<void> {
  const now = ctx.clock.now();
  const configured = ctx.delivery.configured(message.channel);
  await insertMail(scoped(db, message.org.id), {
    channel: message.channel,
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    html: message.html,
    body: message.text,
    status: configured ? 'queued' : 'outbox',
    attempts: 0,
    next_attempt_at: now,
    locked_until: 0,
    last_error: null,
    created_at: now,
    sent_at: null,
    reply_to: message.replyTo ?? null,
  });
  // A message written in a transaction is delivered once that commits: before, another connection
  // (the delivery loop's) cannot see it, and on a rollback there is nothing to deliver.
  if (configured) {
    if (carriesAfterCommit(db)) afterCommit(db, () => ctx.delivery.kick(message.channel));
    else ctx.delivery.kick(message.channel);
  }
}
