/**
 * API answers are personal (the account, users, secrets) unless a route says otherwise: a shared or
 * browser cache must never keep them. Routes that are public (stylesheets, images) set their own
 * Cache-Control, which this leaves alone.
 */
import type { FastifyInstance } from 'fastify';

export function registerPrivateByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Paths are canonical by now (canonical-path.ts), so the raw URL names the route that ran.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
