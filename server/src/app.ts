/** Builds the Fastify instance from a context; main.ts listens with it and tests use it directly. */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';

import { sessionAuthenticator } from './accounts/request-auth.ts';
import { accountRoutes } from './accounts/routes.ts';
import { addressListRoutes } from './address-lists/routes.ts';
import { standingOf } from './address-lists/service.ts';
import { authenticateManagementCall } from './apis/bearer.ts';
import { apiRoutes } from './apis/routes.ts';
import { applicationRoutes } from './applications/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { baseOrganisationRoutes } from './base-organisation/routes.ts';
import { connectionBrowserRoutes, connectionRoutes } from './connections/routes.ts';
import type { AppContext } from './context.ts';
import { type Lifecycle, operationsSurface, registerDraining } from './diagnostics/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { registerAfterResponseDrain } from './http/after-response.ts';
import { registerPrivateByDefault } from './http/cache-control.ts';
import { correlationId } from './http/correlation-id.ts';
import { registerCsrfCheck } from './http/csrf.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerInputHygiene } from './http/input-hygiene.ts';
import { registerOrganisationLanguage, registerRequestLanguage, startLanguages } from './http/language.ts';
import { registerLimiter } from './http/limits.ts';
import { serializeReply, serializeRequest } from './http/log-redaction.ts';
import { openApiRoutes } from './http/openapi.ts';
import { PrettyLogController, prettyLogStream } from './http/pretty-log.ts';
import { registerRequestContext } from './http/request-context.ts';
import { securityHeaderOptions } from './http/security-headers.ts';
import { registerRequestTelemetry } from './http/telemetry.ts';
import { importRoutes } from './imports/routes.ts';
import { JOBS } from './jobs/registry.ts';
import { devOutboxRoutes } from './mail/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { mfaRoutes } from './mfa/routes.ts';
import { oidcRoutes, registerProtocolEndpoints } from './oidc/routes.ts';
import { organisationRoutes } from './organisations/routes.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { recoveryRoutes } from './recovery/routes.ts';
import { roleRoutes } from './roles/routes.ts';
import { samlAppRoutes, samlIdpBrowserRoutes } from './saml-apps/routes.ts';
import { SCIM_PREFIX, scimPlugin } from './scim/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { signUpRoutes } from './signup/routes.ts';
import { registerSpa } from './spa/static.ts';
import { supportRoutes } from './support/routes.ts';
import { registerGauges } from './telemetry/gauges.ts';
import { startTelemetryListener, type TelemetryListener } from './telemetry/listener.ts';
import { LIVE_ORGANISATION_CACHE_MS, subscribeToOrganisationChanges } from './tenancy/changes.ts';
import { onOrganisationChanged } from './tenancy/notice.ts';
import { OrganisationResolver } from './tenancy/resolver.ts';
import { linkTokenRoutes } from './tokens/routes.ts';
import { userRoutes } from './users/routes.ts';
import { registerWebhookGauges } from './webhooks/delivery.ts';
import { webhookRoutes } from './webhooks/routes.ts';

export interface AppOptions {
  /** Where the built SPA lives; defaults to web/dist. */
  webDist?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export interface GatehouseApp {
  app: FastifyInstance;
  resolver: OrganisationResolver;
  /** Set `draining` on SIGTERM: /readyz answers 503 and responses close their connections. */
  lifecycle: Lifecycle;
  /** Every route registered (method and URL pattern): tests walk all of them, not a sample. */
  routes: readonly { method: string; url: string }[];
  /** The port /metrics is served on once the app listens, or null (METRICS_PORT=off, or the port was taken). */
  telemetryPort(): number | null;
}

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<GatehouseApp> {
  const pretty = ctx.config.logFormat === 'pretty' && !options.logStream;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: { req: serializeRequest, res: serializeReply },
            ...(options.logStream ? { stream: options.logStream } : pretty ? { stream: prettyLogStream() } : {}),
          },
    ...(pretty ? { logController: new PrettyLogController() } : {}),
    genReqId: correlationId,
    requestIdHeader: false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  // With Redis, processes tell each other of organisation changes, and organisations are cached longer.
  const changes = ctx.config.redisUrl
    ? subscribeToOrganisationChanges(ctx.config.redisUrl, (id) => (id === null ? resolver.invalidate() : resolver.forget(id)), app.log)
    : null;
  const resolver = new OrganisationResolver(ctx, () => (changes?.live ? LIVE_ORGANISATION_CACHE_MS : ctx.config.organisationCacheMs));
  // A change or deletion committed in this process: its cached organisation goes at once, and every other process is told.
  onOrganisationChanged(ctx, (organisationId) => resolver.forget(organisationId));
  if (changes) {
    onOrganisationChanged(ctx, (organisationId) => changes.publish(organisationId));
    app.addHook('onClose', () => changes.close());
  }
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-correlation-id', request.id);
  });
  registerRequestTelemetry(app, ctx.telemetry);
  // Applications' server-to-server protocol calls are answered before all other hooks (oidc/routes.ts).
  const providers = registerProtocolEndpoints(app, ctx, resolver);
  ctx.providers = providers;
  registerGauges(
    ctx.telemetry,
    ctx,
    JOBS.map((job) => job.name),
    () => providers.size,
  );
  registerWebhookGauges(ctx.telemetry, ctx);
  const telemetry = { listener: null as TelemetryListener | null };
  const telemetryAddress = ctx.config.telemetry;
  if (telemetryAddress) {
    app.addHook('onListen', async () => {
      if (telemetry.listener) return;
      try {
        telemetry.listener = await startTelemetryListener(ctx.telemetry, telemetryAddress);
      } catch (error) {
        // Several processes on one machine need a METRICS_PORT each; serving sign-ins matters more than telemetry.
        app.log.warn({ err: error, ...telemetryAddress }, 'telemetry is not served: its address is taken; set METRICS_PORT (or off)');
      }
    });
    app.addHook('onClose', async () => telemetry.listener?.close());
  }
  // The security headers, built once: @fastify/helmet parses these options again on every request.
  const securityHeaders = helmet(securityHeaderOptions(ctx.config.publicScheme === 'https'));
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(fastifyCookie, { secret: ctx.config.cookieSecret });
  await startLanguages();
  registerRequestLanguage(app);
  await app.register(fastifyFormbody, { bodyLimit: 256 * 1024 });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 4, fields: 100, parts: 104 } });

  registerErrorHandler(app);
  registerLimiter(app, ctx, (organisation, address) => standingOf(ctx, organisation, address));
  registerAfterResponseDrain(app);
  registerPrivateByDefault(app);
  registerRequestContext(app, ctx, resolver, { session: sessionAuthenticator, bearer: authenticateManagementCall });
  registerOrganisationLanguage(app);
  registerCsrfCheck(app, ctx);
  registerInputHygiene(app);
  oidcRoutes(app, ctx, providers);
  connectionBrowserRoutes(app, ctx);
  samlIdpBrowserRoutes(app, ctx);

  const lifecycle: Lifecycle = { draining: false, ...(changes ? { organisationChanges: changes } : {}) };
  registerDraining(app, lifecycle);
  // The surfaces, each an encapsulated plugin with its own error answer; the hooks above apply to all.
  // Operations: the health probes.
  await app.register(operationsSurface, { ctx, lifecycle });
  // The browser API (/api): cookie sessions, CSRF by Origin, the JSON error model; every route
  // declared on the endpoint contract (common/src/api).
  await app.register(async (api) => {
    registerErrorHandler(api);
    accountRoutes(api, ctx);
    organisationRoutes(api, ctx, resolver);
    addressListRoutes(api, ctx);
    signUpRoutes(api, ctx);
    linkTokenRoutes(api, ctx);
    recoveryRoutes(api, ctx);
    userRoutes(api, ctx);
    sessionRoutes(api, ctx);
    baseOrganisationRoutes(api, ctx);
    supportRoutes(api, ctx);
    applicationRoutes(api, ctx);
    mfaRoutes(api, ctx);
    passkeyRoutes(api, ctx);
    webhookRoutes(api, ctx);
    connectionRoutes(api, ctx);
    samlAppRoutes(api, ctx);
    apiRoutes(api, ctx);
    groupRoutes(api, ctx);
    roleRoutes(api, ctx);
    auditRoutes(api, ctx);
    importRoutes(api, ctx);
    metricsRoutes(api, ctx);
    openApiRoutes(api, ctx);
  });
  // The development outbox: an operator's page, not part of the API.
  devOutboxRoutes(app, ctx);
  // The protocol endpoints are oidcRoutes above (their fast path answers before any of this).
  // SCIM (/scim/v2) gets its own surface here: bearer tokens of applications, RFC 7644 error bodies.
  await app.register(scimPlugin, { prefix: SCIM_PREFIX, ctx, registry: providers });
  await registerSpa(app, ctx, options.webDist);

  return { app, resolver, lifecycle, routes, telemetryPort: () => telemetry.listener?.port ?? null };
}
