/** Queries of the OpenID Connect provider: signing keys, stored artefacts, events and the revision; all scoped by organisation. */
import { expressionBuilder, type QueryCreator, sql } from 'kysely';

import { accessAnswers, ACCOUNT_COLUMNS, type AccountUser, userWithAccess } from '../applications/store.ts';
import { param, preparedInScope } from '../db/prepared.ts';
import type { Executor, MetricName, OidcArtefactRow, OidcEventsTable, OidcKeyRow } from '../db/schema.ts';
import { acrossOrganisations, organisationIdOf, type ScopedDatabase, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';

// Signing keys

export async function insertKeys(db: ScopedExecutor, rows: Unstamped<OidcKeyRow>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('oidc_keys').values(rows).execute();
}

/** The organisation's keys, newest first. */
export function listKeys(db: ScopedExecutor): Promise<OidcKeyRow[]> {
  return db.selectFrom('oidc_keys').selectAll().orderBy('created_at', 'desc').orderBy('kid').execute();
}

/** Retires the signing keys and makes the next keys sign. */
export async function promoteNextKeys(db: ScopedExecutor, now: number): Promise<void> {
  const store = db;
  await store
    .updateTable('oidc_keys')
    .set({ retired_at: now })
    .where('retired_at', 'is', null)
    .where('activated_at', 'is not', null)
    .execute();
  await store
    .updateTable('oidc_keys')
    .set({ activated_at: now })
    .where('retired_at', 'is', null)
    .where('activated_at', 'is', null)
    .execute();
}

/**
 * Deletes keys retired before `before`; answers the organisations whose key sets changed. A sweep over
 * every organisation (the `sweep` escape): which organisations it touched is its own answer, read from
 * the deleted rows.
 */
export async function deleteRetiredKeys(db: Executor, before: number): Promise<string[]> {
  const rows = await acrossOrganisations(db, 'sweep')
    .deleteFrom('oidc_keys')
    .where('retired_at', '<', before)
    .returning(organisationIdOf('oidc_keys').as('organisationId'))
    .execute();
  return [...new Set(rows.map((r) => r.organisationId))];
}

// Provider revision

export async function readRevision(db: ScopedExecutor): Promise<number> {
  const row = await db.selectFrom('organisations').select('oidc_revision').executeTakeFirst();
  return row?.oidc_revision ?? 0;
}

export async function bumpRevision(db: ScopedExecutor): Promise<void> {
  await db
    .updateTable('organisations')
    .set((eb) => ({ oidc_revision: eb('oidc_revision', '+', 1) }))
    .execute();
}

// Stored artefacts (the provider's adapter)

/** An artefact's columns as the adapter writes them; `session_id` only on a provider session (the Gatehouse session it mirrors). */
export type ArtefactFields = Unstamped<Omit<OidcArtefactRow, 'consumed_at' | 'session_id'>> & { session_id?: string | null };

// The provider's lookups run on every token request: prepared once in the organisation's scope
// (db/prepared.ts), which stamps the organisation as a parameter.

/** An artefact's columns as the named parameters of the statements that store one. */
const ARTEFACT_VALUES = {
  model: param('model'),
  id: param('id'),
  payload: param('payload'),
  grant_id: param('grant_id'),
  account_id: param('account_id'),
  client_id: param('client_id'),
  uid: param('uid'),
  session_id: param('session_id'),
  created_at: param('created_at') as unknown as number,
  expires_at: param('expires_at') as unknown as number,
};

const upsertQuery = preparedInScope((db) =>
  db
    .insertInto('oidc_artefacts')
    .values({ ...ARTEFACT_VALUES, consumed_at: null })
    .onConflict((oc) =>
      oc.columns(['model', 'id']).doUpdateSet({
        payload: param('payload'),
        grant_id: param('grant_id'),
        account_id: param('account_id'),
        client_id: param('client_id'),
        uid: param('uid'),
        session_id: param('session_id'),
        expires_at: param('expires_at') as unknown as number,
      }),
    ),
);

export async function upsertArtefact(db: ScopedExecutor, row: ArtefactFields): Promise<void> {
  await upsertQuery(db, { session_id: null, ...row });
}

// One statement decides, so of two requests with the same single-use id (a client assertion's or a
// DPoP proof's jti) exactly one inserts; a row of an expired id may be taken over.
const claimQuery = preparedInScope((db) =>
  db
    .insertInto('oidc_artefacts')
    .values({
      model: param('model'),
      id: param('id'),
      payload: param('payload'),
      grant_id: null,
      account_id: null,
      client_id: param('client_id'),
      uid: null,
      created_at: param('now') as unknown as number,
      expires_at: param('expires_at') as unknown as number,
      consumed_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['model', 'id'])
        .doUpdateSet({
          payload: param('payload'),
          client_id: param('client_id'),
          created_at: param('now') as unknown as number,
          expires_at: param('expires_at') as unknown as number,
        })
        .where('oidc_artefacts.expires_at', '<=', param('now') as unknown as number),
    )
    .returning('id'),
);

/** Stores an artefact unless a live one has its id: true for exactly one of several concurrent callers. */
export async function claimArtefact(
  db: ScopedExecutor,
  row: Pick<OidcArtefactRow, 'model' | 'id' | 'payload' | 'client_id'> & { expires_at: number },
  now: number,
): Promise<boolean> {
  const result = await claimQuery(db, { ...row, now });
  return result.rows.length > 0;
}

// An authorization code and its event (metrics/oidc-events.ts) must land together. On PostgreSQL they
// are one statement of data-modifying parts: atomic by itself, one round trip instead of a transaction's
// five or six (BEGIN, the code, the event, its count, the application's last use, COMMIT). SQLite cannot
// modify data in WITH; there the group commit's transaction holds the same statements (logEvent). Each
// statement is prepared in scope: the store binds every part to the organisation (a parameter), and
// completes the conflict targets.

/** The protocol event of a code (`code_issued`, `code_redeemed`) as the statements below take it. */
export interface CodeEvent {
  event: Unstamped<OidcEventsTable>;
  metric: MetricName;
}

const eb = expressionBuilder<ScopedDatabase, never>();
/** A parameter cast to its column's type: in a SELECT's output PostgreSQL would take it for text. */
const typed = <T>(name: string, type: 'text' | 'bigint') => eb.cast<T>(eb.val(param(name)), type);

const storeCodeQuery = preparedInScope<unknown, Record<string, unknown>>((db) =>
  db
    .with('stored', (db) =>
      db
        .insertInto('oidc_artefacts')
        .values(ARTEFACT_VALUES)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            grant_id: eb.ref('excluded.grant_id'),
            account_id: eb.ref('excluded.account_id'),
            client_id: eb.ref('excluded.client_id'),
            uid: eb.ref('excluded.uid'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        ),
    )
    .with('code_event', (db) =>
      db
        .insertInto('oidc_events')
        .values({
          id: param('event_id'),
          kind: param('kind') as OidcEventsTable['kind'],
          client_id: param('event_client_id'),
          subject: param('subject'),
          created_at: param('event_at') as unknown as number,
        })
        .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
        .returning('client_id'),
    )
    .with('code_count', (db) =>
      db
        .insertInto('metric_counts')
        .columns(['metric', 'bucket_start', 'count'])
        .expression((eb) =>
          eb
            .selectFrom('code_event')
            .select([
              typed<MetricName>('metric', 'text').as('metric'),
              typed<number>('bucket_start', 'bigint').as('bucket_start'),
              eb.lit(1).as('count'),
            ]),
        )
        .onConflict((oc) =>
          oc.columns(['metric', 'bucket_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('metric_counts.count'), '+', eb.lit(1)) })),
        ),
    )
    .updateTable('clients')
    .set({ last_code_at: param('event_at') as unknown as number })
    .where('id', '=', (eb) => eb.selectFrom('code_event').select('code_event.client_id')),
);

/**
 * PostgreSQL only: stores an authorization code with its `code_issued` event, counted in the minute of
 * the event and noted as the application's last use, as logEvent would in a transaction.
 */
export async function upsertArtefactWithEvent(
  db: ScopedExecutor,
  row: ArtefactFields,
  { event, metric }: CodeEvent,
  bucketStart: number,
): Promise<void> {
  await storeCodeQuery(db, {
    session_id: null,
    ...row,
    event_id: event.id,
    kind: event.kind,
    event_client_id: event.client_id,
    subject: event.subject,
    event_at: event.created_at,
    metric,
    bucket_start: bucketStart,
  });
}

/** Marks the artefact `model`/`id` consumed at `now` unless it already is, answering when it was created. */
const consumeUpdate = (db: QueryCreator<ScopedDatabase>) =>
  db
    .updateTable('oidc_artefacts')
    .set({ consumed_at: param('now') as unknown as number })
    .where('model', '=', param('model'))
    .where('id', '=', param('id'))
    .where('consumed_at', 'is', null)
    .returning('created_at');

const consumeCodeQuery = preparedInScope<{ created_at: number | string }, Record<string, unknown>>((db) =>
  db
    .with('consumed', consumeUpdate)
    .with('code_event', (db) =>
      db
        .insertInto('oidc_events')
        .columns(['id', 'kind', 'client_id', 'subject', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('consumed')
            .select([
              typed<string>('event_id', 'text').as('id'),
              typed<OidcEventsTable['kind']>('kind', 'text').as('kind'),
              typed<string>('event_client_id', 'text').as('client_id'),
              typed<string>('subject', 'text').as('subject'),
              typed<number>('event_at', 'bigint').as('created_at'),
            ]),
        )
        .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
        .returning((eb) => eb.lit(1).as('one')),
    )
    .with('code_count', (db) =>
      db
        .insertInto('metric_counts')
        .columns(['metric', 'bucket_start', 'count'])
        .expression((eb) =>
          eb
            .selectFrom(['consumed', 'code_event'])
            .select((eb) => [
              typed<MetricName>('metric', 'text').as('metric'),
              eb('consumed.created_at', '-', eb('consumed.created_at', '%', typed<number>('bucket_ms', 'bigint'))).as('bucket_start'),
              eb.lit(1).as('count'),
            ]),
        )
        .onConflict((oc) =>
          oc.columns(['metric', 'bucket_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('metric_counts.count'), '+', eb.lit(1)) })),
        ),
    )
    .selectFrom('consumed')
    .select('consumed.created_at'),
);

/**
 * PostgreSQL only: consumeArtefact with the code's `code_redeemed` event, counted in the minute the
 * code was issued, for the one caller that consumed it.
 */
export async function consumeArtefactWithEvent(
  db: ScopedExecutor,
  model: string,
  id: string,
  now: number,
  { event, metric }: CodeEvent,
  bucketMs: number,
): Promise<number | undefined> {
  const result = await consumeCodeQuery(db, {
    model,
    id,
    now,
    event_id: event.id,
    kind: event.kind,
    event_client_id: event.client_id,
    subject: event.subject,
    event_at: event.created_at,
    metric,
    bucket_ms: bucketMs,
  });
  const createdAt = result.rows[0]?.created_at;
  return createdAt === undefined ? undefined : Number(createdAt);
}

const findQuery = preparedInScope<StoredArtefact, { model: string; id: string }>((db) =>
  db
    .selectFrom('oidc_artefacts')
    .select(['payload', 'expires_at', 'consumed_at', 'grant_id'])
    .where('model', '=', param('model'))
    .where('id', '=', param('id')),
);

export type StoredArtefact = Pick<OidcArtefactRow, 'payload' | 'expires_at' | 'consumed_at' | 'grant_id'>;

export async function findArtefact(db: ScopedExecutor, model: string, id: string): Promise<StoredArtefact | undefined> {
  return (await findQuery(db, { model, id })).rows[0];
}

/**
 * A token with its grant (grants are keyed by their own id) and, for a token of a user, that user with
 * whether they have access to the token's application: everything the provider then asks about the
 * token (its grant, its account) in one query. The scoped store puts the organisation in each join and
 * in accessAnswers' subqueries, so none is passed.
 */
const findWithGrantQuery = preparedInScope((db) =>
  db
    .selectFrom('oidc_artefacts as a')
    .leftJoin('oidc_artefacts as g', (join) => join.on('g.model', '=', 'Grant').onRef('g.id', '=', 'a.grant_id'))
    .leftJoin('users as u', 'u.id', 'a.account_id')
    .select(['a.payload', 'a.expires_at', 'a.consumed_at', 'a.grant_id', 'a.account_id', 'a.client_id'])
    .select(['g.payload as grant_payload', 'g.expires_at as grant_expires_at', 'g.consumed_at as grant_consumed_at'])
    .select(ACCOUNT_COLUMNS.map((column) => `u.${column}` as const))
    .select(accessAnswers(undefined, sql.ref('a.account_id'), sql.ref('a.client_id')))
    .where('a.model', '=', param('model'))
    .where('a.id', '=', param('id')),
);

/** What a token's query found of its user: the user and their access, or null when the token names a user that is gone. */
export type TokenAccount = { user: AccountUser; hasAccess: boolean } | null;

export async function findArtefactWithGrant(
  db: ScopedExecutor,
  model: string,
  id: string,
): Promise<
  | {
      artefact: StoredArtefact;
      grant: StoredArtefact | undefined;
      accountId: string | null;
      clientId: string | null;
      account: TokenAccount | undefined;
    }
  | undefined
> {
  const row = (await findWithGrantQuery(db, { model, id })).rows[0];
  if (!row) return undefined;
  const artefact = { payload: row.payload, expires_at: row.expires_at, consumed_at: row.consumed_at, grant_id: row.grant_id };
  const grant =
    row.grant_payload === null
      ? undefined
      : { payload: row.grant_payload, expires_at: row.grant_expires_at, consumed_at: row.grant_consumed_at, grant_id: row.grant_id };
  // A token of no user (client credentials have no account) or of no application answers nothing of one;
  // `id` is the joined user's, null when that user is gone.
  const account =
    row.account_id === null || row.client_id === null
      ? undefined
      : row.id === null
        ? null
        : userWithAccess(row as Parameters<typeof userWithAccess>[0]);
  return { artefact, grant, accountId: row.account_id, clientId: row.client_id, account };
}

const findByUidQuery = preparedInScope<Pick<OidcArtefactRow, 'payload' | 'expires_at'>, { model: string; uid: string }>((db) =>
  db.selectFrom('oidc_artefacts').select(['payload', 'expires_at']).where('model', '=', param('model')).where('uid', '=', param('uid')),
);

export async function findArtefactByUid(
  db: ScopedExecutor,
  model: string,
  uid: string,
): Promise<Pick<OidcArtefactRow, 'payload' | 'expires_at'> | undefined> {
  return (await findByUidQuery(db, { model, uid })).rows[0];
}

const consumeQuery = preparedInScope<{ created_at: number }, { model: string; id: string; now: number }>(consumeUpdate);

/**
 * Marks an artefact consumed unless it already is: for exactly one of several concurrent callers, the
 * time the artefact was made; for the others, undefined.
 */
export async function consumeArtefact(db: ScopedExecutor, model: string, id: string, now: number): Promise<number | undefined> {
  const result = await consumeQuery(db, { model, id, now });
  const createdAt = result.rows[0]?.created_at;
  return createdAt === undefined ? undefined : Number(createdAt);
}

const deleteQuery = preparedInScope<unknown, { model: string; id: string }>((db) =>
  db.deleteFrom('oidc_artefacts').where('model', '=', param('model')).where('id', '=', param('id')),
);

export async function deleteArtefact(db: ScopedExecutor, model: string, id: string): Promise<void> {
  await deleteQuery(db, { model, id });
}

/** Deletes what one grant issued; with no model, everything of the grant including the grant itself. */
export async function deleteGrantArtefacts(db: ScopedExecutor, grantId: string, model?: string): Promise<void> {
  await db
    .deleteFrom('oidc_artefacts')
    .where('grant_id', '=', grantId)
    .$if(model !== undefined, (qb) => qb.where('model', '=', model!))
    .execute();
}

export async function deleteAccountArtefacts(db: ScopedExecutor, accountId: string): Promise<number> {
  const result = await db.deleteFrom('oidc_artefacts').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteClientArtefacts(db: ScopedExecutor, clientId: string): Promise<void> {
  await db.deleteFrom('oidc_artefacts').where('client_id', '=', clientId).execute();
}

export async function deleteExpiredArtefacts(db: Executor, now: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep').deleteFrom('oidc_artefacts').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
