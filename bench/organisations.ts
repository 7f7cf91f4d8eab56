/**
 * A thousand active organisations in one process: the server's memory with every organisation's
 * provider built and cached, and the cost of one more organisation. Organisations are made in this
 * process through the same function the CLI uses (each with its signing keys; admins without a
 * password, to skip a thousand password hashes), then a real `node server/src/main.ts` is asked, for
 * each organisation, for its discovery document and its JWKS, which builds and caches its provider. The resident set size (VmRSS) is read from /proc before and after.
 *
 *   npm run bench:organisations -w bench   (BENCH_ORGANISATIONS, default 1000)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { openContext } from '../server/src/boot.ts';
import { loadConfig } from '../server/src/config.ts';
import { createOrganisationWithAdmin } from '../server/src/organisations/service.ts';
import { freePort, serverEnv, startGatehouse, stopGatehouse } from './support.ts';

const ORGANISATIONS = Number(process.env.BENCH_ORGANISATIONS ?? 1000);
const CONCURRENCY = 4;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
  try {
    const port = await freePort();
    const env = serverEnv(port, `sqlite:${path.join(dir, 'bench.db')}`, dir, { METRICS_PORT: 'off', RUN_JOBS: 'false' });
    Object.assign(process.env, env);
    const ctx = await openContext(loadConfig());
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < ORGANISATIONS; i = next++) {
          await createOrganisationWithAdmin(ctx, { name: `org${i}`, adminEmail: `admin@org${i}.test` });
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
      Array.from({ length: 8 }, async () => {
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
    await pool.close();
    await stopGatehouse(server);

    console.log(
      `${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, SQLite\n`,
    );
    console.log('| organisations | made in s | providers built in s | RSS with one, MB | RSS with all, MB | per organisation, KB |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${ORGANISATIONS} | ${madeSeconds.toFixed(1)} | ${warmSeconds.toFixed(1)} | ${before.toFixed(0)} | ${after.toFixed(0)} | ${(((after - before) * 1024) / (ORGANISATIONS - 1)).toFixed(0)} |`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
