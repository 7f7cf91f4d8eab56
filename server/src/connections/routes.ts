/**
 * Sign-in connections: the management API (Organisation Admins) and the sign-in page's list, served from
 * their declarations in common/src/api/connections.ts; and the browser paths of an upstream sign-in,
 * /signin/connections/{id} (to the provider), /signin/callback (back from an OpenID provider) and
 * /saml/{id}/acs (back from a SAML IdP), with /saml/{id}/metadata, which are navigations, not API calls.
 */
import { connectionsApi as api } from '@gatehouse/common/api/connections';
import { CONNECTION_CALLBACK_PATH } from '@gatehouse/common/connections';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { browserOf, sendRedirect } from '../http/outcome.ts';
import { browserPathScope, requireOrganisation } from '../http/request-context.ts';
import { createSamlConnection, updateSamlConnection } from './saml-service.ts';
import { finishSamlSignIn, receiveSamlResponse, samlMetadata, startUpstreamSignIn } from './saml-sign-in.ts';
import {
  connectionJwks,
  createSignInConnection,
  deleteSignInConnection,
  getSignInConnection,
  listSignInConnections,
  signInPageConnections,
  updateSignInConnection,
  userSignInConnections,
} from './service.ts';
import { finishConnectionSignIn } from './sign-in.ts';

export function connectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, scope) => listSignInConnections(ctx, scope));
  serve(app, ctx, api.create, async ({ body }, scope) => createSignInConnection(ctx, scope, body));
  serve(app, ctx, api.get, async ({ params }, scope) => getSignInConnection(ctx, scope, params.id));
  serve(app, ctx, api.update, async ({ params, body }, scope) => updateSignInConnection(ctx, scope, params.id, body));
  serve(app, ctx, api.createSaml, async ({ body }, scope) => createSamlConnection(ctx, scope, body));
  serve(app, ctx, api.updateSaml, async ({ params, body }, scope) => updateSamlConnection(ctx, scope, params.id, body));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteSignInConnection(ctx, scope, params.id));
  serve(app, ctx, api.userLinks, async ({ params }, scope) => userSignInConnections(ctx, scope, params.id));
  serve(app, ctx, api.signIn, async (_, scope) => signInPageConnections(ctx, scope));
}

/** The browser's way to a provider and back; registered beside the protocol's browser paths. */
export function connectionBrowserRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string }; Querystring: { returnurl?: string; login_hint?: string } }>(
    '/signin/connections/:id',
    async (request, reply) => {
      const query = request.query;
      const to = await startUpstreamSignIn(ctx, browserOf(ctx, request), browserPathScope(ctx, request), request.params.id.slice(0, 100), {
        ...(typeof query.returnurl === 'string' ? { returnurl: query.returnurl } : {}),
        ...(typeof query.login_hint === 'string' ? { login_hint: query.login_hint } : {}),
      });
      return sendRedirect(ctx, reply, to);
    },
  );
  app.get(CONNECTION_CALLBACK_PATH, async (request, reply) => {
    const url = request.raw.url ?? '';
    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    return sendRedirect(ctx, reply, await finishConnectionSignIn(ctx, browserOf(ctx, request), browserPathScope(ctx, request), search));
  });
  // SAML: our SP metadata, and the assertion consumer service (the IdP's cross-site post, then the same browser's GET).
  app.get<{ Params: { id: string } }>('/saml/:id/metadata', async (request, reply) => {
    const metadata = await samlMetadata(ctx, requireOrganisation(request), request.params.id.slice(0, 100));
    return reply
      .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(metadata);
  });
  app.post<{ Params: { id: string } }>('/saml/:id/acs', { config: { crossSiteForm: true } }, async (request, reply) => {
    const to = await receiveSamlResponse(
      ctx,
      browserOf(ctx, request),
      browserPathScope(ctx, request),
      request.params.id.slice(0, 100),
      request.body,
    );
    return sendRedirect(ctx, reply, to);
  });
  app.get<{ Params: { id: string }; Querystring: { response?: string } }>('/saml/:id/acs', async (request, reply) => {
    const response = typeof request.query.response === 'string' ? request.query.response : undefined;
    const to = await finishSamlSignIn(
      ctx,
      browserOf(ctx, request),
      browserPathScope(ctx, request),
      request.params.id.slice(0, 100),
      response,
    );
    return sendRedirect(ctx, reply, to);
  });
  // The public keys of a private_key_jwt connection, where the provider fetches them.
  app.get<{ Params: { id: string } }>('/signin/connections/:id/jwks', async (request, reply) => {
    const jwks = await connectionJwks(ctx, requireOrganisation(request), request.params.id.slice(0, 100));
    return reply.header('content-type', 'application/jwk-set+json').header('cache-control', 'public, max-age=300').send(jwks);
  });
}
