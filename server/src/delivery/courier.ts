/**
 * What the outbox delivers through: a courier per channel, registered when the context is built
 * (boot.ts), so that the outbox itself names no transport and no domain.
 */
import type { MailOutboxRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';

export type Channel = MailOutboxRow['channel'];

/** A message claimed for an attempt, with the organisation whose scoped store claimed it. */
export type OutboxMessage = Unstamped<MailOutboxRow> & { organisationId: string };

/** Every channel of the outbox, in the order the development outbox and the job list them. */
export const CHANNELS: readonly Channel[] = ['email', 'sms', 'webhook', 'logout'];

/** Delivers one channel's messages: SMTP for email, the SMS provider for texts, HTTP for webhooks and logout tokens. */
export interface Courier {
  /** Delivers the message; `signal` stops the attempt (shutdown). */
  send(message: OutboxMessage, signal?: AbortSignal): Promise<void>;
  close(): void;
  /** A message older than this is given up on rather than sent (its code has expired). */
  maxAgeMs?: number;
  /** The wait before attempt n+1 after n failed, and the attempts before giving up (else the mail schedule). */
  retry?: { delayMs(attempts: number): number; maxAttempts: number };
  /** Keep the body once delivered (a webhook's payload, for its delivery log; never a message with links or codes). */
  keepsBody?: boolean;
}

/** A failure that retrying cannot mend (the webhook endpoint was deleted): the message is given up on at once. */
export class UndeliverableError extends Error {}
