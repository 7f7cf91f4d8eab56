/** Queries on applications (clients: OpenID Connect and SAML), per-user access and policy acceptances; every one through the scoped store (db/scoped.ts) of its organisation. */

import { type Expression, expressionBuilder, sql } from 'kysely';

import { param, preparedInScope } from '../db/prepared.ts';
import type { ClientRow, ClientUpdate, Database, Executor, OidcClientRow, UserRow } from '../db/schema.ts';
import { SAML_CLIENT_TYPE } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';

/** The organisation's OpenID Connect applications (not its SAML ones): what the provider loads and the Applications list shows. */
export function listOidcClients(db: ScopedExecutor): Promise<OidcClientRow[]> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('client_type', '!=', SAML_CLIENT_TYPE)
    .orderBy('name')
    .orderBy('id')
    .execute() as Promise<OidcClientRow[]>;
}

// Both read for every sign-in's answer (the account's applications): prepared once.
const listQuery = preparedInScope<ClientRow, Record<string, never>>((db) =>
  db.selectFrom('clients').selectAll().orderBy('name').orderBy('id'),
);

export async function listClients(db: ScopedExecutor): Promise<ClientRow[]> {
  return (await listQuery(db, {})).rows;
}

export function findClient(db: ScopedExecutor, id: string): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertClient(db: ScopedExecutor, row: Unstamped<ClientRow>): Promise<void> {
  await db.insertInto('clients').values(row).execute();
}

export async function updateClient(db: ScopedExecutor, id: string, changes: ClientUpdate): Promise<void> {
  await db.updateTable('clients').set(changes).where('id', '=', id).execute();
}

export async function deleteClient(db: ScopedExecutor, id: string): Promise<void> {
  await db.deleteFrom('clients').where('id', '=', id).execute();
}

/** The ids among `ids` that are applications of the organisation. */
export async function existingClientIds(db: ScopedExecutor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('clients').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function replaceUserAccess(db: ScopedExecutor, userId: string, clientIds: readonly string[], now: number): Promise<void> {
  await db.deleteFrom('user_client_access').where('user_id', '=', userId).execute();
  if (clientIds.length > 0) {
    await db
      .insertInto('user_client_access')
      .values(clientIds.map((clientId) => ({ user_id: userId, client_id: clientId, created_at: now })))
      .execute();
  }
}

/** The applications a user was given access to. */
const listForUserQuery = preparedInScope<ClientRow, { userId: string }>((db) =>
  db
    .selectFrom('clients')
    .innerJoin('user_client_access as access', 'access.client_id', 'clients.id')
    .selectAll('clients')
    .where('access.user_id', '=', param('userId'))
    .orderBy('clients.name')
    .orderBy('clients.id'),
);

export async function listUserClients(db: ScopedExecutor, userId: string): Promise<ClientRow[]> {
  return (await listForUserQuery(db, { userId })).rows;
}

export async function hasUserAccess(db: ScopedExecutor, userId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_client_access')
    .select('client_id')

    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the provider's account lookup needs of a user: status, role and the claims. */
export const ACCOUNT_COLUMNS = [
  'id',
  'role',
  'status',
  'email',
  'first_name',
  'surname',
  'phone_number',
  'email_verified_date',
  'updated_at',
  'has_second_factor',
  'multi_factor_auth_required',
  'locale',
] as const;
export type AccountUser = Pick<UserRow, (typeof ACCOUNT_COLUMNS)[number]> & {
  /** Whether the user's organisation requires a second step of everyone. */
  organisation_requires_two_step: boolean;
};

/**
 * What the account lookup asks beside a user's columns, as two selections for one query: whether the user
 * was given access to the application (`has_access`), and whether their organisation requires a second
 * step of everyone (`organisation_requires_two_step`). The same rule for a user found by id and for the
 * user of a token (oidc/store.ts); `userWithAccess` reads the answers. A query through the scoped store
 * passes no store: it binds both subqueries with the rest. A query that is not (the token path's, prepared
 * by hand) passes its organisation's scoped store, which binds the subqueries as they are built.
 */
export function accessAnswers(bound: ScopedExecutor | undefined, userId: Expression<string>, clientId: Expression<string>) {
  const eb = expressionBuilder<Database, never>();
  const source: Pick<Executor, 'selectFrom'> = bound ? (bound as unknown as Executor) : eb;
  return [
    eb
      .exists(
        source
          .selectFrom('user_client_access as access')
          .select('access.client_id')
          .where('access.user_id', '=', userId)
          .where('access.client_id', '=', clientId),
      )
      .as('has_access'),
    source.selectFrom('organisations').select('organisations.require_two_step').as('organisation_requires_two_step'),
  ] as const;
}

/** A user with whether they were given access to one application, in one query (the provider's account lookup, prepared). */
const userWithAccessQuery = preparedInScope((db) =>
  db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS.map((column) => `users.${column}` as const))
    .select(accessAnswers(undefined, sql.ref('users.id'), sql.val(param('client_id'))))
    .where('users.id', '=', param('user_id')),
);

export async function findUserWithAccess(
  db: ScopedExecutor,
  userId: string,
  clientId: string,
): Promise<{ user: AccountUser; hasAccess: boolean } | undefined> {
  const row = (await userWithAccessQuery(db, { user_id: userId, client_id: clientId })).rows[0];
  return row && userWithAccess(row);
}

/** A user row with its `has_access` and `organisation_requires_two_step` answers, as the account lookup takes it. */
export function userWithAccess(
  row: Omit<AccountUser, 'organisation_requires_two_step'> & { has_access: unknown; organisation_requires_two_step: unknown },
): { user: AccountUser; hasAccess: boolean } {
  const user = { organisation_requires_two_step: false } as AccountUser;
  for (const column of ACCOUNT_COLUMNS) (user as Record<string, unknown>)[column] = row[column];
  // SQLite answers 1/0, PostgreSQL true/false (a subquery's type is not declared to the SQLite adapter).
  user.organisation_requires_two_step = Boolean(Number(row.organisation_requires_two_step));
  return { user, hasAccess: Boolean(Number(row.has_access)) };
}

export async function findPolicyAcceptance(db: ScopedExecutor, userId: string, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('client_policy_acceptances')
    .select('policy_url')

    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.policy_url;
}

export async function upsertPolicyAcceptance(
  db: ScopedExecutor,
  row: { user_id: string; client_id: string; policy_url: string; accepted_at: number },
): Promise<void> {
  await db
    .insertInto('client_policy_acceptances')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ policy_url: row.policy_url, accepted_at: row.accepted_at }))
    .execute();
}
