/**
 * Protocol events kept for the organisation metrics: application sign-ins started and how they ended,
 * authorization codes issued and redeemed. Each event is recorded once per subject (an interaction, a
 * code) and, the first time, counted in the organisation's minute counters (metrics/store.ts) in the
 * minute its sign-in or code started: the dashboard's "never ended" figures are then a difference of
 * two sums over a day of minutes, however busy the day was. The rows themselves answer when a sign-in
 * started (prompt=login, max_age) and are pruned after EVENT_RETENTION_MS.
 */
import { randomUUID } from 'node:crypto';

import { DAY, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { MetricName, OidcEventKind, OidcEventsTable } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import type { Scope } from '../scope/scope.ts';
import {
  bucketOf,
  countClientsUsedSince,
  findEventTime,
  incrementMetric,
  insertEvent,
  markClientUsed,
  METRIC_BUCKET_MS,
  sumMetrics,
} from './store.ts';

export const EVENT_RETENTION_MS = 30 * DAY;
/** A code unredeemed this long after issue can no longer be redeemed (its lifetime is 60 s). */
const CODE_LIFETIME_MS = MINUTE;

/** The counter each event adds one to. */
const COUNTED_AS: Record<OidcEventKind, MetricName> = {
  sign_in_started: 'app_sign_in_started',
  sign_in_completed: 'app_sign_in_ended',
  sign_in_denied: 'app_sign_in_ended',
  code_issued: 'code_issued',
  code_redeemed: 'code_redeemed',
};

/** The counter an event of `kind` adds one to. */
export const countedAs = (kind: OidcEventKind): MetricName => COUNTED_AS[kind];

interface About {
  clientId?: string | null;
  subject?: string | null;
}

/** An event as the scoped store inserts it (the organisation is stamped by the store). */
export function eventRow(ctx: AppContext, kind: OidcEventKind, about: About): Unstamped<OidcEventsTable> {
  return {
    id: randomUUID(),
    kind,
    client_id: about.clientId ?? null,
    subject: about.subject ?? null,
    created_at: ctx.clock.now(),
  };
}

/**
 * Records an event unless its subject already has one of its kind, and then counts it: an ending in
 * the minute of `startedAt` (when its code or sign-in began), anything else in its own minute. Run it
 * inside the write that causes the event.
 */
export async function logEvent(db: ScopedExecutor, row: Unstamped<OidcEventsTable>, startedAt = row.created_at): Promise<void> {
  if (!(await insertEvent(db, row))) return;
  await incrementMetric(db, countedAs(row.kind), bucketOf(startedAt));
  if (row.kind === 'code_issued' && row.client_id) await markClientUsed(db, row.client_id, row.created_at);
}

/** Records an event and its count in one transaction. */
export async function recordEvent(
  ctx: AppContext,
  organisationId: string,
  kind: OidcEventKind,
  about: About,
  startedAt?: number,
): Promise<void> {
  const row = eventRow(ctx, kind, about);
  await ctx.db.kysely.transaction().execute((trx) => logEvent(scoped(trx, organisationId), row, startedAt));
}

/**
 * A SAML sign-in that ended in an assertion: completed, and its application counted as signed in to
 * (as an OpenID application is by the code issued to it), in one transaction.
 */
export async function recordAssertionIssued(
  ctx: AppContext,
  scope: Scope,
  about: { clientId: string; subject: string },
  startedAt?: number,
): Promise<void> {
  const row = eventRow(ctx, 'sign_in_completed', about);
  await scope.transaction(async (tx) => {
    await logEvent(tx.db, row, startedAt);
    await markClientUsed(tx.db, about.clientId, row.created_at);
  });
}

/**
 * When the application sign-in `uid` started (recorded on its first sight): a prompt=login or max_age
 * request is satisfied only by a sign-in made after this.
 */
export async function signInStartedAt(ctx: AppContext, organisationId: string, clientId: string, uid: string): Promise<number> {
  // Asked at the start and again at the finish of every sign-in: a read, and a write only the first time.
  const seen = await findEventTime(scoped(ctx.db.kysely, organisationId), 'sign_in_started', uid);
  if (seen !== undefined) return seen;
  await recordEvent(ctx, organisationId, 'sign_in_started', { clientId, subject: uid });
  // Of two first sights at once, one row was kept: its time.
  return (await findEventTime(scoped(ctx.db.kysely, organisationId), 'sign_in_started', uid)) ?? ctx.clock.now();
}

export interface OidcActivity {
  /** Applications that had a code issued (an application signed in to). */
  clients: number;
  /** Authorization-code flows that issued a code. */
  authCodeFlows: number;
  /** Codes issued that were never redeemed before they expired. */
  unusedCodes: number;
  /** Application sign-ins started that ended neither in a code nor in a refusal. */
  abandonedSignIns: number;
}

/**
 * The organisation's protocol activity over the minutes from the one after `since`'s (the metrics use
 * the last 24 hours, to the minute). A code counts as unused, and a sign-in as abandoned, once every
 * one started in its minute has outlived its lifetime (a code's 60 s, `interactionLifetimeMs`) without ending.
 */
export async function oidcActivity(
  ctx: AppContext,
  organisationId: string,
  since: number,
  interactionLifetimeMs: number,
): Promise<OidcActivity> {
  const now = ctx.clock.now();
  const db = ctx.db.kysely;
  const from = bucketOf(since) + METRIC_BUCKET_MS;
  // The minutes before bucketOf(now - lifetime) are settled: each ended a lifetime or more ago.
  const settled = (lifetime: number) => bucketOf(now - lifetime);
  const [clients, issued, codes, signIns] = await Promise.all([
    countClientsUsedSince(scoped(db, organisationId), since),
    sumMetrics(scoped(db, organisationId), ['code_issued'], from),
    sumMetrics(scoped(db, organisationId), ['code_issued', 'code_redeemed'], from, settled(CODE_LIFETIME_MS)),
    sumMetrics(scoped(db, organisationId), ['app_sign_in_started', 'app_sign_in_ended'], from, settled(interactionLifetimeMs)),
  ]);
  return {
    clients,
    authCodeFlows: issued.code_issued,
    unusedCodes: Math.max(0, codes.code_issued - codes.code_redeemed),
    abandonedSignIns: Math.max(0, signIns.app_sign_in_started - signIns.app_sign_in_ended),
  };
}
