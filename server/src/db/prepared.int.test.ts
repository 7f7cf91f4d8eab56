/**
 * Prepared queries (db/prepared.ts): on SQLite a read runs on the connection at once when no
 * transaction holds it, and waits its turn when one does, so it never sees a write that is not committed;
 * on PostgreSQL each runs as a named statement, parsed once per connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { consumeArtefactWithEvent, findArtefact, upsertArtefact, upsertArtefactWithEvent } from '../oidc/store.ts';
import { organisationId } from '../testing/accounts.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { openDatabase } from './database.ts';
import { param, prepared } from './prepared.ts';
import type { Executor } from './schema.ts';
import { acrossOrganisations, scoped } from './scoped.ts';

describe.each(testDialects())('prepared queries on %s', (dialect) => {
  let server: TestServer;
  let acme: string;
  let globex: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    acme = await organisationId(server, 'acme');
    globex = await organisationId(server, 'globex');
  });
  afterAll(() => server?.close());

  const artefact = (id: string) => ({
    model: 'Session',
    id,
    payload: '{}',
    grant_id: null,
    account_id: null,
    client_id: null,
    uid: null,
    created_at: 0,
    expires_at: null,
  });

  it('reads what is committed', async () => {
    const db = server.ctx.db.kysely;
    await upsertArtefact(scoped(db, acme), artefact('committed'));
    expect(await findArtefact(scoped(db, acme), 'Session', 'committed')).toMatchObject({ payload: '{}' });
    expect(await findArtefact(scoped(db, acme), 'Session', 'missing')).toBeUndefined();
  });

  it('never answers a write of a transaction that has not committed yet', async () => {
    const db = server.ctx.db.kysely;
    let insideTransaction = true;
    let answeredInside: boolean | undefined;
    let read: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await upsertArtefact(scoped(trx, acme), artefact('pending'));
      read = findArtefact(scoped(db, acme), 'Session', 'pending').then((row) => {
        if (insideTransaction) answeredInside = row !== undefined;
        return row;
      });
      // Time for the read to answer if it can while the transaction is open (PostgreSQL: from another
      // connection; SQLite: it must wait for the one connection).
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      insideTransaction = false;
    });
    // An answer given inside the transaction did not include its write.
    expect(answeredInside === undefined || answeredInside === false).toBe(true);
    if (dialect === 'sqlite') expect(answeredInside).toBeUndefined();
    await read;
    expect(await findArtefact(scoped(db, acme), 'Session', 'pending')).toMatchObject({ payload: '{}' });
  });

  it('compiles a query once for the database and every transaction on it', async () => {
    const db = server.ctx.db.kysely;
    let builds = 0;
    const payloadOf = prepared<{ payload: string }, { id: string }>((executor: Executor) => {
      builds++;
      return executor
        .selectFrom('oidc_artefacts')
        .select('payload')
        .where('organisation_id', '=', acme)
        .where('model', '=', 'Session')
        .where('id', '=', param('id'));
    });
    await upsertArtefact(scoped(db, acme), artefact('compiled-once'));
    expect((await payloadOf(db, { id: 'compiled-once' })).rows).toEqual([{ payload: '{}' }]);
    // The group commit (db/write-batch.ts) runs each batch in a new transaction: none compiles it again.
    for (let i = 0; i < 3; i++) {
      await db.transaction().execute(async (trx) => {
        expect((await payloadOf(trx, { id: 'compiled-once' })).rows).toEqual([{ payload: '{}' }]);
      });
    }
    expect(builds).toBe(1);
  });

  it.runIf(dialect === 'postgres')('runs as a statement PostgreSQL keeps parsed on the connection, outside transactions', async () => {
    const config = server.ctx.config.database;
    if (config.kind !== 'postgres') throw new Error('a PostgreSQL database was expected');
    // One connection, so the session's prepared statements are the ones its queries made.
    const db = openDatabase({ ...config, poolSize: 1 });
    try {
      const statements = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db.kysely)).rows.map(
          (row) => row.statement,
        );
      await upsertArtefact(scoped(db.kysely, acme), artefact('named'));
      expect(await findArtefact(scoped(db.kysely, acme), 'Session', 'named')).toMatchObject({ payload: '{}' });
      const kept = await statements();
      expect(kept.filter((text) => text.startsWith('insert into "oidc_artefacts"'))).toHaveLength(1);
      expect(kept.filter((text) => text.startsWith('select'))).toHaveLength(1);
      // Run again, nothing new is parsed; inside a transaction a query stays on the transaction's connection.
      await upsertArtefact(scoped(db.kysely, acme), artefact('named'));
      await db.kysely.transaction().execute(async (trx) => {
        await upsertArtefact(scoped(trx, acme), artefact('in-transaction'));
        expect(await findArtefact(scoped(trx, acme), 'Session', 'in-transaction')).toMatchObject({ payload: '{}' });
      });
      expect(await statements()).toHaveLength(kept.length);
    } finally {
      await db.close();
    }
  });
  it.runIf(dialect === 'postgres')(
    "stores and consumes a code with its event in one statement per step, compiled once for every organisation, each bound to the caller's",
    async () => {
      const config = server.ctx.config.database;
      if (config.kind !== 'postgres') throw new Error('a PostgreSQL database was expected');
      const db = openDatabase({ ...config, poolSize: 1 });
      try {
        const code = { ...artefact('code-both'), model: 'AuthorizationCode', created_at: 120_000 };
        const event = (organisation: string, kind: 'code_issued' | 'code_redeemed') => ({
          event: { id: `${kind}-${organisation}`, kind, client_id: null, subject: 'code-both', created_at: 120_500 },
          metric: kind,
        });
        for (const organisation of [acme, globex]) {
          await upsertArtefactWithEvent(scoped(db.kysely, organisation), code, event(organisation, 'code_issued'), 120_000);
        }
        expect(
          await consumeArtefactWithEvent(
            scoped(db.kysely, acme),
            'AuthorizationCode',
            'code-both',
            130_000,
            event(acme, 'code_redeemed'),
            60_000,
          ),
        ).toBe(120_000);
        expect(
          await consumeArtefactWithEvent(
            scoped(db.kysely, acme),
            'AuthorizationCode',
            'code-both',
            130_000,
            event(acme, 'code_redeemed'),
            60_000,
          ),
        ).toBeUndefined();
        const statements = (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db.kysely)).rows.map(
          (row) => row.statement,
        );
        expect(statements.filter((text) => text.startsWith('with "stored"'))).toHaveLength(1);
        expect(statements.filter((text) => text.startsWith('with "consumed"'))).toHaveLength(1);
        const across = acrossOrganisations(db.kysely, 'operator');
        const name = (organisation: string) => (organisation === acme ? 'acme' : 'globex');
        const codes = await across
          .selectFrom('oidc_artefacts')
          .select(['organisation_id', 'consumed_at'])
          .where('id', '=', 'code-both')
          .execute();
        expect(
          codes.map((row) => `${name(row.organisation_id)} ${row.consumed_at === null ? 'live' : Number(row.consumed_at)}`).sort(),
        ).toEqual(['acme 130000', 'globex live']);
        const events = await across
          .selectFrom('oidc_events')
          .select(['organisation_id', 'kind'])
          .where('subject', '=', 'code-both')
          .execute();
        expect(events.map((row) => `${name(row.organisation_id)} ${row.kind}`).sort()).toEqual([
          'acme code_issued',
          'acme code_redeemed',
          'globex code_issued',
        ]);
        const counted = await across
          .selectFrom('metric_counts')
          .select(['organisation_id', 'metric', 'count'])
          .where('bucket_start', '=', 120_000)
          .execute();
        expect(counted.map((row) => `${name(row.organisation_id)} ${row.metric} ${Number(row.count)}`).sort()).toEqual([
          'acme code_issued 1',
          'acme code_redeemed 1',
          'globex code_issued 1',
        ]);
      } finally {
        await db.close();
      }
    },
  );
});
