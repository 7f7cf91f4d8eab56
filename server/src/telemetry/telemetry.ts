/**
 * Prometheus telemetry of one process: what the operator's monitoring watches (request rates and
 * latencies, sign-ins, lockouts, codes sent, the outbox, jobs, the database pool, cached providers).
 * Labels are bounded sets (route patterns, status codes, fixed reasons and job names): never an
 * organisation or a user, whose figures belong in the dashboard instead.
 *
 * Each application context has its own registry (tests run several servers in one process); process
 * metrics are added only where a process serves scrapes (telemetry/listener.ts).
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: protocol calls take a millisecond or two, a password check about 50 ms. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a sign-in attempt ended in: success, or the class of its refusal (never the password). */
export type SignInResult =
  'success' | 'invalid_credentials' | 'account_unavailable' | 'account_locked' | 'cooldown' | 'code_invalid' | 'passkey_invalid';

/** A figure read when Prometheus scrapes, such as the outbox depth from the database. */
export type ScrapeReader = (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void;

export class Telemetry {
  readonly registry = new Registry();
  readonly httpRequests = new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly signIns = new Counter({
    name: 'gatehouse_sign_ins_total',
    help: 'Sign-in attempts by result: success, or why it was refused',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  readonly lockouts = new Counter({
    name: 'gatehouse_lockouts_total',
    help: 'Accounts locked out after too many failed passwords or codes',
    registers: [this.registry],
  });
  readonly mfaChallenges = new Counter({
    name: 'gatehouse_mfa_challenges_total',
    help: 'Second sign-in steps begun, by method (app, email, sms)',
    labelNames: ['method'] as const,
    registers: [this.registry],
  });
  readonly deliveryFailures = new Counter({
    name: 'gatehouse_outbox_delivery_failures_total',
    help: 'Failed delivery attempts of email and SMS, by channel and whether the message was given up on',
    labelNames: ['channel', 'final'] as const,
    registers: [this.registry],
  });
  readonly webhookCircuitChanges = new Counter({
    name: 'gatehouse_webhook_circuit_changes_total',
    help: 'Webhook endpoints whose circuit this process opened (failing in a row) or closed (answering again)',
    labelNames: ['change'] as const,
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'gatehouse_job_runs_total',
    help: 'Scheduled job runs by this process, by job and outcome (ran, failed; skipped when another process held it)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  /** A gauge whose values are read at each scrape; a later app built on the same context replaces the reader. */
  gauge(name: string, help: string, labelNames: readonly string[], read: ScrapeReader): void {
    this.registry.removeSingleMetric(name);
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        // An unreachable database leaves its figures out of this scrape; the process's own still come.
        await Promise.resolve(read((labels, value) => this.set(labels, value))).catch(() => {});
      },
    });
  }

  readonly #beforeScrape = new Map<string, () => void>();

  /**
   * Runs `read` at the start of each scrape, before any gauge queries the database: figures such as the
   * pool's waiting count must not count the scrape's own queries. A later call with the same name replaces it.
   */
  beforeScrape(name: string, read: () => void): void {
    this.#beforeScrape.set(name, read);
  }

  /** The Prometheus text exposition of every metric. */
  scrape(): Promise<string> {
    for (const read of this.#beforeScrape.values()) read();
    return this.registry.metrics();
  }
}
