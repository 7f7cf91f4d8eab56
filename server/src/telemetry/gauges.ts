/** The figures read at scrape time: the outbox, the jobs, the database pool and the providers held. */
import type { AppContext } from '../context.ts';
import { jobRuns, outboxDepth } from './store.ts';
import type { Telemetry } from './telemetry.ts';

/**
 * `jobNames`: the scheduled jobs whose last run is reported (app.ts passes those of jobs/registry.ts);
 * `cachedProviders`: how many organisations' providers this process holds.
 */
export function registerGauges(telemetry: Telemetry, ctx: AppContext, jobNames: readonly string[], cachedProviders: () => number): void {
  telemetry.gauge(
    'gatehouse_outbox_messages',
    'Email and SMS waiting to be delivered (queued) or given up on (failed)',
    ['channel', 'status'],
    async (set) => {
      for (const row of await outboxDepth(ctx.db.kysely)) set({ channel: row.channel, status: row.status }, Number(row.count));
    },
  );
  const known = new Set(jobNames);
  telemetry.gauge(
    'gatehouse_job_last_finished_seconds',
    'Seconds since each scheduled job last finished (across all processes); alert when it exceeds a few intervals',
    ['job', 'failed'],
    async (set) => {
      const now = ctx.clock.now();
      for (const run of await jobRuns(ctx.db.kysely)) {
        if (!known.has(run.name) || run.last_finished_at === null) continue;
        set({ job: run.name, failed: run.last_error === null ? 'false' : 'true' }, (now - run.last_finished_at) / 1000);
      }
    },
  );
  const pool = ctx.db.pool;
  if (pool) {
    // Read as the scrape begins: the scrape's own outbox and job queries, queued for a connection for a
    // moment, were counted as waiting (2 on every scrape of an idle process).
    let figures = { idle: 0, busy: 0, waiting: 0 };
    telemetry.beforeScrape('gatehouse_db_pool_connections', () => {
      figures = { idle: pool.idleCount, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount };
    });
    telemetry.gauge(
      'gatehouse_db_pool_connections',
      'PostgreSQL connections of this process by state (idle, busy, waiting for one)',
      ['state'],
      (set) => {
        for (const [state, value] of Object.entries(figures)) set({ state }, value);
      },
    );
  }
  telemetry.gauge('gatehouse_oidc_providers_cached', 'Organisations whose OpenID Provider this process holds built', [], (set) =>
    set({}, cachedProviders()),
  );
}
