/**
 * The scoped store on both databases: every select, join, subquery, update, delete and insert of a
 * tenant table is bound to the store's organisation; another organisation's rows are invisible and
 * untouchable; what cannot be scoped is refused; transactions keep their after-commit list.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findApiRow, insertApi, listApiRows } from '../apis/store.ts';
import { systemScope } from '../scope/scope.ts';
import { findSession, insertSession } from '../sessions/store.ts';
import { toOrganisation } from '../tenancy/organisation.ts';
import { organisationId } from '../testing/accounts.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { Unscoped } from '../testing/tenant-guard.ts';
import { afterCommit } from './after-commit.ts';
import type { ApiRow, MetricName } from './schema.ts';
import { acrossOrganisations, organisationOf, scoped, type ScopedExecutor, ScopeViolation } from './scoped.ts';
import { ORGANISATION_KEYS, TENANT_TABLES } from './tenant-tables.ts';

describe.each(testDialects())('the scoped store on %s', (dialect) => {
  let server: TestServer;
  let acme: string;
  let globex: string;
  let n = 0;
  const db = () => server.ctx.db.kysely;
  const api = (organisation: string, fields: Partial<ApiRow> = {}): ApiRow => ({
    id: `api-${++n}`,
    organisation_id: organisation,
    name: `api ${n}`,
    identifier: `https://api-${n}.test`,
    scopes: '[]',
    access_token_ttl: 60,
    created_at: 0,
    updated_at: 0,
    ...fields,
  });
  const nameOf = async (id: string) =>
    (await acrossOrganisations(db(), 'operator').selectFrom('apis').select('name').where('id', '=', id).executeTakeFirst())?.name;

  const unscoped: Unscoped[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, { onUnscoped: (query) => void unscoped.push(query) });
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    acme = await organisationId(server, 'acme');
    globex = await organisationId(server, 'globex');
  });
  afterAll(() => server?.close());

  it('knows every table of the migrated database that has organisation_id', async () => {
    const rows =
      dialect === 'postgres'
        ? (
            await sql<{ table_name: string }>`select table_name from information_schema.columns
              where column_name = 'organisation_id' and table_schema = current_schema()`.execute(db())
          ).rows
        : (
            await sql<{ table_name: string }>`select m.name as table_name from sqlite_master m, pragma_table_info(m.name) p
              where m.type = 'table' and p.name = 'organisation_id'`.execute(db())
          ).rows;
    expect(rows.map((r) => r.table_name).sort()).toEqual([...TENANT_TABLES].sort());
  });

  it('knows the unique keys of tenant tables that include the organisation, each led by it', async () => {
    // Unique indexes and primary keys, partial ones aside (no ON CONFLICT target names them by columns alone).
    const rows =
      dialect === 'postgres'
        ? (
            await sql<{ table_name: string; columns: string }>`select t.relname as table_name,
                string_agg(a.attname, ',' order by k.ord) as columns
              from pg_index x
              join pg_class t on t.oid = x.indrelid
              join pg_class i on i.oid = x.indexrelid
              join pg_namespace n on n.oid = t.relnamespace
              cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
              join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
              where x.indisunique and x.indpred is null and n.nspname = current_schema()
              group by t.relname, i.relname`.execute(db())
          ).rows
        : (
            await sql<{ table_name: string; columns: string }>`select m.name as table_name,
                (select group_concat(c.name, ',') from (select name from pragma_index_info(l.name) order by seqno) c) as columns
              from sqlite_master m, pragma_index_list(m.name) l
              where m.type = 'table' and l."unique" = 1 and l.partial = 0`.execute(db())
          ).rows;
    const keys = rows
      .filter((r) => TENANT_TABLES.has(r.table_name) && r.columns.split(',').includes('organisation_id'))
      .map((r) => ({ table: r.table_name, columns: r.columns.split(',') }));
    for (const key of keys) expect(key.columns[0], `${key.table} (${key.columns.join(', ')})`).toBe('organisation_id');
    const found = keys.map((k) => `${k.table} (${k.columns.slice(1).join(', ')})`).sort();
    const listed = Object.entries(ORGANISATION_KEYS)
      .flatMap(([table, tableKeys]) => tableKeys.map((key) => `${table} (${key.join(', ')})`))
      .sort();
    expect(listed).toEqual(found);
  });

  it('sets organisation_id on insert and reads only its organisation', async () => {
    const { organisation_id: _, ...unstamped } = api(acme);
    await scoped(db(), acme).insertInto('apis').values(unstamped).execute();
    const theirs = api(globex);
    await scoped(db(), globex).insertInto('apis').values(theirs).execute();
    const mine = await scoped(db(), acme).selectFrom('apis').selectAll().execute();
    expect(mine.map((r) => r.id)).toContain(unstamped.id);
    expect(mine.every((r) => r.organisation_id === acme)).toBe(true);
    expect(await scoped(db(), acme).selectFrom('apis').selectAll().where('id', '=', theirs.id).executeTakeFirst()).toBeUndefined();
    expect(await nameOf(theirs.id)).toBe(theirs.name);
  });

  it('scopes joins in their ON clause (a left join stays one), with aliases', async () => {
    // An API of globex named like acme's admin: acme's left join must not find it.
    await scoped(db(), globex)
      .insertInto('apis')
      .values(api(globex, { name: 'admin@acme.test' }))
      .execute();
    const query = scoped(db(), acme)
      .selectFrom('users as u')
      .leftJoin('apis as a', 'a.name', 'u.email')
      .select(['u.email', 'a.id as api'])
      .where('u.email', '=', 'admin@acme.test');
    expect(query.compile().sql).toMatch(/"a"\."organisation_id" = /);
    expect(await query.execute()).toEqual([{ email: 'admin@acme.test', api: null }]);
    const inner = await scoped(db(), acme).selectFrom('users').innerJoin('apis', 'apis.name', 'users.email').select('apis.id').execute();
    expect(inner).toEqual([]);
  });

  it('scopes subqueries', async () => {
    const theirs = api(globex);
    await scoped(db(), globex).insertInto('apis').values(theirs).execute();
    const rows = await scoped(db(), acme)
      .selectFrom('users')
      .select(['email', (eb) => eb.selectFrom('apis').select(eb.fn.countAll<number | string>().as('n')).as('apis')])
      .where('id', 'not in', (eb) => eb.selectFrom('apis').select('id').where('id', '=', theirs.id))
      .execute();
    const acmeApis = await scoped(db(), acme)
      .selectFrom('apis')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rows.map((r) => [r.email, Number(r.apis)])).toEqual([['admin@acme.test', Number(acmeApis.n)]]);
    const exists = await scoped(db(), acme)
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.exists(eb.selectFrom('apis').select('id').where('id', '=', theirs.id)))
      .execute();
    expect(exists).toEqual([]);
  });

  it("cannot update or delete another organisation's row", async () => {
    const theirs = api(globex);
    await scoped(db(), globex).insertInto('apis').values(theirs).execute();
    const updated = await scoped(db(), acme).updateTable('apis').set({ name: 'taken' }).where('id', '=', theirs.id).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(0);
    const deleted = await scoped(db(), acme).deleteFrom('apis').where('id', '=', theirs.id).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    // An OR in the filter cannot widen it: the organisation's clause is ANDed around it.
    await scoped(db(), acme)
      .updateTable('apis')
      .set({ name: 'taken' })
      .where((eb) => eb.or([eb('id', '=', theirs.id), eb('name', '=', theirs.name)]))
      .execute();
    // An upsert that conflicts with another organisation's row leaves it as it is.
    await scoped(db(), acme)
      .insertInto('apis')
      .values(api(acme, { id: theirs.id }))
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: 'taken' }))
      .execute();
    expect(await nameOf(theirs.id)).toBe(theirs.name);
    const mine = api(acme);
    await scoped(db(), acme).insertInto('apis').values(mine).execute();
    await scoped(db(), acme)
      .insertInto('apis')
      .values(api(acme, { id: mine.id }))
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: 'renamed' }))
      .execute();
    expect(await nameOf(mine.id)).toBe('renamed');
  });

  it("completes an upsert's conflict target with the organisation when the rest of an organisation key is named", async () => {
    const theirs = api(globex, { identifier: 'https://shared.test', name: 'theirs' });
    await scoped(db(), globex).insertInto('apis').values(theirs).execute();
    const { organisation_id: _, ...mine } = api(acme, { identifier: 'https://shared.test', name: 'first' });
    const upsert = (name: string) =>
      scoped(db(), acme)
        .insertInto('apis')
        .values({ ...mine, name })
        .onConflict((oc) => oc.column('identifier').doUpdateSet({ name }));
    // Only (organisation_id, identifier) is unique: both databases refuse a target of identifier alone.
    expect(upsert('first').compile().sql).toContain('on conflict ("organisation_id", "identifier") do update set "name" = ');
    expect(upsert('first').compile().sql).not.toMatch(/where "apis"\."organisation_id"/);
    await upsert('first').execute();
    await upsert('second').execute();
    expect(await nameOf(mine.id)).toBe('second');
    expect(await nameOf(theirs.id)).toBe('theirs');
    // A target that names the organisation already is left as written; one without it (a row's own id) too.
    const written = scoped(db(), acme)
      .insertInto('apis')
      .values(mine)
      .onConflict((oc) => oc.columns(['organisation_id', 'identifier']).doNothing());
    expect(written.compile().sql).toContain('on conflict ("organisation_id", "identifier") do nothing');
    await written.execute();
    const byId = scoped(db(), acme)
      .insertInto('apis')
      .values(mine)
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: 'third' }));
    expect(byId.compile().sql).toMatch(/on conflict \("id"\) do update set "name" = .* where "apis"\."organisation_id" = /);
    await byId.execute();
    expect(await nameOf(mine.id)).toBe('third');
  });

  it('stamps the organisation on INSERT ... SELECT, and scopes each part of a WITH', async () => {
    const mine = api(acme, { created_at: 771_001 });
    const theirs = api(globex, { created_at: 771_002 });
    await scoped(db(), acme).insertInto('apis').values(mine).execute();
    await scoped(db(), globex).insertInto('apis').values(theirs).execute();
    const copy = () =>
      scoped(db(), acme)
        .insertInto('metric_counts')
        .columns(['metric', 'bucket_start', 'count'])
        .expression((eb) =>
          eb
            .selectFrom('apis')
            .select([eb.val<MetricName>('sign_in').as('metric'), 'apis.created_at as bucket_start', eb.lit(1).as('count')])
            .where('apis.id', 'in', [mine.id, theirs.id]),
        )
        .onConflict((oc) =>
          oc.columns(['metric', 'bucket_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('metric_counts.count'), '+', 1) })),
        );
    await copy().execute();
    await copy().execute();
    const counts = await acrossOrganisations(db(), 'operator')
      .selectFrom('metric_counts')
      .select(['organisation_id', 'bucket_start', 'count'])
      .where('bucket_start', 'in', [771_001, 771_002])
      .execute();
    expect(counts.map((r) => ({ ...r, bucket_start: Number(r.bucket_start), count: Number(r.count) }))).toEqual([
      { organisation_id: acme, bucket_start: 771_001, count: 2 },
    ]);
    const withPart = await scoped(db(), acme)
      .with('listed', (db) => db.selectFrom('apis').select('id').where('id', 'in', [mine.id, theirs.id]))
      .selectFrom('listed')
      .select('listed.id')
      .execute();
    expect(withPart).toEqual([{ id: mine.id }]);
    const refused: (() => unknown)[] = [
      // A select that names another organisation, or selects * (its columns cannot be checked).
      () =>
        scoped(db(), acme)
          .insertInto('metric_counts')
          .columns(['organisation_id', 'metric', 'bucket_start', 'count'])
          .expression((eb) =>
            eb
              .selectFrom('apis')
              .select([eb.val(globex).as('o'), eb.val<MetricName>('sign_in').as('m'), 'apis.created_at', eb.lit(1).as('c')]),
          )
          .execute(),
      () =>
        scoped(db(), acme)
          .insertInto('apis')
          .expression((eb) => eb.selectFrom('apis').selectAll())
          .execute(),
      // A WITH part named like a tenant table would hide it from the scoping.
      () =>
        scoped(db(), acme)
          .with('users', (db) => db.selectFrom('apis').select('id'))
          .selectFrom('apis')
          .select('id')
          .execute(),
    ];
    for (const attempt of refused) await expect(Promise.resolve().then(attempt)).rejects.toBeInstanceOf(ScopeViolation);
  });

  it.runIf(dialect === 'postgres')('scopes the data-modifying parts of a WITH (PostgreSQL)', async () => {
    const mine = api(acme);
    const theirs = api(globex);
    await scoped(db(), acme).insertInto('apis').values(mine).execute();
    await scoped(db(), globex).insertInto('apis').values(theirs).execute();
    const { organisation_id: _, ...added } = api(acme);
    const rows = await scoped(db(), acme)
      .with('renamed', (db) =>
        db.updateTable('apis').set({ name: 'renamed in a WITH' }).where('id', 'in', [mine.id, theirs.id]).returning('id'),
      )
      .with('inserted', (db) => db.insertInto('apis').values(added).returning('id'))
      .selectFrom(['renamed', 'inserted'])
      .select(['renamed.id as renamed', 'inserted.id as inserted'])
      .execute();
    expect(rows).toEqual([{ renamed: mine.id, inserted: added.id }]);
    expect(await nameOf(theirs.id)).toBe(theirs.name);
    const stamped = await acrossOrganisations(db(), 'operator')
      .selectFrom('apis')
      .select('organisation_id')
      .where('id', '=', added.id)
      .execute();
    expect(stamped).toEqual([{ organisation_id: acme }]);
  });

  it('refuses what it cannot scope', async () => {
    const store = scoped(db(), acme);
    const refused: (() => unknown)[] = [
      () => store.selectFrom('apis').selectAll().where('organisation_id', '=', globex).execute(),
      () => store.selectFrom('apis').selectAll().where('organisation_id', 'in', [acme, globex]).execute(),
      () => store.selectFrom('apis').selectAll().where('organisation_id', '!=', acme).execute(),
      () => store.insertInto('apis').values(api(globex)).execute(),
      () => store.updateTable('apis').set({ organisation_id: globex }).execute(),
      () => sql`select * from apis`.execute(store),
      () =>
        store
          .selectFrom('users')
          .select('id')
          .where(sql<boolean>`id in (select user_id from sessions)`)
          .execute(),
      () => store.selectFrom('users').rightJoin('apis', 'apis.name', 'users.email').select('users.id').execute(),
      () =>
        store
          .insertInto('organisations')
          .values({} as never)
          .execute(),
      () => scoped(store, globex),
    ];
    for (const attempt of refused) await expect(Promise.resolve().then(attempt)).rejects.toBeInstanceOf(ScopeViolation);
    // Its own id written by hand is allowed (and redundant).
    expect(await store.selectFrom('apis').select('id').where('organisation_id', '=', acme).execute()).not.toEqual([]);
    // A column compared with a column is allowed, as `sql.ref` too: the token's query (oidc/store.ts) passed
    // accessAnswers such a reference, which was refused and answered 500 on the code exchange.
    const referenced = await store
      .selectFrom('users as u')
      .select((eb) =>
        eb
          .exists(eb.selectFrom('apis').select('apis.id').where('apis.organisation_id', '=', sql.ref<string>('u.organisation_id')))
          .as('any'),
      )
      .execute();
    expect(referenced.length).toBeGreaterThan(0);
  });

  it('keeps the after-commit list on its transactions, and on a scoped copy of a transaction', async () => {
    const ran: string[] = [];
    const store = scoped(db(), acme);
    expect(organisationOf(store)).toBe(acme);
    expect(scoped(store, acme)).toBe(store);
    await store.transaction().execute(async (trx) => {
      await trx.insertInto('apis').values(api(acme)).execute();
      afterCommit(trx, () => ran.push('store'));
      expect(ran).toEqual([]);
    });
    await db()
      .transaction()
      .execute(async (trx) => {
        const bound = scoped(trx, acme);
        await bound.insertInto('apis').values(api(acme)).execute();
        afterCommit(bound, () => ran.push('copy'));
      });
    await expect(
      store.transaction().execute(async (trx) => {
        afterCommit(trx, () => ran.push('rolled back'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(ran).toEqual(['store', 'copy']);
  });

  it('is bound once in a Scope: scope.db and scope.transaction reach its organisation only, prepared queries included', async () => {
    const row = await db().selectFrom('organisations').selectAll().where('id', '=', acme).executeTakeFirstOrThrow();
    const scope = systemScope(db(), toOrganisation(server.ctx.config, row));
    expect(organisationOf(scope.db)).toBe(acme);
    expect(scope.db).toBe(scoped(db(), acme));
    const mine = api(acme);
    const theirs = api(globex);
    await insertApi(scoped(db(), globex), theirs);
    const admin = await scope.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const session = {
      id: `session-${++n}`,
      public_id: `public-${n}`,
      address: null,
      user_id: admin.id,
      created_at: 0,
      last_seen_at: 0,
      expires_at: 1,
      amr: '[]',
      user_agent: null,
    };

    const seen = await scope.transaction(async (inner) => {
      expect(inner.db.isTransaction).toBe(true);
      expect(organisationOf(inner.db)).toBe(acme);
      expect(inner.actor).toBe(scope.actor);
      await insertApi(inner.db, mine);
      await insertSession(inner.db, session);
      // A transaction inside one joins it.
      return inner.transaction(async (joined) => {
        expect(joined.db).toBe(inner.db);
        return { apis: (await listApiRows(joined.db)).map((a) => a.id), session: (await findSession(joined.db, session.id))?.id };
      });
    });
    expect(seen.apis).toContain(mine.id);
    expect(seen.apis).not.toContain(theirs.id);
    expect(seen.session).toBe(session.id);
    expect(await findApiRow(scope.db, theirs.id)).toBeUndefined();
    expect(await findSession(scoped(db(), globex), session.id)).toBeUndefined();

    const rolledBack = api(acme);
    await expect(
      scope.transaction(async (inner) => {
        await insertApi(inner.db, rolledBack);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await findApiRow(scope.db, rolledBack.id)).toBeUndefined();
    // The unscoped database does not type-check as a store's; at run time a prepared query refuses it too.
    await expect(async () => findSession(db() as unknown as ScopedExecutor, session.id)).rejects.toThrow(ScopeViolation);
  });

  it('is guarded in tests: a tenant table queried outside the scoped store and the escapes is reported', async () => {
    unscoped.length = 0;
    await scoped(db(), acme).selectFrom('apis').select('id').execute();
    await acrossOrganisations(db(), 'sweep').selectFrom('apis').select('id').execute();
    await db().selectFrom('job_runs').select('name').execute();
    expect(unscoped).toEqual([]);
    await db().selectFrom('users').innerJoin('sessions', 'sessions.user_id', 'users.id').select('users.id').execute();
    await db().deleteFrom('apis').where('id', '=', 'none').execute();
    expect(unscoped).toEqual([
      { file: 'db/scoped.int.test.ts', tables: ['users', 'sessions'] },
      { file: 'db/scoped.int.test.ts', tables: ['apis'] },
    ]);
  });
});
