/**
 * A person's sessions as the lists show them (browser and system from the user agent, address, first
 * and last seen, how signed in, "this device") and ending them: one, every other, or (an administrator,
 * through the access-revocation subscriber) every session, grant and token at once. Ending a session
 * ends the provider session of its browser too (the event's subscriber, oidc/subscriber.ts), so its
 * applications are told and cannot sign it in silently. Each end is audited, so webhooks hear of it.
 */
import { LIMITS } from '@gatehouse/common/policy';
import type { SessionList, SessionSummary, SignInMethod } from '@gatehouse/common/schemas/sessions';
import UAParser from 'ua-parser-js';

import type { AppContext } from '../context.ts';
import type { SessionRow } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { FEDERATED, sessionHasMfa } from './amr.ts';
import { deleteOtherUserSessions, deleteUserSessionByPublicId, listUserSessions } from './store.ts';

/** How a session was signed in, from its amr: a connection (fed), a passkey alone (hwk without pwd), a password; two-step when mfa. */
export function signInMethods(amr: readonly string[]): SignInMethod[] {
  const first: SignInMethod = amr.includes(FEDERATED) ? 'connection' : amr.includes('hwk') && !amr.includes('pwd') ? 'passkey' : 'password';
  return sessionHasMfa(amr) && first !== 'passkey' ? [first, 'two-step'] : [first];
}

const named = (name: string | undefined, version: string | undefined): string | null =>
  name ? (version ? `${name} ${version}` : name) : null;

/** The browser and system a user agent names, e.g. "Chrome 142" and "Windows 10"; null where it names none. */
export function browserAndSystem(userAgent: string | null): { browser: string | null; system: string | null } {
  const agent = new UAParser(userAgent ?? '').getResult();
  return { browser: named(agent.browser.name, agent.browser.major), system: named(agent.os.name, agent.os.version) };
}

/** A session as the lists show it; `currentId` is the asking browser's session (its row id), if any. */
export function summariseSession(row: SessionRow, currentId: string | null): SessionSummary {
  return {
    id: row.public_id,
    ...browserAndSystem(row.user_agent),
    address: row.address,
    firstSeen: row.created_at,
    lastSeen: row.last_seen_at,
    methods: signInMethods(JSON.parse(row.amr) as string[]),
    current: row.id === currentId,
  };
}

/** The user's live sessions, the latest seen first, at most `limit`; `more` when some were left off. */
export async function userSessions(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  currentId: string | null,
  limit: number,
): Promise<SessionList> {
  const live = { now: ctx.clock.now(), idleMs: LIMITS.sessionIdleMs };
  const rows = await listUserSessions(scope.db, userId, live, limit + 1);
  return { sessions: rows.slice(0, limit).map((row) => summariseSession(row, currentId)), more: rows.length > limit };
}

/**
 * Ends one of the user's sessions by its public id, and the provider session of that browser with it
 * (its applications told by back-channel logout); SESSION_NOT_FOUND when it is not theirs or gone.
 */
export async function endUserSession(ctx: AppContext, scope: Scope, userId: string, publicId: string): Promise<void> {
  await scope.transaction(async (s) => {
    const ended = await deleteUserSessionByPublicId(s.db, userId, publicId);
    if (!ended) throw new AppError('SESSION_NOT_FOUND');
    await emit(ctx, s.db, s, {
      type: 'user.sessions_ended',
      subject: { kind: 'user', id: userId },
      details: { which: 'one', sessions: 1 },
      endedSessions: { ids: [ended] },
    });
  });
}

/**
 * Ends every session of the user but the asking browser's (`kept`: its session's row id and its provider
 * session cookie), with the other browsers' provider sessions; how many sessions ended.
 */
export async function endOtherSessions(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  kept: { sessionId: string; providerSessionId: string | undefined },
): Promise<number> {
  return scope.transaction(async (s) => {
    const ended = await deleteOtherUserSessions(s.db, userId, kept.sessionId);
    if (ended.length > 0) {
      await emit(ctx, s.db, s, {
        type: 'user.sessions_ended',
        subject: { kind: 'user', id: userId },
        details: { which: 'others', sessions: ended.length },
        endedSessions: { ids: ended, kept },
      });
    }
    return ended.length;
  });
}

/**
 * Signs the user out everywhere: the event's subscriber (oidc/subscriber.ts) ends every session, grant
 * and token in its transaction and queues the back-channel logouts the provider sessions owe.
 */
export async function signOutEverywhere(ctx: AppContext, scope: Scope, userId: string): Promise<void> {
  await emit(ctx, scope.db, scope, { type: 'user.signed_out_everywhere', subject: { kind: 'user', id: userId } });
}
