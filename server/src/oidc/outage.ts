/**
 * A database outage at the protocol endpoints answers 503 `temporarily_unavailable` with Retry-After,
 * as every other endpoint answers 503: a relying party or a load balancer retries on it, and nothing
 * was granted. The engine itself knows only its 500 `server_error` ("oops! something went wrong") for
 * anything it did not throw. So:
 * - the storage adapter rethrows an outage as the engine's own TemporarilyUnavailable with status 503
 *   (protocolOutage), which its error handlers send as they send any protocol error, and which the
 *   authorization endpoint redirects to the application as `error=temporarily_unavailable` (RFC 6749
 *   4.1.2.1: the redirect cannot carry a 503);
 * - an outage met elsewhere in the provider (the account lookup, a hook of ours) reaches the engine's
 *   `server_error` event; that answer is corrected on the way out (answerOutages) and on the error
 *   page (outageOut);
 * - a request whose organisation or provider cannot be read at all is answered before the provider
 *   (oidc/routes.ts, answerUnavailable).
 */
import type { ServerResponse } from 'node:http';

import { ERRORS } from '@gatehouse/common/errors';
import Provider, { type ErrorOut, errors, type KoaContextWithOIDC } from 'oidc-provider';

import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../http/errors.ts';
import type { Log } from '../telemetry/log.ts';

/** The API's words for it: the provider's error page shows the description to the person. */
const DESCRIPTION = ERRORS.UNAVAILABLE.message;

/** The log line of a protocol request answered 503 because the database is unavailable. */
export const OUTAGE_LOG = 'the database is unavailable: the protocol request answered 503';

/** The protocol's body of an outage (RFC 6749 5.2 error codes). */
export const OUTAGE_BODY = { error: 'temporarily_unavailable', error_description: DESCRIPTION } as const;

/** The request contexts that met an outage, with what the database said (for the log line). */
const outages = new WeakMap<object, unknown>();

/**
 * An error of the database as the engine's TemporarilyUnavailable (status 503, shown to the client);
 * any other error as it is.
 */
export function protocolOutage(error: unknown): unknown {
  if (!isDatabaseUnavailable(error)) return error;
  const request = Provider.ctx;
  if (request) outages.set(request, error);
  const outage = new errors.TemporarilyUnavailable(DESCRIPTION, { cause: error });
  return Object.assign(outage, { status: 503, statusCode: 503, expose: true });
}

/** The error page's content for `error`: the outage's rather than the engine's server_error. */
export function outageOut(out: ErrorOut, error: unknown): ErrorOut {
  return isDatabaseUnavailable(error) ? { ...out, ...OUTAGE_BODY } : out;
}

/** Registers the correction of outage answers on one provider (its `server_error` event and a middleware). */
export function answerOutages(provider: Provider, log: Log, organisationId: string): void {
  provider.on('server_error', (koaCtx: KoaContextWithOIDC, error: unknown) => {
    if (isDatabaseUnavailable(error)) outages.set(koaCtx, error);
  });
  provider.use(async (koaCtx, next) => {
    await next();
    if (!outages.has(koaCtx)) return;
    log.error(
      { err: outages.get(koaCtx), organisationId, route: koaCtx.oidc?.route, reqId: koaCtx.res.getHeader('x-correlation-id') },
      OUTAGE_LOG,
    );
    // The engine's 500 for an outage it did not recognise; a redirect to the application stays one.
    if (koaCtx.status === 500) koaCtx.status = 503;
    if (koaCtx.status !== 503) return;
    koaCtx.set('retry-after', String(RETRY_AFTER_SECONDS));
    koaCtx.set('cache-control', 'no-store');
    const body = koaCtx.body as { error?: unknown } | undefined;
    if (body && typeof body === 'object' && body.error === 'server_error') koaCtx.body = { ...OUTAGE_BODY };
  });
}

/** The outage's answer written straight to `res`, for a request the provider never saw. */
export function answerUnavailable(res: ServerResponse): void {
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(RETRY_AFTER_SECONDS),
  });
  res.end(JSON.stringify(OUTAGE_BODY));
}
