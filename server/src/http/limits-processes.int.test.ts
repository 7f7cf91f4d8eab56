/**
 * The limits by address across real server processes sharing a real Redis: a limit holds across both,
 * X-Forwarded-For is ignored without TRUST_PROXY (a forged one changes nothing), and while Redis is
 * unreachable each process goes on limiting by itself (saying so once) rather than refusing everyone
 * or limiting no one. A proof-of-work solution used at one process is refused at the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PROOF_OF_WORK, RATE_LIMITS } from '@gatehouse/common/policy';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, describe, expect, inject, it } from 'vitest';

import { createTestDatabase, DEFAULT_PASSWORD } from '../testing/harness.ts';
import { runCli, type ServerProcess, startServerProcess } from '../testing/process.ts';
import { relayTo } from '../testing/relay.ts';

const redisUrl = inject('redisUrl');
const dialect = inject('postgresUrl') ? 'postgres' : 'sqlite';
const { limit } = RATE_LIMITS['authenticate']!.find((rule) => rule.by === 'address')!;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function cluster(redis: string) {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-limits-'));
  cleanups.push(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // info: the line saying Redis is back is logged at that level.
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, REDIS_URL: redis, LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
  const made = await runCli(['create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', DEFAULT_PASSWORD], env);
  if (made.code !== 0) throw new Error(made.stderr);
  const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  cleanups.push(
    () => a.stop(),
    () => b.stop(),
  );
  return { a, b };
}

let attempts = 0;
/** A wrong password for a fresh unknown address each time (no account's own cooldown plays a part), with a forged X-Forwarded-For. */
async function wrongSignIn(server: ServerProcess): Promise<number> {
  attempts++;
  const forged = `198.51.100.${attempts % 250}`;
  const answer = await server.client('acme').post('/api/authenticate', {
    form: { email: `guess${attempts}@acme.test`, password: 'Winter2026!' },
    headers: { 'x-forwarded-for': forged },
  });
  // After a few failures the form asks for a proof-of-work challenge instead of checking the password: an
  // answer within the limit all the same, which is what these tests count (the challenge has its own tests).
  return answer.status === 400 && answer.json<{ code?: string }>().code === 'CHALLENGE_REQUIRED' ? 401 : answer.status;
}

describe.skipIf(!redisUrl)(`limits across processes with Redis, on ${dialect}`, () => {
  it('holds one limit across both processes, whatever X-Forwarded-For says without TRUST_PROXY', async () => {
    const { a, b } = await cluster(redisUrl);
    const statuses = [];
    for (let i = 0; i < limit + 10; i++) statuses.push(await wrongSignIn(i % 2 ? a : b));
    expect(statuses).toEqual([...Array(limit).fill(401), ...Array(10).fill(429)]);
    // Both processes refuse the right password from this address now, too.
    for (const server of [a, b])
      expect(
        (await server.client('acme').post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } })).status,
      ).toBe(429);
  });

  it('takes a proof-of-work solution once across both processes', async () => {
    const { a, b } = await cluster(redisUrl);
    for (let i = 0; i < PROOF_OF_WORK.signInFailuresByAddress.limit; i++) await wrongSignIn(i % 2 ? a : b);
    const asked = await b.client('acme').get('/api/challenge?form=signIn');
    const { challenge } = asked.json<{ challenge: Parameters<typeof solveChallenge>[0]['challenge'] }>();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const signIn = (server: ServerProcess) =>
      server.client('acme').post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD, altcha } });
    expect((await signIn(a)).status).toBe(200);
    const replayed = await signIn(b);
    expect(replayed.status).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'CHALLENGE_FAILED' });
  });

  it('limits in each process alone while Redis is unreachable, with one warning, and shares again when it returns', async () => {
    const target = new URL(redisUrl);
    const relay = await relayTo(target.hostname, Number(target.port || 6379));
    cleanups.push(() => relay.down());
    const viaRelay = new URL(redisUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const { a, b } = await cluster(viaRelay.toString());
    // Counted in Redis: half the limit through each process.
    for (let i = 0; i < limit / 2; i++) expect(await wrongSignIn(i % 2 ? a : b)).toBe(401);

    await relay.down();
    // Each process counts alone from zero: neither refuses everyone, and each still limits.
    const alone = [];
    for (let i = 0; i < limit + 1; i++) alone.push(await wrongSignIn(a));
    expect(alone).toEqual([...Array(limit).fill(401), 429]);
    expect(await wrongSignIn(b)).toBe(401);
    await a.waitForLog(/Redis unreachable: rate limits are counted by each process alone/);
    expect(a.logs().match(/rate limits are counted by each process alone/g)).toHaveLength(1);

    // Back: the count in Redis (half the limit) is shared again.
    await relay.up();
    await a.waitForLog(/Redis reachable again: rate limits are counted across every process/);
    await b.waitForLog(/Redis reachable again: rate limits are counted across every process/);
    const shared = [];
    for (let i = 0; i < limit / 2 + 1; i++) shared.push(await wrongSignIn(i % 2 ? a : b));
    expect(shared).toEqual([...Array(limit / 2).fill(401), 429]);
  }, 60_000);
});
