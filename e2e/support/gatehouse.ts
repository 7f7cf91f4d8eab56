/**
 * Runs Gatehouse for browser journeys the way an operator does: `node server/src/main.ts` as its own
 * process on a free port over a fresh database, with organisations made by the `gatehouse` CLI.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { openDatabase, type Dialect } from '../../server/src/db/database.ts';
import type { Database } from '../../server/src/db/schema.ts';
import { createTestDatabase } from '../../server/src/testing/harness.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = path.join(ROOT, 'server/src/main.ts');
const BIN = path.join(ROOT, 'server/bin/gatehouse.js');

export const ADMIN_PASSWORD = 'correct horse battery staple';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningGatehouse {
  port: number;
  url(org?: string): string;
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  createOrganisation(name: string, email: string, password?: string): Promise<void>;
  /**
   * Direct database access, for set-ups no API of this branch offers yet (organisation policy before
   * the settings screen exists, or time having passed). Use it before the organisation is first visited:
   * the server caches an organisation for 2 seconds.
   */
  withDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  logs(): string;
  stop(): Promise<void>;
}

export async function startGatehouse(dialect: Dialect): Promise<RunningGatehouse> {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: 'localhost',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_SECONDS: '0',
  };
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 30_000;
  while (!output.includes('Gatehouse is running')) {
    if (child.exitCode !== null) throw new Error(`Gatehouse exited during start-up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`Gatehouse did not start within 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  const cli = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  return {
    port,
    url: (org = '') => `http://${org ? `${org}.` : ''}localhost:${port}`,
    cli,
    async createOrganisation(name, email, password = ADMIN_PASSWORD) {
      const run = await cli(['create-organisation', name, '--admin-email', email, '--admin-password', password]);
      if (run.code !== 0) throw new Error(`gatehouse create-organisation failed: ${run.stderr}`);
    },
    async withDatabase(work) {
      const db = openDatabase(database.database);
      try {
        return await work(db.kysely);
      } finally {
        await db.close();
      }
    },
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
