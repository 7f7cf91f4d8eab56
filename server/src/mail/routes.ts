/**
 * The development outbox page at /dev/outbox on the base host: only when no SMTP server (or no SMS
 * provider) is configured, only over http, and only to requests from this machine, because it shows
 * every message with its links and codes. It lists only the channels that are not being delivered.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../context.ts';
import { parse } from '../http/validate.ts';
import { renderOutboxPage } from './outbox-page.ts';
import { listOutbox, outboxChannels, outboxHtml } from './service.ts';

export const DEV_OUTBOX_PATH = '/dev/outbox';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function devOutboxEnabled(ctx: AppContext): boolean {
  return outboxChannels(ctx).length > 0 && ctx.config.publicScheme === 'http';
}

const allowed = (request: FastifyRequest) => request.organisation?.isBase === true && LOOPBACK.has(request.socket.remoteAddress ?? '');

export function devOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!devOutboxEnabled(ctx)) return;

  app.get(DEV_OUTBOX_PATH, async (request, reply) => {
    if (!allowed(request)) return reply.callNotFound();
    const { org: name } = parse(z.object({ org: z.string().max(63).optional() }), request.query);
    const channels = outboxChannels(ctx);
    const entries = (await listOutbox(ctx, { organisation: name, limit: 50, channels })) ?? [];
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(entries, name, channels));
  });

  app.get<{ Params: { id: string } }>(`${DEV_OUTBOX_PATH}/:id`, async (request, reply) => {
    const id = Number(request.params.id);
    if (!allowed(request) || !Number.isSafeInteger(id)) return reply.callNotFound();
    const html = await outboxHtml(ctx, id);
    if (!html) return reply.callNotFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; sandbox")
      .send(html);
  });
}
