/**
 * Issue 27, point 16: a wrong or lost KEY_ENCRYPTION_KEY used to start a server that said it was ready
 * while every organisation's discovery and JWKS answered 500, and `gatehouse doctor` found no problem.
 * The server and the CLI now refuse to start and say why; doctor decrypts what is stored.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase, testDialects } from '../testing/harness.ts';
import { runCli, startServerProcess } from '../testing/process.ts';

const WRONG_KEY = 'a-key-that-never-sealed-anything-in-this-database';
const REFUSAL = /KEY_ENCRYPTION_KEY does not open the organisations' token signing keys stored in the database/;

describe.each(testDialects())('a wrong or lost KEY_ENCRYPTION_KEY on %s', (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  let env: { DATABASE_URL: string; DATA_DIR: string };
  const dirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-kek-'));
    dirs.push(dataDir);
    env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    // A first start makes the key-encryption key in DATA_DIR and the base organisation's signing keys.
    const first = await startServerProcess(env);
    expect(await first.stop()).toBe(0);
    const created = await runCli(
      ['create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', 'a long password'],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
  });
  afterAll(async () => {
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('the server refuses to start with a wrong KEY_ENCRYPTION_KEY, and names the cause', async () => {
    const start = startServerProcess({ ...env, KEY_ENCRYPTION_KEY: WRONG_KEY });
    await expect(start).rejects.toThrow(REFUSAL);
    await expect(start).rejects.toThrow(
      /Gatehouse cannot start\. .*the KEY_ENCRYPTION_KEY given was used.*KEY_ENCRYPTION_KEY_DECRYPT_ONLY/,
    );
  });

  it('the server refuses to start with a new DATA_DIR that holds no key, and keeps no new key there', async () => {
    const lost = mkdtempSync(path.join(tmpdir(), 'gatehouse-kek-lost-'));
    dirs.push(lost);
    const start = startServerProcess({ DATABASE_URL: database.url, DATA_DIR: lost });
    await expect(start).rejects.toThrow(REFUSAL);
    await expect(start).rejects.toThrow(`KEY_ENCRYPTION_KEY is not set, so the key in ${path.join(lost, 'key-encryption-key')} was used`);
    expect(existsSync(path.join(lost, 'key-encryption-key'))).toBe(false);
  });

  it('the CLI refuses to work with a wrong KEY_ENCRYPTION_KEY', async () => {
    const run = await runCli(['rotate-keys', 'acme'], { ...env, KEY_ENCRYPTION_KEY: WRONG_KEY });
    expect(run.stderr).toMatch(REFUSAL);
    expect(run.code).toBe(1);
  });

  it('doctor decrypts the stored keys and fails on a wrong KEY_ENCRYPTION_KEY', async () => {
    const good = await runCli(['doctor'], env);
    expect(good.stdout).toContain('ok    Keys: KEY_ENCRYPTION_KEY opens the keys and secrets stored in the database.');
    expect(good.code).toBe(0);

    const bad = await runCli(['doctor'], { ...env, KEY_ENCRYPTION_KEY: WRONG_KEY });
    expect(bad.stdout).toMatch(/^FAIL {2}Keys: KEY_ENCRYPTION_KEY does not open/m);
    expect(bad.stdout).toContain('1 problem found.');
    expect(bad.code).toBe(1);
  });

  it('starts during a rotation, with the old key as KEY_ENCRYPTION_KEY_DECRYPT_ONLY, and serves the JWKS', async () => {
    const old = readFileSync(path.join(dataDir, 'key-encryption-key'), 'utf8').trim();
    const server = await startServerProcess({ ...env, KEY_ENCRYPTION_KEY: WRONG_KEY, KEY_ENCRYPTION_KEY_DECRYPT_ONLY: old });
    try {
      const jwks = await server.client('acme').get('/oidc/jwks');
      expect(jwks.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
