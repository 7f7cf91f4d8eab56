/**
 * Webhook delivery is concurrent and fair (issue 27, point 1): one organisation's dead endpoints do not
 * hold up another organisation's deliveries, and an endpoint that keeps failing has its circuit opened
 * (no attempts while it waits) and closed again once a probe is answered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { WebhookDelivery as DeliveryView, WebhookEndpointWithSecret } from '@gatehouse/common/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ManualClock, MINUTE } from '../clock.ts';
import { DELIVERY_LIMITS } from '../delivery/concurrent.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { signedIn } from '../testing/applications.ts';
import { startBlackhole } from '../testing/blackhole.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { readSamples, sampleValue } from '../testing/prometheus.ts';
import { CIRCUIT_THRESHOLD, webhookDelivery } from './delivery.ts';

/** A receiver on loopback answering `status` (changeable), keeping the webhook-id of each delivery. */
async function startReceiver(status: number) {
  const receiver = { status, ids: [] as string[], port: 0, close: () => {} };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      receiver.ids.push(String(req.headers['webhook-id']));
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return receiver;
}

/** Waits until the condition holds, checking after each turn of the event loop (no fixed sleeps). */
async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(testDialects())('webhook delivery on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();
  const cleanups: (() => void)[] = [];
  const job = JOBS.find((j) => j.name === 'deliver-webhooks')!;
  /** What the job starts, done: the job kicks this process's delivery and does not wait for it. */
  const deliverDue = async () => {
    await runJobOnce(server.ctx, job, { force: true });
    await webhookDelivery(server.ctx).idle();
  };
  const metrics = async () => readSamples(await server.ctx.telemetry.scrape());

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, config: { webhooksAllowPrivate: true } });
    await server.createOrganisation('acme');
    await server.createOrganisation('other');
    await server.createOrganisation('initech');
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) cleanup();
    await server?.close();
  });

  const addEndpoint = async (admin: TestClient, url: string) => {
    // Subscribed to an event the tests do not cause: only their test events are sent.
    const res = await admin.post('/api/webhooks', { form: { url, eventTypes: 'user.deleted' } });
    expect(res.status).toBe(201);
    return res.json<WebhookEndpointWithSecret>().id;
  };
  const deliveries = async (admin: TestClient, id: string) => (await admin.get(`/api/webhooks/${id}/deliveries`)).json<DeliveryView[]>();

  it('opens the circuit of an endpoint failing five times in a row, attempts nothing while it is open, and closes it once a probe is answered', async () => {
    const admin = await signedIn(server, 'initech', 'admin@initech.test');
    const receiver = await startReceiver(500);
    cleanups.push(receiver.close);
    const id = await addEndpoint(admin, `http://127.0.0.1:${receiver.port}/hooks`);
    for (let i = 0; i <= CIRCUIT_THRESHOLD; i++) expect((await admin.post(`/api/webhooks/${id}/test`)).status).toBe(202);
    await deliverDue();

    // Five attempts failed; the sixth message was not attempted: the circuit is open for a minute.
    expect(receiver.ids).toHaveLength(CIRCUIT_THRESHOLD);
    const log = await deliveries(admin, id);
    expect(log.map((d) => d.attempts).sort()).toEqual([0, 1, 1, 1, 1, 1]);
    expect(log.every((d) => d.status === 'queued')).toBe(true);
    const endpoint = () =>
      server.ctx.db.kysely
        .selectFrom('webhook_endpoints')
        .select(['failures', 'circuit_open_until'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await endpoint()).toEqual({ failures: CIRCUIT_THRESHOLD, circuit_open_until: clock.now() + MINUTE });
    expect(sampleValue(await metrics(), 'gatehouse_webhook_circuit_changes_total', { change: 'opened' })).toBe(1);
    expect(sampleValue(await metrics(), 'gatehouse_webhook_circuits_open')).toBe(1);

    // The messages' own retries are due, but the circuit's wait is not over: still nothing is attempted.
    clock.advance(MINUTE - 1);
    await deliverDue();
    expect(receiver.ids).toHaveLength(CIRCUIT_THRESHOLD);

    // The wait is over and the endpoint answers: the probe closes the circuit, and everything waiting goes.
    receiver.status = 204;
    clock.advance(1);
    await deliverDue();
    expect(receiver.ids).toHaveLength(CIRCUIT_THRESHOLD + CIRCUIT_THRESHOLD + 1);
    expect((await deliveries(admin, id)).every((d) => d.status === 'sent')).toBe(true);
    expect(await endpoint()).toEqual({ failures: 0, circuit_open_until: null });
    expect(sampleValue(await metrics(), 'gatehouse_webhook_circuit_changes_total', { change: 'closed' })).toBe(1);
    expect(sampleValue(await metrics(), 'gatehouse_webhook_circuits_open')).toBe(0);
  });

  it("delivers an organisation's test event at once while another organisation's ten endpoints never answer (issue 27)", async () => {
    const other = await signedIn(server, 'other', 'admin@other.test');
    const blackhole = await startBlackhole();
    cleanups.push(blackhole.close);
    const dead: string[] = [];
    for (let i = 0; i < 10; i++) dead.push(await addEndpoint(other, `http://127.0.0.1:${blackhole.port}/hook-${i}`));
    // Three events for each of them.
    for (const id of dead) for (let i = 0; i < 3; i++) await other.post(`/api/webhooks/${id}/test`);
    await until(() => blackhole.open() >= 1, 'the dead endpoints to be called');

    const acme = await signedIn(server, 'acme', 'admin@acme.test');
    const receiver = await startReceiver(200);
    cleanups.push(receiver.close);
    const live = await addEndpoint(acme, `http://127.0.0.1:${receiver.port}/hooks`);
    const asked = Date.now();
    expect((await acme.post(`/api/webhooks/${live}/test`)).status).toBe(202);
    await until(() => receiver.ids.length >= 1, "acme's test event", 3000);
    expect(Date.now() - asked).toBeLessThan(3000);

    // The dead endpoints are called at once, as many as an organisation may hold, and never more.
    await until(() => blackhole.open() === DELIVERY_LIMITS.perOrganisation, 'the dead endpoints to be called concurrently');
    await until(() => webhookDelivery(server.ctx).inFlight === DELIVERY_LIMITS.perOrganisation, "acme's attempt to be recorded");
    expect(blackhole.open()).toBe(DELIVERY_LIMITS.perOrganisation);
  });
});
