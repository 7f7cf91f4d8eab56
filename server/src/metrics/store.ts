/**
 * Queries on the metric counters, the account counts, the MFA figures and the protocol events they are counted from;
 * every one is scoped by organisation id (the retention's delete spans organisations).
 */

import { TWO_STEP_KINDS, type TwoStepKind, type UserStatus } from '@gatehouse/common/policy';

import { param, preparedInScope } from '../db/prepared.ts';
import type { Executor, MetricName, OidcEventsTable } from '../db/schema.ts';
import { acrossOrganisations, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';

// Counting runs with every sign-in and every code (in their transactions): prepared once (db/prepared.ts).
const incrementQuery = preparedInScope((db) =>
  db
    .insertInto('metric_counts')
    .values({
      metric: param('metric') as MetricName,
      bucket_start: param('bucket_start') as unknown as number,
      count: 1,
    })
    .onConflict((oc) => oc.columns(['metric', 'bucket_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('metric_counts.count'), '+', 1) }))),
);

/**
 * Adds one to the organisation's counter of `metric` for the bucket starting at `bucketStart`, in one
 * statement: concurrent increments on any number of processes all land (the row lock, or SQLite's
 * single writer, orders them) and the first of a bucket creates its row.
 */
export async function incrementMetric(db: ScopedExecutor, metric: MetricName, bucketStart: number): Promise<void> {
  await incrementQuery(db, { metric, bucket_start: bucketStart });
}

/** Counters are kept per minute: figures over a window are exact to the minute. */
export const METRIC_BUCKET_MS = 60_000;

/** The start of the minute counter that `time` falls in. */
export const bucketOf = (time: number): number => time - (time % METRIC_BUCKET_MS);

/**
 * The sums of the organisation's counters of `metrics` over the buckets starting in [from, until): one
 * primary-key range per metric, at most a day of minutes each.
 */
export async function sumMetrics<M extends MetricName>(
  db: ScopedExecutor,
  metrics: readonly M[],
  from: number,
  until = Number.MAX_SAFE_INTEGER,
): Promise<Record<M, number>> {
  const rows = await db
    .selectFrom('metric_counts')
    .select(['metric', (eb) => eb.fn.sum<number | string | null>('count').as('n')])
    .where('metric', 'in', metrics)
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', until)
    .groupBy('metric')
    .execute();
  const sums = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<M, number>;
  for (const row of rows) sums[row.metric as M] = Number(row.n ?? 0);
  return sums;
}

export async function deleteMetricsBefore(db: Executor, before: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep').deleteFrom('metric_counts').where('bucket_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The organisation's users per status, read from its counters (migration 0121), at most one row a status. */
export async function countUsersByStatus(db: ScopedExecutor): Promise<Partial<Record<UserStatus, number>>> {
  const rows = await db.selectFrom('user_counts').select(['status', 'count']).execute();
  return Object.fromEntries(rows.filter((r) => Number(r.count) > 0).map((r) => [r.status, Number(r.count)]));
}

// Protocol events (metrics/oidc-events.ts) and the applications they count

const insertEventQuery = preparedInScope((db) =>
  db
    .insertInto('oidc_events')
    .values({
      id: param('id'),
      kind: param('kind') as OidcEventsTable['kind'],
      client_id: param('client_id'),
      subject: param('subject'),
      created_at: param('created_at') as unknown as number,
    })
    .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing()),
);

/** Records an event once per (organisation, kind, subject): a repeated visit counts once. True when it was new. */
export async function insertEvent(db: ScopedExecutor, row: Unstamped<OidcEventsTable>): Promise<boolean> {
  const result = await insertEventQuery(db, { ...row });
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function findEventTime(db: ScopedExecutor, kind: OidcEventsTable['kind'], subject: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('oidc_events')
    .select('created_at')
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.created_at;
}

export async function deleteEventsBefore(db: Executor, before: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep').deleteFrom('oidc_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const markClientUsedQuery = preparedInScope((db) =>
  db
    .updateTable('clients')
    .set({ last_code_at: param('at') as unknown as number })
    .where('id', '=', param('id')),
);

/** Notes that the application had an authorization code issued at `at` (the metrics' applications in use). */
export async function markClientUsed(db: ScopedExecutor, id: string, at: number): Promise<void> {
  await markClientUsedQuery(db, { id, at });
}

/** How many of the organisation's applications had a code issued since `since`: one row per application. */
export async function countClientsUsedSince(db: ScopedExecutor, since: number): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('last_code_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The kinds of a second factor (common/src/policy.ts); a credentials row of another kind is a recovery-code set. */
const SECOND_FACTOR_KINDS = Object.values(TWO_STEP_KINDS);

/**
 * The dashboard's MFA figures, from the organisation's second factors (credentials of the methods'
 * kinds; the recovery-code sets aside): how many people hold at least one, and how many hold each kind
 * (a person with two apps counts once for apps).
 */
export async function countPeopleWithFactors(
  db: ScopedExecutor,
): Promise<{ people: number; byKind: Partial<Record<TwoStepKind, number>> }> {
  const store = db;
  const [people, kinds] = await Promise.all([
    store
      .selectFrom('credentials')
      .select((eb) => eb.fn.count<number | string>('user_id').distinct().as('n'))
      .where('kind', 'in', SECOND_FACTOR_KINDS)
      .executeTakeFirstOrThrow(),
    store
      .selectFrom('credentials')
      .select((eb) => ['kind', eb.fn.count<number | string>('user_id').distinct().as('n')])
      .where('kind', 'in', SECOND_FACTOR_KINDS)
      .groupBy('kind')
      .execute(),
  ]);
  return {
    people: Number(people.n),
    byKind: Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)])) as Partial<Record<TwoStepKind, number>>,
  };
}
