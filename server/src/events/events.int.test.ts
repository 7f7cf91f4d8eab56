/**
 * Domain events (issue 29): a change that rolls back emits nothing (no audit row, no webhook delivery, no
 * counted metric, no provider revision, no after-commit effect); a committed change runs every subscriber
 * once, its after-commit effects only once the commit is visible to another connection; a subscriber
 * that throws rolls the change back. On SQLite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findAuditEvents } from '../audit/store.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import { bucketOf, sumMetrics } from '../metrics/store.ts';
import { readRevision } from '../oidc/store.ts';
import { type Scope, systemScope } from '../scope/scope.ts';
import { domainEvents, SUBSCRIBERS } from '../subscribers.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { sealSecret } from '../webhooks/secrets.ts';
import { insertEndpoint } from '../webhooks/store.ts';
import { emit, type EmittedEvent, type Subscriber } from './events.ts';

/** A subscriber to every kind that notes each call, and what another connection saw after the commit. */
function probe(ctx: () => AppContext) {
  const seen = {
    inTransaction: [] as EmittedEvent[],
    afterCommit: [] as EmittedEvent[],
    /** Audit rows of the event another connection read from the after-commit effect. */
    visibleAfterCommit: [] as Promise<number>[],
  };
  const subscriber: Subscriber = {
    name: 'probe',
    kinds: 'all',
    async inTransaction(_ctx, _trx, event) {
      seen.inTransaction.push(event);
      if (event.details.fail === true) throw new Error('the probe refuses this event');
    },
    afterCommit(_ctx, event) {
      seen.afterCommit.push(event);
      seen.visibleAfterCommit.push(
        findAuditEvents(scoped(ctx().db.kysely, event.organisationId), { types: [event.type], limit: 100 }).then((rows) => rows.length),
      );
    },
  };
  return { seen, subscriber };
}

describe.each(testDialects())('domain events on %s', (dialect) => {
  let server: TestServer;
  let ctx: AppContext;
  let organisationId: string;
  let scope: Scope;
  const invalidated: string[] = [];
  const { seen, subscriber } = probe(() => ctx);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The application's subscribers, and the probe last.
    ctx = { ...server.ctx, events: domainEvents([...SUBSCRIBERS, subscriber]) };
    const organisation = await server.createOrganisation('events');
    organisationId = organisation.id;
    scope = systemScope(server.ctx.db.kysely, organisation);
    const id = randomUUID();
    const now = ctx.clock.now();
    await insertEndpoint(scoped(ctx.db.kysely, organisationId), {
      id,
      // Loopback: delivery refuses it (no network in the test); the queued rows are what is counted.
      url: 'https://127.0.0.1/hook',
      description: '',
      event_types: JSON.stringify(['*']),
      secret_encrypted: sealSecret(ctx, organisationId, id, 'whsec_test'),
      enabled: true,
      created_at: now,
      updated_at: now,
      failures: 0,
      circuit_open_until: null,
    });
    ctx.organisationChanged.add((id) => invalidated.push(id));
  });
  afterAll(async () => server?.close());

  /** What the subscribers left for the organisation: audit rows, webhook deliveries, sign-ins counted, the provider revision. */
  async function traces() {
    const db = ctx.db.kysely;
    const audit = await findAuditEvents(scoped(db, organisationId), { limit: 1000 });
    const deliveries = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('channel', '=', 'webhook')
      .execute();
    const metrics = await sumMetrics(scoped(db, organisationId), ['sign_in'], bucketOf(ctx.clock.now()) - 60_000);
    const revision = await readRevision(scoped(db, organisationId));
    const signInsCounted = (await ctx.telemetry.signIns.get()).values.find((v) => v.labels.result === 'success')?.value ?? 0;
    return { audit: audit.length, deliveries: deliveries.length, signIns: metrics.sign_in, revision, signInsCounted };
  }

  const signedIn = (userId: string) =>
    ({
      type: 'user.signed_in',
      actor: { kind: 'user', id: userId },
      subject: { kind: 'user', id: userId },
      details: { method: 'password' },
    }) as const;

  it('a change that rolls back emits nothing: no audit row, webhook delivery, count, revision or after-commit effect', async () => {
    const before = await traces();
    const calls = { inTransaction: seen.inTransaction.length, afterCommit: seen.afterCommit.length };
    await expect(
      ctx.db.kysely.transaction().execute(async (trx) => {
        await emit(ctx, trx, scope, signedIn(randomUUID()));
        await emit(ctx, trx, scope, { type: 'application.updated', subject: { kind: 'application', id: 'app' }, details: {} });
        throw new Error('the change fails after its events');
      }),
    ).rejects.toThrow('the change fails after its events');
    expect(await traces()).toEqual(before);
    expect(seen.inTransaction.length).toBe(calls.inTransaction + 2);
    expect(seen.afterCommit.length).toBe(calls.afterCommit);
    expect(invalidated).toEqual([]);
  });

  it('a committed change runs every subscriber once, its effects after the commit', async () => {
    const before = await traces();
    const calls = seen.afterCommit.length;
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await emit(ctx, trx, scope, signedIn(randomUUID()));
      await emit(ctx, trx, scope, { type: 'application.updated', subject: { kind: 'application', id: 'app' }, details: {} });
    });
    const after = await traces();
    expect(after).toEqual({
      audit: before.audit + 2,
      deliveries: before.deliveries + 2,
      signIns: before.signIns + 1,
      revision: before.revision + 1,
      signInsCounted: before.signInsCounted + 1,
    });
    expect(seen.afterCommit.length).toBe(calls + 2);
    expect(invalidated).toEqual([organisationId]);
    // Another connection (PostgreSQL's pool; SQLite's one connection, released) saw the rows from the effect.
    expect(Math.min(...(await Promise.all(seen.visibleAfterCommit.slice(-2))))).toBeGreaterThan(0);
    // The audit subscriber ran first: the event carries its row's id.
    expect(seen.afterCommit.at(-1)!.id).toEqual(expect.any(Number));
  });

  it('an event emitted outside a transaction gets its own: the same subscribers, once', async () => {
    const before = await traces();
    await emit(ctx, ctx.db.kysely, scope, signedIn(randomUUID()));
    const after = await traces();
    expect(after).toEqual({
      ...before,
      audit: before.audit + 1,
      deliveries: before.deliveries + 1,
      signIns: before.signIns + 1,
      signInsCounted: before.signInsCounted + 1,
    });
  });

  it('a subscriber that throws rolls the change back, with the rows earlier subscribers wrote', async () => {
    const before = await traces();
    const calls = seen.afterCommit.length;
    const userId = randomUUID();
    await expect(
      ctx.db.kysely.transaction().execute(async (trx) => {
        await emit(ctx, trx, scope, signedIn(userId));
        await emit(ctx, trx, scope, { type: 'user.updated', subject: { kind: 'user', id: userId }, details: { fail: true } });
      }),
    ).rejects.toThrow('the probe refuses this event');
    expect(await traces()).toEqual(before);
    expect(seen.afterCommit.length).toBe(calls);
  });
});
