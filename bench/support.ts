/** What the benchmarks share: a free port, a quiet server environment, organisations made with the CLI, percentiles. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { runCli } from '../server/src/testing/process.ts';

export { freePort } from '../server/src/testing/process.ts';

/** The environment of a server under measurement: on loopback, logging only warnings, no drain on stop. */
export function serverEnv(port: number, databaseUrl: string, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_SECONDS: '0',
    // Load comes from one address: the limits would measure refusals. BENCH_RATE_LIMITS=true measures their cost.
    RATE_LIMITS: process.env.BENCH_RATE_LIMITS ?? 'false',
    ...extra,
  };
}

/** Makes organisation `name` with its admin, as an operator does (`gatehouse create-organisation`). */
export async function createOrganisation(env: Record<string, string>, name: string, email: string, password: string): Promise<void> {
  const run = await runCli(['create-organisation', name, '--admin-email', email, '--admin-password', password], env);
  if (run.code !== 0) throw new Error(`gatehouse create-organisation ${name} failed: ${run.stderr}`);
}

/** The p-th percentile of an ascending list (exact: every sample is kept). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const MAIN = fileURLToPath(new URL('../server/src/main.ts', import.meta.url));

/** Node's flags for the server, as `npm start` and the container image give them (docs/decisions.md). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/**
 * Starts `node server/src/main.ts` as an operator does; resolves once it says it is running.
 * BENCH_GATEHOUSE_FLAGS adds Node flags (space-separated) for experiments: profiles, probes.
 */
export async function startGatehouse(env: Record<string, string>): Promise<ChildProcess> {
  const flags = process.env.BENCH_GATEHOUSE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Gatehouse is running') && resolve()),
  );
  return server;
}

/** Stops a server started by startGatehouse and waits for it to exit. */
export async function stopGatehouse(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}

/**
 * A database for one run: for a PostgreSQL `url` (BENCH_DATABASE_URL), a new database on that server,
 * dropped by `drop`; otherwise a SQLite file at `sqliteFile`.
 */
export async function benchDatabase(url: string | undefined, sqliteFile: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!url?.startsWith('postgres')) return { url: `sqlite:${sqliteFile}`, drop: async () => {} };
  const name = `gatehouse_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * The CPU time in ms of a process's main thread alone (its JavaScript: everything but the argon2id
 * hashes, which run on libuv's threads); Linux /proc, NaN elsewhere.
 */
export function mainThreadCpuTime(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * A process's CPU time so far in ms, with that of its child processes (the workers under WORKERS > 1);
 * Linux /proc, NaN elsewhere.
 */
export function cpuTime(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return (Number(fields[11]) + Number(fields[12])) * 10 + children.reduce((sum, child) => sum + cpuTime(child), 0);
  } catch {
    return Number.NaN;
  }
}
