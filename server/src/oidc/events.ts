/**
 * Protocol events kept for the organisation metrics (issue 6 counts them over 24 hours): application
 * sign-ins started and how they ended, authorization codes issued and redeemed. One small row each,
 * pruned after EVENT_RETENTION_MS; counting is an indexed range scan per organisation and kind.
 */
import { randomUUID } from 'node:crypto';
import { DAY, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { OidcEventKind, OidcEventsTable } from '../db/schema.ts';
import { countEvents, countUnended, findEventTime, insertEvent } from './store.ts';

export const EVENT_RETENTION_MS = 30 * DAY;
/** A code unredeemed this long after issue can no longer be redeemed (its lifetime is 60 s). */
const CODE_LIFETIME_MS = MINUTE;

interface About {
  clientId?: string | null;
  subject?: string | null;
}

export function eventRow(ctx: AppContext, organisationId: string, kind: OidcEventKind, about: About): OidcEventsTable {
  return {
    id: randomUUID(),
    organisation_id: organisationId,
    kind,
    client_id: about.clientId ?? null,
    subject: about.subject ?? null,
    created_at: ctx.clock.now(),
  };
}

export async function recordEvent(ctx: AppContext, organisationId: string, kind: OidcEventKind, about: About): Promise<void> {
  await insertEvent(ctx.db.kysely, eventRow(ctx, organisationId, kind, about));
}

/**
 * When the application sign-in `uid` started (recorded on its first sight): a prompt=login or max_age
 * request is satisfied only by a sign-in made after this.
 */
export async function signInStartedAt(ctx: AppContext, organisationId: string, clientId: string, uid: string): Promise<number> {
  await recordEvent(ctx, organisationId, 'sign_in_started', { clientId, subject: uid });
  return (await findEventTime(ctx.db.kysely, organisationId, 'sign_in_started', uid)) ?? ctx.clock.now();
}

export interface OidcActivity {
  /** Authorization-code flows that issued a code. */
  authCodeFlows: number;
  /** Codes issued that were never redeemed before they expired. */
  unusedCodes: number;
  /** Application sign-ins started that ended neither in a code nor in a refusal. */
  abandonedSignIns: number;
}

/**
 * The organisation's protocol activity since `since` (the metrics use the last 24 hours). A sign-in
 * counts as abandoned once its interaction has expired (`interactionLifetimeMs`) without finishing.
 */
export async function oidcActivity(
  ctx: AppContext,
  organisationId: string,
  since: number,
  interactionLifetimeMs: number,
): Promise<OidcActivity> {
  const now = ctx.clock.now();
  const db = ctx.db.kysely;
  const [authCodeFlows, unusedCodes, abandonedSignIns] = await Promise.all([
    countEvents(db, organisationId, 'code_issued', since),
    countUnended(db, organisationId, 'code_issued', ['code_redeemed'], since, now - CODE_LIFETIME_MS),
    countUnended(db, organisationId, 'sign_in_started', ['sign_in_completed', 'sign_in_denied'], since, now - interactionLifetimeMs),
  ]);
  return { authCodeFlows, unusedCodes, abandonedSignIns };
}
