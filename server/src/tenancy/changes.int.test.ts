/**
 * Several processes on one database, with Redis (REDIS_URL): an organisation change made through one
 * process is served by the others at once, although each keeps its copy of the organisation for 30 s
 * while subscribed; when Redis goes away they fall back to the short copy (ORGANISATION_CACHE_SECONDS), and they subscribe again by
 * themselves when it returns. Real server processes, a real Redis, a relay cut in between.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../db/database.ts';
import { createTestDatabase, DEFAULT_PASSWORD, type TestDatabase } from '../testing/harness.ts';
import { saveSettings } from '../testing/organisations.ts';
import { freePort, runCli, type ServerProcess, startServerProcess } from '../testing/process.ts';
import { relayTo } from '../testing/relay.ts';

const redisUrl = inject('redisUrl');
const dialect = inject('postgresUrl') ? 'postgres' : 'sqlite';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The processes' copy of an organisation without Redis (ORGANISATION_CACHE_SECONDS). */
const FALLBACK_MS = 300;

/** Polls until `read` answers `expected`, for at most `ms`; answers the last value read. */
async function settlesOn<T>(read: () => Promise<T>, expected: T, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await sleep(50);
    value = await read();
  }
  return value;
}

async function cluster(redis: string) {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-changes-'));
  cleanups.push(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // A short fallback copy, so that outlasting it takes a moment rather than two seconds.
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, REDIS_URL: redis, ORGANISATION_CACHE_SECONDS: String(FALLBACK_MS / 1000) };
  const made = await runCli(['create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', DEFAULT_PASSWORD], env);
  if (made.code !== 0) throw new Error(made.stderr);
  const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  cleanups.push(
    () => a.stop(),
    () => b.stop(),
  );
  const admin = a.client('acme');
  expect((await admin.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } })).status).toBe(200);
  return { database, env, a, b, admin };
}

/** The organisation's display name as process `server` serves it to a visitor. */
const displayNameAt = async (server: ServerProcess) =>
  (await server.client('acme').get('/api/organisation')).json<{ displayName: string }>().displayName;

/** The key ids organisation acme publishes, as process `server` serves them. */
const publishedKids = async (server: ServerProcess) =>
  (await server.client('acme').get('/oidc/jwks')).json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid);

const redisState = async (server: ServerProcess) => (await server.client().get('/readyz')).json<{ redis?: string }>().redis;

/** Renames the organisation straight in the database, behind every process's back. */
async function renameBehindTheirBacks(database: TestDatabase, name: string): Promise<void> {
  const db = openDatabase(database.database);
  try {
    await db.kysely.updateTable('organisations').set({ display_name: name }).where('name', '=', 'acme').execute();
  } finally {
    await db.close();
  }
}

describe.skipIf(!redisUrl)(`several processes with Redis, on ${dialect}`, () => {
  it('serves a change made through one process from the other at once, though it keeps its copy 30 s', async () => {
    const { database, a, b, admin } = await cluster(redisUrl);
    expect(await settlesOn(() => redisState(b), 'subscribed', 5000)).toBe('subscribed');
    expect(await displayNameAt(b)).toBe('acme');

    // B keeps its copy past the fallback time a lone process would: nothing told it of this change.
    await renameBehindTheirBacks(database, 'Renamed quietly');
    await sleep(FALLBACK_MS * 2);
    expect(await displayNameAt(b)).toBe('acme');

    // A change made through A is published: B drops its copy and serves the change at once.
    expect((await saveSettings(admin, { displayName: 'Acme Ltd' })).status).toBe(200);
    expect(await settlesOn(() => displayNameAt(b), 'Acme Ltd', 1500)).toBe('Acme Ltd');
    expect(await displayNameAt(a)).toBe('Acme Ltd');
  });

  it('serves keys rotated by the CLI from every process at once: the CLI publishes too (issue 39)', async () => {
    const { env, b } = await cluster(redisUrl);
    expect(await settlesOn(() => redisState(b), 'subscribed', 5000)).toBe('subscribed');
    const before = await publishedKids(b);
    const rotated = await runCli(['rotate-keys', 'acme'], env);
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    // B keeps its copy of the organisation for 30 s while subscribed: only the CLI's notice makes it rebuild now,
    // publishing the keys the rotation made.
    const after = await publishedKids(b);
    expect(after.filter((kid) => !before.includes(kid))).not.toEqual([]);
  });

  it('falls back to the short copy while Redis is unreachable and subscribes again by itself when it returns', async () => {
    const target = new URL(redisUrl);
    const relay = await relayTo(target.hostname, Number(target.port || 6379));
    cleanups.push(() => relay.down());
    const viaRelay = new URL(redisUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const { database, b, admin } = await cluster(viaRelay.toString());
    expect(await settlesOn(() => redisState(b), 'subscribed', 5000)).toBe('subscribed');
    expect(await displayNameAt(b)).toBe('acme');

    await relay.down();
    expect(await settlesOn(() => redisState(b), 'unreachable', 5000)).toBe('unreachable');
    // Saving still works; B, no longer told, serves changes within its short copy.
    expect((await saveSettings(admin, { displayName: 'Saved while Redis was away' })).status).toBe(200);
    expect(await settlesOn(() => displayNameAt(b), 'Saved while Redis was away', 4000)).toBe('Saved while Redis was away');

    await relay.up();
    expect(await settlesOn(() => redisState(b), 'subscribed', 10_000)).toBe('subscribed');
    await displayNameAt(b);
    await renameBehindTheirBacks(database, 'Renamed quietly');
    await sleep(FALLBACK_MS * 2);
    expect(await displayNameAt(b)).toBe('Saved while Redis was away');
    expect((await saveSettings(admin, { displayName: 'Acme again' })).status).toBe(200);
    expect(await settlesOn(() => displayNameAt(b), 'Acme again', 1500)).toBe('Acme again');
  });
});

describe(`REDIS_URL set but unreachable, on ${dialect}`, () => {
  it('is said at start, and the CLI warns and finishes its change without waiting for it (issue 39)', async () => {
    const database = await createTestDatabase(dialect);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-changes-'));
    cleanups.push(async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${await freePort()}` };
    const made = await runCli(
      ['create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', DEFAULT_PASSWORD],
      env,
    );
    expect(made.code).toBe(0);
    const rotated = await runCli(['rotate-keys', 'acme'], env);
    expect(rotated.stdout).toContain('Rotated the signing keys of acme.');
    expect(rotated.stderr).toContain('Warning: Redis (REDIS_URL) could not be told of this change');
    expect(rotated.stderr).toContain('running servers serve it within their cache lifetime (up to 30 s).');
    expect(rotated.code).toBe(0);

    const server = await startServerProcess(env);
    cleanups.push(() => server.stop());
    await server.waitForLog(/Redis unreachable at start \(REDIS_URL\)/);
  });
});
