/**
 * Integration test harness: a real server on a real socket over a fresh database of either dialect
 * (a temporary SQLite file, or a fresh PostgreSQL schema), torn down afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { inject } from 'vitest';

import { buildApp, type GatehouseApp } from '../app.ts';
import { createContext } from '../boot.ts';
import { type Clock, ManualClock, systemClock } from '../clock.ts';
import {
  type Config,
  DEFAULT_DATABASE_TIMEOUTS,
  ORGANISATION_CACHE_MS,
  PROVIDER_CACHE_SIZE_DEFAULT,
  readOrCreateSecret,
} from '../config.ts';
import type { AppContext } from '../context.ts';
import { type Dialect, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrations/index.ts';
import { settledAfterResponse } from '../http/after-response.ts';
import { createOrganisationWithAdmin, ensureBaseOrganisation } from '../organisations/service.ts';
import { systemScope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { TestClient } from './http-client.ts';
import { TenantGuard, type Unscoped } from './tenant-guard.ts';

/** The dialects this run covers: SQLite always, PostgreSQL when the global setup found it reachable. */
export function testDialects(): Dialect[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export interface TestDatabase {
  /** The DATABASE_URL of this fresh database, for child processes such as the CLI. */
  url: string;
  database: Config['database'];
  drop(): Promise<void>;
}

/** A fresh, empty database of the given dialect. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-test-'));
    const file = path.join(dir, 'test.db');
    return {
      url: `sqlite:${file}`,
      database: { kind: 'sqlite', path: file },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = inject('postgresUrl');
  const schema = `gh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    database: { kind: 'postgres', url: url.toString(), poolSize: 5, ...DEFAULT_DATABASE_TIMEOUTS },
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export function testConfig(database: Config['database'], dataDir: string): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    database,
    baseHostname: 'localhost',
    publicScheme: 'http',
    publicPort: null,
    dataDir,
    cookieSecret: randomBytes(32).toString('base64url'),
    trustProxy: false,
    // Tests sign in many times from one address; the limits' own tests turn them on.
    rateLimits: false,
    logLevel: 'silent',
    logFormat: 'json',
    runJobs: false,
    shutdownDrainMs: 0,
    workers: 1,
    mail: null,
    // Kept in the data directory, as the CLI (a child process sharing DATA_DIR) reads it from there.
    keyEncryptionKey: readOrCreateSecret(dataDir, 'key-encryption-key'),
    keyEncryptionKeyDecryptOnly: null,
    supportEmail: 'support@gatehouse.test',
    dataController: 'Gatehouse Test Ltd',
    demoLifetimeMs: 24 * 60 * 60 * 1000,
    sms: null,
    redisUrl: null,
    telemetry: null,
    webhooksAllowPrivate: false,
    auditRetentionDays: 90,
    organisationCacheMs: ORGANISATION_CACHE_MS,
    providerCacheSize: PROVIDER_CACHE_SIZE_DEFAULT,
  };
}

export interface TestServer {
  ctx: AppContext;
  gatehouse: GatehouseApp;
  port: number;
  dialect: Dialect;
  databaseUrl: string;
  /** A browser-like client on `<org>.localhost:<port>`, or the base host when org is ''. */
  client(org?: string): TestClient;
  createOrganisation(name: string, admin?: { email?: string; password?: string }): Promise<Organisation>;
  /** Resolves once what answered requests do after their answer (such as emailing a code) is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Kysely's PostgreSQL introspection (before migrating) reads the tables of every schema of the shared
 * test database; another test file dropping its schema at that moment fails it with "does not exist",
 * so it is tried again. Production databases see no such concurrent DDL.
 */
async function migrateTestDatabase(db: Parameters<typeof migrate>[0]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db);
      return;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !/does not exist/.test(error.message)) throw error;
    }
  }
}

export async function startTestServer(
  dialect: Dialect,
  options: {
    clock?: Clock | ManualClock;
    webDist?: string;
    config?: Partial<Config>;
    logLines?: string[];
    /** Receives the SQL of every statement the server runs. */
    queries?: string[];
    /** The same, with whether PostgreSQL ran it as a named statement (always false on SQLite). */
    statements?: { sql: string; named: boolean }[];
    /**
     * Told of every query of a tenant table outside the scoped store (testing/tenant-guard.ts). Without
     * it such a query fails (GATEHOUSE_TENANT_GUARD=report prints each caller once instead, =off ignores it).
     */
    onUnscoped?: (query: Unscoped) => void;
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-data-'));
  const config = { ...testConfig(database.database, dataDir), ...options.config };
  const { queries: recorded, statements } = options;
  const onUnscoped = options.onUnscoped ?? unscopedFromEnvironment();
  const db = openDatabase(config.database, {
    ...(recorded || statements
      ? {
          onQuery: (sql: string, named?: boolean) => {
            recorded?.push(sql);
            statements?.push({ sql, named: named ?? false });
          },
        }
      : {}),
    ...(onUnscoped ? { plugins: [new TenantGuard(onUnscoped)] } : {}),
  });
  await migrateTestDatabase(db);
  const ctx = createContext({ config, db, clock: options.clock ?? systemClock });
  await ensureBaseOrganisation(ctx);
  const logLines = options.logLines;
  const gatehouse = await buildApp(ctx, {
    logger: logLines !== undefined,
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  await gatehouse.app.listen({ port: 0, host: '127.0.0.1' });
  const address = gatehouse.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  config.publicPort = port;

  return {
    ctx,
    gatehouse,
    port,
    dialect,
    databaseUrl: database.url,
    client: (org = '') => new TestClient(`${org ? `${org}.` : ''}localhost:${port}`, port),
    createOrganisation: (name, admin = {}) =>
      createOrganisationWithAdmin(ctx, {
        creator: (organisation) => systemScope(ctx.db.kysely, organisation),
        name,
        adminEmail: admin.email ?? `admin@${name}.test`,
        adminPassword: admin.password ?? DEFAULT_PASSWORD,
      }),
    settled: () => settledAfterResponse(gatehouse.app),
    close: async () => {
      await gatehouse.app.close();
      await ctx.delivery.close();
      await db.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { ManualClock };

const reported = new Set<string>();

function unscopedFromEnvironment(): ((query: Unscoped) => void) | undefined {
  // On unless turned off: a file the tenancy baseline no longer lists must reach tenant tables scoped.
  const mode = process.env['GATEHOUSE_TENANT_GUARD'] ?? 'throw';
  const say = (u: Unscoped) => `tenant table ${u.tables.join(', ')} queried outside the scoped store by server/src/${u.file ?? '?'}`;
  // A test sets up and checks rows directly, which is its job; a query no file of ours can be named for
  // (a write flushed later by the SQLite batch, a helper an e2e spec calls) is not judged.
  const judged = (u: Unscoped) => u.file !== null && !u.file.endsWith('.test.ts');
  if (mode === 'throw')
    return (u) => {
      if (judged(u)) throw new Error(say(u));
    };
  if (mode === 'report')
    return (u) => {
      if (judged(u) && !reported.has(say(u))) console.warn(say(u));
      reported.add(say(u));
    };
  return undefined;
}
