/** Queries on sign-in connections, their links to users, and the sign-ins sent upstream; all scoped by organisation. */
import type { Insertable, Updateable } from 'kysely';

import { preparedInScope } from '../db/prepared.ts';
import type { ConnectionFlowRow, Executor, SignInConnectionRow, SignInConnectionsTable } from '../db/schema.ts';
import { scoped, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';
import { deleteExpired, take } from '../db/short-lived.ts';

export function listConnections(db: ScopedExecutor): Promise<SignInConnectionRow[]> {
  return db.selectFrom('sign_in_connections').selectAll().orderBy('created_at').execute();
}

// Read at every password sign-in (connections/service.ts assertPasswordAllowed): prepared once, only what the check needs.
const passwordRefusingQuery = preparedInScope<Pick<SignInConnectionRow, 'name' | 'email_domains'>, Record<string, never>>((db) =>
  db
    .selectFrom('sign_in_connections')
    .select(['name', 'email_domains'])
    .where('enabled', '=', true)
    .where('allow_password', '=', false)
    .orderBy('created_at'),
);

/** The enabled connections that refuse passwords for their email domains. */
export async function listPasswordRefusingConnections(db: ScopedExecutor): Promise<Pick<SignInConnectionRow, 'name' | 'email_domains'>[]> {
  return (await passwordRefusingQuery(db, {})).rows;
}

export function findConnection(db: ScopedExecutor, id: string): Promise<SignInConnectionRow | undefined> {
  return db.selectFrom('sign_in_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countConnections(db: ScopedExecutor): Promise<number> {
  const row = await db
    .selectFrom('sign_in_connections')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertConnection(db: ScopedExecutor, row: Unstamped<Insertable<SignInConnectionsTable>>): Promise<void> {
  await db.insertInto('sign_in_connections').values(row).execute();
}

export async function updateConnection(db: ScopedExecutor, id: string, changes: Updateable<SignInConnectionsTable>): Promise<boolean> {
  const result = await db.updateTable('sign_in_connections').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the connection with its links and pending sign-ins (explicitly: SQLite's foreign keys may be off). */
export async function deleteConnection(db: ScopedExecutor, id: string): Promise<boolean> {
  await db.deleteFrom('connection_flows').where('connection_id', '=', id).execute();
  await db.deleteFrom('saml_responses').where('connection_id', '=', id).execute();
  await db.deleteFrom('saml_connections').where('connection_id', '=', id).execute();
  await db.deleteFrom('connection_links').where('connection_id', '=', id).execute();
  const result = await db.deleteFrom('sign_in_connections').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many users each connection of the organisation is linked to. */
export async function countLinks(db: ScopedExecutor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('connection_links')
    .select(['connection_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('connection_id')
    .execute();
  return new Map(rows.map((r) => [r.connection_id, Number(r.n)]));
}

/** The user linked to an upstream subject of a connection. */
export async function findLinkedUserId(db: ScopedExecutor, connectionId: string, subject: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('connection_links')
    .select('user_id')
    .where('connection_id', '=', connectionId)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Whether the user is linked to some subject of the connection already (one upstream account per user and connection). */
export async function userLinked(db: ScopedExecutor, connectionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('connection_links')
    .select('subject')
    .where('connection_id', '=', connectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLink(
  db: Executor,
  link: { organisationId: string; connectionId: string; subject: string; userId: string; now: number; groups: string | null },
): Promise<void> {
  await scoped(db, link.organisationId)
    .insertInto('connection_links')
    .values({
      connection_id: link.connectionId,
      subject: link.subject,
      user_id: link.userId,
      created_at: link.now,
      last_used_at: link.now,
      groups: link.groups,
    })
    .execute();
}

/** A sign-in through the link: when, and the groups the provider sent this time (JSON, or null for none). */
export async function touchLink(
  db: ScopedExecutor,
  connectionId: string,
  subject: string,
  now: number,
  groups: string | null,
): Promise<void> {
  await db
    .updateTable('connection_links')
    .set({ last_used_at: now, groups })
    .where('connection_id', '=', connectionId)
    .where('subject', '=', subject)
    .execute();
}

/** The connections a user is linked to, with the groups of the last sign-in; both tables scoped to the organisation. */
export function listUserLinks(db: ScopedExecutor, userId: string) {
  return db
    .selectFrom('connection_links as l')
    .innerJoin('sign_in_connections as c', 'c.id', 'l.connection_id')
    .select(['l.connection_id', 'c.name', 'l.groups', 'l.created_at', 'l.last_used_at'])
    .where('l.user_id', '=', userId)
    .orderBy('c.name')
    .execute();
}

export async function insertFlow(db: ScopedExecutor, row: Unstamped<ConnectionFlowRow>): Promise<void> {
  await db.insertInto('connection_flows').values(row).execute();
}

/** Whether a sign-in through the connection with this state (a SAML AuthnRequest's ID) was started and is still live. */
export async function flowLive(db: ScopedExecutor, connectionId: string, state: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('connection_flows')
    .select('id')
    .where('connection_id', '=', connectionId)
    .where('state', '=', state)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the browser's pending upstream sign-in once, while it is live (db/short-lived.ts). */
export function takeFlow(db: ScopedExecutor, id: string, now: number): Promise<ConnectionFlowRow | undefined> {
  return take(db, 'connection_flows', { id }, now);
}

/** The 'connection-cleanup' job: forgets upstream sign-ins that were never finished, SAML answers never taken and expired assertion IDs. */
export async function deleteExpiredFlows(db: Executor, now: number): Promise<number> {
  const counts = await Promise.all([
    deleteExpired(db, 'connection_flows', now),
    deleteExpired(db, 'saml_responses', now),
    deleteExpired(db, 'saml_assertions', now),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
