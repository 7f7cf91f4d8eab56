/** What the benchmarks share: a free port, a quiet server environment, organisations made with the CLI, percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/** Starts `node server/src/main.ts` as an operator does; resolves once it says it is running. */
export async function startGatehouse(env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
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
