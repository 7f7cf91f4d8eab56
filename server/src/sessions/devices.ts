/**
 * A person's sessions as the lists show them (browser and system from the user agent, address, first
 * and last seen, how signed in, "this device") and ending them: one, every other, or (an administrator,
 * through the access-revocation subscriber) every session, grant and token at once. Each end is audited,
 * so webhooks hear of it.
 */
import UAParser from 'ua-parser-js';
import { LIMITS } from '@gatehouse/common/policy';
import type { SessionSummary, SignInMethod } from '@gatehouse/common/schemas/sessions';
import type { AppContext } from '../context.ts';
import type { SessionRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { deleteOtherUserSessions, deleteUserSessionByPublicId, listUserSessions } from './store.ts';
import { FEDERATED, sessionHasMfa } from './amr.ts';

/** How a session was signed in, from its amr: a connection (fed), a passkey alone (hwk without pwd), a password; two-step when mfa. */
export function signInMethods(amr: readonly string[]): SignInMethod[] {
  const first: SignInMethod = amr.includes(FEDERATED) ? 'connection' : amr.includes('hwk') && !amr.includes('pwd') ? 'passkey' : 'password';
  return sessionHasMfa(amr) && first !== 'passkey' ? [first, 'two-step'] : [first];
}

const named = (name: string | undefined, version: string | undefined): string | null =>
  name ? (version ? `${name} ${version}` : name) : null;

/** A session as the lists show it; `currentId` is the asking browser's session (its row id), if any. */
export function summariseSession(row: SessionRow, currentId: string | null): SessionSummary {
  const agent = new UAParser(row.user_agent ?? '').getResult();
  return {
    id: row.public_id,
    browser: named(agent.browser.name, agent.browser.major),
    system: named(agent.os.name, agent.os.version),
    address: row.address,
    firstSeen: row.created_at,
    lastSeen: row.last_seen_at,
    methods: signInMethods(JSON.parse(row.amr) as string[]),
    current: row.id === currentId,
  };
}

/** The user's live sessions, the latest seen first. */
export async function userSessions(
  ctx: AppContext,
  organisationId: string,
  userId: string,
  currentId: string | null,
): Promise<SessionSummary[]> {
  const rows = await listUserSessions(scoped(ctx.db.kysely, organisationId), userId, ctx.clock.now(), LIMITS.sessionIdleMs);
  return rows.map((row) => summariseSession(row, currentId));
}

/** Ends one of the user's sessions by its public id; SESSION_NOT_FOUND when it is not theirs or gone. */
export async function endUserSession(ctx: AppContext, scope: Scope, userId: string, publicId: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await deleteUserSessionByPublicId(scoped(trx, scope.organisation.id), userId, publicId))) throw new AppError('SESSION_NOT_FOUND');
    await emit(ctx, trx, scope, {
      type: 'user.sessions_ended',
      subject: { kind: 'user', id: userId },
      details: { which: 'one', sessions: 1 },
    });
  });
}

/** Ends every session of the user but `keepId` (the asking browser's); how many ended. */
export async function endOtherSessions(ctx: AppContext, scope: Scope, userId: string, keepId: string): Promise<number> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const ended = await deleteOtherUserSessions(scoped(trx, scope.organisation.id), userId, keepId);
    if (ended > 0) {
      await emit(ctx, trx, scope, {
        type: 'user.sessions_ended',
        subject: { kind: 'user', id: userId },
        details: { which: 'others', sessions: ended },
      });
    }
    return ended;
  });
}

/**
 * Signs the user out everywhere: the event's subscriber (oidc/subscriber.ts) ends every session, grant
 * and token in its transaction and queues the back-channel logouts the provider sessions owe.
 */
export async function signOutEverywhere(ctx: AppContext, scope: Scope, userId: string): Promise<void> {
  await emit(ctx, ctx.db.kysely, scope, { type: 'user.signed_out_everywhere', subject: { kind: 'user', id: userId } });
}
