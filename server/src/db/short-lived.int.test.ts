/** The short-lived flow primitive: attempts counted up to a limit while live, taken once, scoped, cleaned up. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertRecoveryFlow } from '../recovery/store.ts';
import { organisationId } from '../testing/accounts.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { scoped } from './scoped.ts';
import { countAttempt, deleteExpired, PRESENT, take } from './short-lived.ts';

describe.each(testDialects())('short-lived flows on %s', (dialect) => {
  let server: TestServer;
  let acme: string;
  let globex: string;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    acme = await organisationId(server, 'acme');
    globex = await organisationId(server, 'globex');
  });
  afterAll(() => server?.close());

  const flow = async (fields: { verified_at?: number | null; expires_at?: number } = {}) => {
    const id = `flow-${++n}`;
    await insertRecoveryFlow(scoped(server.ctx.db.kysely, acme), {
      id,
      user_id: null,
      code_hash: 'x',
      attempts: 0,
      verified_at: fields.verified_at ?? null,
      created_at: 0,
      expires_at: fields.expires_at ?? 1000,
    });
    return id;
  };
  const db = () => server.ctx.db.kysely;

  it('counts attempts up to the limit, even when they arrive together, and never on an expired row', async () => {
    const id = await flow();
    const counted = await Promise.all(
      Array.from({ length: 8 }, () => countAttempt(scoped(db(), acme), 'recovery_flows', { id }, { now: 10, maxAttempts: 5 })),
    );
    expect(
      counted
        .filter(Boolean)
        .map((row) => row!.attempts)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    const live = await flow();
    expect(await countAttempt(scoped(db(), acme), 'recovery_flows', { id: live }, { now: 1000, maxAttempts: 5 })).toBeUndefined();
    expect(await countAttempt(scoped(db(), globex), 'recovery_flows', { id: live }, { now: 10, maxAttempts: 5 })).toBeUndefined();
  });

  it('matches null, present and lists of values', async () => {
    const unverified = await flow();
    const verified = await flow({ verified_at: 5 });
    expect(await take(scoped(db(), acme), 'recovery_flows', { id: unverified, verified_at: PRESENT }, 10)).toBeUndefined();
    expect(
      await countAttempt(scoped(db(), acme), 'recovery_flows', { id: verified, verified_at: null }, { now: 10, maxAttempts: 5 }),
    ).toBeUndefined();
    expect(await take(scoped(db(), acme), 'recovery_flows', { id: [unverified, 'other'], verified_at: null }, 10)).toMatchObject({
      id: unverified,
    });
  });

  it('takes a row once, only while live and only in its organisation, whoever asks at the same time', async () => {
    const id = await flow();
    expect(await take(scoped(db(), globex), 'recovery_flows', { id })).toBeUndefined();
    expect(await take(scoped(db(), acme), 'recovery_flows', { id }, 1000)).toBeUndefined();
    const takers = await Promise.all(Array.from({ length: 5 }, () => take(scoped(db(), acme), 'recovery_flows', { id }, 10)));
    expect(takers.filter(Boolean)).toHaveLength(1);
  });

  it('cleans up what has expired and nothing else', async () => {
    const old = await flow({ expires_at: 50 });
    const fresh = await flow({ expires_at: 5000 });
    expect(await deleteExpired(db(), 'recovery_flows', 100)).toBeGreaterThanOrEqual(1);
    expect(await take(scoped(db(), acme), 'recovery_flows', { id: old })).toBeUndefined();
    expect(await take(scoped(db(), acme), 'recovery_flows', { id: fresh })).toMatchObject({ id: fresh });
  });
});
