/**
 * Sending email without making anyone wait for a mail server: a message is written to the outbox in
 * the request, and delivered in the background. Each process tries a new message at once; the
 * 'deliver-mail' job retries failures with growing delays across all processes (a lease per message
 * means one process sends it at a time), and gives up only after a day, saying so in the log.
 * Without SMTP configured, messages stay in the outbox: the development outbox.
 */
import type { MailKind, MailText } from '@gatehouse/common/mail-messages';
import { DAY, HOUR, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Organisation } from '../organisations/model.ts';
import { findOrganisationByName } from '../organisations/store.ts';
import {
  claimMail,
  countMailSince,
  dueMailIds,
  findMail,
  insertMail,
  listMail,
  markMailFailed,
  markMailSent,
  purgeMail,
  requeueFailedMail,
  type OutboxEntry,
} from './store.ts';
import { brandingFor, renderMail } from './templates.ts';
import { smtpTransport, type MailTransport } from './transport.ts';

export interface MailRequest {
  org: Organisation;
  to: string;
  kind: MailKind;
  text: MailText;
  /** The call to action's absolute URL on the organisation's host. */
  link?: string;
  /** Where replies go, when not to the sender (the contact form's sender). */
  replyTo?: string;
}

/** Queues a message for delivery (or keeps it in the development outbox) and starts delivering it. */
export async function sendMail(ctx: AppContext, request: MailRequest): Promise<void> {
  const rendered = renderMail(brandingFor(ctx.config, request.org), request.text, request.link);
  const now = ctx.clock.now();
  const smtp = ctx.config.mail !== null;
  await insertMail(ctx.db.kysely, {
    organisation_id: request.org.id,
    channel: 'email',
    kind: request.kind,
    recipient: request.to,
    subject: rendered.subject,
    html: rendered.html,
    body: rendered.text,
    status: smtp ? 'queued' : 'outbox',
    attempts: 0,
    next_attempt_at: now,
    locked_until: 0,
    last_error: null,
    created_at: now,
    sent_at: null,
    reply_to: request.replyTo ?? null,
  });
  if (smtp) dispatcherFor(ctx).kick();
}

/**
 * True when anonymous requests have already had `limit` messages of these kinds sent to the address this
 * hour (with `replyTo`, only those written on behalf of that sender).
 */
export async function mailQuotaUsed(
  ctx: AppContext,
  org: Organisation,
  to: string,
  kinds: readonly MailKind[],
  limit: number,
  replyTo?: string,
): Promise<boolean> {
  return (await countMailSince(ctx.db.kysely, org.id, to, kinds, ctx.clock.now() - HOUR, replyTo)) >= limit;
}

/** Attempt n waits 2^(n-1) minutes after the previous one, at most an hour: 10 attempts span about 4 hours. */
export const MAX_ATTEMPTS = 10;
const retryDelay = (attempts: number) => Math.min(2 ** (attempts - 1) * MINUTE, HOUR);
const LEASE_MS = 2 * MINUTE;
const KEEP_MS = 30 * DAY;

export interface DeliveryReport {
  sent: number;
  retrying: number;
  /** Messages given up on after MAX_ATTEMPTS: their ids and the last error. */
  failed: { id: number; error: string }[];
}

/** Delivers due messages; with firstAttemptsOnly it leaves retries to the scheduled job. */
export async function deliverDueMail(
  ctx: AppContext,
  transport: MailTransport,
  options: { firstAttemptsOnly?: boolean; batch?: number } = {},
): Promise<DeliveryReport> {
  const db = ctx.db.kysely;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: [] };
  for (;;) {
    const now = ctx.clock.now();
    const ids = await dueMailIds(db, now, options.batch ?? 20, options.firstAttemptsOnly ?? false);
    if (ids.length === 0) return report;
    for (const id of ids) {
      const message = await claimMail(db, id, now, now + LEASE_MS);
      if (!message) continue;
      try {
        await transport.send({
          to: message.recipient,
          subject: message.subject,
          html: message.html ?? '',
          text: message.body ?? '',
          replyTo: message.reply_to ?? undefined,
        });
        await markMailSent(db, id, ctx.clock.now());
        report.sent++;
      } catch (error) {
        // The server's answer, never the message: it holds links and codes.
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const giveUp = message.attempts >= MAX_ATTEMPTS;
        await markMailFailed(db, id, reason, giveUp ? null : ctx.clock.now() + retryDelay(message.attempts));
        if (giveUp) report.failed.push({ id, error: reason });
        else report.retrying++;
      }
    }
    if (options.firstAttemptsOnly && ids.length < (options.batch ?? 20)) return report;
  }
}

/** One per context (that is, per process): the SMTP transport and the in-process delivery loop. */
class Dispatcher {
  readonly #ctx: AppContext;
  #transport: MailTransport | undefined;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get transport(): MailTransport {
    this.#transport ??= smtpTransport(this.#ctx.config.mail!);
    return this.#transport;
  }

  /** Starts delivering new messages now, without waiting; a failure is left for the retry job. */
  kick(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          await deliverDueMail(this.#ctx, this.transport, { firstAttemptsOnly: true });
        } catch {
          // The database may be unavailable: the message is in the outbox and the job will deliver it.
        }
      } while (this.#again);
    })().finally(() => {
      this.#running = undefined;
    });
  }

  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  close(): void {
    this.#transport?.close();
    this.#transport = undefined;
  }
}

const dispatchers = new WeakMap<AppContext, Dispatcher>();

function dispatcherFor(ctx: AppContext): Dispatcher {
  let dispatcher = dispatchers.get(ctx);
  if (!dispatcher) {
    dispatcher = new Dispatcher(ctx);
    dispatchers.set(ctx, dispatcher);
  }
  return dispatcher;
}

/** Waits for this process's deliveries in flight and closes its SMTP connections (shutdown and tests). */
export async function closeMail(ctx: AppContext): Promise<void> {
  const dispatcher = dispatchers.get(ctx);
  if (!dispatcher) return;
  await dispatcher.idle();
  dispatcher.close();
}

/** The 'deliver-mail' job: retries due messages, reports the ones given up on, and forgets month-old ones. */
export async function runMailDelivery(ctx: AppContext): Promise<string> {
  const purged = await purgeMail(ctx.db.kysely, ctx.clock.now() - KEEP_MS);
  if (!ctx.config.mail) return `no SMTP configured; purged ${purged} old messages`;
  const report = await deliverDueMail(ctx, dispatcherFor(ctx).transport);
  const summary = `sent ${report.sent}, retrying ${report.retrying}, purged ${purged}`;
  if (report.failed.length > 0) {
    // Thrown so the job runner logs it as an error; the messages stay in the outbox as 'failed'.
    throw new Error(`${summary}; gave up on ${report.failed.map((f) => `${f.id} (${f.error})`).join(', ')}`);
  }
  return summary;
}

/** The organisation named, for filtering the outbox: undefined for all; null when there is no such organisation. */
async function outboxOrganisation(ctx: AppContext, name: string | undefined): Promise<string | undefined | null> {
  if (name === undefined) return undefined;
  return (await findOrganisationByName(ctx.db.kysely, name.toLowerCase()))?.id ?? null;
}

/** The newest messages of one organisation (by name) or all; null when the organisation does not exist. */
export async function listOutbox(
  ctx: AppContext,
  options: { organisation?: string | undefined; limit: number },
): Promise<OutboxEntry[] | null> {
  const organisationId = await outboxOrganisation(ctx, options.organisation);
  if (organisationId === null) return null;
  return listMail(ctx.db.kysely, { organisationId, limit: options.limit });
}

/** The HTML of one kept message, for the development outbox page. */
export async function outboxHtml(ctx: AppContext, id: number): Promise<string | null> {
  return (await findMail(ctx.db.kysely, id))?.html ?? null;
}

/** Queues the messages given up on again; null when the organisation does not exist. */
export async function retryFailedMail(ctx: AppContext, organisation: string | undefined): Promise<number | null> {
  const organisationId = await outboxOrganisation(ctx, organisation);
  if (organisationId === null) return null;
  return requeueFailedMail(ctx.db.kysely, ctx.clock.now(), organisationId);
}
