/**
 * Importing people with bcrypt hashes (issue 46): a JSON Lines file of BENCH_IMPORT_ROWS (default
 * 100,000) people, each with a real bcrypt hash (one made by bcryptjs at cost 10, the same text on every
 * row: an import never hashes), imported with `gatehouse import-users` into a new organisation on SQLite
 * and, with BENCH_DATABASE_URL, on a new PostgreSQL database. Reports rows per second from the job's own
 * start and finish (the command's start-up excluded), the command's wall time and its peak resident
 * memory (GNU time), as markdown rows.
 *
 *   node bench/imports.ts      (BENCH_IMPORT_ROWS, BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

import bcrypt from 'bcryptjs';

import { type Config, DEFAULT_DATABASE_TIMEOUTS } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { runCli } from '../server/src/testing/process.ts';
import { benchDatabase, createOrganisation, freePort, serverEnv } from './support.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

async function measure(kind: 'sqlite' | 'postgres', file: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-import-'));
  const database = await benchDatabase(kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined, path.join(dir, 'bench.db'));
  try {
    const env = serverEnv(await freePort(), database.url, dir);
    await createOrganisation(env, 'movein', 'admin@movein.test', 'correct horse battery staple');
    const config: Config['database'] =
      kind === 'sqlite'
        ? { kind, path: database.url.slice('sqlite:'.length) }
        : { kind, url: database.url, poolSize: 2, ...DEFAULT_DATABASE_TIMEOUTS };
    const db = openDatabase(config);
    await db.kysely.updateTable('organisations').set({ tier: 'free' }).where('name', '=', 'movein').execute();
    const started = performance.now();
    // GNU time prints the command's peak resident memory (KiB) on its last line of stderr.
    const run = await runCli(['import-users', 'movein', file, '--format', 'jsonl'], env, {}, ['/usr/bin/time', '-f', 'maxrss %M']);
    const wall = (performance.now() - started) / 1000;
    if (run.code !== 0) throw new Error(`import-users failed: ${run.stderr}`);
    const peak = Number(/maxrss (\d+)/.exec(run.stderr)?.[1] ?? NaN) / 1024;
    const job = await db.kysely.selectFrom('import_jobs').select(['created_at', 'finished_at', 'created_count']).executeTakeFirstOrThrow();
    await db.close();
    const seconds = (Number(job.finished_at) - Number(job.created_at)) / 1000;
    const date = new Date().toISOString().slice(0, 10);
    const machine = `${cpus().length} vCPU ${cpus()[0]?.model.trim() ?? ''}, Node ${process.versions.node}`;
    return `| ${date} | ${machine} | ${kind} | ${Number(job.created_count).toLocaleString('en')} | ${seconds.toFixed(1)} s | ${Math.round(Number(job.created_count) / seconds).toLocaleString('en')} | ${wall.toFixed(1)} s | ${Math.round(peak)} MiB |`;
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-file-'));
const file = path.join(dir, 'people.jsonl');
const hash = bcrypt.hashSync('an old password', 10);
writeFileSync(
  file,
  Array.from({ length: ROWS }, (_, n) =>
    JSON.stringify({
      email: `person${n}@movein.test`,
      externalId: `legacy-${n}`,
      firstName: 'Person',
      surname: `Number ${n}`,
      emailVerified: true,
      passwordHash: hash,
    }),
  ).join('\n') + '\n',
);
console.log('| date | machine | database | people | import time | rows per second | command wall time | peak memory |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
try {
  console.log(await measure('sqlite', file));
  if (process.env.BENCH_DATABASE_URL) console.log(await measure('postgres', file));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
