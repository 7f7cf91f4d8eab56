/**
 * A thousand active organisations in one process: the server's memory with every organisation's
 * provider built and cached, and the cost of one more organisation. Organisations are made in this
 * process through the same function the CLI uses (each with its signing keys; admins without a
 * password, to skip a thousand password hashes), then a real `node server/src/main.ts` is asked, for
 * each organisation, for its discovery document and its JWKS, which builds and caches its provider. The
 * resident set size (VmRSS) is read from /proc before and after, and the server's own gauge
 * gatehouse_oidc_providers_cached (its /metrics) says how many providers it holds at the end: a figure
 * "with all cached" is one only when that is every organisation.
 *
 *   npm run bench:organisations -w bench   (BENCH_ORGANISATIONS, default 1000; BENCH_AT_ONCE, default 8: how
 *                                           many organisations are asked at once, so how many providers are
 *                                           built at the same time; BENCH_GATEHOUSE_FLAGS, Node flags for the
 *                                           server, e.g. `--import=./probe.mjs`)
 *
 * BENCH_DATA_DIR keeps the database (and its secrets) in that directory: a later run with the same
 * directory reuses the organisations made before and makes only the missing ones.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';

import { Pool } from 'undici';

import { openContext } from '../server/src/boot.ts';
import { loadConfig } from '../server/src/config.ts';
import { createOrganisationWithAdmin } from '../server/src/organisations/service.ts';
import { systemScope } from '../server/src/scope/scope.ts';
import { freePort, serverEnv, startGatehouse, stopGatehouse } from './support.ts';

const ORGANISATIONS = Number(process.env.BENCH_ORGANISATIONS ?? 1000);
const CONCURRENCY = 4;
const AT_ONCE = Number(process.env.BENCH_AT_ONCE ?? 8);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function main(): Promise<void> {
  const kept = process.env.BENCH_DATA_DIR;
  const dir = kept ? path.resolve(kept) : mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
  if (kept) mkdirSync(dir, { recursive: true });
  try {
    const port = await freePort();
    const metricsPort = await freePort();
    const env = serverEnv(port, `sqlite:${path.join(dir, 'bench.db')}`, dir, { METRICS_PORT: String(metricsPort), RUN_JOBS: 'false' });
    Object.assign(process.env, env);
    const ctx = await openContext(loadConfig());
    const existing = new Set((await ctx.db.kysely.selectFrom('organisations').select('name').execute()).map((row) => row.name));
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < ORGANISATIONS; i = next++) {
          if (existing.has(`org${i}`)) continue;
          await createOrganisationWithAdmin(ctx, {
            creator: (organisation) => systemScope(ctx.db.kysely, organisation),
            name: `org${i}`,
            adminEmail: `admin@org${i}.test`,
          });
        }
      }),
    );
    const madeSeconds = (performance.now() - started) / 1000;
    await ctx.db.close();

    const server = await startGatehouse(env);
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 8 });
    const get = async (org: string, requestPath: string) => {
      const res = await pool.request({ method: 'GET', path: requestPath, headers: { host: `${org}.localhost:${port}` } });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${org} ${requestPath}: ${res.statusCode}`);
    };
    await get('org0', '/.well-known/openid-configuration');
    const before = rssMb(server.pid!);
    const warmed = performance.now();
    next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let i = next++; i < ORGANISATIONS; i = next++) {
          await get(`org${i}`, '/.well-known/openid-configuration');
          await get(`org${i}`, '/oidc/jwks');
        }
      }),
    );
    const warmSeconds = (performance.now() - warmed) / 1000;
    // Settle what the first pass allocated, then read again.
    await get('org0', '/oidc/jwks');
    const after = rssMb(server.pid!);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((res) => res.text());
    const cached = Number(/^gatehouse_oidc_providers_cached (\d+)$/m.exec(metrics)?.[1] ?? NaN);
    await pool.close();
    await stopGatehouse(server);

    console.log(
      `${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, SQLite\n`,
    );
    console.log(
      '| organisations | made in s | providers built in s | providers cached at the end | RSS with one, MB | RSS at the end, MB | per organisation, KB |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${ORGANISATIONS} | ${existing.size >= ORGANISATIONS ? 'kept' : madeSeconds.toFixed(1)} | ${warmSeconds.toFixed(1)} | ${cached} | ${before.toFixed(0)} | ${after.toFixed(0)} | ${(((after - before) * 1024) / (ORGANISATIONS - 1)).toFixed(0)} |`,
    );
    if (cached !== ORGANISATIONS) console.log(`\nNot every provider was held at the end (${cached} of ${ORGANISATIONS}).`);
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
