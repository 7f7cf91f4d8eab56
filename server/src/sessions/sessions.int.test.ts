/**
 * A person's sessions through real HTTP on both databases: two browsers signed in as the same person,
 * one ends the other's session and the other's next request is signed out; another person's session id
 * is not found; administrators of the person's organisation list and end them (and sign the person out
 * everywhere), another organisation's cannot; the management API does the same with its scopes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { webhookDelivery } from '../webhooks/delivery.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import type { TestClient } from '../testing/http-client.ts';
import { managementToken } from '../testing/machine-clients.ts';
import type { SessionList } from '@gatehouse/common/schemas/sessions';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(testDialects())('sessions on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  let admin: TestClient;
  let people = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect, { config: { webhooksAllowPrivate: true } });
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A browser of `email` at `org` that signed in with the user agent `agent`. */
  async function browser(email: string, agent: string, org = 'acme'): Promise<TestClient> {
    const client = server.client(org);
    const res = await client.post('/api/authenticate', { form: { email, password: DEFAULT_PASSWORD }, headers: { 'user-agent': agent } });
    expect(res.status, res.text).toBe(200);
    return client;
  }

  async function person() {
    const user = await createUser(server, acmeId, { email: `person${++people}@acme.test` });
    const laptop = await browser(user.email, FIREFOX_LINUX);
    const phone = await browser(user.email, CHROME_WINDOWS);
    return { user, laptop, phone };
  }

  const sessionsOf = async (client: TestClient, path = '/api/account/sessions') => {
    const res = await client.get(path);
    expect(res.status, res.text).toBe(200);
    return res.json<SessionList>().sessions;
  };

  const auditTypes = async (userId: string) =>
    (await server.ctx.db.kysely.selectFrom('audit_events').select(['type']).where('subject_id', '=', userId).orderBy('id').execute()).map(
      (r) => r.type,
    );

  it('lists where the person is signed in, with browser, system, address, times, methods and this device', async () => {
    const { laptop } = await person();
    const sessions = await sessionsOf(laptop);
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current)!;
    expect(mine).toMatchObject({ browser: 'Firefox 133', system: 'Linux', methods: ['password'], address: '127.0.0.1' });
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ browser: 'Chrome 131', system: 'Windows 10', current: false });
    expect(other.firstSeen).toBeGreaterThan(0);
    expect(other.lastSeen).toBeGreaterThanOrEqual(other.firstSeen);
    // The cookie's hash, the row's key, never leaves the server.
    const hashes = (await server.ctx.db.kysely.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    for (const s of sessions) expect(hashes).not.toContain(s.id);
  });

  it("ends the other browser's session: its next request is signed out, and this one stays", async () => {
    const { user, laptop, phone } = await person();
    expect((await phone.get('/api/account')).status).toBe(200);
    const other = (await sessionsOf(laptop)).find((s) => !s.current)!;
    const res = await laptop.post(`/api/account/sessions/${other.id}/end`);
    expect(res.status, res.text).toBe(200);
    expect(res.json<SessionList>().sessions.map((s) => s.current)).toEqual([true]);
    expect((await phone.get('/api/account')).status).toBe(401);
    expect((await laptop.get('/api/account')).status).toBe(200);
    expect(await auditTypes(user.id)).toContain('user.sessions_ended');
  });

  it('signs out of every other session and keeps this one', async () => {
    const { laptop, phone, user } = await person();
    const third = await browser(user.email, FIREFOX_LINUX);
    const res = await laptop.post('/api/account/sessions/end-others');
    expect(res.json()).toEqual({ ended: 2 });
    expect((await phone.get('/api/account')).status).toBe(401);
    expect((await third.get('/api/account')).status).toBe(401);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it("answers 404 for another person's session id from one's own account, and ends nothing", async () => {
    const alice = await person();
    const bob = await person();
    const bobs = await sessionsOf(bob.laptop);
    const res = await alice.laptop.post(`/api/account/sessions/${bobs[0]!.id}/end`);
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ message: 'That session was not found' });
    expect(await sessionsOf(bob.laptop)).toHaveLength(2);
    expect((await alice.laptop.post('/api/account/sessions/not-a-session/end')).status).toBe(404);
  });

  it("lets the person's administrators list and end sessions and sign them out everywhere; another organisation's cannot", async () => {
    const { user, laptop, phone } = await person();
    const listed = await sessionsOf(admin, `/api/users/${user.id}/sessions`);
    expect(listed).toHaveLength(2);
    expect(listed.every((s) => !s.current)).toBe(true);

    // Globex's administrator, with acme's ids on globex's host: nothing found, nothing changed.
    const globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    expect((await globexAdmin.get(`/api/users/${user.id}/sessions`)).status).toBe(404);
    expect((await globexAdmin.post(`/api/users/${user.id}/sessions/${listed[0]!.id}/end`)).status).toBe(404);
    expect((await globexAdmin.post(`/api/users/${user.id}/signouteverywhere`)).status).toBe(404);
    expect((await laptop.get('/api/account')).status).toBe(200);
    expect((await phone.get('/api/account')).status).toBe(200);

    // An end user reaches no one's sessions through the admin paths.
    expect((await laptop.get(`/api/users/${user.id}/sessions`)).status).toBe(403);

    const phoneSession = (await sessionsOf(phone)).find((s) => s.current)!;
    const ended = await admin.post(`/api/users/${user.id}/sessions/${phoneSession.id}/end`);
    expect(ended.status, ended.text).toBe(200);
    expect((await phone.get('/api/account')).status).toBe(401);
    expect((await laptop.get('/api/account')).status).toBe(200);

    expect((await admin.post(`/api/users/${user.id}/signouteverywhere`)).status).toBe(204);
    expect((await laptop.get('/api/account')).status).toBe(401);
    expect(await sessionsOf(admin, `/api/users/${user.id}/sessions`)).toEqual([]);
    const events = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'actor_id'])
      .where('subject_id', '=', user.id)
      .where('type', 'in', ['user.sessions_ended', 'user.signed_out_everywhere'])
      .orderBy('id')
      .execute();
    const adminId = (await admin.get('/api/account')).json<{ id: string }>().id;
    expect(events).toEqual([
      { type: 'user.sessions_ended', actor_id: adminId },
      { type: 'user.signed_out_everywhere', actor_id: adminId },
    ]);
  });

  it('lists and ends sessions through the management API with its scopes', async () => {
    const { user, phone } = await person();
    const robot = await createApplication(admin, { name: `Robot ${people}`, clientType: 'machine' });
    const reader = await managementToken(server, admin, robot, ['users:read']);
    const sessions = (await admin.get(`/api/users/${user.id}/sessions`, reader)).json<SessionList>().sessions;
    expect(sessions).toHaveLength(2);
    expect((await admin.post(`/api/users/${user.id}/signouteverywhere`, reader)).status).toBe(403);
    const writer = await managementToken(server, admin, robot, ['users:read', 'users:write']);
    expect((await admin.post(`/api/users/${user.id}/sessions/${sessions[0]!.id}/end`, writer)).status).toBe(200);
    expect((await admin.post(`/api/users/${user.id}/signouteverywhere`, writer)).status).toBe(204);
    expect((await phone.get('/api/account')).status).toBe(401);
  });

  it('sends webhook events for sessions ended by the person and by an administrator', async () => {
    const received: { type: string; data: Record<string, unknown> }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(JSON.parse(body) as (typeof received)[number]);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const hook = await admin.post('/api/webhooks', { form: { url, eventTypes: ['user.sessions_ended', 'user.signed_out_everywhere'] } });
      expect(hook.status, hook.text).toBe(201);
      const { user, laptop } = await person();
      expect((await laptop.post('/api/account/sessions/end-others')).json()).toEqual({ ended: 1 });
      expect((await admin.post(`/api/users/${user.id}/signouteverywhere`)).status).toBe(204);
      await runJobOnce(
        server.ctx,
        JOBS.find((j) => j.name === 'deliver-webhooks')!,
        { force: true },
      );
      await webhookDelivery(server.ctx).idle();
      const about = received.filter((e) => JSON.stringify(e.data).includes(user.id));
      expect(about.map((e) => e.type).sort()).toEqual(['user.sessions_ended', 'user.signed_out_everywhere']);
      expect(about.find((e) => e.type === 'user.sessions_ended')!.data).toMatchObject({ details: { which: 'others', sessions: 1 } });
    } finally {
      receiver.close();
    }
  });
});
