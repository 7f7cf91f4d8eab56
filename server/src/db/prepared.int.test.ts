/**
 * Prepared queries (db/prepared.ts): on SQLite a read runs on the connection at once when no
 * transaction holds it, and waits its turn when one does, so it never sees a write that is not committed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findArtefact, upsertArtefact } from '../oidc/store.ts';
import { param, prepared } from './prepared.ts';
import type { Executor } from './schema.ts';
import { organisationId } from '../testing/accounts.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

describe.each(testDialects())('prepared queries on %s', (dialect) => {
  let server: TestServer;
  let acme: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    acme = await organisationId(server, 'acme');
  });
  afterAll(() => server?.close());

  const artefact = (id: string) => ({
    organisation_id: acme,
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
    await upsertArtefact(db, artefact('committed'));
    expect(await findArtefact(db, acme, 'Session', 'committed')).toMatchObject({ payload: '{}' });
    expect(await findArtefact(db, acme, 'Session', 'missing')).toBeUndefined();
  });

  it('never answers a write of a transaction that has not committed yet', async () => {
    const db = server.ctx.db.kysely;
    let insideTransaction = true;
    let answeredInside: boolean | undefined;
    let read: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await upsertArtefact(trx, artefact('pending'));
      read = findArtefact(db, acme, 'Session', 'pending').then((row) => {
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
    expect(await findArtefact(db, acme, 'Session', 'pending')).toMatchObject({ payload: '{}' });
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
    await upsertArtefact(db, artefact('compiled-once'));
    expect((await payloadOf(db, { id: 'compiled-once' })).rows).toEqual([{ payload: '{}' }]);
    // The group commit (db/write-batch.ts) runs each batch in a new transaction: none compiles it again.
    for (let i = 0; i < 3; i++) {
      await db.transaction().execute(async (trx) => {
        expect((await payloadOf(trx, { id: 'compiled-once' })).rows).toEqual([{ payload: '{}' }]);
      });
    }
    expect(builds).toBe(1);
  });
});
