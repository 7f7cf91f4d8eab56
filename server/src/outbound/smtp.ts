/** SMTP delivery through nodemailer, with timeouts so a slow or silent server fails an attempt instead of hanging it. */
import { createRequire } from 'node:module';

import type Nodemailer from 'nodemailer';
import type * as NodemailerShared from 'nodemailer/lib/shared';

import type { Config } from '../config.ts';
import type { Courier } from '../delivery/courier.ts';

/**
 * nodemailer, loaded when SMTP is first used (about 5 MB of heap an installation without SMTP, or a
 * process that has sent nothing yet, does not need).
 */
function nodemailer(): {
  createTransport: typeof Nodemailer.createTransport;
  parseConnectionUrl: typeof NodemailerShared.parseConnectionUrl;
} {
  const load = createRequire(import.meta.url);
  const { createTransport } = load('nodemailer') as typeof Nodemailer;
  const { parseConnectionUrl } = load('nodemailer/lib/shared') as typeof NodemailerShared;
  return { createTransport, parseConnectionUrl };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string | undefined;
}

export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpTransport(mail: NonNullable<Config['mail']>): MailTransport {
  const { createTransport, parseConnectionUrl } = nodemailer();
  const transporter = createTransport({
    ...parseConnectionUrl(mail.smtpUrl),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Never log message contents or credentials.
    logger: false,
    debug: false,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from: mail.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** The outbox's courier for the channel 'email': one SMTP transport (pooled connections) for the process. */
export function smtpCourier(mail: NonNullable<Config['mail']>): Courier {
  const transport = smtpTransport(mail);
  return {
    send: (m) =>
      transport.send({ to: m.recipient, subject: m.subject, html: m.html ?? '', text: m.body ?? '', replyTo: m.reply_to ?? undefined }),
    close: () => transport.close(),
  };
}

/** Connects to the SMTP server and signs in (if the URL has credentials) without sending anything: `gatehouse doctor`. */
export async function verifySmtp(mail: NonNullable<Config['mail']>): Promise<void> {
  const { createTransport, parseConnectionUrl } = nodemailer();
  const transporter = createTransport({
    ...parseConnectionUrl(mail.smtpUrl),
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10_000,
    logger: false,
    debug: false,
  });
  try {
    await transporter.verify();
  } finally {
    transporter.close();
  }
}
