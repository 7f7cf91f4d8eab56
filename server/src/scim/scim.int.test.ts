/**
 * SCIM 2.0 through real HTTP on both databases: the token on the application page, the request
 * sequences Microsoft Entra ID and Okta publish for user provisioning, filters, paging and projection,
 * and the refusals (401s, isolation across organisations, End users only, malformed input).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { latestMailTo, organisationId, signIn } from '../testing/accounts.ts';
import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient, TestResponse } from '../testing/http-client.ts';
import { enrolAuthenticator, passwordStep } from '../testing/mfa.ts';
import { startServerProcess } from '../testing/process.ts';
import { enableScim, type ScimClient, scimClient, scimToken } from '../testing/scim.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const MFA = 'urn:gatehouse:params:scim:schemas:extension:mfa:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

const scim = scimClient;
type Scim = ScimClient;

const schemaIds = (res: TestResponse) => res.json<{ Resources: { id: string }[] }>().Resources.map((r) => r.id);

const filterPath = (filter: string, extra = '') => `/Users?filter=${encodeURIComponent(filter)}${extra}`;

function expectScimError(res: TestResponse, status: number, scimType?: string) {
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  const body = res.json();
  expect({ status: res.status, body }).toMatchObject({
    status,
    body: { schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) },
  });
}

/** Entra ID's create request (its SCIM guide's example, with the enterprise extension it sends by default). */
const entraUser = (userName: string, externalId: string) => ({
  schemas: [USER, ENTERPRISE],
  externalId,
  userName,
  active: true,
  emails: [{ primary: true, type: 'work', value: userName }],
  meta: { resourceType: 'User' },
  name: { formatted: 'Test User', familyName: 'User', givenName: 'Test' },
  roles: [],
  [ENTERPRISE]: { employeeNumber: '1234', department: 'Sales' },
});

describe.each(testDialects())('SCIM on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let app: { id: string; secret: string };
  let token: string;
  let api: Scim;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    app = await createApplication(admin);
    await enableScim(admin, app.id, true);
    token = await scimToken(admin, app.id);
    api = scim(server, 'acme', token);
  });
  afterAll(() => server?.close());

  describe('the token', () => {
    it('is shown once with the base URL, kept only as a hash, and named on the application', async () => {
      const other = await createApplication(admin, { name: 'Other' });
      const refused = await admin.post(`/api/clients/${other.id}/scimtoken`);
      expect(refused.status).toBe(409);
      await enableScim(admin, other.id, true);
      const res = await admin.post(`/api/clients/${other.id}/scimtoken`);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<{ token: string; baseURL: string }>();
      expect(body.baseURL).toBe(`http://acme.localhost:${server.port}/scim/v2`);
      expect(body.token).toMatch(/^gh_scim_[A-Za-z0-9_-]{43}$/);
      const row = await server.ctx.db.kysely.selectFrom('clients').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
      expect(row.scim_token_hash).not.toContain(body.token);
      expect(JSON.stringify(row)).not.toContain(body.token);
      const shown = (await admin.get(`/api/clients/${other.id}`)).json();
      expect(shown.scimTokenCreatedAt).toEqual(expect.any(String));
      expect(JSON.stringify(shown)).not.toContain(body.token);
    });

    it('answers 401 with a SCIM error for no token, a wrong one, a replaced one, SCIM off and a deleted application', async () => {
      const other = await createApplication(admin, { name: 'Payroll' });
      await enableScim(admin, other.id, true);
      const first = await scimToken(admin, other.id);
      expect((await scim(server, 'acme', first).get('/Users')).status).toBe(200);

      const none = await server.client('acme').get('/scim/v2/Users');
      expectScimError(none, 401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expectScimError(await scim(server, 'acme', 'gh_scim_wrong').get('/Users'), 401);
      expectScimError(await scim(server, 'acme', 'not-a-token-at-all').get('/Users'), 401);

      const second = await scimToken(admin, other.id);
      expectScimError(await scim(server, 'acme', first).get('/Users'), 401);
      expect((await scim(server, 'acme', second).get('/Users')).status).toBe(200);

      await enableScim(admin, other.id, false);
      expectScimError(await scim(server, 'acme', second).get('/Users'), 401);
      // Turning SCIM on again does not revive the old token.
      await enableScim(admin, other.id, true);
      expectScimError(await scim(server, 'acme', second).get('/Users'), 401);

      const third = await scimToken(admin, other.id);
      expect((await scim(server, 'acme', third).get('/Users')).status).toBe(200);
      expect((await admin.delete(`/api/clients/${other.id}`)).status).toBe(204);
      expectScimError(await scim(server, 'acme', third).get('/Users'), 401);
    });

    it('stops at once in another process too, when SCIM is turned off or the application deleted', async () => {
      const other = await createApplication(admin, { name: 'Directory', clientType: 'machine' });
      const saved = await admin.put(`/api/clients/${other.id}`, {
        form: { name: 'Directory', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', scimEnabled: true },
      });
      expect(saved.status).toBe(200);
      const secretToken = await scimToken(admin, other.id);
      const second = await startServerProcess({ DATABASE_URL: server.databaseUrl, DATA_DIR: server.ctx.config.dataDir });
      try {
        const there = (bearer: string) =>
          second.client('acme').request('GET', '/scim/v2/Users', { noOrigin: true, headers: { authorization: `Bearer ${bearer}` } });
        const issued = await second.client('acme').post('/oidc/token', {
          noOrigin: true,
          headers: { authorization: `Basic ${Buffer.from(`${other.id}:${other.secret}`).toString('base64')}` },
          form: { grant_type: 'client_credentials', scope: 'scim' },
        });
        const accessToken = issued.json<{ access_token: string }>().access_token;
        expect((await there(secretToken)).status).toBe(200);
        expect((await there(accessToken)).status).toBe(200);

        // Turned off in this process: the other refuses both kinds of token on its next call.
        await admin.put(`/api/clients/${other.id}`, {
          form: { name: 'Directory', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', scimEnabled: false },
        });
        expectScimError(await there(secretToken), 401);
        expectScimError(await there(accessToken), 401);

        await enableScim(admin, other.id, true);
        const renewed = await scimToken(admin, other.id);
        expect((await there(renewed)).status).toBe(200);
        expect((await admin.delete(`/api/clients/${other.id}`)).status).toBe(204);
        expectScimError(await there(renewed), 401);
      } finally {
        await second.stop();
      }
    });

    it('is nothing at another organisation, and an unknown host is a 404', async () => {
      expectScimError(await scim(server, 'globex', token).get('/Users'), 401);
      const globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
      const globexApp = await createApplication(globexAdmin);
      await enableScim(globexAdmin, globexApp.id, true);
      const globexToken = await scimToken(globexAdmin, globexApp.id);
      expectScimError(await scim(server, 'acme', globexToken).get('/Users'), 401);
      const created = await scim(server, 'globex', globexToken).post('/Users', entraUser('gina@globex.test', 'g-1'));
      expect(created.status).toBe(201);
      const ginaId = created.json<{ id: string }>().id;
      // Globex's user is not found through acme, whatever the method.
      expectScimError(await api.get(`/Users/${ginaId}`), 404);
      expectScimError(
        await api.patch(`/Users/${ginaId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] }),
        404,
      );
      expectScimError(await api.delete(`/Users/${ginaId}`), 404);
      expect((await api.get(filterPath('userName eq "gina@globex.test"'))).json().totalResults).toBe(0);
      expect((await scim(server, 'globex', globexToken).get(`/Users/${ginaId}`)).json().active).toBe(true);
      expectScimError(await scim(server, 'nowhere', token).get('/Users'), 404);
    });

    it('may be an access token by client credentials with scope scim, for an application with SCIM enabled only', async () => {
      const tokenFor = async (clientId: string, secret: string, scope: string) =>
        server.client('acme').post('/oidc/token', {
          noOrigin: true,
          headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
          form: { grant_type: 'client_credentials', scope },
        });
      const issued = await tokenFor(app.id, app.secret, 'scim');
      expect(issued.status).toBe(200);
      const accessToken = issued.json<{ access_token: string; scope: string }>();
      expect(accessToken.scope).toBe('scim');
      expect((await scim(server, 'acme', accessToken.access_token).get('/ServiceProviderConfig')).status).toBe(200);
      expectScimError(await scim(server, 'globex', accessToken.access_token).get('/Users'), 401);

      const plain = await createApplication(admin, { name: 'Plain', clientType: 'machine' });
      expect((await tokenFor(plain.id, plain.secret, 'scim')).json()).toMatchObject({ error: 'invalid_scope' });
      const noScope = await tokenFor(plain.id, plain.secret, '');
      expect(noScope.status).toBe(200);
      expectScimError(await scim(server, 'acme', noScope.json<{ access_token: string }>().access_token).get('/Users'), 401);

      const machine = await createApplication(admin, { name: 'HR', clientType: 'machine' });
      await admin.put(`/api/clients/${machine.id}`, {
        form: { name: 'HR', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', scimEnabled: true },
      });
      const hr = (await tokenFor(machine.id, machine.secret, 'scim')).json<{ access_token: string }>().access_token;
      expect((await scim(server, 'acme', hr).get('/Users')).status).toBe(200);
      // Turning SCIM off stops the access token already issued, at once.
      await admin.put(`/api/clients/${machine.id}`, {
        form: { name: 'HR', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', scimEnabled: false },
      });
      expectScimError(await scim(server, 'acme', hr).get('/Users'), 401);
    });
  });

  describe("Entra ID's sequence", () => {
    it('finds nobody, creates the user with an invitation and access, finds them by filter, updates, disables and deletes', async () => {
      const zero = await api.get(filterPath('userName eq "Test_User_ab6490ee@acme.test"'));
      expect(zero.status).toBe(200);
      expect(zero.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(zero.json()).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 0,
        itemsPerPage: 0,
        startIndex: 1,
        Resources: [],
      });

      const created = await api.post('/Users', entraUser('Test_User_ab6490ee@acme.test', '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef'));
      expect(created.status).toBe(201);
      const user = created.json<{ id: string; meta: { location: string; version: string } }>();
      expect(created.headers.location).toBe(user.meta.location);
      expect(created.headers.etag).toBe(user.meta.version);
      expect(user).toMatchObject({
        schemas: [USER, MFA],
        userName: 'Test_User_ab6490ee@acme.test',
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        active: true,
        name: { givenName: 'Test', familyName: 'User' },
        emails: [{ value: 'Test_User_ab6490ee@acme.test', type: 'work', primary: true }],
        meta: { resourceType: 'User', location: `http://acme.localhost:${server.port}/scim/v2/Users/${user.id}` },
      });
      expect(JSON.stringify(user)).not.toContain('password');
      const row = await server.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'EndUser', status: 'Pending', organisation_id: acmeId });
      const access = await server.ctx.db.kysely
        .selectFrom('user_client_access')
        .select('client_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(access.map((a) => a.client_id)).toEqual([app.id]);
      const invitation = await latestMailTo(server, 'test_user_ab6490ee@acme.test');
      expect(invitation.kind).toBe('invitation');
      expect(invitation.body).toContain('Wiki');
      const events = await server.ctx.db.kysely
        .selectFrom('audit_events')
        .select(['type', 'actor_kind', 'actor_id'])
        .where('subject_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'user.created', actor_kind: 'application', actor_id: app.id },
          { type: 'invitation.sent', actor_kind: 'application', actor_id: app.id },
        ]),
      );

      const byName = await api.get(filterPath('userName eq "Test_User_ab6490ee@acme.test"'));
      expect(byName.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
      const byExternal = await api.get(filterPath('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"'));
      expect(byExternal.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });

      const duplicate = await api.post('/Users', entraUser('test_user_AB6490EE@acme.test', 'other'));
      expectScimError(duplicate, 409, 'uniqueness');

      // Single- and multi-valued attributes, as Entra sends them: capitalised ops and value paths.
      const patched = await api.patch(`/Users/${user.id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'name.familyName', value: 'Userton' },
          { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+44 7700 900123' },
          { op: 'Replace', path: 'userName', value: 'test.user@acme.test' },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'test.user@acme.test' },
          { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Finance' },
        ],
      });
      expect(patched.status).toBe(200);
      expect(patched.json()).toMatchObject({
        userName: 'test.user@acme.test',
        name: { givenName: 'Test', familyName: 'Userton' },
        phoneNumbers: [{ value: '+44 7700 900123' }],
      });
      const updated = await server.ctx.db.kysely
        .selectFrom('audit_events')
        .selectAll()
        .where('subject_id', '=', user.id)
        .where('type', '=', 'user.updated')
        .executeTakeFirstOrThrow();
      expect(updated.actor_kind).toBe('application');

      const disabled = await api.patch(`/Users/${user.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(disabled.json().active).toBe(false);
      expect(
        (await server.ctx.db.kysely.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirstOrThrow()).status,
      ).toBe('Disabled');
      const enabled = await api.patch(`/Users/${user.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
      });
      expect(enabled.json().active).toBe(true);

      expect((await api.delete(`/Users/${user.id}`)).status).toBe(204);
      expectScimError(await api.get(`/Users/${user.id}`), 404);
      expect(await server.ctx.db.kysely.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    });

    it('ends the sessions of a user it disables, at once', async () => {
      const signedUp = await createUser(server, acmeId, { email: 'sam@acme.test' });
      const browser = await signIn(server, 'acme', 'sam@acme.test', DEFAULT_PASSWORD);
      expect((await browser.get('/api/account')).status).toBe(200);
      const res = await api.patch(`/Users/${signedUp.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(res.status).toBe(200);
      expect((await browser.get('/api/account')).status).toBe(401);
      expectScimError(await api.delete(`/Users/${signedUp.id}`, { 'if-match': 'W/"1"' }), 412);
      expect((await api.delete(`/Users/${signedUp.id}`, { 'if-match': res.headers.etag! })).status).toBe(204);
    });
  });

  describe("Okta's sequence", () => {
    it('looks the user up with paging, creates them with a password, replaces them with PUT and deactivates by PATCH', async () => {
      const lookup = await api.get(`${filterPath('userName eq "olivia@acme.test"')}&startIndex=1&count=100`);
      expect(lookup.json()).toMatchObject({ totalResults: 0, Resources: [] });
      const body = {
        schemas: [USER],
        userName: 'olivia@acme.test',
        name: { givenName: 'Olivia', familyName: 'Okta' },
        emails: [{ primary: true, value: 'olivia@acme.test', type: 'work' }],
        displayName: 'Olivia Okta',
        locale: 'en-US',
        externalId: '00ujl29u0le5T6Aj10h7',
        groups: [],
        password: 'a long and unusual passphrase 42',
        active: true,
      };
      const created = await api.post('/Users', body);
      expect(created.status).toBe(201);
      const id = created.json<{ id: string }>().id;
      // With a password the user can sign in at once, and no invitation is sent.
      await signIn(server, 'acme', 'olivia@acme.test', 'a long and unusual passphrase 42');
      expect(
        (await server.ctx.db.kysely.selectFrom('mail_outbox').select('kind').where('recipient', '=', 'olivia@acme.test').execute()).map(
          (m) => m.kind,
        ),
      ).not.toContain('invitation');

      const { password: _, ...withoutPassword } = body;
      const replaced = await api.put(`/Users/${id}`, { ...withoutPassword, id, name: { givenName: 'Olive', familyName: 'Okta' } });
      expect(replaced.status).toBe(200);
      expect(replaced.json()).toMatchObject({ name: { givenName: 'Olive' }, active: true });
      await signIn(server, 'acme', 'olivia@acme.test', 'a long and unusual passphrase 42');

      const deactivated = await api.patch(`/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      expect(deactivated.json().active).toBe(false);
      const reactivated = await api.put(`/Users/${id}`, { ...withoutPassword, active: true });
      expect(reactivated.json().active).toBe(true);
    });

    it('refuses a password the organisation policy refuses, and a body that is not JSON', async () => {
      const weak = await api.post('/Users', { schemas: [USER], userName: 'weak@acme.test', password: 'abc' });
      expectScimError(weak, 400, 'invalidValue');
      expect(
        await server.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', 'weak@acme.test').executeTakeFirst(),
      ).toBeUndefined();
      const http = server.client('acme');
      const garbled = await http.request('POST', '/scim/v2/Users', {
        noOrigin: true,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: '{"userName": ',
      });
      expectScimError(garbled, 400, 'invalidSyntax');
      expectScimError(await api.post('/Users', { schemas: [USER], userName: 'not an email' }), 400, 'invalidValue');
      expectScimError(await api.post('/Users', { schemas: [USER] }), 400, 'invalidValue');
    });
  });

  describe('End users only', () => {
    it('never shows or changes an administrator', async () => {
      const adminRow = await server.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@acme.test')
        .executeTakeFirstOrThrow();
      expect((await api.get(filterPath('userName eq "admin@acme.test"'))).json().totalResults).toBe(0);
      expectScimError(await api.get(`/Users/${adminRow.id}`), 404);
      expectScimError(await api.put(`/Users/${adminRow.id}`, { schemas: [USER], userName: 'admin@acme.test', active: false }), 404);
      expectScimError(
        await api.patch(`/Users/${adminRow.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] }),
        404,
      );
      expectScimError(await api.delete(`/Users/${adminRow.id}`), 404);
      // Taking an admin's address is still a conflict: userName is unique in the organisation.
      expectScimError(await api.post('/Users', { schemas: [USER], userName: 'admin@acme.test' }), 409, 'uniqueness');
      expect((await admin.get('/api/account')).status).toBe(200);
    });
  });

  describe('filters, paging and projection', () => {
    let ids: Record<string, string>;
    let fresh: Scim;

    beforeAll(async () => {
      // A separate organisation, so the counts below are exact.
      await server.createOrganisation('initech');
      const initechAdmin = await signedIn(server, 'initech', 'admin@initech.test');
      const initechApp = await createApplication(initechAdmin);
      await enableScim(initechAdmin, initechApp.id, true);
      fresh = scim(server, 'initech', await scimToken(initechAdmin, initechApp.id));
      ids = {};
      const people: [string, string, string, string | null][] = [
        ['ann.archer@initech.test', 'Ann', 'Archer', 'e1'],
        ['bob.baker@initech.test', 'Bob', 'Baker', 'e2'],
        ['cat.cooper@initech.example', 'Cat', 'Cooper', null],
        ['dan.dyer@initech.test', 'Dan', 'Dyer', 'E4'],
      ];
      for (const [userName, givenName, familyName, externalId] of people) {
        const res = await fresh.post('/Users', {
          schemas: [USER],
          userName,
          name: { givenName, familyName },
          ...(externalId ? { externalId } : {}),
        });
        expect(res.status).toBe(201);
        ids[givenName] = res.json<{ id: string }>().id;
      }
      await fresh.patch(`/Users/${ids.Dan}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] });
      await createUser(server, await organisationId(server, 'initech'), { email: 'uma@initech.test', role: 'UserAdministrator' });
    });

    const names = async (filter: string, extra = '') => {
      const res = await fresh.get(filterPath(filter, extra));
      expect(res.status, res.text).toBe(200);
      return res.json<{ Resources: { name: { givenName: string } }[] }>().Resources.map((r) => r.name.givenName);
    };

    it.each([
      ['userName eq "BOB.BAKER@initech.test"', ['Bob']],
      ['userName ne "bob.baker@initech.test"', ['Ann', 'Cat', 'Dan']],
      ['userName co "co"', ['Cat']],
      ['userName sw "A"', ['Ann']],
      ['userName ew ".example"', ['Cat']],
      ['externalId pr', ['Ann', 'Bob', 'Dan']],
      ['externalId eq "e4"', []],
      ['externalId eq "E4"', ['Dan']],
      ['name.familyName sw "c" or name.givenName eq "ann"', ['Ann', 'Cat']],
      ['active eq false', ['Dan']],
      ['not (active eq false) and (userName sw "a" or userName sw "b")', ['Ann', 'Bob']],
      ['emails[type eq "work"].value ew "initech.test"', ['Ann', 'Bob', 'Dan']],
      ['emails[type eq "home"]', []],
      ['emails.value co "baker"', ['Bob']],
      ['meta.created gt "2000-01-01T00:00:00Z"', ['Ann', 'Bob', 'Cat', 'Dan']],
      ['meta.lastModified lt "2000-01-01T00:00:00Z"', []],
      ['userName eq "o\'brien%_@x"', []],
    ])('%s', async (filter, expected) => {
      expect(await names(filter)).toEqual(expected);
    });

    it('refuses malformed filters and unknown attributes with 400 invalidFilter', async () => {
      for (const filter of [
        'userName eq',
        'userName zz "a"',
        '(userName eq "a"',
        'userName eq "a" and',
        'password eq "x"',
        'meta.created gt "yesterday"',
        'emails[type eq "work"',
        '"a" eq userName',
        'x'.repeat(3000),
        // An escaped NUL, which the request's own NUL check cannot see (PostgreSQL refuses it in text).
        'not (userName eq "\\u0000")',
      ]) {
        expectScimError(await fresh.get(filterPath(filter)), 400, 'invalidFilter');
      }
    });

    it('pages with startIndex and count, sorts, and trims attributes', async () => {
      const page = await fresh.get('/Users?startIndex=2&count=2&sortBy=name.familyName&sortOrder=descending');
      expect(page.json()).toMatchObject({ totalResults: 4, itemsPerPage: 2, startIndex: 2 });
      expect(page.json<{ Resources: { name: { familyName: string } }[] }>().Resources.map((r) => r.name.familyName)).toEqual([
        'Cooper',
        'Baker',
      ]);
      const countOnly = await fresh.get('/Users?count=0');
      expect(countOnly.json()).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
      const trimmed = await fresh.get(`${filterPath('userName eq "ann.archer@initech.test"')}&attributes=userName,name.givenName`);
      expect(trimmed.json<{ Resources: unknown[] }>().Resources[0]).toEqual({
        schemas: [USER],
        id: ids.Ann,
        userName: 'ann.archer@initech.test',
        name: { givenName: 'Ann' },
      });
      const excluded = await fresh.get(`/Users/${ids.Ann}?excludedAttributes=emails,meta,name.familyName`);
      const one = excluded.json();
      expect(one.emails).toBeUndefined();
      expect(one.meta).toBeUndefined();
      expect(one.name).toEqual({ givenName: 'Ann', formatted: 'Ann Archer' });
      expectScimError(await fresh.get('/Users?sortBy=password'), 400, 'invalidValue');
      // Names of Object.prototype's own properties are attributes like any unknown one (found by the fuzz test).
      expectScimError(await fresh.get('/Users?sortBy=__proto__'), 400, 'invalidValue');
      expectScimError(await fresh.get('/Users?sortBy=constructor'), 400, 'invalidValue');
      expectScimError(await fresh.get('/Users?filter=' + encodeURIComponent('__proto__ eq "x"')), 400);
    });
  });

  describe('PATCH forms and errors', () => {
    it('applies no-path objects, dotted names, removals and refuses what cannot change', async () => {
      const created = await api.post('/Users', {
        schemas: [USER],
        userName: 'pat@acme.test',
        name: { givenName: 'Pat' },
        phoneNumbers: [{ value: '+1 555 0100', type: 'work' }],
      });
      const id = created.json<{ id: string }>().id;
      const res = await api.patch(`/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'replace', value: { 'name.familyName': 'Patel', externalId: 'x-9', [`${USER}:displayName`]: 'ignored' } },
          { op: 'remove', path: 'phoneNumbers[type eq "mobile"]' },
        ],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json()).toMatchObject({ name: { givenName: 'Pat', familyName: 'Patel' }, externalId: 'x-9' });
      expect(res.json().phoneNumbers).toBeUndefined();
      expectScimError(
        await api.patch(`/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'id', value: 'x' }] }),
        400,
        'mutability',
      );
      expectScimError(await api.patch(`/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }), 400, 'noTarget');
      expectScimError(
        await api.patch(`/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'x' }] }),
        400,
        'invalidSyntax',
      );
      expectScimError(await api.patch(`/Users/${id}`, { Operations: [] }), 400, 'invalidSyntax');
      expectScimError(
        await api.patch(`/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[type eq', value: 'x' }] }),
        400,
        'invalidPath',
      );
      expectScimError(
        await api.patch(`/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] }),
        400,
        'invalidValue',
      );
      expectScimError(
        await api.patch(`/Users/${id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', path: 'userName', value: 'admin@acme.test' }],
        }),
        409,
        'uniqueness',
      );
      expectScimError(await api.put(`/Users/${id}`, { schemas: [USER], userName: 'pat@acme.test' }, { 'if-match': 'W/"0"' }), 412);
    });
  });

  describe('the MFA extension', () => {
    it('shows whether a user has MFA and of which kinds, and resets it when a PATCH or PUT writes enabled false, audited', async () => {
      const { id } = await createUser(server, acmeId, { email: 'mia@acme.test' });
      const plain = (await api.get(`/Users/${id}`)).json<Record<string, unknown>>();
      expect(plain).toMatchObject({ schemas: [USER, MFA], [MFA]: { enabled: false, required: false, methods: [] } });
      // Only the user sets a factor up.
      const enable = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: `${MFA}:enabled`, value: true }] };
      // /Schemas declares it readWrite (false resets): true is a value refused, not a mutability (issue 39).
      expectScimError(await api.patch(`/Users/${id}`, enable), 400, 'invalidValue');

      await enrolAuthenticator(server, await signIn(server, 'acme', 'mia@acme.test', DEFAULT_PASSWORD));
      const enrolled = await api.get(`/Users/${id}`);
      expect(enrolled.json()).toMatchObject({ [MFA]: { enabled: true, required: false, methods: ['app'] } });
      const listed = await api.get(`/Users?filter=${encodeURIComponent('userName eq "mia@acme.test"')}&attributes=${MFA}:methods`);
      expect(listed.json()).toMatchObject({ Resources: [{ id, [MFA]: { methods: ['app'] } }] });
      expect(listed.json<{ Resources: Record<string, unknown>[] }>().Resources[0]).not.toHaveProperty('userName');

      // A PUT that leaves the extension out, and a PATCH of something else, keep it; enabled true keeps it too.
      const put = await api.put(`/Users/${id}`, { schemas: [USER], userName: 'mia@acme.test', name: { givenName: 'Mia' } });
      expect(put.json()).toMatchObject({ name: { givenName: 'Mia' }, [MFA]: { enabled: true } });
      expect((await api.patch(`/Users/${id}`, enable)).json()).toMatchObject({ [MFA]: { enabled: true } });

      const reset = await api.patch(`/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: `${MFA}:enabled`, value: 'False' }],
      });
      expect(reset.status, reset.text).toBe(200);
      expect(reset.json()).toMatchObject({ [MFA]: { enabled: false, methods: [] } });
      // She signs in with her password alone now.
      const passwordOnly = await server
        .client('acme')
        .post('/api/authenticate', { form: { email: 'mia@acme.test', password: DEFAULT_PASSWORD } });
      expect(passwordOnly.json()).not.toHaveProperty('authType');
      const events = await server.ctx.db.kysely
        .selectFrom('audit_events')
        .select(['type', 'actor_kind', 'actor_id'])
        .where('subject_id', '=', id)
        .where('type', '=', 'user.mfa_reset')
        .execute();
      expect(events).toEqual([{ type: 'user.mfa_reset', actor_kind: 'application', actor_id: app.id }]);

      // A whole resource with the extension object, as a PUT or a PATCH without a path sends it.
      await enrolAuthenticator(server, await signIn(server, 'acme', 'mia@acme.test', DEFAULT_PASSWORD));
      await passwordStep(server.client('acme'), 'mia@acme.test');
      const viaPut = await api.put(`/Users/${id}`, { schemas: [USER, MFA], userName: 'mia@acme.test', [MFA]: { enabled: false } });
      expect(viaPut.json()).toMatchObject({ [MFA]: { enabled: false, methods: [] } });
      expectScimError(
        await api.put(`/Users/${id}`, { schemas: [USER, MFA], userName: 'mia@acme.test', [MFA]: 'off' }),
        400,
        'invalidValue',
      );
    });
  });

  describe('discovery', () => {
    it('describes exactly what is supported, and answers 501 for bulk', async () => {
      const config = (await api.get('/ServiceProviderConfig')).json();
      expect(config).toMatchObject({
        patch: { supported: true },
        bulk: { supported: false },
        filter: { supported: true, maxResults: 200 },
        sort: { supported: true },
        etag: { supported: true },
        changePassword: { supported: true },
        authenticationSchemes: [{ type: 'oauthbearertoken' }],
      });
      const types = (await api.get('/ResourceTypes')).json<{ Resources: { id: string; endpoint: string }[] }>();
      expect(types.Resources.map((t) => [t.id, t.endpoint])).toEqual([
        ['User', '/Users'],
        ['Group', '/Groups'],
      ]);
      expect(schemaIds(await api.get('/Schemas'))).toEqual([USER, MFA, 'urn:ietf:params:scim:schemas:core:2.0:Group']);
      const schemas = (await api.get('/Schemas')).json<{ Resources: { id: string; attributes: { name: string }[] }[] }>();
      expect(schemas.Resources[0]!.id).toBe(USER);
      expect(schemas.Resources[0]!.attributes.map((a) => a.name)).toEqual([
        'userName',
        'name',
        'displayName',
        'emails',
        'phoneNumbers',
        'preferredLanguage',
        'locale',
        'active',
        'password',
      ]);
      expect((await api.get(`/Schemas/${USER}`)).status).toBe(200);
      // The MFA extension: listed, described, and named by the User resource type.
      expect(schemas.Resources[1]!.id).toBe(MFA);
      expect(schemas.Resources[1]!.attributes.map((a) => a.name)).toEqual(['enabled', 'required', 'methods']);
      expect((await api.get(`/Schemas/${MFA}`)).json()).toMatchObject({
        id: MFA,
        attributes: [
          { name: 'enabled', type: 'boolean', mutability: 'readWrite', description: expect.stringContaining('Only false may be written') },
          {},
          {},
        ],
      });
      expect((await api.get('/ResourceTypes/User')).json()).toMatchObject({ schemaExtensions: [{ schema: MFA, required: false }] });
      expectScimError(await api.post('/Bulk', {}), 501);
      expectScimError(await api.get('/Nothing'), 404);
      // Without a token, discovery is refused like everything else.
      expectScimError(await server.client('acme').get('/scim/v2/ServiceProviderConfig'), 401);
    });
  });
});
