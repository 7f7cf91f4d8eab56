/**
 * OpenID Connect conformance points found when the provider was tried against relying parties
 * (issue 13): each over real HTTP against the test server.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { localhostFetch, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { rotateOrganisationKeys } from './keys.ts';

const CALLBACK = 'https://wiki.example.com/callback';
const AFTER_LOGOUT = 'https://wiki.example.com/';
const RP_ORIGIN = 'https://wiki.example.com';
/** Debian's Python with Authlib (python3-authlib, which .ci/run installs), or null: its example is then not run. */
const AUTHLIB = (() => {
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import authlib, requests'], { stdio: 'ignore' });
    return '/usr/bin/python3';
  } catch {
    return null;
  }
})();

describe.each(testDialects())('OpenID Connect conformance on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let wiki: CreatedApplication;
  let rp: client.Configuration;
  let acmeId: string;
  let aliceId: string;
  const alice = { email: 'alice@acme.test', password: DEFAULT_PASSWORD };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK], postLogoutRedirectURIs: [AFTER_LOGOUT] });
    const user = await createUser(server, acmeId, { email: alice.email, firstName: 'Alice', surname: 'Liddell' });
    aliceId = user.id;
    await grantAccess(server, acmeId, user.id, [wiki.id]);
    rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
  });
  afterAll(() => server?.close());

  async function authorizationParams(extra: Record<string, string> = {}) {
    const verifier = client.randomPKCECodeVerifier();
    return {
      verifier,
      params: {
        client_id: wiki.id,
        response_type: 'code',
        redirect_uri: CALLBACK,
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: client.randomState(),
        nonce: client.randomNonce(),
        ...extra,
      },
    };
  }

  /**
   * What the browser does with the page a cross-site form POST is answered with: its script posts the
   * same form again from the organisation's own origin (checked here: the page's form, its CSP).
   */
  async function postRelayed(browser: TestBrowser, endpoint: URL, form: Record<string, string>) {
    const relay = await browser.request('POST', endpoint, { form, headers: { origin: RP_ORIGIN, 'sec-fetch-site': 'cross-site' } });
    // Served where it arrived: no redirect that would move the form into an address (issue 27).
    expect(relay.status).toBe(200);
    expect(relay.headers.location).toBeUndefined();
    expect(relay.headers['cache-control']).toBe('no-store');
    expect(relay.headers['referrer-policy']).toBe('same-origin');
    expect(String(relay.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const action = /<form id="relay" method="post" action="([^"]+)">/.exec(relay.body)?.[1];
    expect(action).toBe(endpoint.pathname);
    const relayed = Object.fromEntries(
      [...relay.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [
        name!,
        value!
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&'),
      ]),
    );
    expect(relayed).toEqual(form);
    const res = await browser.request('POST', new URL(action!, endpoint), { form: relayed });
    return res;
  }

  it("runs the README's openid-client example as written, resolving *.localhost itself as Node cannot", async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const example = /<!-- openid-client example[^\n]*-->\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const machine = await createApplication(admin, { name: 'Readme robot', clientType: 'machine' });
    // In the repository, so that openid-client and undici resolve from its node_modules.
    const dir = mkdtempSync(fileURLToPath(new URL('../../../test-output-readme-', import.meta.url)));
    try {
      writeFileSync(path.join(dir, 'example.mjs'), example!);
      const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [path.join(dir, 'example.mjs')],
          { env: { ...process.env, ISSUER: `http://acme.localhost:${server.port}`, CLIENT_ID: machine.id, CLIENT_SECRET: machine.secret } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        ),
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^bearer token for \d+ s$/im);
      expect(run.stdout).toContain(`sign in at http://acme.localhost:${server.port}/oidc/auth`);
      expect(run.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(AUTHLIB)("runs the README's Authlib (Python) example as written", async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const example = /<!-- Authlib example[^\n]*-->\n```python\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const machine = await createApplication(admin, { name: 'Readme python', clientType: 'machine' });
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        AUTHLIB!,
        ['-'],
        { env: { ...process.env, ISSUER: `http://acme.localhost:${server.port}`, CLIENT_ID: machine.id, CLIENT_SECRET: machine.secret } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin!.end(example);
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^bearer token for \d+ s$/im);
    expect(run.stdout).toContain(`sign in at http://acme.localhost:${server.port}/oidc/auth`);
    expect(run.code).toBe(0);
  });

  it('serves a cross-site form POST to the authorization endpoint where it arrives (OIDC Core 3.1.2.1)', async () => {
    const browser = new TestBrowser(server.port);
    // Signed in first, so the POST goes straight back to the application with a code.
    await signInThroughSpa(browser, client.buildAuthorizationUrl(rp, (await authorizationParams()).params), alice);
    const { params, verifier } = await authorizationParams();
    const endpoint = new URL(rp.serverMetadata().authorization_endpoint!);
    const posted = await postRelayed(browser, endpoint, params);
    expect(posted.status).toBe(303);
    let url = new URL(posted.headers.location!, endpoint);
    expect(url.origin + url.pathname).toBe(CALLBACK);
    const tokens = await client.authorizationCodeGrant(rp, url, {
      pkceCodeVerifier: verifier,
      expectedState: params.state,
      expectedNonce: params.nonce,
    });
    expect(tokens.claims()).toMatchObject({ email: alice.email });
    // claims_supported lists sid, and every ID token carries it.
    expect(rp.serverMetadata().claims_supported).toContain('sid');
    expect(tokens.claims()!.sid).toEqual(expect.any(String));

    // And a POST from a browser that is not signed in leads to the sign-in page.
    const stranger = new TestBrowser(server.port);
    const fresh = await authorizationParams();
    const asked = await postRelayed(stranger, endpoint, fresh.params);
    expect(asked.status).toBe(303);
    ({ url } = await stranger.navigate(new URL(asked.headers.location!, endpoint)));
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('returnurl')).toBeTruthy();
  });

  it('serves a cross-site form POST to end_session where it arrives, the id_token_hint never in an address (RP-Initiated Logout)', async () => {
    const browser = new TestBrowser(server.port);
    const { params, verifier } = await authorizationParams();
    const callback = await signInThroughSpa(browser, client.buildAuthorizationUrl(rp, params), alice);
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: params.state,
      expectedNonce: params.nonce,
    });
    const endpoint = new URL(rp.serverMetadata().end_session_endpoint!);
    const question = await postRelayed(browser, endpoint, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: AFTER_LOGOUT,
      state: 's2',
    });
    expect(question.status).toBe(200);
    // The id_token_hint names the signed-in user: the page confirms at once (its script posts the form).
    expect(question.body).toContain('Signing you out');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.body)![1]!;
    const confirm = await browser.request('POST', new URL('/oidc/logout/confirm', endpoint), { form: { xsrf, logout: 'yes' } });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toBe(`${AFTER_LOGOUT}?state=s2`);
  });

  /** The authorization code flow with PKCE as Alice in `browser`: the token response. */
  async function codeFlow(browser: TestBrowser) {
    const { params, verifier } = await authorizationParams();
    const callback = await signInThroughSpa(browser, client.buildAuthorizationUrl(rp, params), alice);
    return client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: params.state,
      expectedNonce: params.nonce,
    });
  }

  it('asks before signing out when the id_token_hint is of an earlier, ended session of the same user (issue 27)', async () => {
    const browser = new TestBrowser(server.port);
    const earlier = await codeFlow(browser);
    expect((await browser.request('POST', new URL('/api/signout', rp.serverMetadata().issuer))).status).toBeLessThan(300);
    const current = await codeFlow(browser);
    expect(current.claims()!.sub).toBe(earlier.claims()!.sub);
    expect(current.claims()!.sid).not.toBe(earlier.claims()!.sid);
    const endSession = (hint: string) =>
      browser.navigate(client.buildEndSessionUrl(rp, { id_token_hint: hint, post_logout_redirect_uri: AFTER_LOGOUT, state: 'bye' }));
    // The same user, but not this session (RP-Initiated Logout 1.0 section 2): the question is asked.
    const asked = (await endSession(earlier.id_token!)).response!;
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('Yes, sign me out');
    expect(asked.body).not.toContain('Signing you out');
    // This session's own ID token: signed out at once, as before.
    const own = (await endSession(current.id_token!)).response!;
    expect(own.body).toContain('Signing you out');
  });

  it('ends an access token at its expiry at userinfo, as introspection does (issue 27)', async () => {
    const tokens = await codeFlow(new TestBrowser(server.port));
    const issuedAt = Date.now();
    const introspect = () => client.tokenIntrospection(rp, tokens.access_token);
    const userinfo = () => client.fetchUserInfo(rp, tokens.access_token, client.skipSubjectCheck);
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: issuedAt + (tokens.expires_in! - 5) * 1000 });
      expect((await introspect()).active).toBe(true);
      expect((await userinfo()).email).toBe(alice.email);
      // Past its exp, within the provider's clock tolerance (15 s): inactive at both.
      vi.setSystemTime(issuedAt + (tokens.expires_in! + 5) * 1000);
      expect((await introspect()).active).toBe(false);
      await expect(userinfo()).rejects.toMatchObject({ status: 401 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers prompt=none with login_required after the user signed out in Gatehouse’s own screens', async () => {
    const browser = new TestBrowser(server.port);
    const first = await authorizationParams();
    const callback = await signInThroughSpa(browser, client.buildAuthorizationUrl(rp, first.params), alice);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const signOut = await browser.request('POST', new URL('/api/signout', rp.serverMetadata().issuer));
    expect(signOut.status).toBeLessThan(300);
    const { params } = await authorizationParams({ prompt: 'none' });
    const { url } = await browser.navigate(client.buildAuthorizationUrl(rp, params));
    expect(url.origin + url.pathname).toBe(CALLBACK);
    expect(url.searchParams.get('error')).toBe('login_required');
    expect(url.searchParams.get('state')).toBe(params.state);
  });

  /** A POST of a form to a protocol endpoint, as an application's server sends it. */
  function postForm(endpoint: string, form: Record<string, string>, credentials?: { id: string; secret: string }) {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (credentials) headers.authorization = `Basic ${Buffer.from(`${credentials.id}:${credentials.secret}`).toString('base64')}`;
    return localhostFetch(endpoint, { method: 'POST', headers, body: new URLSearchParams(form).toString(), redirect: 'manual' });
  }

  it('answers unauthorized_client to client_credentials from a client not allowed that grant', async () => {
    const res = await postForm(
      rp.serverMetadata().token_endpoint!,
      { grant_type: 'client_credentials' },
      { id: wiki.id, secret: wiki.secret },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('introspects only with client authentication (RFC 7662), and only the client’s own tokens', async () => {
    const browser = new TestBrowser(server.port);
    const { params, verifier } = await authorizationParams();
    const callback = await signInThroughSpa(browser, client.buildAuthorizationUrl(rp, params), alice);
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: params.state,
      expectedNonce: params.nonce,
    });
    const endpoint = rp.serverMetadata().introspection_endpoint!;

    const own = await postForm(endpoint, { token: tokens.access_token }, { id: wiki.id, secret: wiki.secret });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ active: true, client_id: wiki.id });

    const crm = await createApplication(admin, { name: 'CRM', redirectURIs: ['https://crm.example.com/callback'] });
    const other = await postForm(endpoint, { token: tokens.access_token }, { id: crm.id, secret: crm.secret });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ active: false });

    const spa = await createApplication(admin, { name: 'Spa', clientType: 'public', redirectURIs: ['https://spa.example.com/callback'] });
    const unauthenticated = await postForm(endpoint, { token: tokens.access_token, client_id: spa.id });
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toMatchObject({ error: 'invalid_client' });
    // Refused as unauthenticated before anything else the request lacks (here the token itself).
    expect((await postForm(endpoint, { client_id: spa.id })).status).toBe(401);
    const anonymous = await postForm(endpoint, { token: tokens.access_token });
    expect(anonymous.status).toBe(401);
  });

  it('passes login_hint on to the sign-in page, to prefill its email', async () => {
    const browser = new TestBrowser(server.port);
    const { params } = await authorizationParams({ login_hint: alice.email });
    const { url } = await browser.navigate(client.buildAuthorizationUrl(rp, params));
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('login_hint')).toBe(alice.email);
    expect(url.searchParams.get('returnurl')).toMatch(/^\/oidc\/interaction\//);
    // The sign-in itself works as before.
    const callback = await signInThroughSpa(
      browser,
      client.buildAuthorizationUrl(rp, (await authorizationParams({ login_hint: alice.email })).params),
      alice,
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  describe('native applications (RFC 8252)', () => {
    const SCHEME_CALLBACK = 'com.example.app:/callback';
    let native: CreatedApplication;

    beforeAll(async () => {
      native = await createApplication(admin, {
        name: 'Native',
        clientType: 'public',
        redirectURIs: [SCHEME_CALLBACK, 'http://127.0.0.1/callback', 'http://[::1]:8080/callback'],
        postLogoutRedirectURIs: ['com.example.app:/signed-out'],
      });
      await grantAccess(server, acmeId, aliceId, [wiki.id, native.id]);
    });

    async function signInNative(redirectUri: string) {
      const verifier = client.randomPKCECodeVerifier();
      const url = new URL(rp.serverMetadata().authorization_endpoint!);
      const state = client.randomState();
      for (const [name, value] of Object.entries({
        client_id: native.id,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      }))
        url.searchParams.set(name, value);
      const callback = await signInThroughSpa(new TestBrowser(server.port), url, alice);
      expect(callback.searchParams.get('state')).toBe(state);
      const code = callback.searchParams.get('code');
      expect(code).toBeTruthy();
      const token = await postForm(rp.serverMetadata().token_endpoint!, {
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: redirectUri,
        client_id: native.id,
        code_verifier: verifier,
      });
      expect(token.status).toBe(200);
      return callback;
    }

    it('accepts a private-use URI scheme redirect', async () => {
      const callback = await signInNative(SCHEME_CALLBACK);
      expect(callback.protocol + callback.pathname).toBe(SCHEME_CALLBACK);
    });

    it('lets loopback IP-literal redirects use any port (RFC 8252 7.3)', async () => {
      expect((await signInNative('http://127.0.0.1:51234/callback')).host).toBe('127.0.0.1:51234');
      expect((await signInNative('http://[::1]:40000/callback')).host).toBe('[::1]:40000');
    });

    it('refuses other paths, and private-use schemes for web applications or unsafe ones', async () => {
      const url = new URL(rp.serverMetadata().authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: native.id,
        response_type: 'code',
        redirect_uri: 'http://127.0.0.1:51234/other',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString();
      const { response } = await new TestBrowser(server.port).navigate(url);
      expect(response?.status).toBe(400);

      const base = { name: 'Try', idTokenSignedResponseAlg: 'RS256', postLogoutRedirectURIs: [] as string[] };
      const put = (clientType: string, redirectURIs: string[]) =>
        admin.put(`/api/clients/${native.id}`, { form: { ...base, clientType, redirectURIs } });
      expect((await put('confidential', [SCHEME_CALLBACK])).status).toBe(400);
      expect((await put('public', ['javascript:alert(1)'])).status).toBe(400);
      expect((await put('public', ['myapp:/callback'])).status).toBe(400);
      expect((await put('public', ['com.example.app:/cb#x'])).status).toBe(400);
      expect((await put('public', [SCHEME_CALLBACK, 'http://localhost:3000/cb'])).status).toBe(400);
      expect((await put('confidential', ['http://app.example.com/cb'])).status).toBe(400);
    });
  });

  it('publishes the next signing key before it signs, with cacheable discovery and JWKS', async () => {
    const issuer = rp.serverMetadata().issuer;
    const discovery = await localhostFetch(`${issuer}/.well-known/openid-configuration`, {
      redirect: 'manual',
    } as client.CustomFetchOptions);
    expect(discovery.headers.get('cache-control')).toBe('public, max-age=300');
    const before = await localhostFetch(rp.serverMetadata().jwks_uri!, { redirect: 'manual' } as client.CustomFetchOptions);
    expect(before.headers.get('cache-control')).toBe('public, max-age=300');
    const cachedKids = ((await before.json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

    const rotated = await rotateOrganisationKeys(server.ctx, 'acme');
    // The running server sees the change when it next reads the organisation.
    server.gatehouse.resolver.invalidate();
    expect(rotated?.keys.map((k) => k.kid).every((kid) => cachedKids.includes(kid))).toBe(true);

    const browser = new TestBrowser(server.port);
    const { params, verifier } = await authorizationParams();
    const callback = await signInThroughSpa(browser, client.buildAuthorizationUrl(rp, params), alice);
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: params.state,
      expectedNonce: params.nonce,
    });
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { kid: string };
    expect(rotated?.keys.map((k) => k.kid)).toContain(header.kid);
    // The key that signs now was in the JWKS a relying party fetched before the rotation.
    expect(cachedKids).toContain(header.kid);
  });
});
