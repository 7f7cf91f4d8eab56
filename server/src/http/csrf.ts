/**
 * CSRF defence for state-changing calls, decided on the route the router actually matched (never on
 * the raw URL, which a browser may send percent-encoded): a browser's request must come from this
 * very origin, scheme and port included. Browsers send Origin on every cross-site and same-site POST;
 * Sec-Fetch-Site backs it up. Requests with neither header come from non-browser clients, which carry
 * no ambient cookies of a victim.
 *
 * Paths that are not in canonical form are refused before anything else looks at them (see
 * canonical-path.ts), so no hook, log line or route can read one path while the router runs another.
 */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { nonCanonicalPath } from './canonical-path.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A form another site posts by design (a SAML IdP's answer to our ACS URL). Such a route must act
     * on no ambient cookie: connections/saml-sign-in.ts only keeps the answer and sends the browser on.
     */
    crossSiteForm?: boolean;
  }
}

/** The origin a browser shows for a page of `host` served under `scheme` (URL drops a default port, as browsers do). */
function originOfHost(scheme: string, host: string): string | null {
  return URL.parse(`${scheme}://${host}`)?.origin ?? null;
}

/**
 * True when the request comes from another origin than `scheme://host` (or from an opaque origin),
 * by its Origin header, or by Sec-Fetch-Site when there is no Origin.
 */
export function isCrossSiteRequest(headers: Record<string, string | string[] | undefined>, scheme: string): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string') {
    const expected = originOfHost(scheme, String(headers.host ?? ''));
    if (expected === null || origin === 'null') return true;
    return URL.parse(origin)?.origin !== expected;
  }
  if (Array.isArray(origin)) return true;
  const site = headers['sec-fetch-site'];
  return typeof site === 'string' && site !== 'same-origin' && site !== 'none';
}

export function registerCsrfCheck(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (nonCanonicalPath(request.url)) throw new AppError('PATH_NOT_CANONICAL');
    // Every state-changing route of ours is checked; what matched no route (the provider's own browser
    // endpoints, which have their own defences, and not-found answers) changes nothing here.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.url === undefined) return;
    if (request.routeOptions.config.crossSiteForm === true) return;
    if (isCrossSiteRequest(request.headers, ctx.config.publicScheme)) throw new AppError('CSRF_REJECTED');
  });
}
