/**
 * OpenID Connect Back-Channel Logout 1.0. When a provider session ends (the user signs out in
 * Gatehouse or through RP-initiated logout; an administrator disables or deletes the user; a password
 * reset ends every session), each application the user signed in to in that session and that
 * registered a back-channel logout URI is told so by a logout token: a JWT signed with the
 * organisation's current key (typ logout+jwt; iss, aud, iat, exp, jti, sub, sid, events). The token is
 * queued in the outbox (channel 'logout') in the same step and posted in the background with retries,
 * concurrently and fairly (delivery/concurrent.ts: one application's dead endpoint delays only its own
 * logouts), so a sign-out never waits for an application; it is signed when sent, with the same jti on every
 * attempt, so a retry hours later still carries a fresh exp.
 */
import { importJWK, SignJWT } from 'jose';

import { findClient } from '../applications/store.ts';
import { HOUR, MINUTE } from '../clock.ts';
import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { boundOrganisation, scoped, type ScopedExecutor } from '../db/scoped.ts';
import { type Courier, type OutboxMessage, UndeliverableError } from '../delivery/courier.ts';
import { queueMessage } from '../delivery/outbox.ts';
import { DEFAULT_POST_LIMITS, postWebhook } from '../outbound/post.ts';
import type { Scope } from '../scope/scope.ts';
import { hostnameFor } from '../tenancy/organisation.ts';
import { findOrganisationById } from '../tenancy/store.ts';
import { hashId } from './adapter.ts';
import { loadPrivateJwks } from './keys.ts';

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How long a logout token is valid after it is signed (the specification suggests at most two minutes). */
const LOGOUT_TOKEN_SECONDS = 120;
/** Waits after each failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h: six attempts over about nine hours. */
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];

/** A provider session as stored: whose it is, and the applications signed in to in it (each with its sid). */
interface StoredSession {
  accountId?: string;
  authorizations?: Record<string, { sid?: string }>;
}

/** The logouts an ended provider session owes: one per application it authorised, with the session's sid there. */
function logoutsOf(session: StoredSession): { clientId: string; sub: string; sid: string }[] {
  const sub = session.accountId;
  if (!sub) return [];
  return Object.entries(session.authorizations ?? {}).flatMap(([clientId, { sid }]) => (sid ? [{ clientId, sub, sid }] : []));
}

/** Queues the logout tokens owed by these ended provider sessions (their rows' payloads). */
function queueEndedSessionLogouts(ctx: AppContext, ended: readonly { payload: string }[], db: ScopedExecutor): Promise<number> {
  return queueBackchannelLogouts(
    ctx,
    ended.flatMap((row) => logoutsOf(JSON.parse(row.payload) as StoredSession)),
    db,
  );
}

/** Queues a logout token for each of these logouts whose application registered a back-channel logout URI. */
export async function queueBackchannelLogouts(
  ctx: AppContext,
  logouts: readonly { clientId: string; sub: string; sid: string }[],
  db: ScopedExecutor,
): Promise<number> {
  if (logouts.length === 0) return 0;
  const listening = new Set(
    (
      await db
        .selectFrom('clients')
        .select('id')
        .where('backchannel_logout_uri', 'is not', null)
        .where(
          'id',
          'in',
          logouts.map((l) => l.clientId),
        )
        .execute()
    ).map((row) => row.id),
  );
  let queued = 0;
  for (const logout of logouts) {
    if (!listening.has(logout.clientId)) continue;
    await queueMessage(
      ctx,
      {
        org: { id: boundOrganisation(db) },
        channel: 'logout',
        kind: 'backchannel_logout',
        to: logout.clientId,
        subject: 'backchannel_logout',
        html: null,
        text: JSON.stringify({ sub: logout.sub, sid: logout.sid }),
      },
      db,
    );
    queued++;
  }
  return queued;
}

/**
 * Ends the provider session whose id the browser's session cookie holds (signing out in Gatehouse's
 * own screens) and queues the logout tokens it owes; nothing when there is none.
 */
export async function endBrowserSession(ctx: AppContext, scope: Scope, sessionId: string | undefined): Promise<void> {
  if (!sessionId) return;
  const row = await scope.db
    .deleteFrom('oidc_artefacts')
    .where('model', '=', 'Session')
    .where('id', '=', hashId(sessionId))
    .returning('payload')
    .executeTakeFirst();
  if (row) await queueEndedSessionLogouts(ctx, [row], scope.db);
}

/**
 * Queues the logout tokens owed by every provider session of an account (called just before they are
 * deleted, when the account is disabled, deleted, locked or its password reset).
 */
export async function queueAccountLogouts(ctx: AppContext, accountId: string, db: ScopedExecutor) {
  return queueBackchannelLogouts(ctx, await accountSessionLogouts(db, accountId), db);
}

/** The logouts owed by every provider session of an account, one per application signed in to in each. */
async function accountSessionLogouts(db: ScopedExecutor, accountId: string) {
  const sessions = await db
    .selectFrom('oidc_artefacts')
    .select('payload')
    .where('account_id', '=', accountId)
    .where('model', '=', 'Session')
    .execute();
  return sessions.flatMap((s) => logoutsOf(JSON.parse(s.payload) as StoredSession));
}

/**
 * Ends the provider sessions that mirror these Gatehouse sessions of the account (the adapter links
 * them, migration 0150) and queues the logout tokens they owe: ending one session in the lists signs
 * that browser out of its applications too, and only of those.
 */
export async function endLinkedProviderSessions(
  ctx: AppContext,
  db: ScopedExecutor,
  accountId: string,
  sessionIds: readonly string[],
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const ended = await db
    .deleteFrom('oidc_artefacts')
    .where('account_id', '=', accountId)
    .where('model', '=', 'Session')
    .where('session_id', 'in', sessionIds)
    .returning('payload')
    .execute();
  return queueEndedSessionLogouts(ctx, ended, db);
}

/**
 * Ends every provider session of the account but this browser's: the one mirroring its Gatehouse
 * session `kept.sessionId`, or named by its provider session cookie `kept.providerSessionId` (one from
 * before the link, or not yet used since a new sign-in). Queues the logout tokens they owe: signing out
 * of every other session signs those browsers out of the applications too, which a provider session
 * would otherwise let them sign in to again without Gatehouse's.
 */
export async function endOtherProviderSessions(
  ctx: AppContext,
  db: ScopedExecutor,
  accountId: string,
  kept: { sessionId: string; providerSessionId: string | undefined },
): Promise<number> {
  const ended = await db
    .deleteFrom('oidc_artefacts')
    .where('account_id', '=', accountId)
    .where('model', '=', 'Session')
    .where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '!=', kept.sessionId)]))
    .$if(kept.providerSessionId !== undefined, (qb) => qb.where('id', '!=', hashId(kept.providerSessionId!)))
    .returning('payload')
    .execute();
  return queueEndedSessionLogouts(ctx, ended, db);
}

/**
 * Queues the logout tokens one application is owed by the account's provider sessions (its access to
 * the account was removed): the sessions stay for the other applications signed in to in them.
 */
export async function queueClientLogouts(ctx: AppContext, accountId: string, clientId: string, db: ScopedExecutor) {
  const logouts = (await accountSessionLogouts(db, accountId)).filter((l) => l.clientId === clientId);
  return queueBackchannelLogouts(ctx, logouts, db);
}

/** Signs a logout token for `clientId` with the organisation's current key of the application's ID token algorithm. */
export async function signLogoutToken(
  ctx: AppContext,
  organisationId: string,
  client: { id: string; id_token_signing_alg: string },
  claims: { sub: string; sid: string },
  jti: string,
): Promise<string> {
  const org = await findOrganisationById(ctx.db.kysely, organisationId);
  if (!org) throw new UndeliverableError('the organisation was deleted');
  const jwks = await loadPrivateJwks(ctx, organisationId);
  const jwk = jwks.find((k) => k.alg === client.id_token_signing_alg) ?? jwks[0];
  if (!jwk) throw new Error('the organisation has no signing key');
  const now = Math.floor(ctx.clock.now() / 1000);
  return new SignJWT({ sid: claims.sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } })
    .setProtectedHeader({ alg: jwk.alg, kid: jwk.kid, typ: 'logout+jwt' })
    .setIssuer(originFor(ctx.config, hostnameFor(ctx.config, org.name, org.is_base)))
    .setAudience(client.id)
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + LOGOUT_TOKEN_SECONDS)
    .setJti(jti)
    .sign(await importJWK(jwk, jwk.alg));
}

/** Posts queued logout tokens to the applications' back-channel logout URIs (the outbox's 'logout' channel). */
export function backchannelLogoutCourier(ctx: AppContext): Courier {
  return {
    retry: {
      delayMs: (attempts) => RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!,
      maxAttempts: RETRY_DELAYS_MS.length + 1,
    },
    async send(message: OutboxMessage, signal?: AbortSignal) {
      const client = await findClient(scoped(ctx.db.kysely, message.organisationId), message.recipient);
      if (!client?.backchannel_logout_uri) throw new UndeliverableError('the application no longer takes back-channel logouts');
      const claims = JSON.parse(message.body ?? '{}') as { sub: string; sid: string };
      const token = await signLogoutToken(ctx, message.organisationId, client, claims, `logout_${message.id}`);
      await postWebhook(
        client.backchannel_logout_uri,
        { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-store', 'user-agent': 'Gatehouse-Logout' },
        new URLSearchParams({ logout_token: token }).toString(),
        { ...DEFAULT_POST_LIMITS, allowPrivate: ctx.config.webhooksAllowPrivate, signal },
      );
    },
    close() {},
  };
}
