/**
 * Signing in through a SAML connection. Start: a fresh AuthnRequest whose ID is kept for minutes in a
 * flow row (connection_flows, its `state`) found by the SHA-256 of a random token in this browser's
 * cookie, and the browser goes to the IdP (HTTP-Redirect binding). The IdP posts its answer to our ACS
 * URL from its own site, and a SameSite=Lax cookie does not come with such a post: so the post only
 * keeps the answer for a minute under a fresh random token and sends the browser on (303) to the same
 * URL with that token, a top-level GET that carries the cookie. There the flow and the answer are taken
 * once each, the answer is validated for that flow's request (saml.ts), its assertion ID remembered
 * (a replay is refused), and sign-in.ts's rules decide who signs in. Every outcome is audited.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SamlStatusError } from '@node-saml/node-saml';
import { SAML_LIMITS, samlAcsPath } from '@gatehouse/common/saml-connections';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { SignInConnectionRow } from '../db/schema.ts';
import { clearFlowCookie, readFlowCookie } from '../http/cookies.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { claimMappingOf } from './service.ts';
import { beginFlow, completeSignIn, keptReturnUrl, refuse, Refusal, startConnectionSignIn } from './sign-in.ts';
import { samlAuthorizationRequest, serviceProviderMetadata, validateSamlResponse } from './saml.ts';
import { countLiveSamlResponses, findSamlConnection, insertSamlResponse, rememberAssertion, takeSamlResponse } from './saml-store.ts';
import { findConnection, takeFlow } from './store.ts';
import { scoped } from '../db/scoped.ts';

async function samlConnection(ctx: AppContext, org: Organisation, id: string) {
  const row = org.isBase ? undefined : await findConnection(scoped(ctx.db.kysely, org.id), id);
  if (!row || row.kind !== 'saml') return null;
  const saml = await findSamlConnection(scoped(ctx.db.kysely, org.id), id);
  return saml ? { row, saml } : null;
}

/** GET /signin/connections/{id}: to the connection's provider, whichever protocol it speaks. */
export async function startUpstreamSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  connectionId: string,
  query: { returnurl?: string; login_hint?: string },
) {
  const found = await samlConnection(ctx, scope.organisation, connectionId);
  if (!found) return startConnectionSignIn(ctx, request, reply, scope, connectionId, query);
  const { row, saml } = found;
  if (!row.enabled) throw new AppError('NOT_FOUND');
  const returnUrl = keptReturnUrl(query.returnurl);
  let authn: Awaited<ReturnType<typeof samlAuthorizationRequest>>;
  try {
    authn = await samlAuthorizationRequest(ctx, scope.organisation.hostname, row, saml);
  } catch (error) {
    return refuse(ctx, request, reply, scope, row, returnUrl, new Refusal('unavailable', { cause: error }));
  }
  // The flow's state is the AuthnRequest's ID (InResponseTo); SAML has no nonce or PKCE verifier.
  return beginFlow(ctx, reply, scope, row, returnUrl, { state: authn.requestId, nonce: '', codeVerifier: '', url: authn.url });
}

/** GET /saml/{id}/metadata: our SP metadata, public, for the IdP to import. */
export async function samlMetadata(ctx: AppContext, reply: FastifyReply, org: Organisation, connectionId: string) {
  if (!(await samlConnection(ctx, org, connectionId))) throw new AppError('NOT_FOUND');
  return reply
    .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=300')
    .send(serviceProviderMetadata(ctx, org.hostname, connectionId));
}

/** POST /saml/{id}/acs (from the IdP's site): keeps the answer for the same browser's GET. */
export async function receiveSamlResponse(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  connectionId: string,
  body: unknown,
) {
  const found = await samlConnection(ctx, scope.organisation, connectionId);
  const response = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).SAMLResponse : undefined;
  if (!found || !found.row.enabled) return refuse(ctx, request, reply, scope, null, null, new Refusal('unavailable'));
  if (typeof response !== 'string' || response.length === 0 || response.length > SAML_LIMITS.responseMax)
    return refuse(ctx, request, reply, scope, found.row, null, new Refusal('not_verified'));
  const now = ctx.clock.now();
  if ((await countLiveSamlResponses(scope.db, now)) >= SAML_LIMITS.responsesWaitingMax)
    return refuse(ctx, request, reply, scope, found.row, null, new Refusal('unavailable'));
  const token = newToken();
  await insertSamlResponse(scope.db, {
    id: hashToken(token),
    connection_id: connectionId,
    response,
    created_at: now,
    expires_at: now + SAML_LIMITS.responseMinutes * MINUTE,
  });
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${samlAcsPath(connectionId)}?${new URLSearchParams({ response: token })}`, 303);
}

/** GET /saml/{id}/acs?response=…: this browser's flow and the answer it was sent on with. */
export async function finishSamlSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  connectionId: string,
  responseToken: string | undefined,
) {
  const organisationId = scope.organisation.id;
  const cookie = readFlowCookie(ctx, request, 'gatehouse_connection');
  clearFlowCookie(ctx, reply, 'gatehouse_connection');
  const now = ctx.clock.now();
  const db = ctx.db.kysely;
  const posted =
    responseToken && responseToken.length <= 200
      ? await takeSamlResponse(scoped(db, organisationId), hashToken(responseToken), now)
      : undefined;
  const flow = cookie ? await takeFlow(scoped(db, organisationId), hashToken(cookie), now) : undefined;
  if (!flow || !posted || flow.connection_id !== connectionId || posted.connection_id !== connectionId)
    return refuse(ctx, request, reply, scope, null, flow?.return_url ?? null, new Refusal('expired'));
  const returnUrl = flow.return_url;
  const found = await samlConnection(ctx, scope.organisation, connectionId);
  if (!found || !found.row.enabled) return refuse(ctx, request, reply, scope, null, returnUrl, new Refusal('unavailable'));
  const row: SignInConnectionRow = found.row;
  let claims: Record<string, unknown>;
  try {
    const identity = await validateSamlResponse(ctx, scope.organisation.hostname, row, found.saml, claimMappingOf(row), {
      samlResponse: posted.response,
      requestId: flow.state,
    });
    if (!(await rememberAssertion(scoped(db, organisationId), identity.assertionId, identity.expiresAt)))
      throw new Error(`assertion ${identity.assertionId} was used before (replay)`);
    claims = identity.claims;
  } catch (error) {
    // The IdP answered with an error status (the person was not signed in there): no signature needed to say so.
    const reason = error instanceof Error && error.cause instanceof SamlStatusError ? 'provider_refused' : 'not_verified';
    return refuse(ctx, request, reply, scope, row, returnUrl, new Refusal(reason, { cause: error }));
  }
  return completeSignIn(ctx, request, reply, scope, row, returnUrl, claims);
}
