/**
 * CSRF defence for state-changing API calls: a browser's request must come from this very host.
 * Browsers send Origin on every cross-site and same-site POST; Sec-Fetch-Site backs it up.
 * Requests with neither header come from non-browser clients, which carry no ambient cookies of a victim.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteRequest(headers: Record<string, string | string[] | undefined>): boolean {
  const origin = headers.origin;
  const host = headers.host;
  if (typeof origin === 'string') {
    if (origin === 'null') return true;
    try {
      return new URL(origin).host.toLowerCase() !== String(host ?? '').toLowerCase();
    } catch {
      return true;
    }
  }
  const site = headers['sec-fetch-site'];
  return typeof site === 'string' && site !== 'same-origin' && site !== 'none';
}

export function registerCsrfCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (isCrossSiteRequest(request.headers)) throw new AppError('CSRF_REJECTED');
  });
}
