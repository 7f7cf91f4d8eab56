/**
 * A channel delivered concurrently and fairly, so that a slow or dead recipient only delays
 * itself: webhooks (a recipient is an endpoint) and back-channel logouts (a recipient is an application's
 * logout URI). Within a process at most `inFlight` attempts run at once, at most `perOrganisation` of one
 * organisation and one per recipient; each turn serves the organisation served least recently first, one
 * recipient of each in turn. A channel may add a gate before each attempt (the webhooks' circuit breaker).
 *
 * Nothing else waits on a delivery: scheduled jobs only kick the loop, and shutdown stops the attempts
 * still running when the drain ends and gives their messages back untried (attempt.ts). Several processes
 * never make the same attempt: each message is claimed with a lease (store.ts claimMail).
 */
import { MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { attemptDelivery, type AttemptOutcome, type DeliveryParts } from './attempt.ts';
import type { Channel, Courier, OutboxMessage } from './courier.ts';
import { claimMail, dueByRecipient } from './store.ts';

export const DELIVERY_LIMITS = {
  /** Attempts running at once in this process, per channel. */
  inFlight: 32,
  /** ...of them for one organisation, so that its dead recipients leave the others room. */
  perOrganisation: 8,
  /** How often the process looks for due messages (retries, gates whose wait is over); new messages are sent at once. */
  pollMs: 2_000,
} as const;

/** A claimed message's lease, and a gate's hold: far longer than an attempt (10 s). */
export const LEASE_MS = 2 * MINUTE;
/** Recipients with due messages looked at per turn. */
const CANDIDATES = 500;

/** Where delivery reports what an operator should know (the server's logger). */
export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
export const QUIET: DeliveryLog = { info() {}, warn() {} };

/** The oldest due message of one recipient. */
export interface Candidate {
  organisationId: string;
  recipient: string;
  messageId: number;
}

/** A gate let one attempt through: what to do when the claim fails, and once the attempt is over. */
export interface Pass {
  /** The message was taken by another process, or the attempt was stopped or threw: give the pass back. */
  release(): Promise<void>;
  /** The attempt's outcome (sent, retrying, failed, expired, stopped). */
  settle(outcome: AttemptOutcome): Promise<void>;
}

export interface ConcurrentChannel<C extends Candidate = Candidate> {
  courier: Courier;
  /** The oldest due message of each recipient, longest waiting first; without it, store.ts dueByRecipient. */
  due?(parts: DeliveryParts, now: number, limit: number): Promise<C[]>;
  /** Before an attempt: null when it must not be made now; without a gate every due message passes. */
  gate?(candidate: C, now: number, log: DeliveryLog): Promise<Pass | null>;
}

interface Running {
  key: string;
  organisationId: string;
  controller: AbortController;
}

const NO_GATE: Pass = { release: async () => {}, settle: async () => {} };

/** One per context and concurrent channel: the channel's in-process delivery loop. */
export class ConcurrentDelivery<C extends Candidate = Candidate> {
  readonly #parts: DeliveryParts;
  readonly #name: Channel;
  readonly #channel: ConcurrentChannel<C>;
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

  constructor(parts: DeliveryParts, name: Channel, channel: ConcurrentChannel<C>) {
    this.#parts = parts;
    this.#name = name;
    this.#channel = channel;
  }

  /** Attempts running in this process now. */
  get inFlight(): number {
    return this.#running.size;
  }

  get courier(): Courier {
    return this.#channel.courier;
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
          this.#log.warn({ err: error, channel: this.#name }, `${this.#name} delivery could not look for due messages`);
        }
      } while (this.#again && !this.#stopped);
    })().finally(() => {
      this.#filling = undefined;
    });
  }

  async #fill(): Promise<void> {
    if (this.#running.size >= DELIVERY_LIMITS.inFlight) return;
    const db = this.#parts.db.kysely;
    const now = this.#parts.clock.now();
    const busy = new Set<string>();
    const perOrganisation = new Map<string, number>();
    for (const running of this.#running.values()) {
      busy.add(running.key);
      perOrganisation.set(running.organisationId, (perOrganisation.get(running.organisationId) ?? 0) + 1);
    }
    const due = (await this.#due(now)).filter((candidate) => !busy.has(recipientKey(candidate)));
    for (const candidate of this.#fairOrder(due)) {
      if (this.#stopped || this.#running.size >= DELIVERY_LIMITS.inFlight) return;
      const started = perOrganisation.get(candidate.organisationId) ?? 0;
      if (started >= DELIVERY_LIMITS.perOrganisation) continue;
      const pass = this.#channel.gate ? await this.#channel.gate(candidate, now, this.#log) : NO_GATE;
      if (!pass) continue;
      const message = await claimMail(scoped(db, candidate.organisationId), candidate.messageId, now, now + LEASE_MS);
      if (!message) {
        await pass.release();
        continue;
      }
      perOrganisation.set(candidate.organisationId, started + 1);
      this.#served.set(candidate.organisationId, ++this.#turn);
      this.#start(candidate, message, pass);
    }
  }

  #due(now: number): Promise<C[]> {
    if (this.#channel.due) return this.#channel.due(this.#parts, now, CANDIDATES);
    // Without a channel's own query, a candidate is the plain Candidate, which is all C then holds.
    return dueByRecipient(this.#parts.db.kysely, this.#name, now, CANDIDATES) as Promise<C[]>;
  }

  /** Round-robin: the organisations served least recently first, one recipient of each per round. */
  #fairOrder(due: C[]): C[] {
    const byOrganisation = new Map<string, C[]>();
    for (const candidate of due) {
      const list = byOrganisation.get(candidate.organisationId);
      if (list) list.push(candidate);
      else byOrganisation.set(candidate.organisationId, [candidate]);
    }
    const organisations = [...byOrganisation.keys()].sort((a, b) => (this.#served.get(a) ?? 0) - (this.#served.get(b) ?? 0));
    const ordered: C[] = [];
    for (let round = 0; ordered.length < due.length; round++) {
      for (const organisation of organisations) {
        const candidate = byOrganisation.get(organisation)![round];
        if (candidate) ordered.push(candidate);
      }
    }
    return ordered;
  }

  #start(candidate: C, message: OutboxMessage, pass: Pass): void {
    const controller = new AbortController();
    this.#running.set(message.id, { key: recipientKey(candidate), organisationId: candidate.organisationId, controller });
    const attempt: Promise<void> = (async () => {
      const outcome = await attemptDelivery(this.#parts, this.#name, this.#channel.courier, message, controller.signal);
      await pass.settle(outcome);
    })()
      .catch((error: unknown) => {
        // Its lease runs out and the message is attempted again.
        this.#log.warn(
          { err: error, channel: this.#name, organisationId: candidate.organisationId, recipient: candidate.recipient },
          `${this.#name} attempt not recorded`,
        );
      })
      .finally(() => {
        this.#running.delete(message.id);
        this.#attempts.delete(attempt);
        this.kick();
      });
    this.#attempts.add(attempt);
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

const recipientKey = (c: { organisationId: string; recipient: string }) => `${c.organisationId} ${c.recipient}`;
