/**
 * Queries on the outbox (the table mail_outbox: email, text messages, webhooks, logout tokens). Writing
 * is per organisation; delivery and purging are system work across all organisations (like every
 * scheduled job): the delivery escape reads what is due, each answer with its organisation, and each
 * message is then claimed with a lease and settled through its organisation's scoped store.
 */
import type { Kysely } from 'kysely';

import type { Database, Executor, MailOutboxRow, NewMailOutboxRow } from '../db/schema.ts';
import {
  acrossOrganisations,
  boundOrganisation,
  organisationIdOf,
  organisationOf,
  scoped,
  type ScopedExecutor,
  type Unstamped,
} from '../db/scoped.ts';
import type { OutboxMessage } from './courier.ts';

export async function insertMail(db: ScopedExecutor, row: Unstamped<NewMailOutboxRow>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/** How many messages of a kind this organisation has sent to an address since a time (only those replying to `replyTo`, when given). */
export async function countMailSince(
  db: ScopedExecutor,
  recipient: string,
  kinds: readonly string[],
  since: number,
  replyTo?: string,
): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('recipient', '=', recipient)
    .where('kind', 'in', kinds)
    .where('created_at', '>=', since)
    .$if(replyTo !== undefined, (qb) => qb.where('reply_to', '=', replyTo!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The messages of a channel due for an attempt now (queued, their time come, no lease held), as `m`:
 * the one due rule every delivery query starts from (the dispatchers', the concurrent loops', the
 * webhooks' with their circuits).
 */
export function dueMessages(db: Executor | ScopedExecutor, channel: MailOutboxRow['channel'], now: number) {
  // A scoped store reads the same columns (it differs only in what an insert may leave out).
  return (db as Executor)
    .selectFrom('mail_outbox as m')
    .where('m.channel', '=', channel)
    .where('m.status', '=', 'queued')
    .where('m.next_attempt_at', '<=', now)
    .where('m.locked_until', '<=', now);
}

/** The due messages of a channel, oldest first, each with its organisation (across organisations). */
export function dueMail(
  db: Kysely<Database>,
  channel: MailOutboxRow['channel'],
  now: number,
  limit: number,
  firstAttemptsOnly: boolean,
): Promise<{ organisationId: string; id: number }[]> {
  return dueMessages(acrossOrganisations(db, 'delivery'), channel, now)
    .select(['m.id', organisationIdOf('m').as('organisationId')])
    .$if(firstAttemptsOnly, (qb) => qb.where('m.attempts', '=', 0))
    .orderBy('m.next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * The organisations with due messages of a channel, the one whose oldest has waited longest first: where a
 * channel that reads its due messages organisation by organisation (webhooks, with their circuits) starts.
 */
export async function dueOrganisations(db: Executor, channel: MailOutboxRow['channel'], now: number, limit: number): Promise<string[]> {
  const organisation = organisationIdOf('m');
  const rows = await dueMessages(acrossOrganisations(db, 'delivery'), channel, now)
    .select(organisation.as('organisationId'))
    .groupBy(organisation)
    .orderBy((eb) => eb.fn.min('m.next_attempt_at'))
    .limit(limit)
    .execute();
  return rows.map((row) => row.organisationId);
}

/**
 * The oldest due message of each recipient (organisation and recipient) of a channel, the recipients
 * waiting longest first: what a concurrent loop (concurrent.ts) chooses from.
 */
export async function dueByRecipient(
  db: Kysely<Database>,
  channel: MailOutboxRow['channel'],
  now: number,
  limit: number,
): Promise<{ organisationId: string; recipient: string; messageId: number }[]> {
  const organisation = organisationIdOf('m');
  const rows = await dueMessages(acrossOrganisations(db, 'delivery'), channel, now)
    .select([organisation.as('organisationId'), 'm.recipient'])
    .select((eb) => eb.fn.min('m.id').as('id'))
    .groupBy([organisation, 'm.recipient'])
    .orderBy((eb) => eb.fn.min('m.next_attempt_at'))
    .limit(limit)
    .execute();
  return rows.map((row) => ({ organisationId: row.organisationId, recipient: row.recipient, messageId: Number(row.id) }));
}

/** Takes one of the organisation's messages for one delivery attempt; undefined when another process has it or it is no longer due. */
export async function claimMail(db: ScopedExecutor, id: number, now: number, leaseUntil: number): Promise<OutboxMessage | undefined> {
  const row: Unstamped<MailOutboxRow> | undefined = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('locked_until', '<=', now)
    .returningAll()
    .executeTakeFirst();
  return row && { ...row, organisationId: boundOrganisation(db) };
}

/** Gives a claimed message back untried (its attempt stopped at shutdown): due again at once, the attempt not counted. */
export async function releaseMail(db: ScopedExecutor, id: number, leaseUntil: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ locked_until: 0, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    // Only while the lease is still this attempt's own.
    .where('locked_until', '=', leaseUntil)
    .execute();
}

/** Delivered: the bodies (with their links and codes) are not kept, unless they hold neither (a webhook's payload). */
export async function markMailSent(db: ScopedExecutor, id: number, now: number, keepBody = false): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now, locked_until: 0, last_error: null, ...(keepBody ? {} : { html: null, body: null }) })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(db: ScopedExecutor, id: number, error: string, retryAt: number | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      retryAt === null
        ? { status: 'failed', locked_until: 0, last_error: error }
        : { next_attempt_at: retryAt, locked_until: 0, last_error: error },
    )
    .where('id', '=', id)
    .execute();
}

/** Puts messages that were given up on back in the queue (after the operator fixed the mail server). */
export async function requeueFailedMail(db: ScopedExecutor | Kysely<Database>, now: number): Promise<number> {
  // Without an organisation it is the operator's command over every organisation.
  const store = organisationOf(db) === undefined ? acrossOrganisations(db as Kysely<Database>, 'operator') : db;
  const result = await store
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now, locked_until: 0 })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface OutboxEntry extends MailOutboxRow {
  organisation_name: string;
}

/** The newest messages, of one organisation or all, of some channels or all. */
export function listMail(
  db: Kysely<Database>,
  options: { organisationId?: string | undefined; limit: number; channels?: readonly MailOutboxRow['channel'][] | undefined },
): Promise<OutboxEntry[]> {
  const store = options.organisationId === undefined ? acrossOrganisations(db, 'operator') : scoped(db, options.organisationId);
  return store
    .selectFrom('mail_outbox')
    .innerJoin('organisations', (join) => join.on('organisations.id', '=', organisationIdOf('mail_outbox')))
    .selectAll('mail_outbox')
    .select('organisations.name as organisation_name')
    .$if(options.channels !== undefined, (qb) => qb.where('mail_outbox.channel', 'in', options.channels!))
    .orderBy('mail_outbox.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** A message of any organisation, by its id (the loopback development outbox page). */
export function findMail(db: Kysely<Database>, id: number): Promise<MailOutboxRow | undefined> {
  return acrossOrganisations(db, 'operator').selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes messages that are done with (sent, failed or kept in the outbox) and older than `before`. */
export async function purgeMail(db: Kysely<Database>, before: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep')
    .deleteFrom('mail_outbox')
    .where('status', '!=', 'queued')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
