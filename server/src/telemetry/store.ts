/** The few reads telemetry makes at scrape time, across all organisations (no organisation is a label). */
import type { Executor } from '../db/schema.ts';
import { acrossOrganisations } from '../db/scoped.ts';

/** Messages waiting to be delivered and messages given up on, by channel (the mail_outbox_due index). */
export function outboxDepth(db: Executor): Promise<{ channel: string; status: string; count: number }[]> {
  return acrossOrganisations(db, 'telemetry')
    .selectFrom('mail_outbox')
    .select((eb) => ['channel', 'status', eb.fn.countAll<number>().as('count')])
    .where('status', 'in', ['queued', 'failed'])
    .groupBy(['channel', 'status'])
    .execute();
}

/** When each scheduled job last finished, and whether it failed. */
export function jobRuns(db: Executor): Promise<{ name: string; last_finished_at: number | null; last_error: string | null }[]> {
  return db.selectFrom('job_runs').select(['name', 'last_finished_at', 'last_error']).execute();
}
