/**
 * The audit log: every security-relevant event, recorded with the change it describes (in its
 * transaction when the change has one), with who did it, from where, and what changed (never a
 * secret). Each event is also offered to the organisation's webhooks. Events are append-only; the
 * `audit-retention` job removes those older than AUDIT_RETENTION_DAYS.
 */
import type { AuditEventType } from '@gatehouse/common/audit';
import type { AuditEvent, AuditPage, AuditQueryInput } from '@gatehouse/common/schemas/audit';
import { findUserByEmail } from '../accounts/store.ts';
import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { AuditEventRow, Executor } from '../db/schema.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { currentOrigin, type Actor } from './origin.ts';
import { deleteAuditEventsBefore, findAuditEvents, insertAuditEvent } from './store.ts';

export interface AuditInput {
  type: AuditEventType;
  subject?: { kind: 'user' | 'application' | 'organisation' | 'webhook'; id: string };
  /** What changed, as names and values a person reads; never a password, secret, code or token. */
  details?: Record<string, unknown>;
  /** Who did it, when not the request's signed-in user (a sign-in is its user's own act). */
  actor?: Actor;
}

export async function recordAuditEvent(ctx: AppContext, db: Executor, organisationId: string, event: AuditInput): Promise<void> {
  const origin = currentOrigin();
  const actor = event.actor ?? origin.actor;
  const at = ctx.clock.now();
  const details = event.details ?? {};
  const id = await insertAuditEvent(db, {
    organisation_id: organisationId,
    at,
    type: event.type,
    actor_kind: actor.kind,
    actor_id: actor.id,
    subject_kind: event.subject?.kind ?? null,
    subject_id: event.subject?.id ?? null,
    ip: origin.ip,
    user_agent: origin.userAgent,
    request_id: origin.requestId,
    details: JSON.stringify(details),
  });
  await emitWebhookEvent(ctx, db, organisationId, event.type, at, {
    id,
    actor,
    subject: event.subject ?? null,
    details,
    requestId: origin.requestId,
  });
}

function view(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at,
    type: row.type,
    actor: { kind: row.actor_kind, id: row.actor_id },
    subject: row.subject_kind === null ? null : { kind: row.subject_kind, id: row.subject_id },
    ip: row.ip,
    userAgent: row.user_agent,
    requestId: row.request_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
  };
}

/** One page of the organisation's events, newest first; `next` is the cursor of the page after. */
export async function auditPage(ctx: AppContext, organisationId: string, query: AuditQueryInput): Promise<AuditPage> {
  const who = query.who?.includes('@') ? ((await findUserByEmail(ctx.db.kysely, organisationId, query.who))?.id ?? query.who) : query.who;
  const rows = await findAuditEvents(ctx.db.kysely, organisationId, { ...query, types: query.type, who, limit: query.limit + 1 });
  const events = rows.slice(0, query.limit).map(view);
  return { events, next: rows.length > query.limit ? events.at(-1)!.id : null };
}

const RETENTION_BATCH = 5000;

/** The `audit-retention` job: deletes events older than the retention, in batches so no statement runs long. */
export async function applyAuditRetention(ctx: AppContext): Promise<string> {
  const before = ctx.clock.now() - ctx.config.auditRetentionDays * DAY;
  let deleted = 0;
  for (;;) {
    const batch = await deleteAuditEventsBefore(ctx.db.kysely, before, RETENTION_BATCH);
    deleted += batch;
    if (batch < RETENTION_BATCH) return `deleted ${deleted} audit events older than ${ctx.config.auditRetentionDays} days`;
  }
}
