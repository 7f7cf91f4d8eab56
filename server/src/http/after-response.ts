/**
 * Work that must not change how long an answer takes (whether an address has an account must not
 * show in the response time): it runs once the response has been sent. Such work is tracked, so the
 * server finishes it before it closes, and failures are logged with the request's correlation id.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

const pending = new WeakMap<FastifyInstance, Set<Promise<void>>>();

export function afterResponse(reply: FastifyReply, task: () => Promise<void>): void {
  const tasks = pending.get(reply.server) ?? new Set<Promise<void>>();
  pending.set(reply.server, tasks);
  reply.raw.once('finish', () => {
    const running = task().catch((error: unknown) => reply.log.error({ err: error }, 'work after the response failed'));
    tasks.add(running);
    void running.finally(() => tasks.delete(running));
  });
}

/** Resolves once the work of every request answered so far has finished. */
export async function settledAfterResponse(app: FastifyInstance): Promise<void> {
  await Promise.all(pending.get(app) ?? []);
}

/** Lets the work of answered requests finish when the server closes. */
export function registerAfterResponseDrain(app: FastifyInstance): void {
  app.addHook('onClose', () => settledAfterResponse(app));
}
