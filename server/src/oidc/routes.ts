/**
 * Mounts the organisations' OpenID Providers in two places of the request path:
 * - first of all hooks, the endpoints applications call from their servers (discovery, JWKS, token,
 *   userinfo, introspection, revocation, PAR) go straight to the organisation's provider, before
 *   Fastify's other hooks and body parsing: they need no session, and they are the hot path;
 * - after the session and security-header hooks, the endpoints a browser visits (authorization,
 *   its resume, sign-out) go to the provider with the Gatehouse sign-in of the request attached.
 * The interaction hand-over (/oidc/interaction/*) is ours.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { OAUTH_AUTHORIZATION_SERVER_PATH, OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';
import { correlationId } from '../http/correlation-id.ts';
import { isCrossSiteRequest } from '../http/csrf.ts';
import { isDatabaseUnavailable } from '../http/errors.ts';
import { getAuth } from '../http/request-context.ts';
import { labelRoute, observeRawRequest } from '../http/telemetry.ts';
import { browserScope } from '../scope/scope.ts';
import type { OrganisationResolver } from '../tenancy/resolver.ts';
import { finishInteraction, startInteraction } from './interaction.ts';
import { METADATA_MAX_AGE_S } from './keys.ts';
import { answerUnavailable, OUTAGE_LOG } from './outage.ts';
import { formRelayPage, RELAY_SCRIPT_SOURCE } from './pages.ts';
import { INTERACTION_PATH, OIDC_ROUTES } from './provider.ts';
import { type ProviderEntry, ProviderRegistry } from './registry.ts';
import { attachSignIn } from './request-sign-in.ts';

/**
 * Protocol pages send forms to the provider and redirect to applications (form_post responses, the
 * redirect after sign-out), so they carry no form-action limit; the provider adds the hash of its one
 * inline auto-submit script to script-src itself. Framing stays forbidden.
 */
const PROVIDER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

/** The protocol paths as telemetry labels them: each endpoint by its own path, anything else under /oidc as one. */
const PROTOCOL_ROUTES = new Set<string>([OPENID_CONFIGURATION_PATH, OAUTH_AUTHORIZATION_SERVER_PATH, ...Object.values(OIDC_ROUTES)]);
const protocolRoute = (pathname: string) => (PROTOCOL_ROUTES.has(pathname) ? pathname : '/oidc/*');

export function isProviderPath(pathname: string): boolean {
  return isMetadataPath(pathname) || (pathname.startsWith('/oidc/') && !pathname.startsWith(`${INTERACTION_PATH}/`));
}

/** Paths a browser visits, where the provider decides about the browser's sign-in and so needs our session. */
function isBrowserPath(pathname: string): boolean {
  return (
    pathname === OIDC_ROUTES.authorization ||
    pathname.startsWith(`${OIDC_ROUTES.authorization}/`) ||
    pathname.startsWith(OIDC_ROUTES.end_session) ||
    pathname === OIDC_ROUTES.code_verification ||
    // The device flow resumes at /oidc/device/{uid}/resume once the user has signed in.
    (pathname.startsWith(`${OIDC_ROUTES.code_verification}/`) && pathname !== OIDC_ROUTES.device_authorization)
  );
}

/**
 * Discovery and the JWKS may be cached briefly by anyone (relying parties, proxies): a new signing key
 * is published for longer than this before it signs (oidc/keys.ts).
 */
const METADATA_CACHE_CONTROL = `public, max-age=${METADATA_MAX_AGE_S}`;

/** OpenID discovery and its twin, RFC 8414 authorization server metadata. */
const isMetadataPath = (pathname: string) => pathname === OPENID_CONFIGURATION_PATH || pathname === OAUTH_AUTHORIZATION_SERVER_PATH;

/** Endpoints anyone may read from a page (discovery and keys); every other one is bound to a client. */
function isOpenToEveryOrigin(pathname: string): boolean {
  return isMetadataPath(pathname) || pathname === OIDC_ROUTES.jwks;
}

/**
 * RFC 8414 authorization server metadata is the discovery document itself (RFC 8414 3 lets an OpenID
 * provider publish the same values at both paths): the request is handed to the provider as its
 * discovery request, which also shares the kept answer, so the two can never differ. The issuer has no
 * path, so the well-known suffix is the whole path (RFC 8414 3.1).
 */
function asDiscoveryRequest(req: IncomingMessage): void {
  const url = req.url ?? '';
  if (url === OAUTH_AUTHORIZATION_SERVER_PATH || url.startsWith(`${OAUTH_AUTHORIZATION_SERVER_PATH}?`))
    req.url = `${OPENID_CONFIGURATION_PATH}${url.slice(OAUTH_AUTHORIZATION_SERVER_PATH.length)}`;
}

/**
 * The provider grants every CORS preflight (it cannot know the client before the real request), so a
 * page anywhere learns it may post to the token endpoint. Preflights to client-bound endpoints are
 * granted here only to the origins of the organisation's redirect URIs; the rest are refused with no
 * CORS headers, which a browser reads as "not allowed". Answers whether it refused.
 */
function refusedPreflight(req: IncomingMessage, res: ServerResponse, entry: ProviderEntry): boolean {
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  if (isOpenToEveryOrigin((req.url ?? '').split('?', 1)[0]!)) return false;
  const origin = req.headers.origin;
  if (origin && entry.corsOrigins.has(origin)) return false;
  res.writeHead(403, { vary: 'Origin', 'content-length': '0' });
  res.end();
  return true;
}

/**
 * Discovery and the JWKS as the organisation's provider answered them, kept per provider entry: a new
 * entry (keys rotated, settings or applications changed, here or in another process through the
 * revision) starts empty, so a kept answer is never older than the provider's own. Answered from here
 * before any other work, with an ETag (304 for If-None-Match). Only requests without Origin are
 * answered from here: a browser's carries CORS headers the provider writes for that origin.
 */
interface KeptAnswer {
  headers: Record<string, string | number | string[]>;
  body: Buffer;
  etag: string;
}
const keptAnswers = new WeakMap<ProviderEntry, Map<string, KeptAnswer>>();
/** Headers of one response only, never replayed. */
const PER_RESPONSE = new Set(['x-correlation-id', 'date', 'connection', 'keep-alive']);

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);

/** Answers a keepable request from what was kept; false when there is nothing kept for it (or it may not be). */
function answerKept(req: IncomingMessage, res: ServerResponse, entry: ProviderEntry, keepable: boolean): boolean {
  if (!keepable) return false;
  const kept = keptAnswers.get(entry)?.get(req.url!);
  if (!kept) return false;
  for (const [name, value] of Object.entries(kept.headers)) res.setHeader(name, value);
  if (etagMatches(req.headers['if-none-match'], kept.etag)) {
    res.removeHeader('content-length');
    res.removeHeader('content-type');
    res.writeHead(304).end();
  } else res.writeHead(200).end(req.method === 'HEAD' ? undefined : kept.body);
  return true;
}

/**
 * The chunks joined in a buffer of its own: not a slice of Node's shared 64 KB pool, which a kept answer
 * would pin whole (a thousand organisations' answers held 16 MB of pools for 5 MB of answers), and
 * which the first requests of many organisations would churn through.
 */
function joined(chunks: readonly (string | Uint8Array)[]): Buffer {
  const body = Buffer.allocUnsafeSlow(chunks.reduce((length, chunk) => length + Buffer.byteLength(chunk), 0));
  let offset = 0;
  for (const chunk of chunks) {
    if (typeof chunk === 'string') offset += body.write(chunk, offset);
    else {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  return body;
}

/** Lets the provider answer, keeping a whole 200 answer (with its ETag added) for the next request. */
function keepAnswer(req: IncomingMessage, res: ServerResponse, entry: ProviderEntry): void {
  const chunks: (string | Uint8Array)[] = [];
  const end = res.end.bind(res) as (body?: Buffer) => ServerResponse;
  // A written buffer is copied: the writer may reuse it once write() returns.
  res.write = ((chunk: string | Uint8Array) => (
    chunks.push(typeof chunk === 'string' ? chunk : Uint8Array.from(chunk)),
    true
  )) as ServerResponse['write'];
  res.end = ((chunk?: string | Uint8Array | (() => void)) => {
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(chunk);
    const body = joined(chunks);
    if (res.statusCode === 200 && !res.headersSent && body.length > 0) {
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      res.setHeader('etag', etag);
      const headers = Object.fromEntries(
        Object.entries(res.getHeaders()).filter(([name, value]) => value !== undefined && !PER_RESPONSE.has(name)),
      ) as KeptAnswer['headers'];
      let kept = keptAnswers.get(entry);
      if (!kept) keptAnswers.set(entry, (kept = new Map()));
      kept.set(req.url!, { headers, body, etag });
    }
    return end(body);
  }) as ServerResponse['end'];
}

async function handOver(registry: ProviderRegistry, request: FastifyRequest, reply: FastifyReply, headers: Record<string, string>) {
  const entry = await registry.get(request.organisation!);
  for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
  // Fastify still logs the answer of a hijacked request ('request completed') once it is sent.
  reply.hijack();
  if (isOpenToEveryOrigin(request.url.split('?', 1)[0]!)) reply.raw.setHeader('cache-control', METADATA_CACHE_CONTROL);
  if (refusedPreflight(request.raw, reply.raw, entry)) return;
  asDiscoveryRequest(request.raw);
  await entry.handle(request.raw, reply.raw);
}

/**
 * Server-to-server protocol calls are answered by the provider before anything else of Fastify runs:
 * on the main server, straight from its 'request' event (Fastify's own request handling costs as much
 * as the provider's answer to a discovery or JWKS request); anywhere else (the second address of
 * HOST=localhost), from the first onRequest hook. Anything that is not such a call, whose host is no
 * organisation, or that arrives while the server is closing, goes through Fastify as usual.
 * Answers the registry for oidcRoutes.
 */
export function registerProtocolEndpoints(app: FastifyInstance, ctx: AppContext, resolver: OrganisationResolver): ProviderRegistry {
  const registry = new ProviderRegistry(ctx, app.log);
  // What helmet would add, for responses that never reach it.
  const securityHeaders: Record<string, string> = {
    'content-security-policy': PROVIDER_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(ctx.config.publicScheme === 'https' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const isServerCall = (url: string | undefined) => {
    const pathname = (url ?? '').split('?', 1)[0]!;
    return isProviderPath(pathname) && !isBrowserPath(pathname);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isServerCall(request.url)) return;
    try {
      request.organisation = await resolver.resolve(request.headers.host);
      if (!request.organisation) return;
      await handOver(registry, request, reply, { ...securityHeaders, 'x-correlation-id': request.id });
    } catch (error) {
      if (!isDatabaseUnavailable(error) || reply.sent) throw error;
      request.log.error({ err: error }, OUTAGE_LOG);
      reply.hijack();
      answerUnavailable(reply.raw);
    }
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const server = app.server;
  const fastifyHandlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const toFastify = (req: IncomingMessage, res: ServerResponse) => {
    for (const handler of fastifyHandlers) handler.call(server, req, res);
  };
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing || !isServerCall(req.url)) return toFastify(req, res);
    const started = performance.now();
    void (async () => {
      const org = await resolver.resolve(req.headers.host);
      if (!org) return toFastify(req, res);
      observeRawRequest(ctx.telemetry, req, res, protocolRoute((req.url ?? '').split('?', 1)[0]!), started);
      const pending = registry.get(org);
      const entry = pending instanceof Promise ? await pending : pending;
      res.setHeader('x-correlation-id', correlationId());
      asDiscoveryRequest(req);
      // Discovery and keys, exactly as asked for by relying parties' servers: kept (see keepAnswer).
      const keepable = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.origin && isOpenToEveryOrigin(req.url ?? '');
      if (answerKept(req, res, entry, keepable)) return;
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      if (isOpenToEveryOrigin((req.url ?? '').split('?', 1)[0]!)) res.setHeader('cache-control', METADATA_CACHE_CONTROL);
      if (refusedPreflight(req, res, entry)) return;
      if (keepable && req.method === 'GET') keepAnswer(req, res, entry);
      await entry.handle(req, res);
    })().catch((error: unknown) => {
      if (res.headersSent) return;
      // The organisation or its provider could not be read: the protocol's 503, or Fastify's 500 for anything else.
      if (!isDatabaseUnavailable(error)) return toFastify(req, res);
      app.log.error({ err: error }, OUTAGE_LOG);
      answerUnavailable(res);
    });
  });
  return registry;
}

/**
 * Endpoints a relying party may send the browser to with a form POST as well as a GET (OIDC Core
 * 3.1.2.1, RP-Initiated Logout 1.0). The provider takes GETs only (its POST support needs SameSite=None
 * cookies), so a form posted from this organisation's own pages is handed to it as the GET request of
 * the same parameters, inside this process. One posted from the application's site carries no
 * SameSite=Lax cookie (the browser's sign-in is unknown to it): it is answered with a page that posts
 * the same form again from here, now with the cookies. Either way the parameters (an id_token_hint
 * among them) stay in request bodies, never a 303's Location,
 * which would put them in the browser's history and the logs.
 */
const FORM_POST_PATHS = new Set<string>([OIDC_ROUTES.authorization, OIDC_ROUTES.end_session]);
const FORM_POST_LIMIT = 64 * 1024;
/**
 * The relay page's policy: its one script by hash. No form-action limit: a browser applies it to the
 * redirects that follow the post too, and the provider's answer redirects to the application.
 */
export const RELAY_CSP = PROVIDER_CSP.replace("script-src 'self'", `script-src 'self' ${RELAY_SCRIPT_SOURCE}`);

/** The form's parameters, or the answer already sent when the body is no form or too large. */
async function readFormPost(request: FastifyRequest, reply: FastifyReply): Promise<URLSearchParams | FastifyReply> {
  const type = String(request.headers['content-type'] ?? '')
    .split(';', 1)[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return reply.code(415).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Unsupported Media Type');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_POST_LIMIT) {
      return reply
        .code(413)
        .header('cache-control', 'no-store')
        .header('connection', 'close')
        .type('text/plain; charset=utf-8')
        .send('Payload Too Large');
    }
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function relayPage(request: FastifyRequest, reply: FastifyReply, pathname: string, params: URLSearchParams): FastifyReply {
  return (
    reply
      .code(200)
      .header('cache-control', 'no-store')
      .header('content-security-policy', RELAY_CSP)
      // The relayed POST carries this origin in Origin (under no-referrer a browser would send "null").
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(formRelayPage(request.organisation!.displayName, pathname, params))
  );
}

/** The posted form as the provider's GET request of the same parameters (the URL never leaves the process). */
function asProviderGet(request: FastifyRequest, pathname: string, params: URLSearchParams): void {
  const query = params.toString();
  request.raw.method = 'GET';
  request.raw.url = query ? `${pathname}?${query}` : pathname;
  delete request.raw.headers['content-type'];
  delete request.raw.headers['content-length'];
}

/** The browser's protocol paths (after the session and security-header hooks) and the interaction hand-over. */
export function oidcRoutes(app: FastifyInstance, ctx: AppContext, registry: ProviderRegistry): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    if (!request.organisation || !isBrowserPath(pathname)) return;
    labelRoute(request, protocolRoute(pathname));
    if (request.method === 'POST' && FORM_POST_PATHS.has(pathname)) {
      const params = await readFormPost(request, reply);
      if (!(params instanceof URLSearchParams)) return params;
      if (isCrossSiteRequest(request.headers, ctx.config.publicScheme)) return relayPage(request, reply, pathname, params);
      asProviderGet(request, pathname, params);
    }
    const auth = await getAuth(ctx, request);
    attachSignIn(request.raw, auth, browserScope(ctx.db.kysely, request.organisation, auth?.user ?? null, request));
    await handOver(registry, request, reply, { 'content-security-policy': PROVIDER_CSP, 'x-correlation-id': request.id });
  });

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, (request, reply) => startInteraction(ctx, registry, request, reply));
  app.get<{ Params: { uid: string }; Querystring: { client_id?: string } }>(`${INTERACTION_PATH}/:uid/finish`, (request, reply) =>
    finishInteraction(ctx, registry, request, reply),
  );
}
