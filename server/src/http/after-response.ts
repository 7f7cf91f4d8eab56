/**
 * Work that must not change how long an answer takes (whether an address has an account must not
 * show in the response time): it runs once the response has been sent. Such work is tracked, so the
 * server finishes it before it closes, and failures are logged with the request's correlation id.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The work still running after answered requests, shared by the root and its plugins. */
    afterResponseTasks: Set<Promise<void>>;
  }
}

export function afterResponse(reply: FastifyReply, task: () => Promise<void>): void {
  const tasks = reply.server.afterResponseTasks;
  reply.raw.once('finish', () => {
    const running = task().catch((error: unknown) => reply.log.error({ err: error }, 'work after the response failed'));
    tasks.add(running);
    void running.finally(() => tasks.delete(running));
  });
}

/** Resolves once the work of every request answered so far has finished. */
export async function settledAfterResponse(app: FastifyInstance): Promise<void> {
  await Promise.all(app.afterResponseTasks);
}

/** Tracks the work of answered requests (on the root: every plugin sees the same set), and lets it finish when the server closes. */
export function registerAfterResponseDrain(app: FastifyInstance): void {
  app.decorate('afterResponseTasks', new Set<Promise<void>>());
  app.addHook('onClose', () => settledAfterResponse(app));
}
