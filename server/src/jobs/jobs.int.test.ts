import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MINUTE } from '../clock.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { JOBS } from './registry.ts';
import { type Job, runJobOnce } from './runner.ts';

describe.each(testDialects())('scheduled jobs on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    await server.createOrganisation('acme');
  });
  afterAll(() => server?.close());

  it('runs a due job in exactly one of several concurrent callers', async () => {
    let runs = 0;
    const job: Job = { name: 'count-runs', intervalMs: 10 * MINUTE, run: async () => void runs++ };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => runJobOnce(server.ctx, job)));
    expect(outcomes.filter((o) => o.status === 'ran')).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('skips a job that is not yet due again, unless forced', async () => {
    let runs = 0;
    const job: Job = { name: 'interval', intervalMs: 10 * MINUTE, run: async () => void runs++ };
    expect((await runJobOnce(server.ctx, job)).status).toBe('ran');
    expect((await runJobOnce(server.ctx, job)).status).toBe('skipped');
    clock.advance(10 * MINUTE);
    expect((await runJobOnce(server.ctx, job)).status).toBe('ran');
    expect((await runJobOnce(server.ctx, job, { force: true })).status).toBe('ran');
    expect(runs).toBe(3);
  });

  it('records a failure and releases the lease for the next run', async () => {
    let fail = true;
    const job: Job = {
      name: 'flaky',
      intervalMs: 0,
      run: async () => {
        if (fail) throw new Error('provider unreachable');
      },
    };
    expect(await runJobOnce(server.ctx, job)).toEqual({ status: 'failed', error: 'provider unreachable' });
    const row = await server.ctx.db.kysely.selectFrom('job_runs').selectAll().where('name', '=', 'flaky').executeTakeFirstOrThrow();
    expect(row.last_error).toBe('provider unreachable');
    fail = false;
    clock.advance(1);
    expect((await runJobOnce(server.ctx, job)).status).toBe('ran');
  });

  it('deletes expired sessions', async () => {
    const client = server.client('acme');
    await client.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    const count = async () =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(1);
    clock.advance(21 * MINUTE);
    const expire = JOBS.find((j) => j.name === 'expire-sessions')!;
    expect(await runJobOnce(server.ctx, expire, { force: true })).toEqual({
      status: 'ran',
      result: 'deleted 1 expired sessions',
      warnings: [],
    });
    expect(await count()).toBe(0);
  });
});
