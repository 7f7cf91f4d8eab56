/**
 * The /users list and search in an organisation of 100,000 users, over HTTP, on SQLite and PostgreSQL.
 * For each database: a real `node server/src/main.ts`, an organisation made with the CLI, 100,000 users
 * bulk-inserted (multi-row inserts in one transaction, with the search copies the app writes), then,
 * query by query, BENCH_REQUESTS (default 200) sequential requests on one keep-alive connection as the
 * signed-in admin. Reports p50, p99 and mean latency and the rows matched, as markdown, and each
 * search's query plan (it must be index ranges, not a scan of the table).
 *
 *   npm run bench:users-search -w bench
 *   (BENCH_USERS, default 100000 (the target is measured at 1000000); BENCH_REQUESTS, default 200;
 *    BENCH_SQLITE=0 measures PostgreSQL only;
 *    BENCH_POSTGRES_URL, e.g. postgres://postgres@127.0.0.1:5432/test, adds PostgreSQL in a fresh schema)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'kysely';
import pg from 'pg';
import { Pool } from 'undici';

import { LIMITS } from '../common/src/policy.ts';
import { type Config, DEFAULT_DATABASE_TIMEOUTS } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import type { NewUserRow } from '../server/src/db/schema.ts';
import { searchKey } from '../server/src/db/search-key.ts';
import { createOrganisation, freePort, percentile, serverEnv } from './support.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PASSWORD = 'correct horse battery staple';
const BATCH = 1000;

const FIRST = [
  'Ada',
  'Alan',
  'Barbara',
  'Charles',
  'Donald',
  'Edsger',
  'Frances',
  'Grace',
  'Hedy',
  'Ivan',
  'John',
  'Katherine',
  'Linus',
  'Margaret',
  'Niklaus',
  'Ole',
  'Radia',
  'Sophie',
  'Tim',
  'Yukihiro',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Liskov',
  'Babbage',
  'Knuth',
  'Dijkstra',
  'Allen',
  'Hopper',
  'Lamarr',
  'Sutherland',
  'McCarthy',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Wirth',
  'Dahl',
  'Perlman',
  'Wilson',
  'Berners-Lee',
  'Matsumoto',
];

const SQLITE = process.env.BENCH_SQLITE !== '0';
const PAGE = LIMITS.usersPageSize;
/** The admin and the seeded users. */
const LAST_PAGE = Math.ceil((USERS + 1) / PAGE);
const DEEP_PAGE = Math.max(2, Math.floor(LAST_PAGE / 2));

/**
 * The requests measured: [label, query string]. `emailAt(n)` is the n-th (0-based) email in list order:
 * the cursor (`after`) that the infinite scroll sends for page n / 50 + 2. Cursor rows are measured only
 * when the server answers with one (`next`).
 */
function queries(emailAt: (n: number) => string, cursors: boolean): [string, string][] {
  const after = (page: number) => `after=${encodeURIComponent(emailAt((page - 1) * PAGE - 1))}`;
  return [
    ['list, page 1', ''],
    ['list, page 20 (offset)', '?page=20'],
    [`list, page ${DEEP_PAGE} (offset)`, `?page=${DEEP_PAGE}`],
    [`list, last page ${LAST_PAGE} (offset)`, `?page=${LAST_PAGE}`],
    ...(cursors
      ? ([
          [`list, page ${DEEP_PAGE} (cursor)`, `?page=${DEEP_PAGE}&${after(DEEP_PAGE)}`],
          [`list, last page ${LAST_PAGE} (cursor, as the infinite scroll reaches it)`, `?page=${LAST_PAGE}&${after(LAST_PAGE)}`],
        ] as [string, string][])
      : []),
    ['search "m" (common prefix), page 1', '?search=m'],
    ['search "mar" (first name), page 1', '?search=mar'],
    ['search "mar", page 5 (offset)', '?search=mar&page=5'],
    ...(cursors
      ? ([[`search "m", after the middle of the list (cursor)`, `?search=m&page=2&${after(DEEP_PAGE)}`]] as [string, string][])
      : []),
    ['search "hopp" (surname), page 1', '?search=hopp'],
    ['search "yuk" (first name last in email order), page 1', '?search=yuk'],
    ['search "grace.torvalds.4247@" (one email)', '?search=grace.torvalds.4247%40'],
    ['search "grace.torvalds.4247@example.test" (email lookup)', '?search=grace.torvalds.4247%40example.test'],
    ['search "zzz" (no match)', '?search=zzz'],
  ];
}

async function run(kind: 'sqlite' | 'postgres', databaseUrl: string, dataDir: string): Promise<string[]> {
  const port = await freePort();
  const env = serverEnv(port, databaseUrl, dataDir);
  await createOrganisation(env, 'big', 'admin@big.test', PASSWORD);

  const database: Config['database'] =
    kind === 'sqlite'
      ? { kind, path: databaseUrl.slice('sqlite:'.length) }
      : { kind, url: databaseUrl, poolSize: 2, ...DEFAULT_DATABASE_TIMEOUTS };
  const db = openDatabase(database);
  const seedStarted = performance.now();
  const org = await db.kysely.selectFrom('organisations').select('id').where('name', '=', 'big').executeTakeFirstOrThrow();
  await db.kysely.updateTable('organisations').set({ tier: 'free' }).where('id', '=', org.id).execute();
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += BATCH) {
      const rows: NewUserRow[] = [];
      for (let i = start; i < Math.min(USERS, start + BATCH); i++) {
        const first = FIRST[i % FIRST.length]!;
        const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
        rows.push({
          id: randomUUID(),
          organisation_id: org.id,
          email: `${first}.${last}.${i}@example.test`.toLowerCase(),
          first_name: first,
          surname: last,
          first_name_search: searchKey(first),
          surname_search: searchKey(last),
          role: 'EndUser',
          status: i % 10 === 0 ? 'Pending' : 'SignedUp',
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
  // As autovacuum would leave it (statistics, and the visibility map that lets counts read indexes only).
  if (kind === 'postgres') await sql`vacuum analyze users`.execute(db.kysely);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // The plan of a search's main part as the store builds it (users/store.ts listUsers): one matching
  // name's first page in email order, after a cursor, read from the (organisation, name, email) index.
  const collate = kind === 'postgres' ? sql` collate "C"` : sql``;
  const prefix = 'margaret';
  const explain = kind === 'postgres' ? sql`explain` : sql`explain query plan`;
  const plan = await sql<
    Record<string, unknown>
  >`${explain} select users.email from users where organisation_id = ${org.id} and first_name_search${collate} = ${prefix} and email${collate} > ${'m'} order by email${collate} limit 51`.execute(
    db.kysely,
  );
  const planText = plan.rows.map((r) => String(r['QUERY PLAN'] ?? r['detail'])).join('\n');
  // The emails that end the pages before the deep and the last page, in list order (what the scroll would hold).
  const positions = [(DEEP_PAGE - 1) * PAGE - 1, (LAST_PAGE - 1) * PAGE - 1];
  const emails = new Map<number, string>();
  for (const n of positions) {
    const row = await sql<{
      email: string;
    }>`select email from users where organisation_id = ${org.id} order by email${collate} limit 1 offset ${n}`.execute(db.kysely);
    emails.set(n, row.rows[0]!.email);
  }
  await db.close();

  const server = spawn(process.execPath, [path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Gatehouse is running') && resolve()),
  );
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 1 });
  const host = `big.localhost:${port}`;
  const signIn = await pool.request({
    method: 'POST',
    path: '/api/authenticate',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'admin@big.test', password: PASSWORD }).toString(),
  });
  await signIn.body.text();
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;

  const probe = await pool.request({ method: 'GET', path: '/api/users', headers: { host, cookie, accept: 'application/json' } });
  const cursors = 'next' in ((await probe.body.json()) as object);
  const lines: string[] = [];
  for (const [label, query] of queries((n) => emails.get(n)!, cursors)) {
    const latencies: number[] = [];
    let total = 0;
    let items = 0;
    // An offset deep in a million users takes seconds: fewer samples of those.
    const requests =
      label.startsWith('list,') && label.endsWith('(offset)') && !label.includes('page 20 ') ? Math.min(REQUESTS, 20) : REQUESTS;
    for (let i = 0; i < requests + 10; i++) {
      const started = performance.now();
      const res = await pool.request({ method: 'GET', path: `/api/users${query}`, headers: { host, cookie, accept: 'application/json' } });
      const body = (await res.body.json()) as { total: number; items: unknown[] };
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${JSON.stringify(body)}`);
      if (i >= 10) latencies.push(performance.now() - started); // the first ten warm up
      total = body.total;
      items = body.items.length;
    }
    latencies.sort((a, b) => a - b);
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    lines.push(
      `| ${kind} | ${label} | ${total} | ${items} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 95).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${mean.toFixed(1)} |`,
    );
  }
  await pool.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  console.log(
    `\n${kind}: seeded ${USERS} users in ${seedSeconds.toFixed(1)} s; plan of the first page of the name "${prefix}":\n${planText}\n`,
  );
  return lines;
}

async function main(): Promise<void> {
  const lines: string[] = [];
  if (SQLITE) {
    const sqliteDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
    try {
      lines.push(...(await run('sqlite', `sqlite:${path.join(sqliteDir, 'bench.db')}`, sqliteDir)));
    } finally {
      rmSync(sqliteDir, { recursive: true, force: true });
    }
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
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${USERS} users in one organisation, ${REQUESTS} sequential requests per row (${Math.min(REQUESTS, 20)} for the deep offsets), page size ${LIMITS.usersPageSize}\n`,
  );
  console.log('| database | request | matching users | rows answered | p50 ms | p95 ms | p99 ms | mean ms |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const line of lines) console.log(line);
}

await main();
