/**
 * SCIM provisioning over HTTP, on SQLite and PostgreSQL. For each database: a real
 * `node server/src/main.ts`, an organisation made with the CLI, an application with SCIM on and its
 * token (through the admin API, as the application page does), then
 *  1. BENCH_SCIM_USERS (default 10,000) users created with Entra ID's create request (no password, so
 *     each is invited by email into the outbox), BENCH_CONCURRENCY (default 4) connections at once:
 *     requests per second, p50 and p99;
 *  2. the organisation filled up to BENCH_USERS (default 100,000) users by bulk insert, then
 *     BENCH_REQUESTS (default 200) sequential filters of each kind Entra ID and Okta send.
 *
 *   npm run bench:scim -w bench
 *   (BENCH_POSTGRES_URL, e.g. postgres://postgres@127.0.0.1:5432/test, adds PostgreSQL in a fresh schema)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import pg from 'pg';
import { Pool } from 'undici';

import { type Config, DEFAULT_DATABASE_TIMEOUTS } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import type { NewUserRow } from '../server/src/db/schema.ts';
import { searchKey } from '../server/src/db/search-key.ts';
import { createOrganisation, freePort, percentile, serverEnv, startGatehouse, stopGatehouse } from './support.ts';

const PROVISIONED = Number(process.env.BENCH_SCIM_USERS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PASSWORD = 'correct horse battery staple';
const BATCH = 1000;

const FILTERS: [string, string][] = [
  ['userName eq (one user, Entra ID and Okta before each create)', 'userName eq "user.77777@bulk.test"'],
  ['userName eq (no such user)', 'userName eq "nobody@bulk.test"'],
  ['externalId eq (Entra ID matching)', 'externalId eq "emp-4242"'],
  ['userName sw, count=10', 'userName sw "user.1234"'],
  ['emails[type eq "work"].value eq', 'emails[type eq "work"].value eq "user.5000@bulk.test"'],
];

const percentiles = (latencies: number[]) => {
  latencies.sort((a, b) => a - b);
  return `${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)}`;
};

async function run(kind: 'sqlite' | 'postgres', databaseUrl: string, dataDir: string): Promise<string[]> {
  const port = await freePort();
  const env = serverEnv(port, databaseUrl, dataDir);
  await createOrganisation(env, 'big', 'admin@big.test', PASSWORD);
  const database: Config['database'] =
    kind === 'sqlite'
      ? { kind, path: databaseUrl.slice('sqlite:'.length) }
      : { kind, url: databaseUrl, poolSize: 2, ...DEFAULT_DATABASE_TIMEOUTS };
  const db = openDatabase(database);
  const org = await db.kysely.selectFrom('organisations').select('id').where('name', '=', 'big').executeTakeFirstOrThrow();
  await db.kysely.updateTable('organisations').set({ tier: 'free' }).where('id', '=', org.id).execute();

  const server = await startGatehouse(env);
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY });
  const host = `big.localhost:${port}`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const call = async (method: 'GET' | 'POST' | 'PUT', requestPath: string, headers: Record<string, string>, body?: string) => {
    const res = await pool.request({ method, path: requestPath, headers: { host, ...headers }, ...(body === undefined ? {} : { body }) });
    const text = await res.body.text();
    return { status: res.statusCode, text, headers: res.headers };
  };

  const signIn = await call(
    'POST',
    '/api/authenticate',
    { 'content-type': 'application/x-www-form-urlencoded' },
    form({ email: 'admin@big.test', password: PASSWORD }),
  );
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
  const asAdmin = { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const app = JSON.parse((await call('POST', '/api/clients', asAdmin, form({ name: 'HR' }))).text) as { id: string };
  const saved = await call(
    'PUT',
    `/api/clients/${app.id}`,
    asAdmin,
    form({ name: 'HR', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', scimEnabled: 'true' }),
  );
  if (saved.status !== 200) throw new Error(`enabling SCIM failed: ${saved.status} ${saved.text}`);
  const { token } = JSON.parse((await call('POST', `/api/clients/${app.id}/scimtoken`, { cookie })).text) as { token: string };
  const scim = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json', accept: 'application/scim+json' };

  // 1. Provisioning, as Entra ID's create request, CONCURRENCY at a time.
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < PROVISIONED; i = next++) {
        const userName = `hire.${i}@big.test`;
        const sent = performance.now();
        const res = await call(
          'POST',
          '/scim/v2/Users',
          scim,
          JSON.stringify({
            schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
            externalId: `hire-${i}`,
            userName,
            active: true,
            name: { givenName: 'New', familyName: `Hire ${i}` },
            emails: [{ primary: true, type: 'work', value: userName }],
          }),
        );
        latencies.push(performance.now() - sent);
        if (res.status !== 201) throw new Error(`creating ${userName}: ${res.status} ${res.text}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const lines = [
    `| ${kind} | create ${PROVISIONED} users (${CONCURRENCY} connections) | ${(PROVISIONED / seconds).toFixed(0)} | ${percentiles(latencies)} |`,
  ];

  // 2. Up to USERS users, then the filters.
  const now = Date.now();
  const bulk = USERS - PROVISIONED - 1;
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < bulk; start += BATCH) {
      const rows: NewUserRow[] = [];
      for (let i = start; i < Math.min(bulk, start + BATCH); i++) {
        rows.push({
          id: randomUUID(),
          organisation_id: org.id,
          email: `user.${i}@bulk.test`,
          first_name: 'Bulk',
          surname: `User ${i}`,
          first_name_search: searchKey('Bulk'),
          surname_search: searchKey(`User ${i}`),
          external_id: `emp-${i}`,
          role: 'EndUser',
          status: 'SignedUp',
          requires_new_password: false,
          failed_auth_count: 0,
          multi_factor_auth_required: false,
          created_at: now,
          updated_at: now,
        });
      }
      await trx.insertInto('users').values(rows).execute();
    }
  });
  // As autovacuum would leave it (SQLite keeps no statistics: docs/operations.md).
  if (kind === 'postgres') await sql`vacuum analyze users`.execute(db.kysely);
  await db.close();

  for (const [label, filter] of FILTERS) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS + 10; i++) {
      const sent = performance.now();
      const res = await call('GET', `/scim/v2/Users?filter=${encodeURIComponent(filter)}&count=10`, scim);
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${res.text}`);
      if (i >= 10) times.push(performance.now() - sent); // the first ten warm up
      total = (JSON.parse(res.text) as { totalResults: number }).totalResults;
    }
    lines.push(
      `| ${kind} | filter ${label}: ${total} of ${USERS} | ${(1000 / (times.reduce((a, b) => a + b, 0) / times.length)).toFixed(0)} | ${percentiles(times)} |`,
    );
  }
  await pool.close();
  await stopGatehouse(server);
  return lines;
}

async function main(): Promise<void> {
  const lines: string[] = [];
  const sqliteDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
  try {
    lines.push(...(await run('sqlite', `sqlite:${path.join(sqliteDir, 'bench.db')}`, sqliteDir)));
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
  const postgres = process.env.BENCH_POSTGRES_URL;
  if (postgres) {
    const schema = `gh_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(postgres);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const pgDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
    try {
      lines.push(...(await run('postgres', url.toString(), pgDir)));
    } finally {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      rmSync(pgDir, { recursive: true, force: true });
    }
  }
  console.log(
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
  );
  console.log('| database | requests | per second | p50 ms | p99 ms |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const line of lines) console.log(line);
}

await main();
