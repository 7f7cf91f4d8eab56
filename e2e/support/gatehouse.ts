/**
 * Runs Gatehouse for browser journeys the way an operator does: `node server/src/main.ts` as its own
 * process on a free port over a fresh database, with organisations made by the `gatehouse` CLI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Kysely } from 'kysely';

import { type Dialect, openDatabase } from '../../server/src/db/database.ts';
import type { Database } from '../../server/src/db/schema.ts';
import { createTestDatabase } from '../../server/src/testing/harness.ts';
import { saveSettings, type SettingsForm } from '../../server/src/testing/organisations.ts';
import { runCli, startServerProcess } from '../../server/src/testing/process.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface RunningGatehouse {
  port: number;
  url(org?: string): string;
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  createOrganisation(name: string, email: string, password?: string): Promise<void>;
  /** Changes an organisation's settings through the API, as its Organisation Admin does on the settings page. */
  saveSettings(org: string, changes: SettingsForm, admin?: { email: string; password?: string }): Promise<void>;
  /**
   * Direct database access, for what no API may do (time having passed, an admin whose address is not
   * verified, a tier, hundreds of users at once) (organisation policy before
   * the settings screen exists, or time having passed). Use it before the organisation is first visited:
   * the server caches an organisation for 2 seconds.
   */
  withDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  logs(): string;
  stop(): Promise<void>;
}

/** `extraEnv` adds settings an operator would make (such as WEBHOOKS_ALLOW_PRIVATE for a receiver on loopback). */
export async function startGatehouse(dialect: Dialect, extraEnv: Record<string, string> = {}): Promise<RunningGatehouse> {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-e2e-'));
  // As an operator runs it: with its jobs (mail delivery, clean-ups), reachable as *.localhost.
  // Journeys sign the same people in many times from one address; a journey of the limits passes RATE_LIMITS: 'true'.
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    HOST: 'localhost',
    RUN_JOBS: 'true',
    METRICS_PORT: 'off',
    RATE_LIMITS: 'false',
    ...extraEnv,
  };
  const server = await startServerProcess(env);
  const cli = (args: string[]) => runCli(args, env);

  return {
    port: server.port,
    url: (org = '') => `http://${org ? `${org}.` : ''}localhost:${server.port}`,
    cli,
    async createOrganisation(name, email, password = ADMIN_PASSWORD) {
      const run = await cli(['create-organisation', name, '--admin-email', email, '--admin-password', password]);
      if (run.code !== 0) throw new Error(`gatehouse create-organisation failed: ${run.stderr}`);
    },
    async saveSettings(org, changes, admin = { email: `admin@${org}.test` }) {
      const client = server.client(org);
      const signedIn = await client.post('/api/authenticate', { form: { email: admin.email, password: admin.password ?? ADMIN_PASSWORD } });
      if (signedIn.status !== 200) throw new Error(`signing in as ${admin.email} failed: ${signedIn.status} ${signedIn.text}`);
      const saved = await saveSettings(client, changes);
      if (saved.status !== 200) throw new Error(`saving the settings of ${org} failed: ${saved.status} ${saved.text}`);
    },
    async withDatabase(work) {
      const db = openDatabase(database.database);
      try {
        return await work(db.kysely);
      } finally {
        await db.close();
      }
    },
    logs: server.logs,
    async stop() {
      await server.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
