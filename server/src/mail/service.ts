/**
 * Sending email and text messages without making anyone wait for a mail server or an SMS provider: a
 * message is written to the outbox in the request, and delivered in the background. Each process tries
 * a new message at once; the 'deliver-mail' job retries failures with growing delays across all
 * processes (a lease per message means one process sends it at a time), and gives up only after a day,
 * saying so in the log. A channel without its server configured (SMTP for email, the SMS provider for
 * texts) keeps its messages in the outbox: the development outbox.
 */
import type { MailKind, MailText } from '@gatehouse/common/mail-messages';
import { DAY, HOUR, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/schema.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { smsCourier } from '../sms/provider.ts';
import { webhookCourier } from '../webhooks/courier.ts';
import { stopWebhookDelivery, webhookDelivery } from '../webhooks/delivery.ts';
import { backchannelLogoutCourier } from '../oidc/backchannel-logout.ts';
import {
  claimMail,
  countMailSince,
  dueMailIds,
  findMail,
  insertMail,
  listMail,
  purgeMail,
  requeueFailedMail,
  type OutboxEntry,
} from './store.ts';
import { attemptDelivery, type Channel, type Courier, type DeliveryReport } from './attempt.ts';
import { brandingFor, renderMail } from './templates.ts';
import { smtpTransport } from './transport.ts';

const CHANNELS: readonly Channel[] = ['email', 'sms', 'webhook', 'logout'];

export function channelConfigured(ctx: AppContext, channel: Channel): boolean {
  if (channel === 'webhook' || channel === 'logout') return true;
  return channel === 'email' ? ctx.config.mail !== null : ctx.config.sms !== null;
}

function makeCourier(ctx: AppContext, channel: Channel): Courier {
  if (channel === 'sms') return smsCourier(ctx.config.sms!);
  if (channel === 'webhook') return webhookCourier(ctx);
  if (channel === 'logout') return backchannelLogoutCourier(ctx);
  const transport = smtpTransport(ctx.config.mail!);
  return {
    send: (m) =>
      transport.send({ to: m.recipient, subject: m.subject, html: m.html ?? '', text: m.body ?? '', replyTo: m.reply_to ?? undefined }),
    close: () => transport.close(),
  };
}

export interface OutgoingMessage {
  org: Pick<Organisation, 'id'>;
  channel: Channel;
  kind: string;
  to: string;
  subject: string;
  html: string | null;
  text: string;
  /** Where replies go, when not to the sender (email only). */
  replyTo?: string | null;
}

/** Writes a message to the outbox (queued, or kept as the development outbox) and starts delivering it. */
export async function queueMessage(ctx: AppContext, message: OutgoingMessage, db: Executor = ctx.db.kysely): Promise<void> {
  const now = ctx.clock.now();
  const configured = channelConfigured(ctx, message.channel);
  await insertMail(db, {
    organisation_id: message.org.id,
    channel: message.channel,
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    html: message.html,
    body: message.text,
    status: configured ? 'queued' : 'outbox',
    attempts: 0,
    next_attempt_at: now,
    locked_until: 0,
    last_error: null,
    created_at: now,
    sent_at: null,
    reply_to: message.replyTo ?? null,
  });
  // Webhooks have their own concurrent delivery (webhooks/delivery.ts); the rest one message at a time.
  if (configured) {
    if (message.channel === 'webhook') webhookDelivery(ctx).kick();
    else dispatcherFor(ctx, message.channel).kick();
  }
}

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

/** Queues an email for delivery (or keeps it in the development outbox) and starts delivering it. */
export async function sendMail(ctx: AppContext, request: MailRequest): Promise<void> {
  const rendered = renderMail(brandingFor(ctx.config, request.org), request.text, request.link);
  await queueMessage(ctx, {
    org: request.org,
    channel: 'email',
    kind: request.kind,
    to: request.to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    replyTo: request.replyTo ?? null,
  });
}

/**
 * True when `limit` messages of these kinds have gone to the address (or phone) within the last hour
 * (with `replyTo`, only those written on behalf of that sender).
 */
export async function mailQuotaUsed(
  ctx: AppContext,
  org: Organisation,
  to: string,
  kinds: readonly string[],
  limit: number,
  replyTo?: string,
): Promise<boolean> {
  return (await countMailSince(ctx.db.kysely, org.id, to, kinds, ctx.clock.now() - HOUR, replyTo)) >= limit;
}

const LEASE_MS = 2 * MINUTE;
const KEEP_MS = 30 * DAY;

/** Delivers a channel's due messages; with firstAttemptsOnly it leaves retries to the scheduled job. */
export async function deliverDueMail(
  ctx: AppContext,
  channel: Channel,
  courier: Courier,
  options: { firstAttemptsOnly?: boolean; batch?: number } = {},
): Promise<DeliveryReport> {
  const db = ctx.db.kysely;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: [] };
  for (;;) {
    const now = ctx.clock.now();
    const ids = await dueMailIds(db, channel, now, options.batch ?? 20, options.firstAttemptsOnly ?? false);
    if (ids.length === 0) return report;
    for (const id of ids) {
      const message = await claimMail(db, id, now, now + LEASE_MS);
      if (!message) continue;
      const outcome = await attemptDelivery(ctx, channel, courier, message);
      if (outcome.result === 'sent') report.sent++;
      else if (outcome.result === 'retrying') report.retrying++;
      else if (outcome.result === 'failed') report.failed.push({ id, error: outcome.error });
    }
    if (options.firstAttemptsOnly && ids.length < (options.batch ?? 20)) return report;
  }
}

/** One per context (that is, per process) and channel: its courier and the in-process delivery loop. */
class Dispatcher {
  readonly #ctx: AppContext;
  readonly #channel: Channel;
  #courier: Courier | undefined;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(ctx: AppContext, channel: Channel) {
    this.#ctx = ctx;
    this.#channel = channel;
  }

  get courier(): Courier {
    this.#courier ??= makeCourier(this.#ctx, this.#channel);
    return this.#courier;
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
          await deliverDueMail(this.#ctx, this.#channel, this.courier, { firstAttemptsOnly: true });
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
    this.#courier?.close();
    this.#courier = undefined;
  }
}

const dispatchers = new WeakMap<AppContext, Map<Channel, Dispatcher>>();

function dispatcherFor(ctx: AppContext, channel: Channel): Dispatcher {
  let byChannel = dispatchers.get(ctx);
  if (!byChannel) {
    byChannel = new Map();
    dispatchers.set(ctx, byChannel);
  }
  let dispatcher = byChannel.get(channel);
  if (!dispatcher) {
    dispatcher = new Dispatcher(ctx, channel);
    byChannel.set(channel, dispatcher);
  }
  return dispatcher;
}

/** Waits for this process's deliveries in flight and closes its connections (shutdown and tests). */
export async function closeMail(ctx: AppContext): Promise<void> {
  await stopWebhookDelivery(ctx);
  for (const dispatcher of dispatchers.get(ctx)?.values() ?? []) {
    await dispatcher.idle();
    dispatcher.close();
  }
}

/** The 'deliver-mail' job: retries due messages of each configured channel, reports the ones given up on, and forgets month-old ones. */
export async function runMailDelivery(ctx: AppContext): Promise<string> {
  const purged = await purgeMail(ctx.db.kysely, ctx.clock.now() - KEEP_MS);
  const summaries: string[] = [];
  const failed: DeliveryReport['failed'] = [];
  for (const channel of CHANNELS) {
    // Webhooks are retried by their own delivery loop (webhooks/delivery.ts), which nothing waits on.
    if (!channelConfigured(ctx, channel) || channel === 'webhook') continue;
    const report = await deliverDueMail(ctx, channel, dispatcherFor(ctx, channel).courier);
    summaries.push(`${channel}: sent ${report.sent}, retrying ${report.retrying}`);
    failed.push(...report.failed);
  }
  const summary = `${summaries.length > 0 ? summaries.join('; ') : 'no SMTP server or SMS provider configured'}; purged ${purged}`;
  if (failed.length > 0) {
    // Thrown so the job runner logs it as an error; the messages stay in the outbox as 'failed'.
    throw new Error(`${summary}; gave up on ${failed.map((f) => `${f.id} (${f.error})`).join(', ')}`);
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
  options: { organisation?: string | undefined; limit: number; channels?: readonly Channel[] },
): Promise<OutboxEntry[] | null> {
  const organisationId = await outboxOrganisation(ctx, options.organisation);
  if (organisationId === null) return null;
  return listMail(ctx.db.kysely, { organisationId, limit: options.limit, channels: options.channels });
}

/** The channels whose messages stay in the development outbox: those with no server configured. */
export function outboxChannels(ctx: AppContext): Channel[] {
  return CHANNELS.filter((channel) => !channelConfigured(ctx, channel));
}

/** The HTML of one kept message, for the development outbox page. */
export async function outboxHtml(ctx: AppContext, id: number): Promise<string | null> {
  const message = await findMail(ctx.db.kysely, id);
  return message && outboxChannels(ctx).includes(message.channel) ? message.html : null;
}

/** Queues the messages given up on again; null when the organisation does not exist. */
export async function retryFailedMail(ctx: AppContext, organisation: string | undefined): Promise<number | null> {
  const organisationId = await outboxOrganisation(ctx, organisation);
  if (organisationId === null) return null;
  return requeueFailedMail(ctx.db.kysely, ctx.clock.now(), organisationId);
}
