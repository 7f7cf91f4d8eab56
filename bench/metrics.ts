/**
 * GET /api/metrics on an organisation with a large event history: a real `node server/src/main.ts`, an
 * organisation made with the CLI, then BENCH_DAYS days of history written straight into the database
 * (BENCH_FLOWS_PER_DAY application sign-ins a day, each with its code, as protocol events and their
 * minute counters; sign-in and failed sign-in counters for every minute; BENCH_USERS users), and a closed loop of keep-alive
 * connections reading the figures as the signed-in admin. For contrast it times, in this process, a
 * count of every protocol event of the organisation: what the figures would cost without counters and
 * windows. Prints markdown.
 *
 *   node bench/metrics.ts   (BENCH_SECONDS, default 10; BENCH_CONNECTIONS, default 8; BENCH_DAYS, default 30;
 *                            BENCH_FLOWS_PER_DAY, default 20000; BENCH_USERS, default 10000;
 *                            BENCH_DATABASE_URL: a postgres:// URL runs in a fresh schema there, else SQLite)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { Pool } from 'undici';

import { type Config, DEFAULT_DATABASE_TIMEOUTS } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import type { Database, MetricName } from '../server/src/db/schema.ts';
import { createOrganisation, freePort, percentile, serverEnv } from './support.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const FLOWS_PER_DAY = Number(process.env.BENCH_FLOWS_PER_DAY ?? 20_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BATCH = 500;

/** A fresh database: an SQLite file, or a new schema of BENCH_DATABASE_URL. */
async function freshDatabase(dataDir: string): Promise<{ url: string; database: Config['database']; drop(): Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base?.startsWith('postgres')) {
    const file = path.join(dataDir, 'bench.db');
    return { url: `sqlite:${file}`, database: { kind: 'sqlite', path: file }, drop: async () => {} };
  }
  const schema = `gh_bench_${randomBytes(6).toString('hex')}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await run(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    database: { kind: 'postgres', url: url.toString(), poolSize: 5, ...DEFAULT_DATABASE_TIMEOUTS },
    drop: () => run(`drop schema ${schema} cascade`),
  };
}

async function insertBatches<T>(rows: Iterable<T>, write: (batch: T[]) => Promise<unknown>): Promise<number> {
  let batch: T[] = [];
  let n = 0;
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await write(batch);
      n += batch.length;
      batch = [];
    }
  }
  if (batch.length) await write(batch);
  return n + batch.length;
}

/** The history: protocol events of every flow with their minute counters, sign-in counters, users of every status. */
export async function seed(db: Kysely<Database>, organisationId: string, now: number): Promise<{ events: number; counters: number }> {
  // Counted as the server counts them: an ending in the minute its sign-in or code started.
  const counts = new Map<string, number>();
  const count = (metric: MetricName, t: number) => {
    const key = `${metric} ${t - (t % MINUTE)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  function* events() {
    const flows = DAYS * FLOWS_PER_DAY;
    for (let i = 0; i < flows; i++) {
      const at = now - Math.floor((i / flows) * DAYS * DAY) - 1;
      const uid = randomUUID();
      const code = randomUUID();
      const row = (kind: Database['oidc_events']['kind'], subject: string, t: number) => ({
        id: randomUUID(),
        organisation_id: organisationId,
        kind,
        client_id: `client${i % 5}`,
        subject,
        created_at: t,
      });
      yield row('sign_in_started', uid, at);
      count('app_sign_in_started', at);
      if (i % 20 === 0) continue; // abandoned
      yield row('sign_in_completed', uid, at);
      count('app_sign_in_ended', at);
      yield row('code_issued', code, at);
      count('code_issued', at);
      if (i % 10 === 0) continue; // never redeemed
      yield row('code_redeemed', code, at);
      count('code_redeemed', at);
    }
  }
  const eventCount = await insertBatches(events(), (batch) => db.insertInto('oidc_events').values(batch).execute());
  function* counters() {
    for (const [key, n] of counts) {
      const [metric, bucket] = key.split(' ') as [MetricName, string];
      yield { organisation_id: organisationId, metric, bucket_start: Number(bucket), count: n };
    }
    const first = now - (now % MINUTE) - DAYS * DAY;
    for (let t = first; t <= now; t += MINUTE) {
      yield { organisation_id: organisationId, metric: 'sign_in' as const, bucket_start: t, count: 1 + ((t / MINUTE) % 7) };
      yield { organisation_id: organisationId, metric: 'sign_in_failed' as const, bucket_start: t, count: (t / MINUTE) % 3 };
    }
  }
  const counterCount = await insertBatches(counters(), (batch) => db.insertInto('metric_counts').values(batch).execute());
  const statuses = ['SignedUp', 'SignedUp', 'SignedUp', 'Pending', 'Inactive', 'LockedOut', 'Disabled'] as const;
  function* users() {
    for (let i = 0; i < USERS; i++) {
      yield {
        id: randomUUID(),
        organisation_id: organisationId,
        email: `user${i}@bench.test`,
        role: 'EndUser' as const,
        status: statuses[i % statuses.length]!,
        requires_new_password: false,
        failed_auth_count: 0,
        multi_factor_auth_required: false,
        created_at: now,
        updated_at: now,
      };
    }
  }
  await insertBatches(users(), (batch) => db.insertInto('users').values(batch).execute());
  return { events: eventCount, counters: counterCount };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
  const database = await freshDatabase(dataDir);
  const port = await freePort();
  const env = serverEnv(port, database.url, dataDir);
  await createOrganisation(env, 'bench', 'admin@bench.test', PASSWORD);
  const db = openDatabase(database.database);
  const org = await db.kysely.selectFrom('organisations').select('id').where('name', '=', 'bench').executeTakeFirstOrThrow();
  // The free tier: more users than the starter package's 50.
  await db.kysely.updateTable('organisations').set({ tier: 'free' }).where('id', '=', org.id).execute();
  const seeding = performance.now();
  const seeded = await seed(db.kysely, org.id, Date.now());
  // As autovacuum would have by now on a live database: statistics and the visibility map.
  if (database.database.kind === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  const seedSeconds = (performance.now() - seeding) / 1000;

  const server = spawn(process.execPath, [path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Gatehouse is running') && resolve()),
  );
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS, pipelining: 1 });
  const host = `bench.localhost:${port}`;
  const signIn = await pool.request({
    method: 'POST',
    path: '/api/authenticate',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'admin@bench.test', password: PASSWORD }).toString(),
  });
  await signIn.body.text();
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode}`);
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
  const get = async () => {
    const res = await pool.request({ method: 'GET', path: '/api/metrics', headers: { host, cookie } });
    const body = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`metrics: ${res.statusCode} ${body}`);
    return JSON.parse(body) as Record<string, number>;
  };
  const figures = await get();

  const latencies: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const t = performance.now();
        await get();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  await pool.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));

  // What a count over the whole history costs, for contrast (median of 5).
  const scans: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await db.kysely
      .selectFrom('oidc_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organisation_id', '=', org.id)
      .executeTakeFirstOrThrow();
    scans.push(performance.now() - t);
  }
  scans.sort((a, b) => a - b);
  await db.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${database.url.split(':')[0]}, ${CONNECTIONS} connections, ${SECONDS} s`,
  );
  console.log(
    `history: ${DAYS} days, ${seeded.events.toLocaleString('en')} protocol events, ${seeded.counters.toLocaleString('en')} minute counters, ${USERS.toLocaleString('en')} users (seeded in ${seedSeconds.toFixed(0)} s)`,
  );
  console.log(`figures: ${JSON.stringify(figures)}\n`);
  console.log('| GET /api/metrics per s | p50 ms | p95 ms | p99 ms | count of every event of the organisation (median ms) |');
  console.log('| ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${(latencies.length / elapsed).toFixed(0)} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 95).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${percentile(scans, 50).toFixed(1)} |`,
  );
}

if (import.meta.main) await main();
