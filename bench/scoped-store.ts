/**
 * The cost of the scoped store (server/src/db/scoped.ts) per query: the same store queries written
 * with a hand-written organisation_id clause on the plain database, and through `scoped(db, id)`
 * (a new bound copy per call, as the stores make one, and the plugin's walk of the query). Measures
 * building and compiling only (what the plugin adds), then building, compiling and running on a
 * migrated SQLite file, to put it beside a query's whole cost.
 *
 *   node bench/scoped-store.ts   (BENCH_ITERATIONS, default 50000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

import { openDatabase } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrations/index.ts';
import type { Executor } from '../server/src/db/schema.ts';
import { scoped } from '../server/src/db/scoped.ts';

const N = Number(process.env['BENCH_ITERATIONS'] ?? 50_000);
const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-scoped-'));
const db = openDatabase({ kind: 'sqlite', path: path.join(dir, 'bench.db') });
await migrate(db);
const org = 'org-1';
const kysely = db.kysely;

type Query = { compile(): unknown; execute(): Promise<unknown> };
const queries: Record<string, { hand: (db: Executor) => Query; scoped: (db: Executor) => Query }> = {
  'select by id': {
    hand: (d) => d.selectFrom('apis').selectAll().where('organisation_id', '=', org).where('id', '=', 'x'),
    scoped: (d) => scoped(d, org).selectFrom('apis').selectAll().where('id', '=', 'x'),
  },
  'join and subquery': {
    hand: (d) =>
      d
        .selectFrom('users as u')
        .innerJoin('sessions as s', (j) => j.onRef('s.user_id', '=', 'u.id').on('s.organisation_id', '=', org))
        .select(['u.id', 's.id as session'])
        .where('u.organisation_id', '=', org)
        .where('u.id', 'in', (eb) => eb.selectFrom('user_client_access').select('user_id').where('organisation_id', '=', org)),
    scoped: (d) =>
      scoped(d, org)
        .selectFrom('users as u')
        .innerJoin('sessions as s', 's.user_id', 'u.id')
        .select(['u.id', 's.id as session'])
        .where('u.id', 'in', (eb) => eb.selectFrom('user_client_access').select('user_id')),
  },
  update: {
    hand: (d) => d.updateTable('apis').set({ name: 'n' }).where('organisation_id', '=', org).where('id', '=', 'x'),
    scoped: (d) => scoped(d, org).updateTable('apis').set({ name: 'n' }).where('id', '=', 'x'),
  },
};

function timeSync(run: () => unknown, n: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) run();
  return Number(process.hrtime.bigint() - start) / 1000 / n;
}

async function timeAsync(run: () => Promise<unknown>, n: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await run();
  return Number(process.hrtime.bigint() - start) / 1000 / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ROUNDS = 7;

console.log(
  `${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? '?'} x${cpus().length}, Node ${process.version}, ${N} iterations, median of ${ROUNDS} alternating rounds`,
);
console.log('| query | hand-written: build + compile µs | scoped | added | hand-written: + run on SQLite µs | scoped | added |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name, q] of Object.entries(queries)) {
  const r = { hc: [] as number[], sc: [] as number[], hr: [] as number[], sr: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    r.hc.push(timeSync(() => q.hand(kysely).compile(), N / ROUNDS));
    r.sc.push(timeSync(() => q.scoped(kysely).compile(), N / ROUNDS));
    r.hr.push(await timeAsync(() => q.hand(kysely).execute(), N / ROUNDS / 5));
    r.sr.push(await timeAsync(() => q.scoped(kysely).execute(), N / ROUNDS / 5));
  }
  const [hc, sc, hr, sr] = [median(r.hc), median(r.sc), median(r.hr), median(r.sr)];
  const f = (x: number) => x.toFixed(1);
  console.log(`| ${name} | ${f(hc)} | ${f(sc)} | ${f(sc - hc)} | ${f(hr)} | ${f(sr)} | ${f(sr - hr)} |`);
}
await db.close();
rmSync(dir, { recursive: true, force: true });
