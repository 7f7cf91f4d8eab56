/**
 * Sign-in connections through real parts: one Gatehouse organisation (partner) is the upstream OpenID
 * provider of another (acme), over real sockets on either database. The downstream side runs the real
 * openid-client checks, so a sign-in only succeeds when discovery, PKCE, state, nonce and the ID token's
 * signature, issuer, audience and expiry all hold.
 */
import { CONNECTION_MESSAGES } from '@gatehouse/common/connection-messages';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ForbiddenAddressError } from '../outbound/ssrf.ts';
import { insertFillerUsers, setPolicy } from '../testing/accounts.ts';
import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { enrolAuthenticator } from '../testing/mfa.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { guardedFetch, outboundLimits } from './outbound.ts';

describe.each(testDialects())('sign-in connections on %s', (dialect) => {
  let server: TestServer;
  let partnerId: string;
  let acmeId: string;
  let globexId: string;
  let acmeAdmin: TestClient;
  let globexAdmin: TestClient;
  let upstreamApp: CreatedApplication;
  let connectionId: string;

  /** A user of the partner (the upstream provider) who may use the application acme signs in with. */
  async function partnerUser(email: string, emailVerified = true) {
    const user = await createUser(server, partnerId, { email, emailVerified, firstName: 'Pat', surname: 'Partner' });
    await grantAccess(server, partnerId, user.id, [upstreamApp.id]);
    return user;
  }

  /** Signs in at acme through the connection as `email` (at the partner); answers where the browser ends and the browser. */
  async function signInThroughConnection(
    email: string,
    options: { returnurl?: string; browser?: TestBrowser; connection?: string; code?: () => string } = {},
  ) {
    const browser = options.browser ?? new TestBrowser(server.port);
    const start = new URL(`${issuerOf(server, 'acme')}/signin/connections/${options.connection ?? connectionId}`);
    if (options.returnurl) start.searchParams.set('returnurl', options.returnurl);
    const url = await signInThroughSpa(browser, start, {
      email,
      password: DEFAULT_PASSWORD,
      ...(options.code ? { code: options.code } : {}),
    });
    return { url, browser };
  }

  async function acmeAccount(browser: TestBrowser) {
    const res = await browser.request('GET', `${issuerOf(server, 'acme')}/api/account`);
    return { status: res.status, body: res.status === 200 ? (JSON.parse(res.body) as { email: string; id: string }) : null };
  }

  async function auditTypes(organisationId: string) {
    const rows = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'details', 'subject_id'])
      .where('organisation_id', '=', organisationId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ type: r.type, subject: r.subject_id, details: JSON.parse(r.details) as Record<string, unknown> }));
  }

  async function saveConnection(admin: TestClient, body: Record<string, unknown>, id?: string) {
    const base = {
      name: 'Partner',
      issuer: issuerOf(server, 'partner'),
      clientId: upstreamApp.id,
      clientSecret: upstreamApp.secret,
      emailDomains: ['corp.test'],
      jitEnabled: true,
      linkExisting: true,
      // The tests' people of corp.test also sign in with passwords (set up, end users); see the test of the rule.
      allowPassword: true,
    };
    return id
      ? admin.put(`/api/connections/${id}`, { json: { ...base, ...body } })
      : admin.post('/api/connections', { json: { ...base, ...body } });
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, { config: { webhooksAllowPrivate: true } });
    partnerId = (await server.createOrganisation('partner')).id;
    acmeId = (await server.createOrganisation('acme')).id;
    globexId = (await server.createOrganisation('globex')).id;
    const partnerAdmin = await signedIn(server, 'partner', 'admin@partner.test');
    acmeAdmin = await signedIn(server, 'acme', 'admin@acme.test');
    globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    upstreamApp = await createApplication(partnerAdmin, {
      name: 'Acme sign-in',
      redirectURIs: [`${issuerOf(server, 'acme')}/signin/callback`],
      allowsUnverifiedAccess: true,
    });
    const created = await saveConnection(acmeAdmin, {});
    expect(created.status, created.text).toBe(201);
    connectionId = created.json<{ id: string }>().id;
  });
  afterAll(() => server?.close());

  it('keeps the client secret sealed: never answered, not stored in the clear', async () => {
    const answer = await acmeAdmin.get(`/api/connections/${connectionId}`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({
      hasClientSecret: true,
      callbackUrl: `${issuerOf(server, 'acme')}/signin/callback`,
      emailDomains: ['corp.test'],
      scopes: 'openid email profile',
    });
    expect(answer.text).not.toContain(upstreamApp.secret);
    const row = await server.ctx.db.kysely
      .selectFrom('sign_in_connections')
      .selectAll()
      .where('id', '=', connectionId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).not.toContain(upstreamApp.secret);
    expect(row.client_secret_sealed).toMatch(/^v1\./);
  });

  it('lists enabled connections for the sign-in page, to anyone, with the domains they serve', async () => {
    const res = await server.client('acme').get('/api/signinconnections');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      connections: [{ id: connectionId, name: 'Partner', showButton: true, emailDomains: ['corp.test'], allowPassword: true }],
    });
    expect((await server.client('globex').get('/api/signinconnections')).json()).toEqual({ connections: [] });
  });

  it('creates an account just in time, linked to the upstream subject, with fed in the session amr', async () => {
    const upstream = await partnerUser('jit@corp.test');
    // The provider's locale claim names a region Gatehouse has no catalog for: its language is taken.
    await server.ctx.db.kysely
      .updateTable('users')
      .set({ locale: 'fr-CA' })
      .where('organisation_id', '=', partnerId)
      .where('id', '=', upstream.id)
      .execute();
    const { url, browser } = await signInThroughConnection('jit@corp.test');
    expect(url.host).toBe(`acme.localhost:${server.port}`);
    expect(url.searchParams.get('connection_error')).toBeNull();
    const account = await acmeAccount(browser);
    expect(account.body?.email).toBe('jit@corp.test');
    const user = await server.ctx.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('organisation_id', '=', acmeId)
      .where('email', '=', 'jit@corp.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'SignedUp', first_name: 'Pat', surname: 'Partner', password_hash: null, locale: 'fr' });
    expect(user.email_verified_date).not.toBeNull();
    const link = await server.ctx.db.kysely
      .selectFrom('connection_links')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ organisation_id: acmeId, connection_id: connectionId, subject: upstream.id });
    const session = await server.ctx.db.kysely
      .selectFrom('sessions')
      .select('amr')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(session.amr)).toEqual(['fed']);
    const events = (await auditTypes(acmeId)).filter((e) => e.subject === user.id);
    expect(events.map((e) => e.type)).toEqual(['user.created', 'connection.linked', 'user.signed_in']);
    expect(events[0]!.details).toMatchObject({ via: 'connection' });
    expect(events[2]!.details).toMatchObject({ method: 'connection', connectionId });

    // The second time the link is used: no new account, no new link.
    const again = await signInThroughConnection('jit@corp.test');
    expect((await acmeAccount(again.browser)).body?.id).toBe(user.id);
    const users = await server.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'jit@corp.test')
      .where('organisation_id', '=', acmeId)
      .execute();
    expect(users).toHaveLength(1);
  });

  it("records an upstream sign-in's events under its callback request: the flow's as nobody yet, the sign-in as the user's own", async () => {
    await partnerUser('actors@corp.test');
    const { browser } = await signInThroughConnection('actors@corp.test');
    const user = (await acmeAccount(browser)).body!;
    const rows = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'actor_kind', 'actor_id', 'request_id', 'ip', 'user_agent'])
      .where('organisation_id', '=', acmeId)
      .where('subject_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.type, r.actor_kind, r.actor_id])).toEqual([
      ['user.created', 'anonymous', null],
      ['connection.linked', 'anonymous', null],
      ['user.signed_in', 'user', user.id],
    ]);
    // One request (the callback) made all three: its id and origin on each.
    expect(rows[0]!.request_id).toBeTruthy();
    expect(new Set(rows.map((r) => JSON.stringify([r.request_id, r.ip, r.user_agent]))).size).toBe(1);
  });

  it("refuses a just-in-time account beyond the Starter package's user limit (user_limit), creating nobody", async () => {
    const db = server.ctx.db.kysely;
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('organisation_id', '=', acmeId)
      .executeTakeFirstOrThrow();
    const { tier } = await db.selectFrom('organisations').select('tier').where('id', '=', acmeId).executeTakeFirstOrThrow();
    await insertFillerUsers(server, acmeId, 50 - Number(count), { prefix: 'jit-filler', domain: 'acme.test' });
    await setPolicy(server, 'acme', { tier: 'starter' });
    try {
      await partnerUser('late@corp.test');
      const refused = await signInThroughConnection('late@corp.test');
      expect(refused.url.searchParams.get('connection_error')).toBe('user_limit');
      expect((await acmeAccount(refused.browser)).status).toBe(401);
      const late = await db
        .selectFrom('users')
        .select('id')
        .where('organisation_id', '=', acmeId)
        .where('email', '=', 'late@corp.test')
        .execute();
      expect(late).toEqual([]);
      const refusal = (await auditTypes(acmeId)).filter((e) => e.type === 'connection.refused').at(-1);
      expect(refusal?.details).toEqual({ reason: 'user_limit', connection: 'Partner', connectionId, email: 'late@corp.test' });
    } finally {
      await setPolicy(server, 'acme', { tier });
      await db.deleteFrom('users').where('organisation_id', '=', acmeId).where('id', 'like', 'jit-filler-%').execute();
    }
  });

  it('links an existing account with the same email only when the provider says it is verified', async () => {
    const bob = await createUser(server, acmeId, { email: 'bob@corp.test' });
    await partnerUser('bob@corp.test');
    const { browser } = await signInThroughConnection('bob@corp.test');
    expect((await acmeAccount(browser)).body?.id).toBe(bob.id);
    expect((await auditTypes(acmeId)).some((e) => e.type === 'connection.linked' && e.subject === bob.id)).toBe(true);

    await createUser(server, acmeId, { email: 'unverified@corp.test' });
    await partnerUser('unverified@corp.test', false);
    const refused = await signInThroughConnection('unverified@corp.test');
    expect(refused.url.pathname).toBe('/');
    expect(refused.url.searchParams.get('connection_error')).toBe('email_not_verified');
    expect(refused.url.searchParams.get('ref')).toBeTruthy();
    expect((await acmeAccount(refused.browser)).status).toBe(401);
  });

  it('activates an invited (Pending) account the connection may link, accepting the invitation, audited', async () => {
    const invited = await acmeAdmin.post('/api/users', { form: { email: 'ivy@corp.test', firstName: 'Ivy' } });
    expect(invited.status, invited.text).toBe(201);
    const ivy = invited.json<{ id: string; status: string }>();
    expect(ivy.status).toBe('Pending');
    await partnerUser('ivy@corp.test');
    const { url, browser } = await signInThroughConnection('ivy@corp.test');
    expect(url.searchParams.get('connection_error')).toBeNull();
    expect((await acmeAccount(browser)).body?.id).toBe(ivy.id);
    const user = await server.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', ivy.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'SignedUp', password_hash: null });
    expect(user.email_verified_date).not.toBeNull();
    // The invitation link is used up: it cannot set a password on the account now.
    const tokens = await server.ctx.db.kysely
      .selectFrom('email_tokens')
      .select('purpose')
      .where('organisation_id', '=', acmeId)
      .where('user_id', '=', ivy.id)
      .execute();
    expect(tokens).toEqual([]);
    const events = (await auditTypes(acmeId)).filter((e) => e.subject === ivy.id).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['connection.linked', 'invitation.accepted', 'user.signed_in']));
    expect(events.indexOf('invitation.accepted')).toBeLessThan(events.indexOf('user.signed_in'));
    const accepted = (await auditTypes(acmeId)).find((e) => e.subject === ivy.id && e.type === 'invitation.accepted');
    expect(accepted?.details).toMatchObject({ via: 'connection', connectionId });

    // Without the linking rules (an unverified email upstream) an invited account stays as it is.
    const ianInvited = await acmeAdmin.post('/api/users', { form: { email: 'ian@corp.test', firstName: 'Ian' } });
    expect(ianInvited.status, ianInvited.text).toBe(201);
    await partnerUser('ian@corp.test', false);
    const refused = await signInThroughConnection('ian@corp.test');
    expect(refused.url.searchParams.get('connection_error')).toBe('email_not_verified');
    const ian = await server.ctx.db.kysely
      .selectFrom('users')
      .select('status')
      .where('organisation_id', '=', acmeId)
      .where('email', '=', 'ian@corp.test')
      .executeTakeFirstOrThrow();
    expect(ian.status).toBe('Pending');
  });

  it('refuses an email outside the connection domains, and an unknown person when no account is created', async () => {
    await partnerUser('eve@evil.test');
    const outside = await signInThroughConnection('eve@evil.test');
    expect(outside.url.searchParams.get('connection_error')).toBe('domain_not_allowed');
    expect((await acmeAccount(outside.browser)).status).toBe(401);
    expect(
      await server.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'eve@evil.test')
        .where('organisation_id', '=', acmeId)
        .execute(),
    ).toEqual([]);

    const strict = await saveConnection(acmeAdmin, { name: 'Partner (invited only)', jitEnabled: false });
    expect(strict.status).toBe(201);
    await partnerUser('carol@corp.test');
    const noAccount = await signInThroughConnection('carol@corp.test', { connection: strict.json<{ id: string }>().id });
    expect(noAccount.url.searchParams.get('connection_error')).toBe('no_account');
    const refusals = (await auditTypes(acmeId)).filter((e) => e.type === 'connection.refused').map((e) => e.details.reason);
    expect(refusals).toEqual(expect.arrayContaining(['domain_not_allowed', 'no_account', 'email_not_verified']));
  });

  it("asks for Gatehouse's own second step after an upstream sign-in whose MFA is not trusted, bound to the browser", async () => {
    await setPolicy(server, 'acme', { remember_me_days: 1 });
    await createUser(server, acmeId, { email: 'dora@corp.test' });
    const own = await enrolAuthenticator(server, await signedIn(server, 'acme', 'dora@corp.test'));
    const dora = await server.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', acmeId)
      .where('email', '=', 'dora@corp.test')
      .executeTakeFirstOrThrow();
    await server.ctx.db.kysely.deleteFrom('sessions').where('user_id', '=', dora.id).execute();
    await partnerUser('dora@corp.test');
    const { url, browser } = await signInThroughConnection('dora@corp.test');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('connection_error')).toBeNull();
    const signInStateID = url.searchParams.get('signinstep')!;
    expect(signInStateID).toBeTruthy();
    expect((await acmeAccount(browser)).status).toBe(401);
    const acme = issuerOf(server, 'acme');
    // Another browser holding the id but not the sign-in's cookie has no step.
    const stranger = await new TestBrowser(server.port).request('GET', `${acme}/api/authenticate/step?signInStateID=${signInStateID}`);
    expect(stranger.status).toBe(400);
    expect(stranger.body).toContain('SIGN_IN_EXPIRED');
    const step = await browser.request('GET', `${acme}/api/authenticate/step?signInStateID=${signInStateID}`);
    expect(step.status, step.body).toBe(200);
    expect(JSON.parse(step.body)).toMatchObject({ authType: 'code', signInStateID, data: { isEmail: false, isSMS: false } });
    const wrong = await browser.request('POST', `${acme}/api/authenticate`, { form: { signInStateID, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect((await acmeAccount(browser)).status).toBe(401);
    const right = await browser.request('POST', `${acme}/api/authenticate`, {
      form: { signInStateID, code: own.code(1), rememberMe: 'true' },
    });
    expect(right.status, right.body).toBe(200);
    expect((await acmeAccount(browser)).body?.id).toBe(dora.id);
    const session = await server.ctx.db.kysely
      .selectFrom('sessions')
      .select('amr')
      .where('user_id', '=', dora.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(session.amr)).toEqual(['fed', 'otp', 'mfa']);
    const signIns = (await auditTypes(acmeId)).filter((e) => e.subject === dora.id && e.type === 'user.signed_in');
    expect(signIns.at(-1)?.details).toEqual({ method: 'connection and code', connectionId });
    // The step is used up.
    const again = await browser.request('POST', `${acme}/api/authenticate`, { form: { signInStateID, code: own.recoveryCodes[0]! } });
    expect(again.status).toBe(400);
    expect(again.body).toContain('SIGN_IN_EXPIRED');
    // This browser was remembered at the code step: the next sign-in through the connection skips it.
    await server.ctx.db.kysely.deleteFrom('sessions').where('user_id', '=', dora.id).execute();
    const remembered = await signInThroughConnection('dora@corp.test', { browser });
    expect(remembered.url.searchParams.get('signinstep')).toBeNull();
    expect((await acmeAccount(browser)).body?.id).toBe(dora.id);
    const skipped = await server.ctx.db.kysely
      .selectFrom('sessions')
      .select('amr')
      .where('user_id', '=', dora.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(skipped.amr)).toEqual(['fed', 'mfa']);
    await setPolicy(server, 'acme', { remember_me_days: 0 });
  });

  it("lets a trusted provider's MFA stand for the second step, with the provider's methods in the amr", async () => {
    const trusted = await saveConnection(acmeAdmin, { name: 'Partner (MFA trusted)', trustMfa: true });
    expect(trusted.status).toBe(201);
    await partnerUser('frank@corp.test');
    const authenticator = await enrolAuthenticator(server, await signedIn(server, 'partner', 'frank@corp.test'));
    const frank = await createUser(server, acmeId, { email: 'frank@corp.test' });
    await enrolAuthenticator(server, await signedIn(server, 'acme', 'frank@corp.test'));
    await server.ctx.db.kysely.deleteFrom('sessions').where('user_id', '=', frank.id).execute();
    // Through the connection that does not trust the provider's MFA: Gatehouse's own step, even after a code upstream.
    const untrusted = await signInThroughConnection('frank@corp.test', { code: () => authenticator.recoveryCodes[0]! });
    expect(untrusted.url.searchParams.get('signinstep')).toBeTruthy();
    expect((await acmeAccount(untrusted.browser)).status).toBe(401);
    const { url, browser } = await signInThroughConnection('frank@corp.test', {
      connection: trusted.json<{ id: string }>().id,
      code: () => authenticator.code(1),
    });
    expect(url.host).toBe(`acme.localhost:${server.port}`);
    expect(url.searchParams.get('connection_error')).toBeNull();
    expect((await acmeAccount(browser)).body?.id).toBe(frank.id);
    const session = await server.ctx.db.kysely
      .selectFrom('sessions')
      .select('amr')
      .where('user_id', '=', frank.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(session.amr)).toEqual(['fed', 'pwd', 'otp', 'mfa']);
  });

  it("continues an application's sign-in: the application gets an ID token whose amr says fed", async () => {
    const wiki = await createApplication(acmeAdmin, { name: 'Wiki', redirectURIs: ['https://wiki.example.com/callback'] });
    const user = await createUser(server, acmeId, { email: 'erin@corp.test' });
    await grantAccess(server, acmeId, user.id, [wiki.id]);
    await partnerUser('erin@corp.test');
    const rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const state = client.randomState();
    const authorization = client.buildAuthorizationUrl(rp, {
      redirect_uri: 'https://wiki.example.com/callback',
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
      state,
    });
    const browser = new TestBrowser(server.port);
    const { url: signInPage } = await browser.navigate(authorization);
    const returnurl = signInPage.searchParams.get('returnurl')!;
    expect(returnurl).toMatch(/^\/oidc\/interaction\//);
    const { url } = await signInThroughConnection('erin@corp.test', { returnurl, browser });
    expect(url.origin + url.pathname).toBe('https://wiki.example.com/callback');
    const tokens = await client.authorizationCodeGrant(rp, url, { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
    expect(tokens.claims()).toMatchObject({ sub: user.id, email: 'erin@corp.test', amr: ['fed'] });
  });

  it('binds the callback to the browser that started it, once', async () => {
    const browser = new TestBrowser(server.port);
    const start = await browser.request('GET', `${issuerOf(server, 'acme')}/signin/connections/${connectionId}`);
    expect(start.status).toBe(303);
    const upstream = new URL(start.headers.location!);
    expect(upstream.origin).toBe(issuerOf(server, 'partner'));
    expect(upstream.searchParams.get('code_challenge_method')).toBe('S256');
    expect(upstream.searchParams.get('nonce')).toBeTruthy();
    const state = upstream.searchParams.get('state')!;
    // Another browser (no cookie) coming back with this state is refused.
    const stranger = new TestBrowser(server.port);
    const foreign = await stranger.request('GET', `${issuerOf(server, 'acme')}/signin/callback?code=x&state=${state}`);
    expect(new URL(foreign.headers.location!, 'http://x').searchParams.get('connection_error')).toBe('expired');
    // The right browser with a forged state: the check fails, and the flow is used up.
    const forged = await browser.request('GET', `${issuerOf(server, 'acme')}/signin/callback?code=x&state=forged`);
    expect(new URL(forged.headers.location!, 'http://x').searchParams.get('connection_error')).toBe('not_verified');
    const replay = await browser.request('GET', `${issuerOf(server, 'acme')}/signin/callback?code=x&state=${state}`);
    expect(new URL(replay.headers.location!, 'http://x').searchParams.get('connection_error')).toBe('expired');
  });

  it('says the connection is no longer available to a sign-in begun before it was disabled (issue 39)', async () => {
    const browser = new TestBrowser(server.port);
    const start = await browser.request('GET', `${issuerOf(server, 'acme')}/signin/connections/${connectionId}`);
    const state = new URL(start.headers.location!).searchParams.get('state')!;
    expect((await saveConnection(acmeAdmin, { enabled: false }, connectionId)).status).toBe(200);
    const back = await browser.request('GET', `${issuerOf(server, 'acme')}/signin/callback?code=x&state=${state}`);
    expect(new URL(back.headers.location!, 'http://x').searchParams.get('connection_error')).toBe('connection_unavailable');
    expect((await saveConnection(acmeAdmin, { enabled: true }, connectionId)).status).toBe(200);
  });

  it("keeps one organisation's connection out of another's reach", async () => {
    expect((await globexAdmin.get(`/api/connections/${connectionId}`)).status).toBe(404);
    expect(
      (
        await globexAdmin.put(`/api/connections/${connectionId}`, {
          json: { name: 'x', issuer: 'https://x.example', clientId: 'x', emailDomains: [] },
        })
      ).status,
    ).toBe(404);
    expect((await globexAdmin.delete(`/api/connections/${connectionId}`)).status).toBe(404);
    expect((await globexAdmin.get('/api/connections')).json()).toEqual([]);
    const browser = new TestBrowser(server.port);
    expect((await browser.request('GET', `${issuerOf(server, 'globex')}/signin/connections/${connectionId}`)).status).toBe(404);
    // A flow started at acme, its cookie replayed at globex's callback: no such flow there.
    await browser.request('GET', `${issuerOf(server, 'acme')}/signin/connections/${connectionId}`);
    const cookie = browser.cookieValue('gatehouse_connection')!;
    const other = await browser.request('GET', `${issuerOf(server, 'globex')}/signin/callback?code=x&state=y`, {
      headers: { cookie: `gatehouse_connection=${cookie}` },
    });
    expect(new URL(other.headers.location!, 'http://x').searchParams.get('connection_error')).toBe('expired');
    // End users and user admins of acme cannot manage connections.
    const endUser = await signedIn(server, 'acme', 'bob@corp.test');
    expect((await endUser.get('/api/connections')).status).toBe(403);
  });

  it("refuses the password for a connection's domains unless it allows one, whether or not the account exists", async () => {
    const created = await saveConnection(acmeAdmin, { name: 'SSO only', emailDomains: ['sso.test'], allowPassword: false });
    expect(created.status, created.text).toBe(201);
    const sso = created.json<{ id: string; allowPassword: boolean }>();
    expect(sso.allowPassword).toBe(false);
    const listed = (await server.client('acme').get('/api/signinconnections')).json<{
      connections: { id: string; allowPassword: boolean }[];
    }>();
    expect(listed.connections.find((c) => c.id === sso.id)?.allowPassword).toBe(false);
    await createUser(server, acmeId, { email: 'pat@sso.test' });
    for (const email of ['pat@sso.test', 'PAT@SSO.TEST', 'nobody@sso.test']) {
      const refused = await server.client('acme').post('/api/authenticate', { form: { email, password: DEFAULT_PASSWORD } });
      expect(refused.status, email).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PASSWORD_SIGN_IN_NOT_ALLOWED', message: expect.stringContaining('SSO only') });
    }
    // Allowed (or the connection disabled): the password signs in again.
    expect((await saveConnection(acmeAdmin, { name: 'SSO only', emailDomains: ['sso.test'], allowPassword: true }, sso.id)).status).toBe(
      200,
    );
    const allowed = await server.client('acme').post('/api/authenticate', { form: { email: 'pat@sso.test', password: DEFAULT_PASSWORD } });
    expect(allowed.status, allowed.text).toBe(200);
    await saveConnection(acmeAdmin, { name: 'SSO only', emailDomains: ['sso.test'], allowPassword: false, enabled: false }, sso.id);
    const disabled = await server.client('acme').post('/api/authenticate', { form: { email: 'pat@sso.test', password: DEFAULT_PASSWORD } });
    expect(disabled.status, disabled.text).toBe(200);
    // Another organisation's people of that domain are not concerned.
    await createUser(server, globexId, { email: 'pat@sso.test' });
    await saveConnection(acmeAdmin, { name: 'SSO only', emailDomains: ['sso.test'], allowPassword: false }, sso.id);
    const elsewhere = await server
      .client('globex')
      .post('/api/authenticate', { form: { email: 'pat@sso.test', password: DEFAULT_PASSWORD } });
    expect(elsewhere.status, elsewhere.text).toBe(200);
  });

  it('refuses a save that would leave no Organisation Admin able to sign in without a connection (issue 39)', async () => {
    const lockout = { name: 'Acme SSO', emailDomains: ['acme.test'], allowPassword: false };
    const refused = await saveConnection(acmeAdmin, lockout);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ message: CONNECTION_MESSAGES.wouldLockOutAdmins });
    expect((await acmeAdmin.get('/api/connections')).json<{ name: string }[]>().map((c) => c.name)).not.toContain('Acme SSO');
    const kept = await saveConnection(acmeAdmin, { ...lockout, allowPassword: true });
    expect(kept.status, kept.text).toBe(201);
    const id = kept.json<{ id: string }>().id;
    expect((await saveConnection(acmeAdmin, lockout, id)).status).toBe(409);
    expect((await acmeAdmin.get(`/api/connections/${id}`)).json()).toMatchObject({ allowPassword: true });
    // Disabled, it locks nobody out.
    expect((await saveConnection(acmeAdmin, { ...lockout, enabled: false }, id)).status).toBe(200);
    // An Organisation Admin outside the connection's domains keeps a way in: then the save is allowed.
    const outside = await createUser(server, acmeId, { email: 'ops@acme-ops.test', role: 'OrganisationAdministrator' });
    expect((await saveConnection(acmeAdmin, lockout, id)).status).toBe(200);
    const ops = await server.client('acme').post('/api/authenticate', { form: { email: 'ops@acme-ops.test', password: DEFAULT_PASSWORD } });
    expect(ops.status).toBe(200);
    expect((await acmeAdmin.delete(`/api/connections/${id}`)).status).toBe(204);
    await server.ctx.db.kysely.deleteFrom('users').where('id', '=', outside.id).execute();
  });

  it("keeps the upstream's groups (the groups claim) on the link, shown to user admins only, for the organisation's users only", async () => {
    // Gatehouse as the upstream sends no groups claim; its amr (an array of strings) stands in for one.
    const grouped = await saveConnection(acmeAdmin, { name: 'Partner (groups)', claimGroups: 'amr' });
    expect(grouped.status, grouped.text).toBe(201);
    const groupedId = grouped.json<{ id: string }>().id;
    await partnerUser('gina@corp.test');
    const { browser } = await signInThroughConnection('gina@corp.test', { connection: groupedId });
    const gina = (await acmeAccount(browser)).body!;
    const links = await acmeAdmin.get(`/api/users/${gina.id}/connections`);
    expect(links.status, links.text).toBe(200);
    expect(links.json()).toEqual([
      { connectionId: groupedId, name: 'Partner (groups)', groups: ['pwd'], linkedAt: expect.any(Number), lastUsedAt: expect.any(Number) },
    ]);
    // A connection whose claim the provider does not send: no groups (not an empty list).
    const { browser: other } = await signInThroughConnection('jit@corp.test');
    const jit = (await acmeAccount(other)).body!;
    expect((await acmeAdmin.get(`/api/users/${jit.id}/connections`)).json()).toEqual([
      expect.objectContaining({ connectionId, name: 'Partner', groups: null }),
    ]);
    expect((await globexAdmin.get(`/api/users/${gina.id}/connections`)).status).toBe(404);
    expect((await (await signedIn(server, 'acme', 'bob@corp.test')).get(`/api/users/${gina.id}/connections`)).status).toBe(403);
  });

  it('authenticates at the upstream with private_key_jwt: its own key pair, sealed, its public keys published and pasted', async () => {
    const created = await saveConnection(acmeAdmin, { name: 'Partner (key)', clientAuth: 'private_key_jwt', clientSecret: '' });
    expect(created.status, created.text).toBe(201);
    const keyed = created.json<{ id: string; clientAuth: string; jwksUrl: string; publicJwks: string; hasClientSecret: boolean }>();
    expect(keyed).toMatchObject({ clientAuth: 'private_key_jwt', hasClientSecret: false });
    expect(keyed.jwksUrl).toBe(`${issuerOf(server, 'acme')}/signin/connections/${keyed.id}/jwks`);
    const jwks = JSON.parse(keyed.publicJwks) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    // Published on acme's host, for anyone; the private key is sealed at rest.
    const published = await new TestBrowser(server.port).request('GET', keyed.jwksUrl);
    expect(published.status).toBe(200);
    expect(JSON.parse(published.body)).toEqual(jwks);
    expect(
      (await new TestBrowser(server.port).request('GET', `${issuerOf(server, 'globex')}/signin/connections/${keyed.id}/jwks`)).status,
    ).toBe(404);
    const row = await server.ctx.db.kysely
      .selectFrom('sign_in_connections')
      .selectAll()
      .where('id', '=', keyed.id)
      .executeTakeFirstOrThrow();
    expect(row.private_key_sealed).toMatch(/^v1\./);
    expect(row.private_key_sealed).not.toContain('"d"');

    // Partner's application for acme takes private_key_jwt only, with acme's public keys pasted.
    const partnerAdmin = await signedIn(server, 'partner', 'admin@partner.test');
    const keyApp = await createApplication(partnerAdmin, {
      name: 'Acme sign-in (key)',
      redirectURIs: [`${issuerOf(server, 'acme')}/signin/callback`],
      allowsUnverifiedAccess: true,
      tokenEndpointAuthMethod: 'private_key_jwt',
      jwks: keyed.publicJwks,
    });
    // Saving again keeps the key pair.
    const pointed = await saveConnection(
      acmeAdmin,
      { name: 'Partner (key)', clientAuth: 'private_key_jwt', clientId: keyApp.id, clientSecret: '' },
      keyed.id,
    );
    expect(pointed.status, pointed.text).toBe(200);
    expect(pointed.json<{ publicJwks: string }>().publicJwks).toBe(keyed.publicJwks);
    const hank = await createUser(server, partnerId, { email: 'hank@corp.test', emailVerified: true });
    await grantAccess(server, partnerId, hank.id, [keyApp.id]);
    const { url, browser } = await signInThroughConnection('hank@corp.test', { connection: keyed.id });
    expect(url.searchParams.get('connection_error')).toBeNull();
    expect((await acmeAccount(browser)).body?.email).toBe('hank@corp.test');

    // The same application refuses a client that cannot sign with that key (another key pair).
    const other = await saveConnection(acmeAdmin, {
      name: 'Partner (other key)',
      clientAuth: 'private_key_jwt',
      clientId: keyApp.id,
      clientSecret: '',
    });
    expect(other.status).toBe(201);
    const refused = await signInThroughConnection('hank@corp.test', { connection: other.json<{ id: string }>().id });
    expect(refused.url.searchParams.get('connection_error')).toBe('provider_refused');
  });

  it('validates input with the shared schema: issuer https (http only on localhost), domains, jit domains within them', async () => {
    const bad = await saveConnection(acmeAdmin, {
      issuer: 'http://idp.example.com',
      emailDomains: ['not a domain'],
      jitDomains: ['other.test'],
    });
    expect(bad.status).toBe(400);
    const errors = bad.json<{ validation: { errors: Record<string, unknown> } }>().validation.errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['issuer', 'emailDomains.0']));
    const outside = await saveConnection(acmeAdmin, { jitDomains: ['other.test'] });
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.json<{ validation: { errors: Record<string, unknown> } }>().validation.errors)).toEqual(['jitDomains']);
  });

  it('updates and deletes, auditing each change without the secret', async () => {
    const created = await saveConnection(acmeAdmin, { name: 'Temporary' });
    const id = created.json<{ id: string }>().id;
    const updated = await saveConnection(acmeAdmin, { name: 'Renamed', clientSecret: '' }, id);
    expect(updated.status).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Renamed', hasClientSecret: true });
    expect((await acmeAdmin.delete(`/api/connections/${id}`)).status).toBe(204);
    expect((await acmeAdmin.get(`/api/connections/${id}`)).status).toBe(404);
    const events = (await auditTypes(acmeId)).filter((e) => e.subject === id);
    expect(events.map((e) => e.type)).toEqual(['connection.created', 'connection.updated', 'connection.deleted']);
    expect(JSON.stringify(events)).not.toContain(upstreamApp.secret);
  });

  it('refuses private and loopback addresses upstream unless the operator allows them', async () => {
    const strictFetch = guardedFetch(outboundLimits(false));
    const init = { method: 'GET', headers: {}, body: undefined, redirect: 'manual' as const };
    await expect(strictFetch(`${issuerOf(server, 'partner')}/.well-known/openid-configuration`, init)).rejects.toBeInstanceOf(
      ForbiddenAddressError,
    );
    await expect(strictFetch(`http://127.0.0.1:${server.port}/`, init)).rejects.toBeInstanceOf(ForbiddenAddressError);
    await expect(strictFetch('http://169.254.169.254/latest/meta-data', init)).rejects.toBeInstanceOf(ForbiddenAddressError);
    const tiny = guardedFetch({ allowPrivate: true, timeoutMs: 5000, maxResponseBytes: 100 });
    await expect(tiny(`${issuerOf(server, 'partner')}/.well-known/openid-configuration`, init)).rejects.toThrow(/larger than 100 bytes/);
  });
});
