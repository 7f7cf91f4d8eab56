/**
 * Back-channel logout tokens are delivered concurrently and fairly (issue 29, as webhooks since issue 27):
 * applications of one organisation whose logout endpoints never answer do not hold up another
 * organisation's logouts, and hold at most one attempt per endpoint and DELIVERY_LIMITS.perOrganisation
 * for the organisation. Before, the 'deliver-mail' dispatcher posted logout tokens one at a time, each
 * dead endpoint holding the rest for its 10-second timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoped } from '../db/scoped.ts';
import { DELIVERY_LIMITS } from '../delivery/concurrent.ts';
import { createApplication, signedIn } from '../testing/applications.ts';
import { startBlackhole } from '../testing/blackhole.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { queueBackchannelLogouts } from './backchannel-logout.ts';

/** An application's logout endpoint that answers 200 and keeps the logout tokens. */
async function startReceiver() {
  const tokens: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      tokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    tokens,
    port: (server.address() as AddressInfo).port,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Waits until the condition holds, checking after each turn of the event loop (no fixed sleeps). */
async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}') as { sub?: string }).sub;

describe.each(testDialects())('back-channel logout delivery on %s', (dialect) => {
  let server: TestServer;
  let blackhole: Awaited<ReturnType<typeof startBlackhole>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    server = await startTestServer(dialect, { config: { webhooksAllowPrivate: true } });
    blackhole = await startBlackhole();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    // The dead endpoints' attempts end when their connections do.
    blackhole?.close();
    receiver?.close();
    await server?.close();
  });

  it("delivers an organisation's logout at once while another organisation's ten logout endpoints never answer", async () => {
    const stalled = await server.createOrganisation('stalled');
    const stalledAdmin = await signedIn(server, 'stalled', 'admin@stalled.test');
    const dead: string[] = [];
    for (let i = 0; i < 10; i++) {
      const app = await createApplication(stalledAdmin, {
        name: `Dead ${i}`,
        backchannelLogoutURI: `http://127.0.0.1:${blackhole.port}/logout-${i}`,
      });
      dead.push(app.id);
    }
    // Three logouts owed to each of them.
    for (let i = 0; i < 3; i++)
      await queueBackchannelLogouts(
        server.ctx,
        dead.map((clientId) => ({ clientId, sub: `gone-${i}`, sid: `sid-${clientId}-${i}` })),
        scoped(server.ctx.db.kysely, stalled.id),
      );
    await until(() => blackhole.open() >= 1, 'the dead endpoints to be called');

    const prompt = await server.createOrganisation('prompt');
    const promptAdmin = await signedIn(server, 'prompt', 'admin@prompt.test');
    const notes = await createApplication(promptAdmin, { name: 'Notes', backchannelLogoutURI: `http://127.0.0.1:${receiver.port}/logout` });
    await queueBackchannelLogouts(
      server.ctx,
      [{ clientId: notes.id, sub: 'signed-out', sid: 'sid-notes' }],
      scoped(server.ctx.db.kysely, prompt.id),
    );
    // Well within one dead endpoint's 10-second timeout.
    await until(() => receiver.tokens.some((token) => subOf(token) === 'signed-out'), "prompt's logout token", 3000);

    // The dead endpoints are called at once, one attempt each, as many as an organisation may hold, and never more.
    await until(() => blackhole.open() === DELIVERY_LIMITS.perOrganisation, 'the dead endpoints to be called concurrently');
    await until(() => server.ctx.delivery.loop('logout')?.inFlight === DELIVERY_LIMITS.perOrganisation, "prompt's attempt to be recorded");
    expect(blackhole.open()).toBe(DELIVERY_LIMITS.perOrganisation);
  });
});
