/**
 * Issue 13, logout that reaches every application: OpenID Connect Back-Channel Logout 1.0. A receiver
 * on loopback plays the application's back-channel logout endpoint and verifies each logout token with
 * jose against the organisation's JWKS. Sign-outs in Gatehouse, RP-initiated logout, an administrator
 * disabling or deleting the user and a password reset each deliver one; the sign-out never waits.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MINUTE } from '../clock.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { createApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { BACKCHANNEL_LOGOUT_EVENT } from './backchannel-logout.ts';

const CALLBACK = 'https://notes.example.com/callback';
const AFTER_LOGOUT = 'https://notes.example.com/';

/** The application's back-channel logout endpoint: answers `status` (changeable) and keeps the tokens. */
async function startReceiver() {
  const receiver = { status: 200, tokens: [] as string[], port: 0, close: () => {} };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      receiver.tokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.close = () => server.close();
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

describe.each(testDialects())('back-channel logout on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let orgId: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let notes: { id: string; secret: string };
  let wiki: { id: string; secret: string };
  let rp: client.Configuration;
  const clock = new ManualClock();
  const deliverJob = JOBS.find((j) => j.name === 'deliver-mail')!;
  let users = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, config: { webhooksAllowPrivate: true } });
    orgId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    receiver = await startReceiver();
    notes = await createApplication(admin, {
      name: 'Notes',
      redirectURIs: [CALLBACK],
      postLogoutRedirectURIs: [AFTER_LOGOUT],
      backchannelLogoutURI: `http://127.0.0.1:${receiver.port}/logout`,
    });
    // An application without a back-channel logout URI is told nothing.
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK] });
    rp = await relyingParty(server, 'acme', notes.id, notes.secret);
  });
  afterAll(async () => {
    receiver?.close();
    await server?.close();
  });

  /** A new user signed in to Notes (and Wiki) in a fresh browser; answers the ID token's claims. */
  async function signedInUser() {
    const user = await createUser(server, orgId, { email: `user${++users}@acme.test` });
    await grantAccess(server, orgId, user.id, [notes.id, wiki.id]);
    const browser = new TestBrowser(server.port);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await signInThroughSpa(browser, url, { email: user.email, password: DEFAULT_PASSWORD });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, idTokenExpected: true });
    const wikiRp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
    const wikiUrl = client.buildAuthorizationUrl(wikiRp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    expect((await browser.navigate(wikiUrl)).url.searchParams.get('code')).toBeTruthy();
    return { user, browser, idToken: tokens.id_token!, claims: tokens.claims()! };
  }

  const fetchJwks = () =>
    new TestBrowser(server.port)
      .request('GET', `${issuerOf(server, 'acme')}/oidc/jwks`)
      .then((r) => ({ json: () => JSON.parse(r.body) as unknown }));

  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}') as Record<string, unknown>;

  /** The logout token received for this sign-in, verified as the application would: signature, issuer, audience, typ, events. */
  async function nextLogoutToken(expected: { sub: string; sid: unknown }) {
    const find = () => receiver.tokens.find((t) => claimsOf(t).sub === expected.sub && claimsOf(t).sid === expected.sid);
    await until(() => find() !== undefined, 'a logout token');
    const jwks = (await (await fetchJwks()).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(find()!, createLocalJWKSet(jwks), {
      issuer: issuerOf(server, 'acme'),
      audience: notes.id,
      typ: 'logout+jwt',
      currentDate: new Date(clock.now()),
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: expected.sub, sid: expected.sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } });
    expect(payload.jti).toBeTruthy();
    expect(payload.exp! - payload.iat!).toBe(120);
    expect(payload).not.toHaveProperty('nonce');
    return payload;
  }

  it('tells the application when the user signs out in Gatehouse, and only applications that asked', async () => {
    const { browser, claims } = await signedInUser();
    expect(claims.sid).toBeTruthy();
    const signOut = await browser.request('POST', `${issuerOf(server, 'acme')}/api/signout`, { headers: { accept: 'application/json' } });
    expect(signOut.status).toBe(200);
    await nextLogoutToken({ sub: claims.sub, sid: claims.sid });
    await server.settled();
    // One token: Wiki, signed in to in the same session, registered no URI.
    const logouts = await server.ctx.db.kysely.selectFrom('mail_outbox').select(['recipient']).where('channel', '=', 'logout').execute();
    expect(logouts.map((l) => l.recipient)).toEqual([notes.id]);
    // The provider session is gone: the next authorization request asks for a sign-in again.
    const again = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      prompt: 'none',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    expect((await browser.navigate(again)).url.searchParams.get('error')).toBe('login_required');
  });

  it('skips the sign-out question for a valid id_token_hint of the signed-in user, and tells the application', async () => {
    const { browser, idToken, claims } = await signedInUser();
    const other = await signedInUser();
    const endSession = (hint: string) =>
      client.buildEndSessionUrl(rp, { id_token_hint: hint, post_logout_redirect_uri: AFTER_LOGOUT, state: 'bye' });
    // Another user's ID token names someone else: the question is asked.
    const asked = await browser.navigate(endSession(other.idToken));
    expect(asked.response?.body).toContain('Yes, sign me out');
    const page = await browser.navigate(endSession(idToken));
    expect(page.response?.status).toBe(200);
    expect(page.response?.body).toContain('Signing you out');
    expect(page.response?.body).not.toContain('Do you want to sign out');
    // The page's one script (it confirms at once) is allowed by its hash, and nothing else is.
    const csp = String(page.response?.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // What that script does: post the form with logout=yes.
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.response!.body)![1]!;
    const confirm = await browser.request('POST', `${issuerOf(server, 'acme')}/oidc/logout/confirm`, { form: { xsrf, logout: 'yes' } });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toBe(`${AFTER_LOGOUT}?state=bye`);
    await nextLogoutToken({ sub: claims.sub, sid: claims.sid });
  });

  it('tells the application when an administrator disables or deletes the user, or a new password ends the sessions', async () => {
    const disabled = await signedInUser();
    expect((await admin.post(`/api/users/${disabled.user.id}/disable`)).status).toBe(200);
    await nextLogoutToken({ sub: disabled.claims.sub, sid: disabled.claims.sid });

    const deleted = await signedInUser();
    expect((await admin.delete(`/api/users/${deleted.user.id}`)).status).toBeLessThan(300);
    await nextLogoutToken({ sub: deleted.claims.sub, sid: deleted.claims.sid });

    const reset = await signedInUser();
    const changed = await signedIn(server, 'acme', reset.user.email);
    const res = await changed.post('/api/changepassword', {
      form: { currentPassword: DEFAULT_PASSWORD, password: 'a brand new passphrase 42', confirmPassword: 'a brand new passphrase 42' },
    });
    expect(res.status).toBe(200);
    await nextLogoutToken({ sub: reset.claims.sub, sid: reset.claims.sid });
  });

  it('tells the application when an administrator signs the person out everywhere', async () => {
    const { user, browser, claims } = await signedInUser();
    expect((await admin.post(`/api/users/${user.id}/signouteverywhere`)).status).toBe(204);
    await nextLogoutToken({ sub: claims.sub, sid: claims.sid });
    const left = await server.ctx.db.kysely.selectFrom('oidc_artefacts').select('model').where('account_id', '=', user.id).execute();
    expect(left).toEqual([]);
    expect(
      (await browser.request('GET', `${issuerOf(server, 'acme')}/api/account`, { headers: { accept: 'application/json' } })).status,
    ).toBe(401);
  });

  it('signs the other browsers out of the applications when the person signs out of every other session', async () => {
    const { user, claims } = await signedInUser();
    // Another browser of the person, signed in to Gatehouse alone, signs out of every other session.
    const kept = await signedIn(server, 'acme', user.email);
    expect((await kept.post('/api/account/sessions/end-others')).status).toBe(200);
    await nextLogoutToken({ sub: claims.sub, sid: claims.sid });
    const providerSessions = await server.ctx.db.kysely
      .selectFrom('oidc_artefacts')
      .select('id')
      .where('account_id', '=', user.id)
      .where('model', '=', 'Session')
      .execute();
    expect(providerSessions).toEqual([]);
  });

  it("lists the person's connected applications, and removing one's access tells it and leaves the other", async () => {
    const { user, browser, claims } = await signedInUser();
    const account = (path: string, method = 'GET') =>
      browser.request(method, `${issuerOf(server, 'acme')}${path}`, {
        headers: { accept: 'application/json', origin: issuerOf(server, 'acme') },
      });
    const listed = JSON.parse((await account('/api/account/applications')).body) as {
      applications: { id: string; name: string; scopes: string[] }[];
    };
    expect(listed.applications.map((a) => a.name).sort()).toEqual(['Notes', 'Wiki']);
    expect(listed.applications.find((a) => a.id === notes.id)!.scopes).toContain('openid');
    // The administrator sees the same on the person's page.
    const theirs = (await admin.get(`/api/users/${user.id}/applications/connected`)).json<{ applications: unknown[] }>();
    expect(theirs.applications).toHaveLength(2);

    const removed = await account(`/api/account/applications/${notes.id}/remove`, 'POST');
    expect(removed.status, removed.body).toBe(200);
    expect((JSON.parse(removed.body) as typeof listed).applications.map((a) => a.name)).toEqual(['Wiki']);
    await nextLogoutToken({ sub: claims.sub, sid: claims.sid });
    // Removing it again finds nothing; the person stays signed in to Gatehouse.
    expect((await account(`/api/account/applications/${notes.id}/remove`, 'POST')).status).toBe(404);
    expect((await account('/api/account')).status).toBe(200);
  });

  it('retries while the application is down, with the same jti and a fresh token, and never delays the sign-out', async () => {
    const { browser, claims } = await signedInUser();
    receiver.status = 503;
    const before = receiver.tokens.length;
    const signOut = await browser.request('POST', `${issuerOf(server, 'acme')}/api/signout`, { headers: { accept: 'application/json' } });
    expect(signOut.status).toBe(200);
    const lastLogout = () =>
      server.ctx.db.kysely
        .selectFrom('mail_outbox')
        .select(['status', 'attempts', 'last_error'])
        .where('channel', '=', 'logout')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    await until(async () => receiver.tokens.length === before + 1 && (await lastLogout()).last_error !== null, 'the first attempt');
    expect(await lastLogout()).toMatchObject({ status: 'queued', attempts: 1, last_error: 'the endpoint answered 503' });
    receiver.status = 200;
    clock.advance(MINUTE);
    // The job kicks the logouts' own delivery loop and does not wait for it.
    await runJobOnce(server.ctx, deliverJob, { force: true });
    await server.ctx.delivery.idle();
    expect(receiver.tokens).toHaveLength(before + 2);
    const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; iat: number };
    const [first, second] = receiver.tokens.slice(before).map(decode);
    expect(second!.jti).toBe(first!.jti);
    expect(second!.iat - first!.iat).toBe(60);
    expect(decode(receiver.tokens.at(-1)!)).toMatchObject({ sub: claims.sub });
  });

  it('registers the URI on the application and advertises back-channel logout in discovery', async () => {
    const app = (await admin.get(`/api/clients/${notes.id}`)).json<{ backchannelLogoutURI: string | null }>();
    expect(app.backchannelLogoutURI).toBe(`http://127.0.0.1:${receiver.port}/logout`);
    const metadata = rp.serverMetadata() as Record<string, unknown>;
    expect(metadata).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
    const refused = await admin.put(`/api/clients/${wiki.id}`, {
      form: {
        name: 'Wiki',
        clientType: 'confidential',
        idTokenSignedResponseAlg: 'RS256',
        backchannelLogoutURI: 'http://wiki.example.com/logout',
      },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json<{ validation: { errors: object } }>().validation.errors)).toEqual(['backchannelLogoutURI']);
  });
});
