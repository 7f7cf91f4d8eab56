/** Health probes and the SPA's error reports. */
import type { FastifyInstance } from 'fastify';
import { accountApi } from '@gatehouse/common/api/account';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { isReady } from './service.ts';

/** Whether the process is shutting down: it still serves, but tells load balancers to send no more. */
export interface Lifecycle {
  draining: boolean;
  /** With REDIS_URL: whether organisation changes of other processes reach this one at once. */
  organisationChanges?: { readonly live: boolean };
}

export function diagnosticsRoutes(app: FastifyInstance, ctx: AppContext, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_request, reply) => {
    // Clients of a draining process open their next connection elsewhere.
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  // The process is up and serving.
  app.get('/healthz', { config: { organisation: false } }, async () => ({ status: 'ok' }));

  // The process can do useful work: its database answers, and it is not shutting down.
  app.get('/readyz', { config: { organisation: false } }, async (_request, reply) => {
    if (lifecycle.draining) return reply.code(503).send({ status: 'shutting down' });
    const ok = await isReady(ctx);
    // Redis is reported, not required: without it a change reaches this process within 2 s.
    const changes = lifecycle.organisationChanges;
    const redis = changes ? { redis: changes.live ? 'subscribed' : 'unreachable' } : {};
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unreachable', ...redis });
  });

  // The error boundary reports a crash of a signed-in user's page; logged with both correlation ids.
  serve(app, ctx, accountApi.logError, async ({ body }, { org, user }, request) => {
    request.log.error({ clientError: body, organisationId: org.id, userId: user.id }, 'client error reported');
  });
}
