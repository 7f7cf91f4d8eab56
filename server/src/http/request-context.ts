/**
 * Per-request context: the organisation chosen by the Host header, and the signed-in user, loaded
 * lazily from the session cookie so public calls cost no session query. Which user a cookie's token
 * names is the business of the authenticators app.ts registers (accounts/request-auth.ts,
 * apis/bearer.ts): this layer reads cookies and headers and knows no user or application.
 */
import type { ManagementScope } from '@gatehouse/common/apis';
import type { Role } from '@gatehouse/common/policy';
import { pendingStep, type SignInFacts, type StepWaiver } from '@gatehouse/common/sign-in-steps';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';
import type { ClientRow, SessionRow, UserRow } from '../db/schema.ts';
import { browserScope, type Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import type { OrganisationResolver } from '../tenancy/resolver.ts';
import { AppError } from './errors.ts';
import { notePersonLocale } from './language.ts';
import { noteActor } from './log-redaction.ts';

export interface Auth {
  session: SessionRow;
  user: UserRow;
  /** The raw cookie token, to end this session. */
  token: string;
}

/** Who a session cookie's token signs in, and what that user must do before anything else. */
export interface SessionAuthenticator {
  /** The session and its user on the organisation, or null (unknown or expired token, a user who may not hold a session). */
  load(ctx: AppContext, organisationId: string, token: string): Promise<Auth | null>;
  /** What the sign-in step list (common/src/sign-in-steps.ts) needs to know of the signed-in user. */
  facts(ctx: AppContext, org: Organisation, auth: Auth): SignInFacts;
}

/**
 * The application a bearer token acts for and the scopes it holds; otherwise throws INVALID_TOKEN, which
 * http/contract.ts answers with the RFC 6750 challenge.
 */
export type BearerAuthenticator = (
  ctx: AppContext,
  org: Organisation,
  token: string,
) => Promise<{ client: ClientRow; scopes: Set<ManagementScope> }>;

/** The request authenticators app.ts registers with the request context. */
export interface RequestAuthenticators {
  session: SessionAuthenticator;
  bearer: BearerAuthenticator;
}

declare module 'fastify' {
  interface FastifyRequest {
    organisation: Organisation | null;
    authPromise: Promise<Auth | null> | null;
  }
  interface FastifyInstance {
    authenticators: RequestAuthenticators;
  }
}

export function sessionCookieName(ctx: AppContext): string {
  // The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return ctx.config.publicScheme === 'https' ? '__Host-gatehouse_session' : 'gatehouse_session';
}

export function registerRequestContext(
  app: FastifyInstance,
  ctx: AppContext,
  resolver: OrganisationResolver,
  authenticators: RequestAuthenticators,
): void {
  app.decorate('authenticators', authenticators);
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
  const auth = await request.server.authenticators.session.load(ctx, org.id, unsigned.value);
  if (!auth) return null;
  noteActor(request, { kind: 'user', id: auth.user.id });
  notePersonLocale(request, auth.user.locale);
  return auth;
}

/**
 * The signed-in user of this request, or null, also while a step of the sign-in stage of the sign-in
 * step list is pending (a session that lacks the person's second factor): who the SPA is told is signed in.
 */
export async function getSignedIn(ctx: AppContext, request: FastifyRequest): Promise<Auth | null> {
  const auth = await getAuth(ctx, request);
  if (!auth || !request.organisation) return auth;
  const facts = request.server.authenticators.session.facts(ctx, request.organisation, auth);
  return pendingStep(facts, { stages: ['sign-in'] }) ? null : auth;
}

export function requireOrganisation(request: FastifyRequest): Organisation {
  if (!request.organisation) throw new AppError('ORGANISATION_NOT_FOUND');
  return request.organisation;
}

/**
 * The scope of a browser path of the request's organisation (a protocol's SSO or callback address): the
 * user when one is known, else nobody acts yet (the person is who the sign-in decides; the events of a
 * sign-in name their user themselves).
 */
export const browserPathScope = (ctx: AppContext, request: FastifyRequest, user: { id: string } | null = null): Scope =>
  browserScope(ctx.db.kysely, requireOrganisation(request), user, request);

/**
 * The signed-in user, optionally limited to some roles: 401 when signed out, 403 for another role, and
 * then the refusal of the first pending step of the sign-in step list (common/src/sign-in-steps.ts: 403
 * while the user must choose a new password or set up a second step), except the steps `waived` (the
 * endpoints of the pages that walk them).
 */
export async function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
  roles?: readonly Role[],
  waived: Partial<Record<StepWaiver, boolean>> = {},
): Promise<Auth & { org: Organisation }> {
  const org = requireOrganisation(request);
  const auth = await getAuth(ctx, request);
  if (!auth) throw new AppError('UNAUTHENTICATED');
  const facts = request.server.authenticators.session.facts(ctx, org, auth);
  // The sign-in stage first: a role is only worth checking for someone who is signed in.
  const signIn = pendingStep(facts, { stages: ['sign-in'] });
  if (signIn) throw new AppError(signIn.refusal ?? 'UNAUTHENTICATED');
  if (roles && !roles.includes(auth.user.role)) throw new AppError('FORBIDDEN');
  const step = pendingStep(facts, { stages: ['account'], waived });
  if (step) throw new AppError(step.refusal ?? 'FORBIDDEN');
  return { ...auth, org };
}
