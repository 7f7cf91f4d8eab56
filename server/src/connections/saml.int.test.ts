import { randomUUID } from 'node:crypto';

import { CONNECTION_MESSAGES } from '@gatehouse/common/connection-messages';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import { SAML_LIMITS } from '@gatehouse/common/saml-connections';
/**
 * SAML 2.0 connections through real parts on either database: a test IdP (testing/saml-idp.ts) signs
 * real assertions with a generated key; the browser goes to it with Gatehouse's AuthnRequest and comes
 * back with a cross-site post to our ACS URL. A valid answer signs in (just in time, or linking an
 * existing account); a tampered, unsigned, foreign-key, expired, replayed one, or one for another
 * audience, recipient or request, is refused with the person's sentence and an audit event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoped } from '../db/scoped.ts';
import { addFactor } from '../mfa/store.ts';
import { setPolicy } from '../testing/accounts.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, TestBrowser } from '../testing/oidc-rp.ts';
import { type AnswerOptions, TestIdp } from '../testing/saml-idp.ts';

const EMAIL = 'email';

describe.each(testDialects())('SAML connections on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  let acmeAdmin: TestClient;
  let globexAdmin: TestClient;
  let idp: TestIdp;
  let connectionId: string;

  async function auditOf(type: string) {
    const rows = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'details', 'subject_id'])
      .where('organisation_id', '=', acmeId)
      .where('type', '=', type)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ subject: r.subject_id, details: JSON.parse(r.details) as Record<string, unknown> }));
  }

  /** Starts a sign-in in `browser`: answers the AuthnRequest the IdP got. */
  async function start(browser: TestBrowser, id = connectionId, org = 'acme') {
    const res = await browser.request('GET', `${issuerOf(server, org)}/signin/connections/${id}`);
    expect(res.status, res.body).toBe(303);
    return idp.readRequest(String(res.headers.location));
  }

  /** Posts an answer to the ACS URL from the IdP's site, and follows the browser to where it ends. */
  async function post(browser: TestBrowser, samlResponse: string, id = connectionId) {
    const acs = `${issuerOf(server, 'acme')}/saml/${id}/acs`;
    const posted = await browser.request('POST', acs, {
      form: { SAMLResponse: samlResponse },
      headers: { origin: 'https://idp.example.test' },
    });
    expect(posted.status, posted.body).toBe(303);
    const location = new URL(String(posted.headers.location), acs);
    const { url } = await browser.navigate(location);
    return url;
  }

  async function signIn(answer: AnswerOptions, browser = new TestBrowser(server.port)) {
    await start(browser);
    const url = await post(browser, idp.answer(answer));
    return { url, browser, error: url.searchParams.get('connection_error') };
  }

  async function account(browser: TestBrowser) {
    const res = await browser.request('GET', `${issuerOf(server, 'acme')}/api/account`);
    return res.status === 200 ? (JSON.parse(res.body) as { email: string; id: string }) : null;
  }

  const person = (email: string, nameId = email): AnswerOptions => ({
    nameId,
    attributes: { [EMAIL]: email, firstName: 'Sam', lastName: 'Assertion' },
  });

  beforeAll(async () => {
    // Behind a proxy: a post's X-Forwarded-For is its address (the bound on what one address holds).
    server = await startTestServer(dialect, { config: { webhooksAllowPrivate: true, trustProxy: true } });
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    acmeAdmin = await signedIn(server, 'acme', 'admin@acme.test');
    globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    idp = await TestIdp.create();
    const created = await acmeAdmin.post('/api/connections/saml', {
      json: { name: 'Corp SAML', metadataXml: idp.metadata(), emailDomains: ['corp.test'], jitEnabled: true, linkExisting: true },
    });
    expect(created.status, created.text).toBe(201);
    connectionId = created.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  it('shows the values to give the IdP and what its metadata said; publishes our SP metadata on the organisation origin', async () => {
    const answer = await acmeAdmin.get(`/api/connections/${connectionId}`);
    expect(answer.status).toBe(200);
    const acme = issuerOf(server, 'acme');
    expect(answer.json()).toMatchObject({
      kind: 'saml',
      issuer: idp.entityId,
      hasClientSecret: false,
      saml: {
        entityId: `${acme}/saml/${connectionId}/metadata`,
        acsUrl: `${acme}/saml/${connectionId}/acs`,
        idpEntityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        idpMetadataUrl: null,
        certificates: [{ subject: 'CN=idp test IdP' }],
      },
    });
    const metadata = await server.client('acme').get(`/saml/${connectionId}/metadata`);
    expect(metadata.status).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.text).toContain(`entityID="${acme}/saml/${connectionId}/metadata"`);
    expect(metadata.text).toContain(`Location="${acme}/saml/${connectionId}/acs"`);
    expect(metadata.text).toContain('WantAssertionsSigned="true"');
    // Another organisation's host knows nothing of it.
    expect((await server.client('globex').get(`/saml/${connectionId}/metadata`)).status).toBe(404);
    expect((await globexAdmin.get(`/api/connections/${connectionId}`)).status).toBe(404);
    expect(
      (await globexAdmin.put(`/api/connections/saml/${connectionId}`, { json: { name: 'x', metadataXml: idp.metadata() } })).status,
    ).toBe(404);
  });

  it('refuses metadata that is not an IdP’s, and reads it from an address through the outbound guard', async () => {
    const bad = await acmeAdmin.post('/api/connections/saml', { json: { name: 'Bad', metadataXml: '<x/>', emailDomains: ['corp.test'] } });
    expect(bad.status).toBe(400);
    expect(bad.json<{ validation: { errors: Record<string, unknown> } }>().validation.errors).toHaveProperty('metadataXml');
    // Covering the only Organisation Admin's domain without a password would lock them out (issue 39).
    const lockout = await acmeAdmin.post('/api/connections/saml', {
      json: { name: 'Acme SAML', metadataXml: idp.metadata(), emailDomains: ['acme.test'], allowPassword: false },
    });
    expect(lockout.status).toBe(409);
    expect(lockout.json()).toMatchObject({ message: CONNECTION_MESSAGES.wouldLockOutAdmins });
    const none = await acmeAdmin.post('/api/connections/saml', { json: { name: 'None', emailDomains: ['corp.test'] } });
    expect(none.status).toBe(400);
    expect(none.json<{ validation: { errors: Record<string, unknown> } }>().validation.errors).toHaveProperty('metadataUrl');
    const url = await idp.serveMetadata();
    const byUrl = await acmeAdmin.post('/api/connections/saml', { json: { name: 'By URL', metadataUrl: url, emailDomains: ['url.test'] } });
    expect(byUrl.status, byUrl.text).toBe(201);
    expect(byUrl.json()).toMatchObject({ saml: { idpMetadataUrl: url, idpEntityId: idp.entityId } });
    // A change that gives no metadata keeps what was read, and where from.
    const kept = await acmeAdmin.put(`/api/connections/saml/${byUrl.json<{ id: string }>().id}`, {
      json: { name: 'By URL, renamed', emailDomains: ['url.test'] },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'By URL, renamed', saml: { idpMetadataUrl: url, idpEntityId: idp.entityId } });
    expect((await acmeAdmin.delete(`/api/connections/${byUrl.json<{ id: string }>().id}`)).status).toBe(204);
    // An OIDC change cannot turn a SAML connection into something else.
    const oidc = await acmeAdmin.put(`/api/connections/${connectionId}`, {
      json: { name: 'x', issuer: 'https://example.com', clientId: 'c', emailDomains: ['corp.test'] },
    });
    expect(oidc.status).toBe(404);
  });

  it('signs in with a signed assertion: an account just in time, linked to the NameID, amr fed', async () => {
    // inetOrgPerson's preferredLanguage, as an Accept-Language list: the first supported one is the person's.
    const answer = person('jit@corp.test', 'persistent-jit');
    const { url, browser, error } = await signIn({
      ...answer,
      attributes: { ...answer.attributes, preferredLanguage: 'gsw, de-CH;q=0.9' },
    });
    expect(error).toBeNull();
    expect(url.host).toBe(`acme.localhost:${server.port}`);
    expect((await account(browser))?.email).toBe('jit@corp.test');
    const user = await server.ctx.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('organisation_id', '=', acmeId)
      .where('email', '=', 'jit@corp.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Sam', surname: 'Assertion', password_hash: null, locale: 'de' });
    const link = await server.ctx.db.kysely
      .selectFrom('connection_links')
      .selectAll()
      .where('organisation_id', '=', acmeId)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ connection_id: connectionId, subject: 'persistent-jit' });
    const session = await server.ctx.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(session)).toContain('fed');
    expect((await auditOf('user.signed_in')).at(-1)?.details).toMatchObject({ method: 'connection', connectionId });

    // Again: the link finds the user, whatever the email says now.
    const again = await signIn(person('renamed@corp.test', 'persistent-jit'));
    expect(again.error).toBeNull();
    expect((await account(again.browser))?.id).toBe(user.id);
  });

  it('links an existing account with the same email', async () => {
    const existing = await createUser(server, acmeId, { email: 'known@corp.test' });
    const { browser, error } = await signIn(person('known@corp.test', 'persistent-known'));
    expect(error).toBeNull();
    expect((await account(browser))?.id).toBe(existing.id);
    expect((await auditOf('connection.linked')).some((e) => e.subject === existing.id)).toBe(true);
  });

  it('refuses an email outside the connection’s domains', async () => {
    const { error, browser } = await signIn(person('someone@elsewhere.test', 'persistent-elsewhere'));
    expect(error).toBe('domain_not_allowed');
    expect(await account(browser)).toBeNull();
  });

  const refusals: [string, (seen: { id: string }) => string, string?][] = [
    ['a tampered assertion', () => TestIdp.tamper(idp.answer(person('tamper@corp.test')), 'tamper@corp.test', 'admin@corp.test')],
    ['an unsigned assertion', () => idp.answer({ ...person('unsigned@corp.test'), sign: 'none' })],
    ['an assertion signed with another key', () => idp.answer({ ...person('other@corp.test'), otherKey: true })],
    ['an expired assertion', () => idp.answer({ ...person('expired@corp.test'), validMinutes: -5 })],
    ['another audience', () => idp.answer({ ...person('aud@corp.test'), audience: 'https://other.example.test/sp' })],
    ['another recipient', () => idp.answer({ ...person('rcpt@corp.test'), recipient: 'https://other.example.test/acs' })],
    // Not even kept: it answers no sign-in started here.
    ['another request (InResponseTo)', () => idp.answer({ ...person('irt@corp.test'), inResponseTo: '_not-this-request' }), 'expired'],
    ['another issuer', () => idp.answer({ ...person('iss@corp.test'), issuer: 'https://evil.example.test/saml' })],
    // Only the assertion is signed, and node-saml reads no Destination (issue 39).
    [
      'a Response sent to another Destination',
      () => idp.answer({ ...person('dest@corp.test'), destination: 'https://other.example.test/acs' }),
    ],
  ];
  it.each(refusals)('refuses %s, with the reason audited', async (_, make, reason = 'not_verified') => {
    const browser = new TestBrowser(server.port);
    const seen = await start(browser);
    const url = await post(browser, make(seen));
    expect(url.searchParams.get('connection_error')).toBe(reason);
    expect(url.searchParams.get('ref')).toMatch(/.+/);
    expect(await account(browser)).toBeNull();
    expect((await auditOf('connection.refused')).at(-1)?.details).toMatchObject({ reason, connectionId });
  });

  it('refuses a replayed answer, and a new answer that reuses an accepted assertion ID', async () => {
    const browser = new TestBrowser(server.port);
    await start(browser);
    const first = idp.answer({ ...person('replay@corp.test', 'persistent-replay'), assertionId: '_replayed-assertion' });
    expect((await post(browser, first)).searchParams.get('connection_error')).toBeNull();
    // The same answer again, in a new sign-in of the same browser: it answers no live sign-in, so it is not even kept.
    await start(browser);
    expect((await post(browser, first)).searchParams.get('connection_error')).toBe('expired');
    // A fresh answer to a fresh request, with the accepted assertion's ID.
    await start(browser);
    const reused = idp.answer({ ...person('replay@corp.test', 'persistent-replay'), assertionId: '_replayed-assertion' });
    expect((await post(browser, reused)).searchParams.get('connection_error')).toBe('not_verified');
  });

  it('signs in with a Response that names no Destination (it is optional when the Response is not signed)', async () => {
    const { error, browser } = await signIn({ ...person('nodest@corp.test', 'persistent-nodest'), destination: null });
    expect(error).toBeNull();
    expect((await account(browser))?.email).toBe('nodest@corp.test');
  });

  async function waitingAnswers() {
    const row = await server.ctx.db.kysely
      .selectFrom('saml_responses')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organisation_id', '=', acmeId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('keeps no anonymous post: 510 answers to no sign-in started here, then a real sign-in works (issue 39)', async () => {
    const anonymous = server.client('acme');
    let last = '';
    for (let i = 0; i < 510; i++) {
      const forged = idp.answer({ ...person('flood@corp.test'), inResponseTo: `_forged-${i}`, sign: 'none' });
      const res = await anonymous.post(`/saml/${connectionId}/acs`, {
        form: { SAMLResponse: forged },
        headers: { origin: 'https://idp.example.test' },
      });
      expect(res.status).toBe(303);
      last = String(res.headers.location);
    }
    expect(last).toContain('connection_error=expired');
    expect(await waitingAnswers()).toBe(0);
    const { error, browser } = await signIn(person('after-flood@corp.test', 'persistent-after-flood'));
    expect(error).toBeNull();
    expect((await account(browser))?.email).toBe('after-flood@corp.test');
  });

  it('bounds the answers one address holds, even to sign-ins it started; other addresses still sign in (issue 39)', async () => {
    const attacker = new TestBrowser(server.port);
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const acs = `${issuerOf(server, 'acme')}/saml/${connectionId}/acs`;
    const before = await waitingAnswers();
    for (let i = 0; i <= SAML_LIMITS.responsesPerAddressMax; i++) {
      const started = await attacker.request('GET', `${issuerOf(server, 'acme')}/signin/connections/${connectionId}`, { headers: from });
      const seen = idp.readRequest(String(started.headers.location));
      const answer = idp.answer({ ...person('held@corp.test'), inResponseTo: seen.id, sign: 'none' });
      const posted = await attacker.request('POST', acs, {
        form: { SAMLResponse: answer },
        headers: { ...from, origin: 'https://idp.example.test' },
      });
      expect(posted.status).toBe(303);
      // Kept, never followed: until the bound, then refused.
      if (i < SAML_LIMITS.responsesPerAddressMax) expect(String(posted.headers.location)).toContain('response=');
      else expect(String(posted.headers.location)).toContain('connection_error=unavailable');
    }
    expect(await waitingAnswers()).toBe(before + SAML_LIMITS.responsesPerAddressMax);
    const { error } = await signIn(person('beside-attacker@corp.test', 'persistent-beside'));
    expect(error).toBeNull();
    // Another answer to the same request replaces the one waiting (one per sign-in).
    const browser = new TestBrowser(server.port);
    await start(browser);
    for (const n of [1, 2]) {
      const posted = await browser.request('POST', acs, {
        form: { SAMLResponse: idp.answer({ ...person(`again${n}@corp.test`), sign: 'none' }) },
        headers: { origin: 'https://idp.example.test' },
      });
      expect(String(posted.headers.location)).toContain('response=');
    }
    expect(await waitingAnswers()).toBe(before + SAML_LIMITS.responsesPerAddressMax + 1);
  });

  it('binds the answer to the browser that started the sign-in', async () => {
    const starter = new TestBrowser(server.port);
    await start(starter);
    const answer = idp.answer(person('bound@corp.test', 'persistent-bound'));
    const other = new TestBrowser(server.port);
    const url = await post(other, answer);
    expect(url.searchParams.get('connection_error')).toBe('expired');
    expect(await account(other)).toBeNull();
    // Acme's connection is nothing on globex's host: no sign-in starts, and a post there is refused.
    expect(
      (await new TestBrowser(server.port).request('GET', `${issuerOf(server, 'globex')}/signin/connections/${connectionId}`)).status,
    ).toBe(404);
    const elsewhere = await server
      .client('globex')
      .post(`/saml/${connectionId}/acs`, { form: { SAMLResponse: answer }, headers: { origin: 'https://idp.example.test' } });
    expect(String(elsewhere.headers.location)).toContain('connection_error=connection_unavailable');
    // The posted answer's token alone signs nobody in either.
    const bare = await server.client('acme').get(`/saml/${connectionId}/acs?response=nothing`);
    expect(bare.status).toBe(303);
    expect(String(bare.headers.location)).toContain('connection_error=expired');
  });

  it('says the connection is no longer available to a sign-in begun before it was disabled (issue 39)', async () => {
    const settings = { name: 'Corp SAML', metadataXml: idp.metadata(), emailDomains: ['corp.test'], jitEnabled: true, linkExisting: true };
    const setEnabled = async (enabled: boolean) =>
      expect((await acmeAdmin.put(`/api/connections/saml/${connectionId}`, { json: { ...settings, enabled } })).status).toBe(200);
    const acs = `${issuerOf(server, 'acme')}/saml/${connectionId}/acs`;
    // Disabled while the person was at the IdP: the answer's post says so.
    const atIdp = new TestBrowser(server.port);
    await start(atIdp);
    await setEnabled(false);
    expect((await post(atIdp, idp.answer(person('late@corp.test')))).searchParams.get('connection_error')).toBe('connection_unavailable');
    await setEnabled(true);
    // Disabled between the post and the browser's GET.
    const between = new TestBrowser(server.port);
    await start(between);
    const posted = await between.request('POST', acs, {
      form: { SAMLResponse: idp.answer(person('late@corp.test')) },
      headers: { origin: 'https://idp.example.test' },
    });
    await setEnabled(false);
    const { url } = await between.navigate(new URL(String(posted.headers.location), acs));
    expect(url.searchParams.get('connection_error')).toBe('connection_unavailable');
    expect((await auditOf('connection.refused')).at(-1)?.details).toMatchObject({ reason: 'connection_unavailable' });
    await setEnabled(true);
  });

  it('counts the IdP’s multi-factor AuthnContext only when the connection trusts it', async () => {
    const mfa = 'http://schemas.microsoft.com/claims/multipleauthn';
    const user = await server.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', acmeId)
      .where('email', '=', 'jit@corp.test')
      .executeTakeFirstOrThrow();
    // The person holds a factor of their own (email codes, which the organisation allows).
    await setPolicy(server, 'acme', { allow_email_two_step: true });
    await addFactor(scoped(server.ctx.db.kysely, acmeId), {
      id: randomUUID(),
      user_id: user.id,
      kind: TWO_STEP_KINDS.email,
      name: null,
      secret: null,
      phone_number: null,
      passkey_id: null,
      last_step: null,
      created_at: Date.now(),
      last_used_at: null,
    });
    // Not trusted: Gatehouse's own second step follows (the sign-in page's code step), no session yet.
    const untrusted = await signIn({ ...person('jit@corp.test', 'persistent-jit'), authnContext: mfa });
    expect(untrusted.error).toBeNull();
    expect(untrusted.url.searchParams.get('signinstep')).toBeTruthy();
    expect(await account(untrusted.browser)).toBeNull();
    const settings = { name: 'Corp SAML', metadataXml: idp.metadata(), emailDomains: ['corp.test'], jitEnabled: true, linkExisting: true };
    const trusted = await acmeAdmin.put(`/api/connections/saml/${connectionId}`, { json: { ...settings, trustMfa: true } });
    expect(trusted.status, trusted.text).toBe(200);
    const withoutMfa = await signIn(person('jit@corp.test', 'persistent-jit'));
    expect(withoutMfa.url.searchParams.get('signinstep')).toBeTruthy();
    expect(await account(withoutMfa.browser)).toBeNull();
    const withMfa = await signIn({ ...person('jit@corp.test', 'persistent-jit'), authnContext: mfa });
    expect(withMfa.error).toBeNull();
    expect((await account(withMfa.browser))?.id).toBe(user.id);
    await server.ctx.db.kysely.deleteFrom('credentials').where('user_id', '=', user.id).execute();
    await server.ctx.db.kysely.updateTable('users').set({ has_second_factor: false }).where('id', '=', user.id).execute();
  });
});
