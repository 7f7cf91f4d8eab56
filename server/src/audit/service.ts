/**
 * The audit log: every security-relevant event, recorded with the change it describes (the audit
 * subscriber of the domain events, subscriber.ts, writes it in the change's transaction), with who did
 * it, from where, and what changed (never a secret). Read here by page; events are append-only; the
 * `audit-retention` job removes those older than AUDIT_RETENTION_DAYS.
 */
import type { AuditEvent, AuditPage, AuditQueryInput } from '@gatehouse/common/schemas/audit';

import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { AuditEventRow } from '../db/schema.ts';
import type { Scope } from '../scope/scope.ts';
import { deleteAuditEventsBefore, deletedUserEmails, findAuditEvents, labelsFor, userIdsByEmailPrefix } from './store.ts';

/** How many users the start of an email in the user filter may stand for. */
const WHO_MATCHES_MAX = 100;

/** Who or what an event names, with what people call it now (or, once it is gone, what the event recorded). */
function party(kind: string, id: string | null, labels: Map<string, string>, details: Record<string, unknown>) {
  const key =
    kind === 'user'
      ? 'email'
      : kind === 'api'
        ? 'identifier'
        : kind === 'group'
          ? typeof details.name === 'string'
            ? 'name'
            : 'group'
          : null;
  const recorded = key !== null && typeof details[key] === 'string' ? details[key] : null;
  return { kind, id, label: (id !== null ? labels.get(id) : undefined) ?? recorded };
}

/** The strings a row's details hold (values, and a change's before and after), which may be ids to name. */
function detailStrings(details: Record<string, unknown>): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string') found.push(value);
    else if (Array.isArray(value)) for (const item of value) visit(item, depth);
    else if (value && typeof value === 'object' && depth < 2) for (const inner of Object.values(value)) visit(inner, depth + 1);
  };
  visit(details, 0);
  return found;
}

function view(row: AuditEventRow, labels: Map<string, string>): AuditEvent {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  const names = Object.fromEntries(detailStrings(details).flatMap((s) => (labels.has(s) ? [[s, labels.get(s)!]] : [])));
  return {
    id: row.id,
    at: row.at,
    type: row.type,
    actor: party(row.actor_kind, row.actor_id, labels, {}),
    subject: row.subject_kind === null ? null : party(row.subject_kind, row.subject_id, labels, details),
    ip: row.ip,
    userAgent: row.user_agent,
    requestId: row.request_id,
    details,
    names,
  };
}

/** The ids of each kind the rows name, to label them in one query per kind. */
function namedIds(rows: readonly AuditEventRow[]) {
  const ids = { users: new Set<string>(), applications: new Set<string>(), webhooks: new Set<string>() };
  const add = (kind: string | null, id: string | null) => {
    if (id === null) return;
    if (kind === 'user') ids.users.add(id);
    else if (kind === 'application') ids.applications.add(id);
    else if (kind === 'webhook') ids.webhooks.add(id);
  };
  for (const row of rows) {
    add(row.actor_kind, row.actor_id);
    add(row.subject_kind, row.subject_id);
    // Ids in the details (an application's id in a user's access, say) are named where they are one.
    for (const value of detailStrings(JSON.parse(row.details) as Record<string, unknown>)) {
      if (!/^[\w-]{8,100}$/.test(value)) continue;
      ids.applications.add(value);
    }
  }
  return { users: [...ids.users], applications: [...ids.applications], webhooks: [...ids.webhooks] };
}

/** One page of the organisation's events, newest first; `next` is the cursor of the page after. */
export async function auditPage(ctx: AppContext, scope: Scope, query: AuditQueryInput): Promise<AuditPage> {
  // `who` is an id (of a user or an application), or a user's email or its start.
  const who =
    query.who === undefined
      ? undefined
      : [query.who, ...(await userIdsByEmailPrefix(scope.db, ctx.db.dialect, query.who, WHO_MATCHES_MAX))];
  const rows = await findAuditEvents(scope.db, { ...query, types: query.type, who, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const ids = namedIds(page);
  const labels = await labelsFor(scope.db, ids);
  // Users deleted since are named by the email their deletion recorded.
  const gone = ids.users.filter((id) => !labels.has(id));
  for (const [id, email] of await deletedUserEmails(scope.db, gone)) labels.set(id, email);
  // The organisation itself is named by its display name, never its id.
  labels.set(scope.organisation.id, scope.organisation.displayName);
  const events = page.map((row) => view(row, labels));
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
