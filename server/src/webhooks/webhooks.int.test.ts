/**
 * Webhooks (issue 14): endpoints registered by Organisation Admins, deliveries signed per Standard
 * Webhooks (verified here with the `standardwebhooks` package), retried after a receiver was down,
 * logged, resent, and never sent to addresses webhooks may not reach.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@gatehouse/common/schemas/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ManualClock, MINUTE } from '../clock.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { DEFAULT_POST_LIMITS, postWebhook } from '../outbound/post.ts';
import { signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { webhookDelivery } from './delivery.ts';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback that answers with `status` (changeable) and keeps what it got. */
async function startReceiver() {
  const receiver = { status: 200, received: [] as Received[], port: 0, connections: 0, close: () => {} };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(receiver.status).end('ok');
    });
  });
  server.on('connection', () => (receiver.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return receiver;
}

/** Waits until the condition holds, checking after each turn of the event loop (no fixed sleeps). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(testDialects())('webhooks on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = new ManualClock();
  const deliverJob = JOBS.find((j) => j.name === 'deliver-webhooks')!;
  /** The job kicks the process's delivery without waiting for it; the test waits until it has done what is due. */
  const deliverDue = async () => {
    await runJobOnce(server.ctx, deliverJob, { force: true });
    await webhookDelivery(server.ctx).idle();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, config: { webhooksAllowPrivate: true } });
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    receiver?.close();
    await server?.close();
  });

  const hookUrl = () => `http://127.0.0.1:${receiver.port}/hooks`;
  const deliveries = async (id: string) => (await admin.get(`/api/webhooks/${id}/deliveries`)).json<WebhookDelivery[]>();

  it('registers an endpoint, shows its secret once, and delivers a signed test event that standardwebhooks verifies', async () => {
    const created = await admin.post('/api/webhooks', {
      form: { url: hookUrl(), description: 'CRM sync', eventTypes: ['user.created', 'user.deleted'] },
    });
    expect(created.status).toBe(201);
    const endpoint = created.json<WebhookEndpointWithSecret>();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(endpoint).toMatchObject({
      url: hookUrl(),
      description: 'CRM sync',
      eventTypes: ['user.created', 'user.deleted'],
      enabled: true,
    });
    const listed = (await admin.get('/api/webhooks')).json<WebhookEndpoint[]>();
    expect(listed.map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    expect((await admin.post(`/api/webhooks/${endpoint.id}/test`)).status).toBe(202);
    await until(() => receiver.received.length === 1, 'the test event');
    const [delivery] = receiver.received;
    const event = new Webhook(endpoint.secret).verify(delivery!.body, delivery!.headers) as { type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id, organisation: 'acme' } });
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_\d+$/);
    // A wrong secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(delivery!.body, delivery!.headers)).toThrow();
    await until(async () => (await deliveries(endpoint.id))[0]?.status === 'sent', 'the delivery log');
    expect(await deliveries(endpoint.id)).toMatchObject([{ eventType: 'webhook.test', status: 'sent', attempts: 1, lastError: null }]);
  });

  it('retries a delivery while the receiver is down, with the same webhook-id, and resends on request', async () => {
    const endpoint = (
      await admin.post('/api/webhooks', { form: { url: hookUrl(), eventTypes: 'user.deleted' } })
    ).json<WebhookEndpointWithSecret>();
    receiver.received.length = 0;
    receiver.status = 503;
    await admin.post(`/api/webhooks/${endpoint.id}/test`);
    await until(async () => (await deliveries(endpoint.id))[0]?.attempts === 1 && receiver.received.length === 1, 'the first attempt');
    expect(await deliveries(endpoint.id)).toMatchObject([
      { status: 'queued', attempts: 1, lastError: 'the endpoint answered 503', nextAttemptAt: clock.now() + MINUTE },
    ]);
    // Not due yet: the job leaves it.
    await deliverDue();
    expect(receiver.received).toHaveLength(1);

    receiver.status = 204;
    clock.advance(MINUTE);
    await deliverDue();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    const [retried] = await deliveries(endpoint.id);
    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });

    expect((await admin.post(`/api/webhooks/${endpoint.id}/deliveries/${retried!.id}/resend`)).status).toBe(202);
    await until(() => receiver.received.length === 3, 'the resent delivery');
    expect(receiver.received[2]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[2]!.headers['webhook-id']).not.toBe(receiver.received[0]!.headers['webhook-id']);
    // Rolling the secret: deliveries are signed with the new one only.
    const rolled = (await admin.post(`/api/webhooks/${endpoint.id}/rollsecret`)).json<WebhookEndpointWithSecret>();
    expect(rolled.secret).not.toBe(endpoint.secret);
    await admin.post(`/api/webhooks/${endpoint.id}/test`);
    await until(() => receiver.received.length === 4, 'a delivery after rolling the secret');
    const latest = receiver.received[3]!;
    expect(() => new Webhook(rolled.secret).verify(latest.body, latest.headers)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(latest.body, latest.headers)).toThrow();
  });

  it('gives up on deliveries to a deleted endpoint, and keeps endpoints to their organisation and its admins', async () => {
    const endpoint = (
      await admin.post('/api/webhooks', { form: { url: hookUrl(), eventTypes: 'user.deleted' } })
    ).json<WebhookEndpointWithSecret>();
    const globex = await signedIn(server, 'globex', 'admin@globex.test');
    expect((await globex.get(`/api/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await globex.post(`/api/webhooks/${endpoint.id}/test`)).status).toBe(404);
    expect((await globex.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await globex.get('/api/webhooks')).json()).toEqual([]);
    expect((await server.client('acme').get('/api/webhooks')).status).toBe(401);

    receiver.status = 500;
    const before = receiver.received.length;
    await admin.post(`/api/webhooks/${endpoint.id}/test`);
    await until(() => receiver.received.length === before + 1, 'the failing attempt');
    const [queued] = await deliveries(endpoint.id);
    expect((await admin.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(204);
    clock.advance(MINUTE);
    await deliverDue();
    expect(receiver.received).toHaveLength(before + 1);
    const row = await server.ctx.db.kysely
      .selectFrom('mail_outbox')
      .select(['status', 'last_error'])
      .where('id', '=', queued!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', last_error: 'the endpoint was deleted' });
  });

  it('refuses addresses that are not web addresses, and events that do not exist', async () => {
    for (const url of [
      'ftp://files.example.com/hook',
      'https://user:pw@hooks.example.com/x',
      'https://hooks.example.com/x#frag',
      'not a url',
    ]) {
      const res = await admin.post('/api/webhooks', { form: { url, eventTypes: '*' } });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
    expect((await admin.post('/api/webhooks', { form: { url: hookUrl(), eventTypes: 'user.exploded' } })).status).toBe(400);
    expect((await admin.post('/api/webhooks', { form: { url: hookUrl() } })).status).toBe(400);
  });
});

describe('webhook delivery limits', () => {
  const limits = { ...DEFAULT_POST_LIMITS, allowPrivate: false };

  it('never connects to loopback, private or link-local addresses, by name or by number (SSRF)', async () => {
    const receiver = await startReceiver();
    try {
      for (const url of [
        `http://localhost:${receiver.port}/x`,
        `http://127.0.0.1:${receiver.port}/x`,
        `http://[::ffff:127.0.0.1]:${receiver.port}/x`,
        `http://[::1]:${receiver.port}/x`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/x',
        'http://192.168.1.1/x',
      ]) {
        await expect(postWebhook(url, {}, '{}', limits), url).rejects.toThrow(/may not reach/);
      }
      expect(receiver.received).toEqual([]);
    } finally {
      receiver.close();
    }
  });

  // Regression: outbound/post.ts used Node's global agent, whose keep-alive sockets are reused without a lookup, so
  // a delivery could go out over a socket that an allowed one had opened, its address never checked.
  it('checks the address of every delivery: no pooled keep-alive socket is reused past the check', async () => {
    const receiver = await startReceiver();
    try {
      const url = `http://localhost:${receiver.port}/x`;
      const open = { ...limits, allowPrivate: true };
      expect((await postWebhook(url, {}, '{}', open)).status).toBe(200);
      await expect(postWebhook(url, {}, '{}', limits)).rejects.toThrow(/may not reach/);
      expect((await postWebhook(url, {}, '{}', open)).status).toBe(200);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.connections).toBe(2);
    } finally {
      receiver.close();
    }
  });

  it('gives up on a receiver that does not answer in time, and reads no more than the limit of an endless answer', async () => {
    const silent = http.createServer(() => {});
    const endless = http.createServer((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    });
    await Promise.all([silent, endless].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
    const port = (s: http.Server) => (s.address() as AddressInfo).port;
    try {
      const open = { ...limits, allowPrivate: true };
      await expect(postWebhook(`http://127.0.0.1:${port(silent)}/`, {}, '{}', { ...open, timeoutMs: 200 })).rejects.toThrow(
        'no answer within 0.2 s',
      );
      const answer = await postWebhook(`http://127.0.0.1:${port(endless)}/`, {}, '{}', open);
      expect(answer.status).toBe(200);
    } finally {
      silent.closeAllConnections();
      endless.closeAllConnections();
      silent.close();
      endless.close();
    }
  });
});
