/**
 * Per-request context: the organisation chosen by the Host header, and the signed-in user, loaded
 * lazily from the session cookie so public calls cost no session query.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@gatehouse/common/policy';
import type { AppContext } from '../context.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { requiresNewPassword, requiresTwoStep } from '../accounts/model.ts';
import { findUserById } from '../accounts/store.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { resumeSession } from '../sessions/service.ts';
import type { OrganisationResolver } from '../tenancy/resolver.ts';
import { AppError } from './errors.ts';
import { setActor } from '../audit/origin.ts';

export interface Auth {
  session: SessionRow;
  user: UserRow;
  /** The raw cookie token, to end this session. */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    organisation: Organisation | null;
    authPromise: Promise<Auth | null> | null;
  }
}

/** Only these statuses may hold a session; disabling, locking or inactivity ends it at once. */
const SESSION_STATUSES = new Set<UserRow['status']>(['SignedUp']);

export function sessionCookieName(ctx: AppContext): string {
  // The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return ctx.config.publicScheme === 'https' ? '__Host-gatehouse_session' : 'gatehouse_session';
}

export function registerRequestContext(app: FastifyInstance, ctx: AppContext, resolver: OrganisationResolver): void {
  app.decorateRequest('organisation', null);
  app.decorateRequest('authPromise', null);
  app.addHook('onRequest', async (request) => {
    // Operations probes answer without the database's organisation lookup (a silent database must not hold /readyz).
    if ((request.routeOptions.config as { organisation?: boolean } | undefined)?.organisation === false) return;
    request.organisation = await resolver.resolve(request.headers.host);
  });
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(ctx), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicScheme === 'https',
    signed: true,
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx), { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.publicScheme === 'https' });
}

/** The signed-in user of this request on this organisation, or null. */
export function getAuth(ctx: AppContext, request: FastifyRequest): Promise<Auth | null> {
  request.authPromise ??= loadAuth(ctx, request);
  return request.authPromise;
}

async function loadAuth(ctx: AppContext, request: FastifyRequest): Promise<Auth | null> {
  const org = request.organisation;
  const raw = request.cookies[sessionCookieName(ctx)];
  if (!org || !raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const session = await resumeSession(ctx, org.id, unsigned.value);
  if (!session) return null;
  const user = await findUserById(ctx.db.kysely, org.id, session.user_id);
  if (!user || !SESSION_STATUSES.has(user.status)) return null;
  setActor({ kind: 'user', id: user.id });
  return { session, user, token: unsigned.value };
}

export function requireOrganisation(request: FastifyRequest): Organisation {
  if (!request.organisation) throw new AppError('ORGANISATION_NOT_FOUND');
  return request.organisation;
}

/**
 * The signed-in user, optionally limited to some roles: 401 when signed out, 403 for another role, and
 * 403 while the user must choose a new password (expired or required) or set up a second step (MFA
 * required but none yet), except where that is allowed.
 */
export async function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
  roles?: readonly Role[],
  options: { allowPasswordChangeRequired?: boolean; allowTwoStepRequired?: boolean } = {},
): Promise<Auth & { org: Organisation }> {
  const org = requireOrganisation(request);
  const auth = await getAuth(ctx, request);
  if (!auth) throw new AppError('UNAUTHENTICATED');
  if (roles && !roles.includes(auth.user.role)) throw new AppError('FORBIDDEN');
  if (!options.allowPasswordChangeRequired && requiresNewPassword(org.row, auth.user, ctx.clock.now())) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  if (!options.allowTwoStepRequired && requiresTwoStep(org.row, auth.user)) throw new AppError('TWO_STEP_REQUIRED');
  return { ...auth, org };
}
