/**
 * Email: a message is rendered (templates.ts) and written to the outbox (delivery/outbox.ts) in the
 * request, then delivered in the background by the courier boot.ts registered for the channel 'email'
 * (SMTP), or kept in the development outbox when no SMTP server is configured. The development outbox's
 * views (this organisation's or every organisation's newest messages, a kept message's HTML, failed
 * messages queued again) are here too: the `gatehouse outbox` command and the /dev/outbox page.
 */
import type { Locale } from '@gatehouse/common/i18n/locales';
import { withLocale } from '@gatehouse/common/i18n/runtime';
import type { MailKind, MailText } from '@gatehouse/common/mail-messages';

import { HOUR } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import type { Channel } from '../delivery/courier.ts';
import { queueMessage } from '../delivery/outbox.ts';
import { countMailSince, findMail, listMail, type OutboxEntry, requeueFailedMail } from '../delivery/store.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { brandingFor, renderMail } from './templates.ts';

export interface MailRequest {
  org: Organisation;
  to: string;
  kind: MailKind;
  /** The texts; as a function when `locale` is given, so they are written in that language. */
  text: MailText | (() => MailText);
  /** The recipient's language (http/language.ts recipientLocale); else the request's. */
  locale?: Locale;
  /** The call to action's absolute URL on the organisation's host. */
  link?: string;
  /** Where replies go, when not to the sender (the contact form's sender). */
  replyTo?: string;
}

/**
 * Queues an email for delivery (or keeps it in the development outbox) and starts delivering it; in
 * `db`'s transaction when given one (a subscriber's mail goes with its change).
 */
export async function sendMail(ctx: AppContext, request: MailRequest, db: Executor = ctx.db.kysely): Promise<void> {
  const render = () =>
    renderMail(brandingFor(ctx.config, request.org), typeof request.text === 'function' ? request.text() : request.text, request.link);
  const rendered = request.locale ? withLocale(request.locale, render) : render();
  await queueMessage(
    ctx,
    {
      org: request.org,
      channel: 'email',
      kind: request.kind,
      to: request.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      replyTo: request.replyTo ?? null,
    },
    db,
  );
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
  return (await countMailSince(scoped(ctx.db.kysely, org.id), to, kinds, ctx.clock.now() - HOUR, replyTo)) >= limit;
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
  return ctx.delivery.keptChannels();
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
  return requeueFailedMail(organisationId === undefined ? ctx.db.kysely : scoped(ctx.db.kysely, organisationId), ctx.clock.now());
}
