/**
 * Failed client authentication at the endpoints applications call with their credentials is said and
 * logged. The engine answers every failure with `invalid_client` / "client authentication failed" and
 * logs nothing, so an application configured for the other secret method (openid-client sends
 * client_secret_post unless told otherwise) had nothing to go on, and neither had its operator.
 */
import type { Log } from '../telemetry/log.ts';
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';

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
