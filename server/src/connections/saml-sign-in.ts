/**
 * Signing in through a SAML connection. Start: a fresh AuthnRequest whose ID is kept for minutes in a
 * flow row (connection_flows, its `state`) found by the SHA-256 of a random token in this browser's
 * cookie, and the browser goes to the IdP (HTTP-Redirect binding). The IdP posts its answer to our ACS
 * URL from its own site, and a SameSite=Lax cookie does not come with such a post: so the post only
 * keeps the answer (when it answers a sign-in started here) for minutes under a fresh random token and
 * sends the browser on (303) to the same URL with that token, a top-level GET that carries the cookie. There the flow and the answer are taken
 * once each, the answer is validated for that flow's request (saml.ts), its assertion ID remembered
 * (a replay is refused), and sign-in.ts's rules decide who signs in. Every outcome is audited.
 */
import { SAML_LIMITS, samlAcsPath } from '@gatehouse/common/saml-connections';
import { SamlStatusError } from '@node-saml/node-saml';

import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { hashToken, newToken } from '../crypto/tokens.ts';
import type { SignInConnectionRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { AppError } from '../http/errors.ts';
import { type Browser, clearCookie, type Redirect, withCookies } from '../http/outcome.ts';
import type { Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { readResponseEnvelope, samlAuthorizationRequest, serviceProviderMetadata, validateSamlResponse } from './saml.ts';
import { countLiveSamlResponses, findSamlConnection, keepSamlResponse, rememberAssertion, takeSamlResponse } from './saml-store.ts';
import { claimMappingOf } from './service.ts';
import { beginFlow, completeSignIn, keptReturnUrl, Refusal, refuse, startConnectionSignIn } from './sign-in.ts';
import { findConnection, flowLive, takeFlow } from './store.ts';

async function samlConnection(ctx: AppContext, org: Organisation, id: string) {
  const row = org.isBase ? undefined : await findConnection(scoped(ctx.db.kysely, org.id), id);
  if (!row || row.kind !== 'saml') return null;
  const saml = await findSamlConnection(scoped(ctx.db.kysely, org.id), id);
  return saml ? { row, saml } : null;
}

/** GET /signin/connections/{id}: to the connection's provider, whichever protocol it speaks. */
export async function startUpstreamSignIn(
  ctx: AppContext,
  browser: Browser,
  scope: Scope,
  connectionId: string,
  query: { returnurl?: string; login_hint?: string },
): Promise<Redirect> {
  const found = await samlConnection(ctx, scope.organisation, connectionId);
  if (!found) return startConnectionSignIn(ctx, browser, scope, connectionId, query);
  const { row, saml } = found;
  if (!row.enabled) throw new AppError('NOT_FOUND');
  const returnUrl = keptReturnUrl(query.returnurl);
  let authn: Awaited<ReturnType<typeof samlAuthorizationRequest>>;
  try {
    authn = await samlAuthorizationRequest(ctx, scope.organisation.hostname, row, saml);
  } catch (error) {
    return refuse(ctx, browser, scope, row, returnUrl, new Refusal('unavailable', { cause: error }));
  }
  // The flow's state is the AuthnRequest's ID (InResponseTo); SAML has no nonce or PKCE verifier.
  return beginFlow(ctx, scope, row, returnUrl, { state: authn.requestId, nonce: '', codeVerifier: '', url: authn.url });
}

/** GET /saml/{id}/metadata: our SP metadata (XML), public, for the IdP to import. */
export async function samlMetadata(ctx: AppContext, org: Organisation, connectionId: string): Promise<string> {
  if (!(await samlConnection(ctx, org, connectionId))) throw new AppError('NOT_FOUND');
  return serviceProviderMetadata(ctx, org.hostname, connectionId);
}

/** POST /saml/{id}/acs (from the IdP's site): keeps the answer for the same browser's GET. */
export async function receiveSamlResponse(
  ctx: AppContext,
  browser: Browser,
  scope: Scope,
  connectionId: string,
  body: unknown,
): Promise<Redirect> {
  const found = await samlConnection(ctx, scope.organisation, connectionId);
  const response = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).SAMLResponse : undefined;
  // Disabled or deleted since this sign-in began (or never one of this organisation's).
  if (!found || !found.row.enabled) return refuse(ctx, browser, scope, null, null, new Refusal('connection_unavailable'));
  if (typeof response !== 'string' || response.length === 0 || response.length > SAML_LIMITS.responseMax)
    return refuse(ctx, browser, scope, found.row, null, new Refusal('not_verified'));
  const now = ctx.clock.now();
  // Anyone may post here: an answer is kept only for a sign-in started here (its InResponseTo is a live
  // flow's request), one per sign-in, and one address holds only a few. No slot is shared, so posts
  // from elsewhere cannot crowd out a real answer.
  const envelope = readResponseEnvelope(response);
  if (!envelope) return refuse(ctx, browser, scope, found.row, null, new Refusal('not_verified'));
  const requestId = envelope.inResponseTo;
  if (requestId === null || requestId.length > 200 || !(await flowLive(scope.db, connectionId, requestId, now)))
    return refuse(ctx, browser, scope, found.row, null, new Refusal('expired'));
  if ((await countLiveSamlResponses(scope.db, browser.address, now)) >= SAML_LIMITS.responsesPerAddressMax)
    return refuse(ctx, browser, scope, found.row, null, new Refusal('unavailable'));
  const token = newToken();
  await keepSamlResponse(scope.db, {
    id: hashToken(token),
    connection_id: connectionId,
    response,
    request_id: requestId,
    address: browser.address,
    created_at: now,
    expires_at: now + SAML_LIMITS.responseMinutes * MINUTE,
  });
  return { kind: 'redirect', location: `${samlAcsPath(connectionId)}?${new URLSearchParams({ response: token })}`, cookies: [] };
}

/** GET /saml/{id}/acs?response=…: this browser's flow and the answer it was sent on with. */
export async function finishSamlSignIn(...answering: Parameters<typeof samlAnswer>): Promise<Redirect> {
  // The flow's cookie goes whatever the outcome.
  return withCookies(await samlAnswer(...answering), clearCookie('gatehouse_connection'));
}

async function samlAnswer(
  ctx: AppContext,
  browser: Browser,
  scope: Scope,
  connectionId: string,
  responseToken: string | undefined,
): Promise<Redirect> {
  const cookie = browser.cookie('gatehouse_connection');
  const now = ctx.clock.now();
  const posted = responseToken && responseToken.length <= 200 ? await takeSamlResponse(scope.db, hashToken(responseToken), now) : undefined;
  const flow = cookie ? await takeFlow(scope.db, hashToken(cookie), now) : undefined;
  if (!flow || !posted || flow.connection_id !== connectionId || posted.connection_id !== connectionId)
    return refuse(ctx, browser, scope, null, flow?.return_url ?? null, new Refusal('expired'));
  const returnUrl = flow.return_url;
  const found = await samlConnection(ctx, scope.organisation, connectionId);
  if (!found || !found.row.enabled) return refuse(ctx, browser, scope, null, returnUrl, new Refusal('connection_unavailable'));
  const row: SignInConnectionRow = found.row;
  let claims: Record<string, unknown>;
  try {
    const identity = await validateSamlResponse(ctx, scope.organisation.hostname, row, found.saml, claimMappingOf(row), {
      samlResponse: posted.response,
      requestId: flow.state,
    });
    if (!(await rememberAssertion(scope.db, identity.assertionId, identity.expiresAt)))
      throw new Error(`assertion ${identity.assertionId} was used before (replay)`);
    claims = identity.claims;
  } catch (error) {
    // The IdP answered with an error status (the person was not signed in there): no signature needed to say so.
    const reason = error instanceof Error && error.cause instanceof SamlStatusError ? 'provider_refused' : 'not_verified';
    return refuse(ctx, browser, scope, row, returnUrl, new Refusal(reason, { cause: error }));
  }
  return completeSignIn(ctx, browser, scope, row, returnUrl, claims);
}
