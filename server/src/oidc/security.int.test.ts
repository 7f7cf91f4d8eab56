/**
 * The protocol's refusals (security checklist, Protocol and Tenancy): exact redirect URIs, PKCE,
 * single-use codes and refresh tokens under concurrency, organisations kept apart, access to
 * applications, users who can no longer sign in, forged ID token hints, framing and CORS.
 */
import { createHmac, createPublicKey } from 'node:crypto';

import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoped } from '../db/scoped.ts';
import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn, type TestUser } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { revokeUserGrants } from './grants.ts';

const CALLBACK = 'https://wiki.example.com/callback';

describe.each(testDialects())('OpenID Connect refusals on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  let wiki: CreatedApplication;
  let spa: CreatedApplication;
  let otherOrgApp: CreatedApplication;
  let rp: client.Configuration;
  let alice: TestUser;
  const credentials = (email: string) => ({ email, password: DEFAULT_PASSWORD });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK] });
    spa = await createApplication(admin, { name: 'SPA', clientType: 'public', redirectURIs: [CALLBACK] });
    otherOrgApp = await createApplication(await signedIn(server, 'globex', 'admin@globex.test'), {
      name: 'Globex wiki',
      redirectURIs: [CALLBACK],
    });
    alice = await createUser(server, acmeId, { email: 'alice@acme.test' });
    await grantAccess(server, acmeId, alice.id, [wiki.id, spa.id]);
    rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
  });
  afterAll(() => server?.close());

  const authorizeUrl = (org: string, params: Record<string, string>) => {
    const url = new URL(`${issuerOf(server, org)}/oidc/auth`);
    url.search = new URLSearchParams({ response_type: 'code', scope: 'openid', redirect_uri: CALLBACK, ...params }).toString();
    return url;
  };

  async function codeFor(config: client.Configuration, who = alice.email, extra: Record<string, string> = {}) {
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, credentials(who));
    return { callback, verifier };
  }

  it.each([
    ['an unregistered address', 'https://evil.example.com/callback'],
    ['a longer path', `${CALLBACK}/more`],
    ['a prefix', 'https://wiki.example.com/call'],
    ['another case', 'https://WIKI.example.com/Callback'],
    ['a path trick', 'https://wiki.example.com/x/../callback'],
    ['user info', 'https://evil.example.com@wiki.example.com/callback'],
  ])('answers a redirect_uri that is %s with an error page, never a redirect', async (_name, redirectUri) => {
    const res = await new TestBrowser(server.port).request('GET', authorizeUrl('acme', { client_id: wiki.id, redirect_uri: redirectUri }));
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('invalid_redirect_uri');
    expect(res.body).not.toMatch(/at .+\.js:\d+/);
  });

  it('requires PKCE with S256 from a public client, and refuses plain', async () => {
    const missing = await new TestBrowser(server.port).navigate(authorizeUrl('acme', { client_id: spa.id }));
    expect(missing.url.searchParams.get('error')).toBe('invalid_request');
    expect(missing.url.searchParams.get('error_description')).toMatch(/PKCE/);
    const plain = await new TestBrowser(server.port).navigate(
      authorizeUrl('acme', { client_id: spa.id, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }),
    );
    expect(plain.url.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a wrong code_verifier, and a verifier sent without a challenge', async () => {
    const { callback } = await codeFor(rp);
    await expect(client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: client.randomPKCECodeVerifier() })).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const noChallenge = await signInThroughSpa(
      new TestBrowser(server.port),
      client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' }),
      credentials(alice.email),
    );
    await expect(
      client.authorizationCodeGrant(rp, noChallenge, { pkceCodeVerifier: client.randomPKCECodeVerifier() }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('accepts a code once: a second use is refused and revokes the tokens of the first', async () => {
    const { callback, verifier } = await codeFor(rp);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    await expect(client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier })).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await client.tokenIntrospection(rp, tokens.access_token)).toEqual({ active: false });
  });

  it('gives exactly one of several concurrent redemptions of a code the tokens', async () => {
    const { callback, verifier } = await codeFor(rp);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('gives exactly one of several concurrent uses of a refresh token a new one, and ends the family', async () => {
    const { callback, verifier } = await codeFor(rp, alice.email, { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => client.refreshTokenGrant(rp, tokens.refresh_token!)));
    const winners = outcomes.filter(
      (o): o is PromiseFulfilledResult<Awaited<ReturnType<typeof client.refreshTokenGrant>>> => o.status === 'fulfilled',
    );
    expect(winners).toHaveLength(1);
    await expect(client.refreshTokenGrant(rp, winners[0]!.value.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it("does not know organisation A's application at organisation B's issuer", async () => {
    const page = await new TestBrowser(server.port).request('GET', authorizeUrl('globex', { client_id: wiki.id }));
    expect(page.status).toBe(400);
    expect(page.headers.location).toBeUndefined();
    const atGlobex = await relyingParty(server, 'globex', wiki.id, wiki.secret);
    await expect(client.clientCredentialsGrant(atGlobex)).rejects.toMatchObject({ status: 401 });
    // Nor B's application at A's issuer.
    const otherAtAcme = await new TestBrowser(server.port).request('GET', authorizeUrl('acme', { client_id: otherOrgApp.id }));
    expect(otherAtAcme.status).toBe(400);
  });

  it("refuses organisation A's access token at organisation B's userinfo and introspection", async () => {
    const { callback, verifier } = await codeFor(rp);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    const globexRp = await relyingParty(server, 'globex', otherOrgApp.id, otherOrgApp.secret);
    await expect(client.fetchUserInfo(globexRp, tokens.access_token, client.skipSubjectCheck)).rejects.toMatchObject({ status: 401 });
    expect(await client.tokenIntrospection(globexRp, tokens.access_token)).toEqual({ active: false });
    // ...and A's ID token does not verify with B's keys: B's JWKS has none of A's key ids.
    const kid = (JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
    const globexJwks = await new TestBrowser(server.port).request('GET', `${issuerOf(server, 'globex')}/oidc/jwks`);
    expect((JSON.parse(globexJwks.body) as { keys: { kid: string }[] }).keys.map((k) => k.kid)).not.toContain(kid);
  });

  it('shows an end user without access a refusal and sends the application access_denied', async () => {
    const bob = await createUser(server, acmeId, { email: 'bob@acme.test' });
    const browser = new TestBrowser(server.port);
    const callback = await signInThroughSpa(
      browser,
      client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid', state: 'st' }),
      credentials('bob@acme.test'),
    );
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st');
    const steps = await browser.request('GET', `${issuerOf(server, 'acme')}/api/clientauthsteps?client_id=${wiki.id}`);
    expect(JSON.parse(steps.body)).toMatchObject({ hasAccess: false, clientName: 'Wiki' });
    // Given access, the same user goes through.
    await grantAccess(server, acmeId, bob.id, [wiki.id]);
    const granted = await signInThroughSpa(
      browser,
      client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' }),
      credentials('bob@acme.test'),
    );
    expect(granted.searchParams.get('code')).toBeTruthy();
    // Losing access ends the refresh and userinfo of what was issued before.
    const { callback: c2, verifier } = await codeFor(rp, 'bob@acme.test');
    const tokens = await client.authorizationCodeGrant(rp, c2, { pkceCodeVerifier: verifier });
    await grantAccess(server, acmeId, bob.id, []);
    await expect(client.fetchUserInfo(rp, tokens.access_token, client.skipSubjectCheck)).rejects.toThrow();
  });

  it("stops a disabled user's refresh tokens and access tokens", async () => {
    const carol = await createUser(server, acmeId, { email: 'carol@acme.test' });
    await grantAccess(server, acmeId, carol.id, [wiki.id]);
    const { callback, verifier } = await codeFor(rp, 'carol@acme.test', { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    await server.ctx.db.kysely.updateTable('users').set({ status: 'Disabled' }).where('id', '=', carol.id).execute();
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.fetchUserInfo(rp, tokens.access_token, client.skipSubjectCheck)).rejects.toThrow();
  });

  it('ends every grant and token when an admin disables the user, and re-enabling does not revive them', async () => {
    const erin = await createUser(server, acmeId, { email: 'erin@acme.test' });
    await grantAccess(server, acmeId, erin.id, [wiki.id]);
    const { callback, verifier } = await codeFor(rp, 'erin@acme.test', { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    expect((await admin.post(`/api/users/${erin.id}/disable`)).status).toBe(200);
    expect((await admin.post(`/api/users/${erin.id}/enable`)).status).toBe(200);
    expect(await client.tokenIntrospection(rp, tokens.access_token)).toEqual({ active: false });
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('ends every grant and token of a user with revokeUserGrants', async () => {
    const dave = await createUser(server, acmeId, { email: 'dave@acme.test' });
    await grantAccess(server, acmeId, dave.id, [wiki.id]);
    const { callback, verifier } = await codeFor(rp, 'dave@acme.test', { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    expect(await revokeUserGrants(server.ctx, dave.id, scoped(server.ctx.db.kysely, acmeId))).toBeGreaterThan(0);
    expect(await client.tokenIntrospection(rp, tokens.access_token)).toEqual({ active: false });
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('answers prompt=none without a sign-in with login_required, and never shows a page', async () => {
    const { url } = await new TestBrowser(server.port).navigate(
      client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid', prompt: 'none', state: 'p' }),
    );
    expect(url.origin + url.pathname).toBe(CALLBACK);
    expect(url.searchParams.get('error')).toBe('login_required');
  });

  it('makes a signed-in user sign in again for prompt=login and max_age=0', async () => {
    const browser = new TestBrowser(server.port);
    const first = await signInThroughSpa(
      browser,
      client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' }),
      credentials(alice.email),
    );
    expect(first.searchParams.get('code')).toBeTruthy();
    for (const extra of [{ prompt: 'login' }, { max_age: '0' }] as Record<string, string>[]) {
      const { url } = await browser.navigate(client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid', ...extra }));
      expect(url.pathname).toBe('/');
      expect(url.searchParams.get('returnurl')).toMatch(/^\/oidc\/interaction\/.+\/finish\?client_id=/);
      // Signing in again finishes the request.
      const callback = await signInThroughSpa(browser, url, credentials(alice.email));
      expect(callback.searchParams.get('code')).toBeTruthy();
    }
  });

  // Issue 19, finding 7: a top-level GET to the authorization endpoint with prompt=login and any
  // registered client, from any site, ended the visitor's Gatehouse session.
  it('keeps the Gatehouse session through prompt=login until the new sign-in succeeds', async () => {
    const browser = new TestBrowser(server.port);
    await signInThroughSpa(
      browser,
      client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' }),
      credentials(alice.email),
    );
    const account = () => browser.request('GET', `${issuerOf(server, 'acme')}/api/account`);
    expect((await account()).status).toBe(200);
    const { url } = await browser.navigate(client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid', prompt: 'login' }));
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('prompt')).toBe('login');
    expect((await account()).status).toBe(200);
    // Going straight to the redirect URL without signing in again is not enough, and still signs no one out.
    const skipped = await browser.navigate(new URL(url.searchParams.get('returnurl')!, url));
    expect(skipped.url.pathname).toBe('/');
    expect((await account()).status).toBe(200);
  });

  it('refuses forged ID token hints: alg none, HMAC with the public key, another organisation’s key', async () => {
    const { callback, verifier } = await codeFor(rp);
    const real = (await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier })).id_token!;
    const [header, payload] = real.split('.') as [string, string];
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const jwks = JSON.parse((await new TestBrowser(server.port).request('GET', `${issuerOf(server, 'acme')}/oidc/jwks`)).body) as {
      keys: object[];
    };
    const publicPem = createPublicKey({ key: jwks.keys.find((k) => (k as { kty: string }).kty === 'RSA') as never, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const hsHeader = b64({ alg: 'HS256', kid: (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid });
    const hsBody = b64(claims);
    const forged = {
      none: `${b64({ alg: 'none' })}.${payload}.`,
      hmac: `${hsHeader}.${hsBody}.${createHmac('sha256', publicPem).update(`${hsHeader}.${hsBody}`).digest('base64url')}`,
      tampered: `${header}.${b64({ ...claims, sub: 'someone-else' })}.${real.split('.')[2]}`,
    };
    const { callback: otherCallback, verifier: otherVerifier } = await (async () => {
      await createUser(
        server,
        (await server.ctx.db.kysely.selectFrom('organisations').select('id').where('name', '=', 'globex').executeTakeFirstOrThrow()).id,
        {
          email: 'gina@globex.test',
          role: 'OrganisationAdministrator',
        },
      );
      const globexRp = await relyingParty(server, 'globex', otherOrgApp.id, otherOrgApp.secret);
      const v = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(globexRp, {
        redirect_uri: CALLBACK,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(v),
        code_challenge_method: 'S256',
      });
      return {
        callback: await signInThroughSpa(new TestBrowser(server.port), url, credentials('gina@globex.test')),
        verifier: v,
        rp: globexRp,
      };
    })();
    const globexRp = await relyingParty(server, 'globex', otherOrgApp.id, otherOrgApp.secret);
    const foreign = (await client.authorizationCodeGrant(globexRp, otherCallback, { pkceCodeVerifier: otherVerifier })).id_token!;

    for (const hint of [forged.none, forged.hmac, forged.tampered, foreign]) {
      const res = await new TestBrowser(server.port).request(
        'GET',
        `${issuerOf(server, 'acme')}/oidc/logout?id_token_hint=${encodeURIComponent(hint)}`,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatch(/invalid_request|invalid_client/);
    }
    // The genuine hint is accepted.
    const genuine = await new TestBrowser(server.port).request(
      'GET',
      `${issuerOf(server, 'acme')}/oidc/logout?id_token_hint=${encodeURIComponent(real)}`,
    );
    expect(genuine.status).toBe(200);
  });

  it('refuses a post_logout_redirect_uri that is not registered exactly', async () => {
    const res = await new TestBrowser(server.port).request(
      'GET',
      `${issuerOf(server, 'acme')}/oidc/logout?client_id=${wiki.id}&post_logout_redirect_uri=${encodeURIComponent('https://wiki.example.com/elsewhere')}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('forbids framing of protocol pages and the hand-over, and gives the authorization endpoint no CORS', async () => {
    const browser = new TestBrowser(server.port);
    const auth = await browser.request('GET', client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' }), {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(auth.status).toBe(303);
    expect(auth.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(auth.headers['x-frame-options']).toBe('DENY');
    expect(auth.headers['access-control-allow-origin']).toBeUndefined();
    const handOver = await browser.request('GET', new URL(auth.headers.location!, auth.url));
    expect(handOver.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The token endpoint answers browsers only from an origin of the application's redirect URIs.
    const tokenCall = (origin: string) =>
      server.client('acme').post('/oidc/token', {
        headers: { origin },
        form: { grant_type: 'refresh_token', refresh_token: 'x', client_id: spa.id },
      });
    const evil = await tokenCall('https://evil.example.com');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.json()).toMatchObject({
      error: 'invalid_request',
      error_description: `origin https://evil.example.com not allowed for client: ${spa.id}`,
    });
    const own = await tokenCall('https://wiki.example.com');
    expect(own.headers['access-control-allow-origin']).toBe('https://wiki.example.com');
    expect(own.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('grants CORS preflights to client-bound endpoints only for the origins of redirect URIs (regression: any Origin was reflected)', async () => {
    const preflight = (path: string, origin: string) =>
      server.client('acme').request('OPTIONS', path, {
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    for (const path of ['/oidc/token', '/oidc/userinfo', '/oidc/revoke', '/oidc/introspect']) {
      const evil = await preflight(path, 'https://evil.example.com');
      expect({ path, status: evil.status, allow: evil.headers['access-control-allow-origin'] }).toEqual({
        path,
        status: 403,
        allow: undefined,
      });
      const own = await preflight(path, 'https://wiki.example.com');
      expect({ path, status: own.status, allow: own.headers['access-control-allow-origin'] }).toEqual({
        path,
        status: 204,
        allow: 'https://wiki.example.com',
      });
    }
    // Another organisation's applications' origins are not this one's.
    await server.createOrganisation('initech');
    expect(
      (
        await server.client('initech').request('OPTIONS', '/oidc/token', {
          headers: { origin: 'https://wiki.example.com', 'access-control-request-method': 'POST' },
        })
      ).status,
    ).toBe(403);
    // Discovery and keys stay readable from any page.
    const keys = await preflight('/oidc/jwks', 'https://evil.example.com');
    expect(keys.headers['access-control-allow-origin']).toBe('https://evil.example.com');
  });

  it('answers protocol errors in the standard form, without internals', async () => {
    // wiki authenticates with client_secret_basic, the one method it is registered for.
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(wiki.id)}:${encodeURIComponent(wiki.secret)}`).toString('base64')}`;
    const token = (form: Record<string, string>) =>
      server.client('acme').post('/oidc/token', { noOrigin: true, form, headers: { authorization: basic } });
    const res = await token({
      grant_type: 'authorization_code',
      code: 'nonsense',
      redirect_uri: CALLBACK,
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'grant request is invalid' });
    const password = await token({
      grant_type: 'password',
      username: alice.email,
      password: DEFAULT_PASSWORD,
    });
    expect(password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('serves no provider for a host that is no organisation', async () => {
    const res = await new TestBrowser(server.port).request(
      'GET',
      `http://nosuch.localhost:${server.port}/.well-known/openid-configuration`,
    );
    expect(res.status).toBe(404);
  });

  it('keeps a hand-over link useless without the browser that started it', async () => {
    const browser = new TestBrowser(server.port);
    const started = await browser.request('GET', client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' }));
    const handOver = new URL(started.headers.location!, started.url);
    const stranger = await signedIn(server, 'acme', alice.email);
    const res = await stranger.get(`${handOver.pathname}/finish?client_id=${wiki.id}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(400);
    expect(res.text).toContain('This sign-in request has expired or was already used');
  });
});
