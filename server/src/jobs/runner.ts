/**
 * Scheduled jobs that run once across several processes: each run takes a lease on the job's row
 * with one conditional UPDATE, so whichever process wins runs it and the others skip. A crashed run's
 * lease simply expires.
 */
import { randomUUID } from 'node:crypto';

import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { jobScope, type Scope } from '../scope/scope.ts';
import type { Log } from '../telemetry/log.ts';
import type { Organisation } from '../tenancy/organisation.ts';

/** The scope of a run's work on one organisation: the system acts, under the job's name and the run's id. */
export type ScopeFor = (organisation: Organisation) => Scope;

export interface Job {
  name: string;
  /** How often the job is due. */
  intervalMs: number;
  /** Does the work; the result (e.g. "deleted 3 sessions") is logged, and warnings are logged as such for the operator. */
  run(ctx: AppContext, scopeFor: ScopeFor): Promise<string | JobReport | void>;
}

export interface JobReport {
  result: string;
  /** What the operator should look at (logged at warn level, printed by `gatehouse run-jobs`). */
  warnings: string[];
}

export type JobOutcome =
  { status: 'ran'; result: string | undefined; warnings: string[] } | { status: 'skipped' } | { status: 'failed'; error: string };

const LEASE_MS = 10 * MINUTE;
const OWNER = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Runs the job if it is due (or `force`) and no other process holds its lease. */
export async function runJobOnce(ctx: AppContext, job: Job, options: { force?: boolean } = {}): Promise<JobOutcome> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  await db
    .insertInto('job_runs')
    .values({ name: job.name, locked_until: 0, locked_by: null, last_started_at: null, last_finished_at: null, last_error: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('job_runs')
    .set({ locked_until: now + LEASE_MS, locked_by: OWNER, last_started_at: now })
    .where('name', '=', job.name)
    .where('locked_until', '<=', now)
    .$if(!options.force, (qb) =>
      qb.where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', now - job.intervalMs)])),
    )
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) {
    ctx.telemetry.jobRuns.inc({ job: job.name, outcome: 'skipped' });
    return { status: 'skipped' };
  }
  try {
    // What a job changes is the system's doing in the audit log, under the job's name and this run's id.
    const runId = `job-${randomUUID().slice(0, 8)}`;
    const report = await job.run(ctx, (organisation) => jobScope(ctx.db.kysely, organisation, job.name, runId));
    const { result, warnings } = typeof report === 'object' ? report : { result: report ?? undefined, warnings: [] };
    await db
      .updateTable('job_runs')
      .set({ locked_until: 0, last_finished_at: ctx.clock.now(), last_error: null })
      .where('name', '=', job.name)
      .execute();
    ctx.telemetry.jobRuns.inc({ job: job.name, outcome: 'ran' });
    return { status: 'ran', result, warnings };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('job_runs')
      .set({ locked_until: 0, last_finished_at: ctx.clock.now(), last_error: message.slice(0, 2000) })
      .where('name', '=', job.name)
      .execute();
    ctx.telemetry.jobRuns.inc({ job: job.name, outcome: 'failed' });
    return { status: 'failed', error: message };
  }
}

/** Checks every job on an interval in this process; stops cleanly on shutdown. */
export class JobScheduler {
  readonly #ctx: AppContext;
  readonly #jobs: readonly Job[];
  readonly #log: Log;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(ctx: AppContext, jobs: readonly Job[], log: Log) {
    this.#ctx = ctx;
    this.#jobs = jobs;
    this.#log = log;
  }

  start(checkEveryMs = 30_000): void {
    this.#timer = setInterval(() => void this.tick(), checkEveryMs);
    this.#timer.unref();
    void this.tick();
  }

  async tick(): Promise<void> {
    if (this.#running) return;
    this.#running = (async () => {
      for (const job of this.#jobs) {
        try {
          const outcome = await runJobOnce(this.#ctx, job);
          if (outcome.status === 'ran') {
            this.#log.info({ job: job.name, result: outcome.result }, 'job ran');
            for (const warning of outcome.warnings) this.#log.warn({ job: job.name }, warning);
          }
          if (outcome.status === 'failed') this.#log.error({ job: job.name, error: outcome.error }, 'job failed');
        } catch (error) {
          // The database may be down; the next tick tries again.
          this.#log.warn({ job: job.name, err: error }, 'job could not be started');
        }
      }
    })().finally(() => {
      this.#running = undefined;
    });
    await this.#running;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
