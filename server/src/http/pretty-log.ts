/**
 * Log lines for a person at a terminal (LOG_FORMAT=pretty): one short line per request, with time,
 * level and message, and the request id last. Fastify's own two lines per request (incoming, completed)
 * become that one line; pino-pretty is loaded only here (production logs JSON and never needs it).
 */
import { createRequire } from 'node:module';

import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type PinoPretty from 'pino-pretty';

import { redactUrl, requestParties } from './log-redaction.ts';

export function prettyLogStream() {
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pinoPretty({
    sync: true,
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime',
  });
}

/** `GET /users 200 4.1 ms (acme, user …)` once the answer is sent, and nothing when the request arrives. */
export class PrettyLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const parties = requestParties(request);
    const who = [
      parties.organisation,
      parties.userId && `user ${parties.userId}`,
      parties.applicationId && `application ${parties.applicationId}`,
    ];
    const suffix = who.filter(Boolean).join(', ');
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms${suffix ? ` (${suffix})` : ''}`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
