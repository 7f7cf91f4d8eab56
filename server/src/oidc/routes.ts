/**
 * Mounts the organisations' OpenID Providers: an early onRequest hook hands protocol paths
 * (/.well-known/openid-configuration and /oidc/*) to the organisation's provider before Fastify parses
 * any body; the interaction hand-over (/oidc/interaction/*) is ours.
 */
import type { FastifyInstance } from 'fastify';
import { OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import type { AppContext } from '../context.ts';
import { getAuth } from '../http/request-context.ts';
import { finishInteraction, startInteraction } from './interaction.ts';
import { attachAuth } from './policy.ts';
import { INTERACTION_PATH, OIDC_ROUTES } from './provider.ts';
import { ProviderRegistry } from './registry.ts';

/**
 * Protocol pages send forms to the provider and redirect to applications (form_post responses, the
 * redirect after sign-out), so they carry no form-action limit; the provider adds the hash of its one
 * inline auto-submit script to script-src itself. Framing stays forbidden.
 */
const PROVIDER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

export function isProviderPath(pathname: string): boolean {
  return pathname === OPENID_CONFIGURATION_PATH || (pathname.startsWith('/oidc/') && !pathname.startsWith(`${INTERACTION_PATH}/`));
}

/** Paths where the provider decides about the browser's sign-in, and so needs our session. */
function needsSignIn(pathname: string): boolean {
  return (
    pathname === OIDC_ROUTES.authorization ||
    pathname.startsWith(`${OIDC_ROUTES.authorization}/`) ||
    pathname.startsWith(OIDC_ROUTES.end_session)
  );
}

export function oidcRoutes(app: FastifyInstance, ctx: AppContext): void {
  const registry = new ProviderRegistry(ctx, app.log);

  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    if (!request.organisation || !isProviderPath(pathname)) return;
    const { handle } = await registry.get(request.organisation);
    if (needsSignIn(pathname)) attachAuth(request.raw, await getAuth(ctx, request));
    reply.raw.setHeader('x-correlation-id', request.id);
    reply.raw.setHeader('content-security-policy', PROVIDER_CSP);
    reply.hijack();
    await handle(request.raw, reply.raw);
  });

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, (request, reply) => startInteraction(ctx, registry, request, reply));
  app.get<{ Params: { uid: string }; Querystring: { client_id?: string } }>(`${INTERACTION_PATH}/:uid/finish`, (request, reply) =>
    finishInteraction(ctx, registry, request, reply),
  );
}
