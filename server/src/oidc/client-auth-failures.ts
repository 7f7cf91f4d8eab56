/**
 * Failed client authentication at the endpoints applications call with their credentials is said and
 * logged. The engine answers every failure with `invalid_client` / "client authentication failed" and
 * logs nothing, so an application configured for the other secret method (openid-client sends
 * client_secret_post unless told otherwise) had nothing to go on, and neither had its operator.
 */
import { CREDENTIAL_FAILURE_LIMIT } from '@gatehouse/common/policy';
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';

import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { countFailure, enforceLimits } from '../http/limits.ts';
import type { Log } from '../telemetry/log.ts';
import type { Organisation } from '../tenancy/organisation.ts';

/** How each secret method is sent, for the answer to an application that sent its secret the other way. */
const HOW_SENT: Record<string, string> = {
  client_secret_basic: 'the client id and secret in an HTTP Basic Authorization header',
  client_secret_post: 'client_id and client_secret in the request body',
};

/**
 * The error for the right secret sent by the other method than the application is registered for: its
 * description names the registered method. Only the holder of the secret learns it.
 */
export function wrongClientAuthMethod(registered: string, used: string): InstanceType<typeof errors.InvalidClientAuth> {
  const error = new errors.InvalidClientAuth(`${used} used, the client is registered for ${registered}`);
  error.error_description = `the application is registered for ${registered} (${HOW_SENT[registered] ?? registered}), not ${used}`;
  return error;
}

/** The engine's error events of the endpoints that authenticate the client. */
const CLIENT_AUTHENTICATING_EVENTS = [
  'grant.error',
  'introspection.error',
  'revocation.error',
  'device_authorization.error',
  'pushed_authorization_request.error',
] as const;

/** A client id as sent, for a log line: bounded, whatever a caller sends. */
const sentClientId = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : undefined);

/** Logs each failed client authentication of `provider` with the client id and the engine's reason (never a secret). */
export function logFailedClientAuthentication(provider: Provider, log: Log, organisationId: string): void {
  // Each of these events is emitted with (ctx, error); the engine's types take one event name at a time.
  for (const event of CLIENT_AUTHENTICATING_EVENTS) {
    provider.on(event as 'grant.error', (koaCtx: KoaContextWithOIDC, error: Error) => {
      if (!(error instanceof errors.InvalidClientAuth)) return;
      log.warn(
        {
          organisationId,
          clientId: koaCtx.oidc?.client?.clientId ?? sentClientId(koaCtx.oidc?.params?.client_id),
          route: koaCtx.oidc?.route,
          reason: error.error_detail,
          reqId: koaCtx.res.getHeader('x-correlation-id'),
        },
        'client authentication failed',
      );
    });
  }
}

/**
 * Failed client authentications from one address are limited (common/src/policy.ts
 * CREDENTIAL_FAILURE_LIMIT): past the limit, a POST to one of `paths` (the endpoints that
 * authenticate the client) is answered 429 with Retry-After before the engine checks anything. A failure
 * is counted once the engine has answered it, before the answer leaves, so the next request sees it.
 */
export function limitFailedClientAuthentication(
  provider: Provider,
  ctx: AppContext,
  organisation: Organisation,
  paths: ReadonlySet<string>,
): void {
  const failed = new WeakSet<object>();
  for (const event of CLIENT_AUTHENTICATING_EVENTS) {
    provider.on(event as 'grant.error', (koaCtx: KoaContextWithOIDC, error: Error) => {
      if (error instanceof errors.InvalidClientAuth) failed.add(koaCtx);
    });
  }
  provider.use(async (koaCtx, next) => {
    if (koaCtx.method !== 'POST' || !paths.has(koaCtx.path)) return next();
    const caller = { organisation, address: koaCtx.ip };
    try {
      await enforceLimits(ctx, caller, 'client', [CREDENTIAL_FAILURE_LIMIT], 'address', undefined, false);
    } catch (error) {
      if (error instanceof AppError && error.code === 'ADDRESS_REFUSED') {
        // The organisation's list of addresses always refused: no protocol error fits better than access_denied.
        koaCtx.status = 403;
        koaCtx.set('cache-control', 'no-store');
        koaCtx.body = { error: 'access_denied', error_description: error.message };
        return;
      }
      if (!(error instanceof AppError) || error.retryAfterSeconds === undefined) throw error;
      koaCtx.status = 429;
      koaCtx.set('retry-after', String(error.retryAfterSeconds));
      koaCtx.set('cache-control', 'no-store');
      // OAuth names no error for this; temporarily_unavailable says "try again later", as the outage's 503 does.
      koaCtx.body = { error: 'temporarily_unavailable', error_description: error.message };
      return;
    }
    await next();
    if (failed.has(koaCtx)) await countFailure(ctx, caller, 'client', CREDENTIAL_FAILURE_LIMIT);
  });
}
