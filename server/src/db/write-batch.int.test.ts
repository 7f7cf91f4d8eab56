/** The group commit: writes that arrive together all land, and a write lands whole or not at all. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { incrementMetric, sumMetrics } from '../metrics/store.ts';
import { organisationId } from '../testing/accounts.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { scoped } from './scoped.ts';
import { batchedWrite } from './write-batch.ts';

describe.each(testDialects())('batched writes on %s', (dialect) => {
  let server: TestServer;
  let orgId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    orgId = await organisationId(server, 'acme');
  });
  afterAll(() => server?.close());

  const count = async (bucket: number) =>
    await sumMetrics(scoped(server.ctx.db.kysely, orgId), ['sign_in', 'sign_in_failed'], bucket, bucket + 1);

  it('lands every one of many writes made at once', async () => {
    await Promise.all(
      Array.from({ length: 40 }, () => batchedWrite(server.ctx.db, (db) => incrementMetric(scoped(db, orgId), 'sign_in', 1000))),
    );
    expect(await count(1000)).toEqual({ sign_in: 40, sign_in_failed: 0 });
  });

  it('keeps nothing of an atomic write whose later statement fails, alone or among others, and lands the others', async () => {
    const failing = () =>
      batchedWrite(
        server.ctx.db,
        async (db) => {
          await incrementMetric(scoped(db, orgId), 'sign_in_failed', 2000);
          throw new Error('the second statement failed');
        },
        true,
      );
    await expect(failing()).rejects.toThrow('the second statement failed');
    expect(await count(2000)).toEqual({ sign_in: 0, sign_in_failed: 0 });

    const together = [
      batchedWrite(server.ctx.db, (db) => incrementMetric(scoped(db, orgId), 'sign_in', 2000)),
      failing(),
      batchedWrite(server.ctx.db, (db) => incrementMetric(scoped(db, orgId), 'sign_in', 2000)),
    ];
    const results = await Promise.allSettled(together);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await count(2000)).toEqual({ sign_in: 2, sign_in_failed: 0 });
  });
});
