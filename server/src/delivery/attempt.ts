/**
 * One delivery attempt of an outbox message through its channel's courier, and its outcome written: the
 * piece shared by the one-at-a-time dispatchers (outbox.ts) and the concurrent loops (concurrent.ts).
 */
import { HOUR, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import { type Channel, type Courier, type OutboxMessage, UndeliverableError } from './courier.ts';
import { markMailFailed, markMailSent, releaseMail } from './store.ts';

/** What an attempt needs of the context (the outbox is built before the context that holds it). */
export type DeliveryParts = Pick<AppContext, 'db' | 'clock' | 'telemetry'>;

/** Attempt n waits 2^(n-1) minutes after the previous one, at most an hour: 10 attempts span about 4 hours. */
export const MAX_ATTEMPTS = 10;
const retryDelay = (attempts: number) => Math.min(2 ** (attempts - 1) * MINUTE, HOUR);

export interface DeliveryReport {
  sent: number;
  retrying: number;
  /** Messages given up on after MAX_ATTEMPTS: their ids and the last error. */
  failed: { id: number; error: string }[];
}

export type AttemptOutcome =
  { result: 'sent' } | { result: 'retrying' | 'failed'; error: string; undeliverable: boolean } | { result: 'stopped' | 'expired' };

/**
 * One attempt of a claimed message (its lease taken and its attempts counted by claimMail), and its
 * outcome written: sent, due again after the courier's delay, or given up on. An attempt stopped by
 * `signal` (shutdown) is given back as it was: due, its attempt not counted, for any process to take.
 */
export async function attemptDelivery(
  ctx: DeliveryParts,
  channel: Channel,
  courier: Courier,
  message: OutboxMessage,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const db = ctx.db.kysely;
  const { organisationId } = message;
  if (courier.maxAgeMs !== undefined && ctx.clock.now() - message.created_at > courier.maxAgeMs) {
    await markMailFailed(scoped(db, organisationId), message.id, 'expired before it could be delivered', null);
    return { result: 'expired' };
  }
  try {
    await courier.send(message, signal);
    await markMailSent(scoped(db, organisationId), message.id, ctx.clock.now(), courier.keepsBody ?? false);
    return { result: 'sent' };
  } catch (error) {
    if (signal?.aborted) {
      await releaseMail(scoped(db, organisationId), message.id, message.locked_until);
      return { result: 'stopped' };
    }
    // The server's answer, never the message: it holds links and codes.
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const undeliverable = error instanceof UndeliverableError;
    const giveUp = undeliverable || message.attempts >= (courier.retry?.maxAttempts ?? MAX_ATTEMPTS);
    const delay = courier.retry?.delayMs(message.attempts) ?? retryDelay(message.attempts);
    await markMailFailed(scoped(db, organisationId), message.id, reason, giveUp ? null : ctx.clock.now() + delay);
    ctx.telemetry.deliveryFailures.inc({ channel, final: String(giveUp) });
    return { result: giveUp ? 'failed' : 'retrying', error: reason, undeliverable };
  }
}
