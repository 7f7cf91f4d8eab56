/**
 * Issue 27: a process kept serving for minutes after SIGTERM while webhook deliveries to dead endpoints
 * were due. Real server processes: SIGTERM ends within the drain time however many deliveries hang, the
 * attempts it stopped are given back untried, and two processes started afterwards deliver every message
 * exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { WebhookDelivery, WebhookEndpointWithSecret } from '@gatehouse/common/schemas/webhooks';
import { afterAll, describe, expect, it } from 'vitest';

import { DELIVERY_LIMITS } from '../delivery/concurrent.ts';
import { createTestDatabase, DEFAULT_PASSWORD, testDialects } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { runCli, type ServerProcess, startServerProcess } from '../testing/process.ts';

/**
 * One port for every endpoint: while `silent` it accepts connections and never answers (a dead
 * endpoint); afterwards it answers 204 and keeps the webhook-id of each delivery.
 */
async function startEndpointHost() {
  const host = { silent: true, ids: [] as string[], hanging: new Set<net.Socket>(), port: 0 };
  const server = net.createServer((socket) => {
    // A connection the server process drops when it exits.
    socket.on('error', () => {});
    if (host.silent) {
      host.hanging.add(socket);
      socket.on('close', () => host.hanging.delete(socket));
      return;
    }
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (end < 0 || head.length < end + 4 + length) return;
      host.ids.push(/webhook-id: (\S+)/i.exec(head)?.[1] ?? '');
      socket.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.port = (server.address() as AddressInfo).port;
  return {
    host,
    close() {
      server.close();
      for (const socket of host.hanging) socket.destroy();
    },
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDialects())('webhook delivery at shutdown on %s', (dialect) => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('SIGTERM ends within the drain time with deliveries hanging; none is lost, none is made twice', async () => {
    const database = await createTestDatabase(dialect);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-webhooks-'));
    cleanups.push(database.drop, () => rmSync(dataDir, { recursive: true, force: true }));
    const endpoints = await startEndpointHost();
    cleanups.push(endpoints.close);
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: 'true', SHUTDOWN_DRAIN_SECONDS: '1' };
    const start = async () => {
      const server = await startServerProcess(env);
      cleanups.push(() => server.stop('SIGKILL'));
      return server;
    };
    const first = await start();
    const made = await runCli(
      ['create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', DEFAULT_PASSWORD],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    const signIn = async (server: ServerProcess): Promise<TestClient> => {
      const admin = server.client('acme');
      expect((await admin.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } })).status).toBe(200);
      return admin;
    };
    const admin = await signIn(first);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await admin.post('/api/webhooks', {
        form: { url: `http://127.0.0.1:${endpoints.host.port}/hook-${i}`, eventTypes: 'user.deleted' },
      });
      ids.push(res.json<WebhookEndpointWithSecret>().id);
    }
    for (const id of ids) for (let i = 0; i < 3; i++) expect((await admin.post(`/api/webhooks/${id}/test`)).status).toBe(202);
    await until(() => endpoints.host.hanging.size === DELIVERY_LIMITS.perOrganisation, 'the deliveries to hang');

    const signalled = Date.now();
    expect(await first.stop('SIGTERM')).toBe(0);
    // The drain (1 s), then the hanging attempts are stopped rather than waited for (10 s each).
    expect(Date.now() - signalled).toBeLessThan(1000 + 3000);

    // The endpoints answer now. Two processes at once take every message, each exactly once, and the
    // stopped attempts were not counted.
    endpoints.host.silent = false;
    const [second, third] = await Promise.all([start(), start()]);
    await until(() => endpoints.host.ids.length >= 30, 'every message to be delivered');
    const again = await signIn(second);
    const log = async () =>
      (await Promise.all(ids.map(async (id) => (await again.get(`/api/webhooks/${id}/deliveries`)).json<WebhookDelivery[]>()))).flat();
    await until(async () => (await log()).every((d) => d.status === 'sent'), 'the deliveries to be recorded');
    const delivered = await log();
    expect(delivered).toHaveLength(30);
    expect(delivered.map((d) => d.attempts)).toEqual(Array(30).fill(1));
    expect(endpoints.host.ids).toHaveLength(30);
    expect(new Set(endpoints.host.ids).size).toBe(30);
    await Promise.all([second.stop('SIGTERM'), third.stop('SIGTERM')]);
    // Three server processes on a shared machine: starting them takes most of the time.
  }, 180_000);
});
