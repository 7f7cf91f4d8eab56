/**
 * A person's sessions through real HTTP on both databases: two browsers signed in as the same person,
 * one ends the other's session and the other's next request is signed out; another person's session id
 * is not found; administrators of the person's organisation list and end them (and sign the person out
 * everywhere), another organisation's cannot; the management API does the same with its scopes. Ending
 * one session ends that browser's provider session too (two real browsers signed in to an application
 * through openid-client): only its applications get a logout token, and its next prompt=none needs a
 * sign-in. Every list is capped by its schema's page size.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { AUDIT_LIMITS } from '@gatehouse/common/audit';
import { type ConnectedApplicationList, SESSION_LIST_LIMITS, type SessionList } from '@gatehouse/common/schemas/sessions';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { createApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { managementToken } from '../testing/machine-clients.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { webhookDelivery } from '../webhooks/delivery.ts';

/** Waits until the condition holds, checking after each turn of the event loop (no fixed sleeps). */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

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
  describe('page sizes', () => {
    const capped = SESSION_LIST_LIMITS.pageSizeMax;

    it('answers at most `limit` sessions and applications, saying when more were left off', async () => {
      const { user, laptop } = await person();
      const first = await laptop.get('/api/account/sessions?limit=1');
      expect(first.json<SessionList>()).toMatchObject({ more: true });
      expect(first.json<SessionList>().sessions).toHaveLength(1);
      expect((await laptop.get('/api/account/sessions?limit=2')).json<SessionList>()).toMatchObject({ more: false });
      expect((await laptop.get('/api/account/sessions')).json<SessionList>().sessions).toHaveLength(2);
      expect((await admin.get(`/api/users/${user.id}/sessions?limit=1`)).json<SessionList>()).toMatchObject({ more: true });
      expect((await laptop.get('/api/account/applications?limit=1')).json<ConnectedApplicationList>()).toEqual({
        applications: [],
        more: false,
      });
    });

    it('refuses a page size above the cap with a validation error naming it, on every list', async () => {
      const { user, laptop } = await person();
      const refused = async (client: TestClient, path: string, max: number) => {
        const res = await client.get(`${path}${path.includes('?') ? '&' : '?'}limit=${max + 1}`);
        expect(res.status, path).toBe(400);
        expect(res.json(), path).toMatchObject({
          code: 'VALIDATION_FAILED',
          validation: { errors: { limit: { message: `The page size must be at most ${max}` } } },
        });
        expect((await client.get(`${path}${path.includes('?') ? '&' : '?'}limit=${max}`)).status, path).toBe(200);
        expect((await client.get(`${path}${path.includes('?') ? '&' : '?'}limit=0`)).status, path).toBe(400);
      };
      await refused(laptop, '/api/account/sessions', capped);
      await refused(laptop, '/api/account/applications', capped);
      await refused(admin, `/api/users/${user.id}/sessions`, capped);
      await refused(admin, `/api/users/${user.id}/applications/connected`, capped);
      // The activity timeline on the person's page is the audit log filtered by the person.
      await refused(admin, `/api/audit?who=${user.id}`, AUDIT_LIMITS.pageSizeMax);
    });
  });

  describe("one session's provider session", () => {
    const CALLBACK = 'https://notes.example.com/callback';
    const logoutTokens: string[] = [];
    let receiver: http.Server;
    let notes: { id: string; secret: string };
    let rp: oidc.Configuration;

    beforeAll(async () => {
      receiver = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const port = (receiver.address() as AddressInfo).port;
      notes = await createApplication(admin, {
        name: 'Notes',
        redirectURIs: [CALLBACK],
        backchannelLogoutURI: `http://127.0.0.1:${port}/logout`,
      });
      rp = await relyingParty(server, 'acme', notes.id, notes.secret);
    });
    afterAll(() => {
      receiver?.close();
    });

    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}') as { sub?: string; sid?: string };
    /** The sids of the logout tokens Notes has received for this person. */
    const receivedSids = (userId: string) =>
      logoutTokens
        .map(claimsOf)
        .filter((claims) => claims.sub === userId)
        .map((claims) => claims.sid)
        .sort();
    /** How many logout tokens were ever queued (each end queues its own in its transaction). */
    const queuedLogouts = async () =>
      (await server.ctx.db.kysely.selectFrom('mail_outbox').select('id').where('channel', '=', 'logout').execute()).length;

    const authorizationUrl = async (verifier: string, prompt?: 'none') =>
      oidc.buildAuthorizationUrl(rp, {
        redirect_uri: CALLBACK,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(prompt ? { prompt } : {}),
      });

    /** Signs `email` in to Notes in this browser through the SPA; answers the ID token's sid. */
    async function signInToNotes(browser: TestBrowser, email: string): Promise<string> {
      const verifier = oidc.randomPKCECodeVerifier();
      const callback = await signInThroughSpa(browser, await authorizationUrl(verifier), { email, password: DEFAULT_PASSWORD });
      const tokens = await oidc.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, idTokenExpected: true });
      return String(tokens.claims()!.sid);
    }

    /** Where Notes' prompt=none request in this browser ends: its callback with a code or an error. */
    const silently = async (browser: TestBrowser) =>
      (await browser.navigate(await authorizationUrl(oidc.randomPKCECodeVerifier(), 'none'))).url.searchParams;

    const api = (browser: TestBrowser, method: 'GET' | 'POST', path: string) =>
      browser.request(method, `${issuerOf(server, 'acme')}${path}`, { headers: { accept: 'application/json' } });

    it('ends the provider session of the browser whose session is ended, by the person or an administrator, and tells only its applications', async () => {
      const user = await createUser(server, acmeId, { email: `person${++people}@acme.test` });
      await grantAccess(server, acmeId, user.id, [notes.id]);
      const laptop = new TestBrowser(server.port);
      const phone = new TestBrowser(server.port);
      const laptopSid = await signInToNotes(laptop, user.email);
      const phoneSid = await signInToNotes(phone, user.email);
      expect(laptopSid).not.toBe(phoneSid);

      const listed = JSON.parse((await api(laptop, 'GET', '/api/account/sessions')).body) as SessionList;
      const phoneSession = listed.sessions.find((s) => !s.current)!;
      const before = await queuedLogouts();
      expect((await api(laptop, 'POST', `/api/account/sessions/${phoneSession.id}/end`)).status).toBe(200);

      // The phone's application is told, the laptop's is not: its provider session stays.
      expect(await queuedLogouts()).toBe(before + 1);
      await until(() => receivedSids(user.id).length === 1, "the phone's logout token");
      expect(receivedSids(user.id)).toEqual([phoneSid]);
      const left = await server.ctx.db.kysely
        .selectFrom('oidc_artefacts')
        .select('model')
        .where('account_id', '=', user.id)
        .where('model', '=', 'Session')
        .execute();
      expect(left).toHaveLength(1);
      // The application asking silently gets no sign-in in the phone; the laptop is still signed in.
      expect((await silently(phone)).get('error')).toBe('login_required');
      expect((await silently(laptop)).get('code')).toBeTruthy();

      // An administrator ending the laptop's session does the same.
      const theirs = (await admin.get(`/api/users/${user.id}/sessions`)).json<SessionList>().sessions;
      expect((await admin.post(`/api/users/${user.id}/sessions/${theirs[0]!.id}/end`)).status).toBe(200);
      await until(() => receivedSids(user.id).length === 2, "the laptop's logout token");
      expect(receivedSids(user.id)).toEqual([laptopSid, phoneSid].sort());
      expect((await silently(laptop)).get('error')).toBe('login_required');
    });

    it("signing out of every other session keeps this browser's provider session and ends the others'", async () => {
      const user = await createUser(server, acmeId, { email: `person${++people}@acme.test` });
      await grantAccess(server, acmeId, user.id, [notes.id]);
      const laptop = new TestBrowser(server.port);
      const phone = new TestBrowser(server.port);
      await signInToNotes(laptop, user.email);
      const phoneSid = await signInToNotes(phone, user.email);
      const before = await queuedLogouts();
      expect(JSON.parse((await api(laptop, 'POST', '/api/account/sessions/end-others')).body)).toEqual({ ended: 1 });
      expect(await queuedLogouts()).toBe(before + 1);
      await until(() => receivedSids(user.id).length === 1, "the phone's logout token");
      expect(receivedSids(user.id)).toEqual([phoneSid]);
      expect((await silently(phone)).get('error')).toBe('login_required');
      expect((await silently(laptop)).get('code')).toBeTruthy();
    });
  });
});
