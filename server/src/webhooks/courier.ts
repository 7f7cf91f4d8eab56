/**
 * Delivers webhook messages of the outbox: looks up the endpoint (it may have been changed or deleted
 * since the event), signs the payload with its secret, and posts it within the limits of outbound/post.ts.
 * Retries follow the Standard Webhooks schedule, spanning more than a day.
 */
import { HOUR, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import { type Courier, type OutboxMessage, UndeliverableError } from '../delivery/courier.ts';
import { DEFAULT_POST_LIMITS, postWebhook } from '../outbound/post.ts';
import { webhookHeaders } from '../outbound/webhook-signing.ts';
import { endpointSecret } from './secrets.ts';
import { findEndpoint } from './store.ts';

/** Waits after each failed attempt: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts over about 28 hours. */
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** The webhook-id of a message: the same on every attempt, so receivers can drop repeats. */
export const webhookMessageId = (outboxId: number) => `msg_${outboxId}`;

export function webhookCourier(ctx: AppContext): Courier {
  return {
    keepsBody: true,
    retry: {
      delayMs: (attempts) => RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!,
      maxAttempts: RETRY_DELAYS_MS.length + 1,
    },
    async send(message: OutboxMessage, signal?: AbortSignal) {
      const endpoint = await findEndpoint(scoped(ctx.db.kysely, message.organisationId), message.recipient);
      if (!endpoint) throw new UndeliverableError('the endpoint was deleted');
      if (!endpoint.enabled) throw new UndeliverableError('the endpoint is disabled');
      const body = message.body ?? '';
      const headers = webhookHeaders(
        endpointSecret(ctx, message.organisationId, endpoint),
        webhookMessageId(message.id),
        Math.floor(ctx.clock.now() / 1000),
        body,
      );
      await postWebhook(endpoint.url, headers, body, {
        ...DEFAULT_POST_LIMITS,
        allowPrivate: ctx.config.webhooksAllowPrivate,
        signal,
      });
    },
    close() {},
  };
}
