/**
 * Issue 27's SCIM findings through real HTTP on both databases: a management token with
 * `applications:write` cannot reach SCIM (turning it on and minting its token are an Organisation
 * Admin's), a password set over SCIM is audited and ends the user's sessions and refresh tokens, and
 * the Entra ID / Okta interoperability defects (DELETE with a Content-Type, removing `active`, emails
 * that were dropped, a phone's primary, userName's case, invitations of inactive users, provisioned
 * addresses trusted as verified, POST /Users/.search, the 501 of bulk logged as an expected answer).
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mailTo, signIn } from '../testing/accounts.ts';
import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient, TestResponse } from '../testing/http-client.ts';
import { managementToken } from '../testing/machine-clients.ts';
import { relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const CALLBACK = 'https://wiki.example.com/callback';
const NEW_PASSWORD = 'a long and unusual passphrase 42';

const appForm = (name: string, scimEnabled: boolean) => ({
  name,
  clientType: 'confidential',
  redirectURIs: [CALLBACK],
  postLogoutRedirectURIs: ['https://wiki.example.com/'],
  idTokenSignedResponseAlg: 'RS256',
  scimEnabled,
});

function expectScimError(res: TestResponse, status: number, scimType?: string) {
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  expect({ status: res.status, body: res.json() }).toMatchObject({
    status,
    body: { schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) },
  });
}

describe.each(testDialects())('SCIM as Entra ID and Okta use it, on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let app: CreatedApplication;
  let token: string;
  const logLines: string[] = [];

  /** A SCIM call as Entra ID and Okta make it: application/scim+json, a Content-Type header on every request. */
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    server.client('acme').request(method, `/scim/v2${path}`, {
      noOrigin: true,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const patch = (id: string, ...operations: object[]) => call('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: operations });
  const row = (id: string) => server.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const provision = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/Users', { schemas: [USER], ...body });
    expect(res.status, res.text).toBe(201);
    return res.json<{ id: string } & Record<string, unknown>>();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { logLines, config: { logLevel: 'info' } });
    acmeId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    app = await createApplication(admin);
    expect((await admin.put(`/api/clients/${app.id}`, { form: appForm('Wiki', true) })).status).toBe(200);
    token = (await admin.post(`/api/clients/${app.id}/scimtoken`)).json<{ token: string }>().token;
  });
  afterAll(() => server?.close());

  describe('a management token with applications:write (point 2)', () => {
    it('cannot turn SCIM on, mint a SCIM token, or take an application with SCIM on; an Organisation Admin can, audited', async () => {
      const robot = await createApplication(admin, { name: 'Robot', clientType: 'machine' });
      const as = await managementToken(server, admin, robot, ['applications:write']);
      const bearer = server.client('acme');

      // Its ordinary powers stay: it creates and changes applications without SCIM.
      const created = await bearer.post('/api/clients', { ...as, form: { name: 'Evil' } });
      expect(created.status, created.text).toBe(201);
      const evil = created.json<{ id: string }>().id;
      expect((await bearer.put(`/api/clients/${evil}`, { ...as, form: appForm('Evil', false) })).status).toBe(200);

      // The chain stops at its first step: SCIM cannot be turned on, nor a token minted.
      const enabling = await bearer.put(`/api/clients/${evil}`, { ...as, form: appForm('Evil', true) });
      expect(enabling.status).toBe(403);
      expect(enabling.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Organisation Admin') });
      expect((await bearer.post(`/api/clients/${evil}/scimtoken`, as)).status).toBe(403);
      expect(
        (await server.ctx.db.kysely.selectFrom('clients').select('scim_enabled').where('id', '=', evil).executeTakeFirstOrThrow())
          .scim_enabled,
      ).toBe(false);
      // Nor can it take an application with SCIM on: its secret (client credentials with scope scim), its settings, its SCIM token.
      const before = await server.ctx.db.kysely.selectFrom('clients').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow();
      expect((await bearer.post(`/api/clients/${app.id}/regeneratesecret`, as)).status).toBe(403);
      expect((await bearer.put(`/api/clients/${app.id}`, { ...as, form: appForm('Wiki', true) })).status).toBe(403);
      expect((await bearer.post(`/api/clients/${app.id}/scimtoken`, as)).status).toBe(403);
      const after = await server.ctx.db.kysely.selectFrom('clients').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow();
      expect(after).toEqual(before);

      // A signed-in Organisation Admin can; both acts are in the audit log with the admin as actor.
      expect((await admin.put(`/api/clients/${evil}`, { form: appForm('Evil', true) })).status).toBe(200);
      expect((await admin.post(`/api/clients/${evil}/scimtoken`)).status).toBe(200);
      const events = await server.ctx.db.kysely
        .selectFrom('audit_events')
        .select(['type', 'actor_kind', 'details'])
        .where('subject_id', '=', evil)
        .where('actor_kind', '=', 'user')
        .execute();
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['application.updated', 'application.scim_token_generated']));
      expect(JSON.parse(events.find((e) => e.type === 'application.updated')!.details)).toMatchObject({
        scimEnabled: { from: false, to: true },
      });
    });
  });

  describe('a password set over SCIM (point 2)', () => {
    it('is audited and ends the user’s sessions and refresh tokens, as a reset does', async () => {
      const pat = await createUser(server, acmeId, { email: 'pat@acme.test' });
      await grantAccess(server, acmeId, pat.id, [app.id]);
      const rp = await relyingParty(server, 'acme', app.id, app.secret);
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(rp, {
        redirect_uri: CALLBACK,
        scope: 'openid offline_access',
        prompt: 'consent',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: pat.email, password: DEFAULT_PASSWORD });
      expect(callback.origin + callback.pathname).toBe(CALLBACK);
      const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
      expect(tokens.refresh_token).toBeTruthy();
      const dashboard = await signIn(server, 'acme', pat.email, DEFAULT_PASSWORD);
      expect((await dashboard.get('/api/account')).status).toBe(200);

      const res = await patch(pat.id, { op: 'replace', path: 'password', value: NEW_PASSWORD });
      expect(res.status, res.text).toBe(200);

      expect((await dashboard.get('/api/account')).status).toBe(401);
      await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      const audited = await server.ctx.db.kysely
        .selectFrom('audit_events')
        .select(['actor_kind', 'actor_id', 'details'])
        .where('subject_id', '=', pat.id)
        .where('type', '=', 'user.password_reset')
        .execute();
      expect(audited).toEqual([{ actor_kind: 'application', actor_id: app.id, details: expect.stringContaining('scim') }]);
      await signIn(server, 'acme', pat.email, NEW_PASSWORD);
    });
  });

  it('removes a user on a DELETE that carries a Content-Type and no body (point 10)', async () => {
    const { id } = await provision({ userName: 'dora@acme.test', password: NEW_PASSWORD });
    const res = await call('DELETE', `/Users/${id}`, undefined, { 'content-length': '0' });
    expect(res.status, res.text).toBe(204);
    const second = await provision({ userName: 'dee@acme.test', password: NEW_PASSWORD });
    expect((await call('DELETE', `/Users/${second.id}`)).status).toBe(204);
    expect(await server.ctx.db.kysely.selectFrom('users').select('id').where('id', 'in', [id, second.id]).execute()).toEqual([]);
    // A body that is there must still be JSON.
    expectScimError(
      await server.client('acme').request('DELETE', `/scim/v2/Users/${id}`, {
        noOrigin: true,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: '{',
      }),
      400,
      'invalidSyntax',
    );
  });

  it('never re-enables a disabled user through a remove of active (point 11)', async () => {
    const { id } = await provision({ userName: 'rem@acme.test', password: NEW_PASSWORD, active: false });
    expect((await row(id)).status).toBe('Disabled');
    expectScimError(await patch(id, { op: 'remove', path: 'active' }), 400, 'mutability');
    expectScimError(await patch(id, { op: 'Remove', path: `${USER}:active` }), 400, 'mutability');
    expect((await row(id)).status).toBe('Disabled');
    expect((await call('GET', `/Users/${id}`)).json().active).toBe(false);
  });

  describe('what is sent is kept or refused, never dropped (point 12)', () => {
    it('refuses a second email and the removal of the email, and keeps the address', async () => {
      const { id } = await provision({ userName: 'emma@acme.test' });
      const second = await patch(id, { op: 'add', path: 'emails', value: [{ value: 'emma.home@example.com', type: 'home' }] });
      expectScimError(second, 400, 'invalidValue');
      expectScimError(await patch(id, { op: 'remove', path: 'emails' }), 400, 'mutability');
      expectScimError(await patch(id, { op: 'remove', path: 'emails[type eq "work"]' }), 400, 'mutability');
      expect((await call('GET', `/Users/${id}`)).json().emails).toEqual([{ value: 'emma@acme.test', type: 'work', primary: true }]);
      // The same address again (in another case, another type) drops nothing: it is accepted.
      expect((await patch(id, { op: 'add', path: 'emails', value: [{ value: 'Emma@acme.test', type: 'other' }] })).status).toBe(200);
      // A whole resource whose email is not its userName would lose one of them.
      const mismatch = await call('POST', '/Users', {
        schemas: [USER],
        userName: 'x@acme.test',
        emails: [{ value: 'y@acme.test', type: 'work' }],
      });
      expectScimError(mismatch, 400, 'invalidValue');
      // A PATCH follows the same rule (issue 39: it renamed the userName, and a directory whose mail
      // differs from the UPN flipped it back and forth): one other address in `emails` is refused.
      for (const op of [
        { op: 'replace', path: 'emails', value: [{ value: 'emma.new@acme.test', type: 'work', primary: true }] },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'emma.new@acme.test' },
      ])
        expectScimError(await patch(id, op), 400, 'invalidValue');
      expect((await call('GET', `/Users/${id}`)).json()).toMatchObject({
        userName: 'emma@acme.test',
        emails: [{ value: 'emma@acme.test' }],
      });
      // Both in one PATCH rename the user; the userName alone too (the emails we answered follow it).
      const both = await patch(
        id,
        { op: 'replace', path: 'userName', value: 'emma.new@acme.test' },
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'emma.new@acme.test' },
      );
      expect(both.status, both.text).toBe(200);
      expect(both.json()).toMatchObject({ userName: 'emma.new@acme.test', emails: [{ value: 'emma.new@acme.test' }] });
      expect((await patch(id, { op: 'replace', path: 'userName', value: 'emma@acme.test' })).json()).toMatchObject({
        userName: 'emma@acme.test',
        emails: [{ value: 'emma@acme.test' }],
      });
      expectScimError(
        await call('POST', '/Users', {
          schemas: [USER],
          userName: 'z@acme.test',
          emails: [
            { value: 'z@acme.test', type: 'work', primary: true },
            { value: 'z@home.example', type: 'home' },
          ],
        }),
        400,
        'invalidValue',
      );
    });

    it('answers a phone number’s primary as it was sent', async () => {
      const user = await provision({
        userName: 'phil@acme.test',
        phoneNumbers: [{ value: '+44 7700 900123', type: 'mobile', primary: false }],
      });
      expect(user.phoneNumbers).toEqual([{ value: '+44 7700 900123', type: 'mobile', primary: false }]);
      expect((await call('GET', `/Users/${user.id}`)).json().phoneNumbers).toEqual([
        { value: '+44 7700 900123', type: 'mobile', primary: false },
      ]);
      const byPrimary = (primary: boolean) =>
        call('GET', `/Users?filter=${encodeURIComponent(`userName eq "phil@acme.test" and phoneNumbers[primary eq ${primary}]`)}`);
      expect((await byPrimary(false)).json().totalResults).toBe(1);
      expect((await byPrimary(true)).json().totalResults).toBe(0);
      const primary = await patch(user.id, { op: 'replace', path: 'phoneNumbers[type eq "mobile"].primary', value: true });
      expect((await byPrimary(true)).json().totalResults).toBe(1);
      expect(primary.json().phoneNumbers).toEqual([{ value: '+44 7700 900123', type: 'mobile', primary: true }]);
    });

    it('keeps userName in the case given and compares it without case', async () => {
      const user = await provision({
        userName: 'Ada.Lovelace@Contoso.Example',
        emails: [{ value: 'Ada.Lovelace@Contoso.Example', type: 'work', primary: true }],
      });
      expect(user).toMatchObject({ userName: 'Ada.Lovelace@Contoso.Example', emails: [{ value: 'Ada.Lovelace@Contoso.Example' }] });
      expect((await row(user.id)).email).toBe('ada.lovelace@contoso.example');
      const found = await call('GET', `/Users?filter=${encodeURIComponent('userName eq "ada.lovelace@contoso.example"')}`);
      expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id, userName: 'Ada.Lovelace@Contoso.Example' }] });
      expectScimError(await call('POST', '/Users', { schemas: [USER], userName: 'ADA.LOVELACE@contoso.example' }), 409, 'uniqueness');
      const renamed = await patch(user.id, { op: 'replace', path: 'userName', value: 'Ada.King@Contoso.Example' });
      expect(renamed.json()).toMatchObject({ userName: 'Ada.King@Contoso.Example', emails: [{ value: 'Ada.King@Contoso.Example' }] });
      expect((await row(user.id)).email).toBe('ada.king@contoso.example');
    });
  });

  describe('invitations and verified addresses (point 13)', () => {
    it('invites a user created inactive only when they are activated', async () => {
      const { id } = await provision({ userName: 'ivy@acme.test', active: false });
      expect((await mailTo(server, 'ivy@acme.test')).map((m) => m.kind)).not.toContain('invitation');
      expect((await patch(id, { op: 'replace', path: 'active', value: true })).json().active).toBe(true);
      expect((await mailTo(server, 'ivy@acme.test')).map((m) => m.kind)).toEqual(['invitation']);
    });

    it('lets a user provisioned with a password into the application at once: the address is trusted as verified', async () => {
      const { id } = await provision({ userName: 'okta.sync@acme.test', password: NEW_PASSWORD });
      expect((await row(id)).email_verified_date).not.toBeNull();
      const rp = await relyingParty(server, 'acme', app.id, app.secret);
      const url = client.buildAuthorizationUrl(rp, {
        redirect_uri: CALLBACK,
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const landed = await signInThroughSpa(new TestBrowser(server.port), url, { email: 'okta.sync@acme.test', password: NEW_PASSWORD });
      expect(landed.origin + landed.pathname).toBe(CALLBACK);
    });
  });

  it('answers POST /Users/.search as the GET with the same filter, paging and attributes (point 14)', async () => {
    for (const name of ['sa', 'sb', 'sc']) await provision({ userName: `${name}@search.example`, name: { givenName: name } });
    const filter = 'userName sw "s" and userName ew "@search.example"';
    const viaGet = await call(
      'GET',
      `/Users?filter=${encodeURIComponent(filter)}&startIndex=2&count=1&sortBy=userName&sortOrder=descending&attributes=userName`,
    );
    const viaPost = await call('POST', '/Users/.search', {
      schemas: [SEARCH],
      filter,
      startIndex: 2,
      count: 1,
      sortBy: 'userName',
      sortOrder: 'descending',
      attributes: ['userName'],
    });
    expect(viaPost.status, viaPost.text).toBe(200);
    expect(viaPost.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(viaPost.json()).toEqual(viaGet.json());
    expect(viaPost.json()).toMatchObject({
      totalResults: 3,
      itemsPerPage: 1,
      startIndex: 2,
      Resources: [{ userName: 'sb@search.example' }],
    });
    expect(viaPost.json<{ Resources: { name?: unknown }[] }>().Resources[0]!.name).toBeUndefined();
    const excluded = await call('POST', '/Users/.search', {
      schemas: [SEARCH],
      filter: 'userName eq "sa@search.example"',
      excludedAttributes: ['name'],
    });
    expect(excluded.json()).toMatchObject({ totalResults: 1, Resources: [{ userName: 'sa@search.example' }] });
    expect(excluded.json<{ Resources: { name?: unknown }[] }>().Resources[0]!.name).toBeUndefined();
    expectScimError(await call('POST', '/Users/.search', { schemas: [SEARCH], filter: 'nickName eq "x"' }), 400, 'invalidFilter');
    expectScimError(await call('POST', '/Users/.search', { filter: 'userName pr' }), 400, 'invalidSyntax');
  });

  it('names the managing application on the admin endpoints and keeps the fields it sets out of the admins’ edits (point 15)', async () => {
    const { id } = await provision({ userName: 'max@acme.test', name: { givenName: 'Max', familyName: 'Managed' } });
    const page = await admin.get(`/api/users?search=${encodeURIComponent('max@acme.test')}`);
    expect(page.json<{ items: { id: string; managedBy: string | null }[] }>().items).toEqual([
      expect.objectContaining({ id, managedBy: 'Wiki' }),
    ]);
    expect((await admin.get(`/api/users/${id}`)).json()).toMatchObject({ managedBy: { id: app.id, name: 'Wiki' } });
    const unmanaged = await createUser(server, acmeId, { email: 'una@acme.test' });
    expect((await admin.get(`/api/users/${unmanaged.id}`)).json()).toMatchObject({ managedBy: null });

    const form = (firstName: string) => ({ form: { firstName, surname: 'Managed', phoneNumber: '', clients: [app.id] } });
    const refused = await admin.put(`/api/users/${id}`, form('Maxine'));
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ validation: { errors: { firstName: { message: 'Set by Wiki through SCIM' } } } });
    expect((await row(id)).first_name).toBe('Max');
    // What it does not set stays the admin's: the same names with other access are saved.
    expect((await admin.put(`/api/users/${id}`, form('Max'))).status).toBe(200);

    // SCIM turned off: the admins have the fields back.
    const other = await createApplication(admin, { name: 'Directory' });
    expect((await admin.put(`/api/clients/${other.id}`, { form: appForm('Directory', true) })).status).toBe(200);
    const otherToken = (await admin.post(`/api/clients/${other.id}/scimtoken`)).json<{ token: string }>().token;
    const res = await server.client('acme').request('PATCH', `/scim/v2/Users/${id}`, {
      noOrigin: true,
      headers: { authorization: `Bearer ${otherToken}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'name.givenName', value: 'Maximilian' }] }),
    });
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/users/${id}`)).json()).toMatchObject({ managedBy: { id: other.id, name: 'Directory' } });
    expect((await admin.put(`/api/clients/${other.id}`, { form: appForm('Directory', false) })).status).toBe(200);
    expect((await admin.get(`/api/users/${id}`)).json()).toMatchObject({ managedBy: null });
    expect((await admin.put(`/api/users/${id}`, form('Maxine'))).status).toBe(200);
  });

  it('logs the 501 of bulk as an expected answer: at info, without a stack (point 5)', async () => {
    logLines.length = 0;
    expectScimError(await call('POST', '/Bulk', { schemas: [] }), 501);
    await server.settled();
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    expect(lines.filter((line) => line.msg === 'SCIM feature not supported')).toHaveLength(1);
  });
});
