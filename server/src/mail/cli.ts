/** `gatehouse outbox`: the newest messages with their text and links, and requeuing undeliverable ones. */
import { parseArgs } from 'node:util';

import type { AppContext } from '../context.ts';
import { listOutbox, retryFailedMail } from './service.ts';

export const OUTBOX_USAGE = `  outbox [--org <name>] [--limit <n>] [--retry-failed]
      Lists the newest messages (newest first, 10 unless --limit), with their text and links: the
      development outbox when no SMTP server is configured. --retry-failed queues the messages that
      could not be delivered again.`;

export async function outboxCommand(ctx: AppContext, args: string[], usageError: (message: string) => Error): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { org: { type: 'string' }, limit: { type: 'string' }, 'retry-failed': { type: 'boolean' } },
  });
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw usageError('Give --limit as a whole number from 1 to 1000.');
  const unknown = () => usageError(`There is no organisation named "${values.org}".`);
  if (values['retry-failed']) {
    const count = await retryFailedMail(ctx, values.org);
    if (count === null) throw unknown();
    console.log(`Queued ${count} undelivered messages again; a running server delivers them within a minute.`);
    return;
  }
  const messages = await listOutbox(ctx, { organisation: values.org, limit });
  if (messages === null) throw unknown();
  if (messages.length === 0) {
    console.log('No messages.');
    return;
  }
  for (const m of messages) {
    console.log(`=== ${new Date(m.created_at).toISOString()}  ${m.status}  [${m.organisation_name}]  to ${m.recipient}`);
    console.log(`Subject: ${m.subject}`);
    if (m.last_error) console.log(`Last error: ${m.last_error}`);
    console.log(m.body === null ? '(delivered: the content is no longer kept)' : m.body.trimEnd());
    console.log('');
  }
}
