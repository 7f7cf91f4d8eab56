/**
 * Server-side sessions: the browser holds a random token, the database holds its SHA-256, so any
 * process can serve the session and a leaked table cannot be replayed. A session belongs to one
 * organisation and is never found on another's host.
 */
import { randomUUID } from 'node:crypto';

import { LIMITS } from '@gatehouse/common/policy';

import { HOUR, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { hashToken, newToken } from '../crypto/tokens.ts';
import type { SessionRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { scoped } from '../db/scoped.ts';
import { deleteSession, findSession, insertSession, touchSession } from './store.ts';

export const SESSION_ABSOLUTE_MS = 12 * HOUR;
/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = MINUTE;

export interface NewSession {
  token: string;
  row: Unstamped<SessionRow>;
}

export async function createSession(
  ctx: AppContext,
  fields: { organisationId: string; userId: string; amr: string[]; userAgent: string | undefined; address: string | null },
  /** The sign-in's transaction when the session is part of one (accounts/session.ts `finishSignIn`). */
  db = ctx.db.kysely,
): Promise<NewSession> {
  const token = newToken();
  const now = ctx.clock.now();
  const row: Unstamped<SessionRow> = {
    id: hashToken(token),
    user_id: fields.userId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + SESSION_ABSOLUTE_MS,
    amr: JSON.stringify(fields.amr),
    user_agent: fields.userAgent?.slice(0, 300) ?? null,
    public_id: randomUUID(),
    address: fields.address?.slice(0, 64) ?? null,
  };
  await insertSession(scoped(db, fields.organisationId), row);
  return { token, row };
}

/** The live session for a token on this organisation, sliding its idle expiry; null when absent or expired. */
export async function resumeSession(ctx: AppContext, organisationId: string, token: string): Promise<SessionRow | null> {
  const id = hashToken(token);
  const row = await findSession(scoped(ctx.db.kysely, organisationId), id);
  if (!row) return null;
  const now = ctx.clock.now();
  if (now >= row.expires_at || now - row.last_seen_at >= LIMITS.sessionIdleMs) {
    await deleteSession(scoped(ctx.db.kysely, organisationId), id);
    return null;
  }
  if (now - row.last_seen_at >= TOUCH_INTERVAL_MS) {
    await touchSession(scoped(ctx.db.kysely, organisationId), id, now);
    row.last_seen_at = now;
  }
  return row;
}

export async function endSession(ctx: AppContext, organisationId: string, token: string): Promise<void> {
  await deleteSession(scoped(ctx.db.kysely, organisationId), hashToken(token));
}
