/**
 * The protocol through a certified relying-party library (openid-client): every grant an application
 * uses, each checked by the library's own validation (ID token signature against the JWKS, iss, aud,
 * nonce, state, the RFC 9207 iss parameter).
 */
import { createHash } from 'node:crypto';

import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import {
  configureApplication,
  createApplication,
  type CreatedApplication,
  createUser,
  grantAccess,
  signedIn,
} from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, localhostFetch, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';

const CALLBACK = 'https://wiki.example.com/callback';
const AFTER_LOGOUT = 'https://wiki.example.com/';

describe.each(testDialects())('OpenID Connect flows on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let wiki: CreatedApplication;
  let rp: client.Configuration;
  const alice = { email: 'alice@acme.test', password: DEFAULT_PASSWORD };
  const queries: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { queries });
    acmeId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK], postLogoutRedirectURIs: [AFTER_LOGOUT] });
    const user = await createUser(server, acmeId, { email: alice.email, firstName: 'Alice', surname: 'Liddell' });
    await grantAccess(server, acmeId, user.id, [wiki.id]);
    rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
  });
  afterAll(() => server?.close());

  /** Runs the authorization code flow with PKCE as `who` in `browser`; answers the token response. */
  async function signIn(config: client.Configuration, browser: TestBrowser, extra: Record<string, string> = {}, who = alice) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    });
    const callback = await signInThroughSpa(browser, url, who);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    return { tokens, callback };
  }

  it('publishes discovery on the organisation host: code flow only, S256 PKCE, the issuer in responses', () => {
    const metadata = rp.serverMetadata();
    const issuer = issuerOf(server, 'acme');
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.authorization_endpoint).toBe(`${issuer}/oidc/auth`);
    expect(metadata.token_endpoint).toBe(`${issuer}/oidc/token`);
    expect(metadata.jwks_uri).toBe(`${issuer}/oidc/jwks`);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.grant_types_supported).toEqual([
      'authorization_code',
      'refresh_token',
      'client_credentials',
      'urn:ietf:params:oauth:grant-type:device_code',
    ]);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'offline_access']));
    expect(metadata.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(['RS256', 'ES256']));
    expect(metadata.token_endpoint_auth_methods_supported).toEqual([
      'client_secret_basic',
      'client_secret_post',
      'client_secret_jwt',
      'private_key_jwt',
      'none',
    ]);
    expect(metadata.token_endpoint_auth_signing_alg_values_supported).toEqual(['RS256', 'PS256', 'ES256', 'EdDSA', 'HS256']);
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
  });

  it('signs an end user in with authorization code and PKCE through the sign-in page, and answers verified claims', async () => {
    const { tokens, callback } = await signIn(rp, new TestBrowser(server.port));
    expect(callback.searchParams.get('iss')).toBe(issuerOf(server, 'acme'));
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: issuerOf(server, 'acme'),
      aud: wiki.id,
      email: alice.email,
      email_verified: true,
      name: 'Alice Liddell',
      given_name: 'Alice',
      family_name: 'Liddell',
      amr: ['pwd'],
    });
    expect(claims.auth_time).toBeTypeOf('number');
    expect(tokens.expires_in).toBe(900);
    expect(tokens.refresh_token).toBeUndefined();
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string };
    expect(header.alg).toBe('RS256');

    const info = await client.fetchUserInfo(rp, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, email: alice.email, email_verified: true, name: 'Alice Liddell' });
  });

  it('answers userinfo and a refresh with one read of the token, its grant and its user', async () => {
    const { tokens } = await signIn(rp, new TestBrowser(server.port), { scope: 'openid email offline_access', prompt: 'consent' });
    queries.length = 0;
    expect((await client.fetchUserInfo(rp, tokens.access_token, client.skipSubjectCheck)).email).toBe(alice.email);
    expect(queries.filter((sql) => /^\s*select/i.test(sql))).toHaveLength(1);
    expect(queries).toHaveLength(1);
    queries.length = 0;
    await client.refreshTokenGrant(rp, tokens.refresh_token!);
    // The refresh token with its grant and user; every other statement is a write of the rotation.
    expect(queries.filter((sql) => /^\s*select/i.test(sql))).toHaveLength(1);
  });

  it("writes a code with its events, each in one statement on PostgreSQL, and a reused code's never twice", async () => {
    const db = server.ctx.db.kysely;
    const counts = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('metric_counts')
            .select(['metric', (eb) => eb.fn.sum<number | string>('count').as('n')])
            .where('organisation_id', '=', acmeId)
            .where('metric', 'in', ['code_issued', 'code_redeemed'])
            .groupBy('metric')
            .execute()
        ).map((row) => [row.metric, Number(row.n)]),
      );
    const before = await counts();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    queries.length = 0;
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, alice);
    const issuing = queries.filter((text) => /oidc_events/.test(text));
    queries.length = 0;
    await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    const redeeming = queries.filter((text) => /oidc_events/.test(text));
    if (dialect === 'postgres') {
      // The code and its event in one statement, no transaction (BEGIN, four statements, COMMIT before).
      expect(issuing.filter((text) => /"?oidc_artefacts"?/.test(text) && /code_event/.test(text))).toHaveLength(1);
      expect(redeeming).toHaveLength(1);
      expect(queries.filter((text) => /^\s*begin/i.test(text))).toHaveLength(0);
    }
    const subject = createHash('sha256').update(callback.searchParams.get('code')!).digest('base64url');
    const events = await db
      .selectFrom('oidc_events')
      .select(['kind', 'client_id'])
      .where('subject', '=', subject)
      .orderBy('kind')
      .execute();
    expect(events).toEqual([
      { kind: 'code_issued', client_id: wiki.id },
      { kind: 'code_redeemed', client_id: null },
    ]);
    const used = await db.selectFrom('clients').select('last_code_at').where('id', '=', wiki.id).executeTakeFirstOrThrow();
    expect(used.last_code_at).toBeTypeOf('number');
    // Redeemed again: refused, and nothing more recorded or counted.
    await expect(client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier })).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await db.selectFrom('oidc_events').select('kind').where('subject', '=', subject).execute()).toHaveLength(2);
    const after = await counts();
    expect((after.code_issued ?? 0) - (before.code_issued ?? 0)).toBe(1);
    expect((after.code_redeemed ?? 0) - (before.code_redeemed ?? 0)).toBe(1);
  });

  it('lets an already signed-in user straight through, with no page on the way', async () => {
    const browser = new TestBrowser(server.port);
    await signIn(rp, browser);
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const { url: landed } = await browser.navigate(url);
    expect(landed.origin + landed.pathname).toBe(CALLBACK);
    expect(landed.searchParams.get('code')).toBeTruthy();
  });

  it('rotates refresh tokens: the old one then fails, and replaying it revokes the new one too', async () => {
    const { tokens } = await signIn(rp, new TestBrowser(server.port), { scope: 'openid email offline_access', prompt: 'consent' });
    expect(tokens.refresh_token).toBeTruthy();
    const rotated = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(rotated.claims()!.sub).toBe(tokens.claims()!.sub);

    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refreshTokenGrant(rp, rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.fetchUserInfo(rp, rotated.access_token, client.skipSubjectCheck)).rejects.toThrow();
  });

  it('keeps no usable token, code or session in the database', async () => {
    const browser = new TestBrowser(server.port);
    const { tokens, callback } = await signIn(rp, browser, { scope: 'openid offline_access', prompt: 'consent' });
    const secrets = [tokens.access_token, tokens.refresh_token!, callback.searchParams.get('code')!];
    const rows = await server.ctx.db.kysely.selectFrom('oidc_artefacts').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    // Nor the browser's provider session cookie.
    const sessionCookie = browser.cookieValue('gh_oidc_session');
    expect(sessionCookie).toBeTruthy();
    expect(stored).not.toContain(sessionCookie);
  });

  it('revokes access and refresh tokens, and introspection says so', async () => {
    const { tokens } = await signIn(rp, new TestBrowser(server.port), { scope: 'openid offline_access', prompt: 'consent' });
    const active = await client.tokenIntrospection(rp, tokens.access_token);
    expect(active).toMatchObject({ active: true, client_id: wiki.id, sub: tokens.claims()!.sub, token_type: 'Bearer' });

    await client.tokenRevocation(rp, tokens.access_token);
    expect(await client.tokenIntrospection(rp, tokens.access_token)).toEqual({ active: false });
    await expect(client.fetchUserInfo(rp, tokens.access_token, client.skipSubjectCheck)).rejects.toThrow();

    await client.tokenRevocation(rp, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('issues client-credentials tokens to machine clients only', async () => {
    const machine = await createApplication(admin, { name: 'Reporting job', clientType: 'machine' });
    const machineRp = await relyingParty(server, 'acme', machine.id, machine.secret);
    const tokens = await client.clientCredentialsGrant(machineRp, { scope: '' });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(await client.tokenIntrospection(machineRp, tokens.access_token)).toMatchObject({ active: true, client_id: machine.id });
    // A web application may not use the grant, and a machine client cannot sign users in.
    await expect(client.clientCredentialsGrant(rp)).rejects.toMatchObject({
      error_description: 'requested grant type is not allowed for this client',
    });
    const wrongSecret = await relyingParty(server, 'acme', machine.id, 'not-the-secret');
    await expect(client.clientCredentialsGrant(wrongSecret)).rejects.toMatchObject({
      status: 401,
      cause: [{ parameters: { error: 'invalid_client' } }],
    });
  });

  it('accepts client_secret_post from an application registered for it, and then not client_secret_basic', async () => {
    const notes = await createApplication(admin, {
      name: 'Notes',
      redirectURIs: [CALLBACK],
      tokenEndpointAuthMethod: 'client_secret_post',
    });
    const alicesId = (
      await server.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow()
    ).id;
    await grantAccess(server, acmeId, alicesId, [wiki.id, notes.id]);
    const postRp = await relyingParty(server, 'acme', notes.id, notes.secret, 'post');
    const { tokens } = await signIn(postRp, new TestBrowser(server.port));
    expect(tokens.access_token).toBeTruthy();
    const basicRp = await relyingParty(server, 'acme', notes.id, notes.secret, 'basic');
    await expect(signIn(basicRp, new TestBrowser(server.port))).rejects.toMatchObject({ status: 401 });
    // And the other way round: wiki is registered for client_secret_basic.
    await expect(
      signIn(await relyingParty(server, 'acme', wiki.id, wiki.secret, 'post'), new TestBrowser(server.port)),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('signs a public client (no secret) in with PKCE', async () => {
    const spa = await createApplication(admin, { name: 'Single page app', clientType: 'public', redirectURIs: [CALLBACK] });
    const spaRp = await relyingParty(server, 'acme', spa.id);
    const alicesId = (
      await server.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow()
    ).id;
    await grantAccess(server, acmeId, alicesId, [wiki.id, spa.id]);
    const { tokens } = await signIn(spaRp, new TestBrowser(server.port));
    expect(tokens.claims()!.aud).toBe(spa.id);
  });

  it('signs ID tokens with ES256 for an application that chooses it', async () => {
    const es = await createApplication(admin, { name: 'Elliptic', redirectURIs: [CALLBACK], idTokenSignedResponseAlg: 'ES256' });
    const admins = { email: 'admin@acme.test', password: DEFAULT_PASSWORD };
    const { tokens } = await signIn(await relyingParty(server, 'acme', es.id, es.secret), new TestBrowser(server.port), {}, admins);
    expect(JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  });

  it('signs the user out at the application’s request, after asking, and returns to the registered address', async () => {
    const browser = new TestBrowser(server.port);
    await signIn(rp, browser);
    // Without an id_token_hint naming the user, the question is asked (with one, oidc/backchannel-logout.int.test.ts).
    const logout = client.buildEndSessionUrl(rp, { client_id: wiki.id, post_logout_redirect_uri: AFTER_LOGOUT, state: 's1' });
    const question = await browser.request('GET', logout);
    expect(question.status).toBe(200);
    expect(question.body).toContain('Do you want to sign out of acme?');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.body)![1]!;
    const confirm = await browser.request('POST', new URL('/oidc/logout/confirm', logout), { form: { xsrf, logout: 'yes' } });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toBe(`${AFTER_LOGOUT}?state=s1`);
    // The Gatehouse session ended too: the next authorization asks the user to sign in.
    const account = await browser.request('GET', new URL('/api/account', logout));
    expect(account.status).toBe(401);
  });

  it('lets a flow started on one server process finish on another', async () => {
    const second = await buildApp({ ...server.ctx }, { logger: false });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = second.app.server.address();
      const otherPort = typeof address === 'object' && address ? address.port : 0;
      // The relying party's calls go to the second process; the browser stays with the first.
      const viaSecond: client.CustomFetch = (url, options) => {
        const target = new URL(url);
        target.port = String(otherPort);
        return localhostFetch(target.href, {
          ...options,
          headers: { ...(options.headers as Record<string, string>), host: new URL(url).host },
        });
      };
      const rpOnSecond = await relyingParty(server, 'acme', wiki.id, wiki.secret);
      rpOnSecond[client.customFetch] = viaSecond;
      const { tokens } = await signIn(rpOnSecond, new TestBrowser(server.port));
      expect(await client.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub)).toMatchObject({ email: alice.email });
    } finally {
      await second.app.close();
    }
  });

  it('holds a user with an unverified email at /emailverificationrequired until the address is verified', async () => {
    const erin = await createUser(server, acmeId, { email: 'erin@acme.test', emailVerified: false });
    await grantAccess(server, acmeId, erin.id, [wiki.id]);
    const url = client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' });
    const browser = new TestBrowser(server.port);
    expect((await signInThroughSpa(browser, url, { email: 'erin@acme.test', password: DEFAULT_PASSWORD })).pathname).toBe(
      '/emailverificationrequired',
    );
    // The redirect URL itself refuses to finish: the server checks the steps, whatever the SPA does.
    const { url: signInPage } = await browser.navigate(url);
    const redirectUrl = new URL(signInPage.searchParams.get('redirecturl') ?? signInPage.searchParams.get('returnurl')!, signInPage);
    const held = await browser.request('GET', redirectUrl);
    expect(held.status).toBe(303);
    expect(held.headers.location).toMatch(/^\/redirecting\?redirecturl=/);
    await server.ctx.db.kysely.updateTable('users').set({ email_verified_date: Date.now() }).where('id', '=', erin.id).execute();
    const { url: landed } = await browser.navigate(redirectUrl);
    expect(landed.origin + landed.pathname).toBe(CALLBACK);
    expect(landed.searchParams.get('code')).toBeTruthy();
  });

  it('refuses an application that has no redirect URI yet', async () => {
    const bare = await createApplication(admin, { name: 'Not ready' });
    await configureApplication(admin, bare.id, { name: 'Not ready', redirectURIs: [] });
    const url = new URL(`${issuerOf(server, 'acme')}/oidc/auth`);
    url.search = new URLSearchParams({ client_id: bare.id, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid' }).toString();
    const res = await new TestBrowser(server.port).request('GET', url);
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});
