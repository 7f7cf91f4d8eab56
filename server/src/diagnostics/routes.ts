/** The operations surface: health probes, and the draining that precedes a shutdown. */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { isReady } from './service.ts';

/** Whether the process is shutting down: it still serves, but tells load balancers to send no more. */
export interface Lifecycle {
  draining: boolean;
  /** With REDIS_URL: whether organisation changes of other processes reach this one at once. */
  organisationChanges?: { readonly live: boolean };
}

/** On every answer of the process: clients of a draining process open their next connection elsewhere. */
export function registerDraining(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
}

/**
 * The probes, in their own plugin: answered without looking up an organisation (a silent database must
 * not hold /readyz), and with their own error answer, plain JSON a load balancer reads. Room here for
 * what operators call besides (the Prometheus scrape has its own listener: telemetry/listener.ts).
 */
export async function operationsSurface(ops: FastifyInstance, options: { ctx: AppContext; lifecycle: Lifecycle }): Promise<void> {
  const { ctx, lifecycle } = options;
  ops.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'probe failed');
    return reply.code(503).send({ status: 'error', correlationId: request.id });
  });

  // The process is up and serving.
  ops.get('/healthz', { config: { organisation: false } }, async () => ({ status: 'ok' }));

  // The process can do useful work: its database answers, and it is not shutting down.
  ops.get('/readyz', { config: { organisation: false } }, async (_request, reply) => {
    if (lifecycle.draining) return reply.code(503).send({ status: 'shutting down' });
    const ok = await isReady(ctx);
    // Redis is reported, not required: without it a change reaches this process within 2 s.
    const changes = lifecycle.organisationChanges;
    const redis = changes ? { redis: changes.live ? 'subscribed' : 'unreachable' } : {};
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unreachable', ...redis });
  });
}
