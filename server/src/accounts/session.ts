/**
 * Signing a user in, in one place for every path that ends signed in (password sign-in, the code step,
 * completing sign-up, a password change): a fresh session replaces any earlier one, and the browser
 * remembers the email when the organisation allows it (rememberMeDays). A user with a second step never
 * gets a session whose methods lack it, whichever path asks.
 */
import type { Scope } from '../scope/scope.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from '../http/cookies.ts';
import { getAuth, setSessionCookie } from '../http/request-context.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { createSession, endSession } from '../sessions/service.ts';
import { clientIdOfRedirectUrl } from '@gatehouse/common/client-sign-in';
import { hasSecondFactor } from './amr.ts';
import { userAgentOf } from './service.ts';
import { findUserById } from './store.ts';
import { scoped } from '../db/scoped.ts';

/**
 * A session started: the user as signed in, and where the SPA goes next. The surface answers the
 * account with it (users/account.ts `signInAnswer`), which reads the applications and factors above accounts/.
 */
export interface SessionStarted {
  user: UserRow;
  redirectURL: string | null;
  orgRedirectURL: string | null;
}

export async function startSession(
  ctx: AppContext,
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  amr: string[],
  /** Where the SPA was sent from: an application sign-in in progress continues at /redirecting with it. */
  returnurl?: string,
): Promise<SessionStarted> {
  const org = scope.organisation;
  if (user.has_second_factor && !hasSecondFactor(amr)) throw new Error('A session without the second step of a user who has one');
  // A fresh session id at every sign-in: a token planted before sign-in is worthless after it.
  const previous = await getAuth(ctx, request);
  if (previous) await endSession(ctx, org.id, previous.token);
  const { token } = await createSession(ctx, { organisationId: org.id, userId: user.id, amr, userAgent: userAgentOf(request) });
  setSessionCookie(ctx, reply, token);
  if (org.row.remember_me_days > 0) setFlowCookie(ctx, reply, 'gatehouse_remember', user.id, org.row.remember_me_days * DAY);
  return {
    user,
    redirectURL: returnurl && clientIdOfRedirectUrl(returnurl) ? returnurl : null,
    orgRedirectURL: org.row.enable_redirect_url ? org.row.redirect_url : null,
  };
}

/** The email this browser remembers for the organisation, or null; a stale cookie is removed. */
export async function rememberedEmail(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  org: Organisation,
): Promise<string | null> {
  const userId = readFlowCookie(ctx, request, 'gatehouse_remember');
  if (!userId) return null;
  const user = org.row.remember_me_days > 0 ? await findUserById(scoped(ctx.db.kysely, org.id), userId) : undefined;
  if (!user) {
    clearFlowCookie(ctx, reply, 'gatehouse_remember');
    return null;
  }
  return user.email;
}

export function forgetRememberedEmail(ctx: AppContext, reply: FastifyReply): void {
  clearFlowCookie(ctx, reply, 'gatehouse_remember');
}
