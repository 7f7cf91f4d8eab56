/**
 * Roles through real HTTP on both databases: an Organisation Admin adds roles holding scopes of the
 * organisation's APIs (audited, so sent to webhooks), gives them to people directly or through a group,
 * and new people get the default ones; a person's page reads their effective roles and groups with where
 * each comes from. A real relying party (openid-client) reads the `roles` claim, and an API verifying the
 * JWT access token sees only the scopes the person holds, narrowed at the next refresh when a role goes.
 */
import type { ProtectedApi } from '@gatehouse/common/schemas/apis';
import type { Group } from '@gatehouse/common/schemas/groups';
import type { EffectiveAccess, Role } from '@gatehouse/common/schemas/roles';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, grantAccess, signedIn, type TestUser } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, localhostFetch, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';

const ORDERS = 'https://orders.example.com';
const CALLBACK = 'https://shop.example.com/callback';

describe.each(testDialects())('roles on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let globexAdmin: TestClient;
  let acmeId: string;
  let orders: ProtectedApi;
  let globexApi: ProtectedApi;
  let ada: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    const scopes = [{ value: 'orders:read' }, { value: 'orders:write' }];
    orders = (await admin.post('/api/apis', { json: { name: 'Orders', identifier: ORDERS, scopes } })).json<ProtectedApi>();
    globexApi = (await globexAdmin.post('/api/apis', { json: { name: 'Orders', identifier: ORDERS, scopes } })).json<ProtectedApi>();
    ada = await createUser(server, acmeId, { email: 'ada@acme.test' });
  });
  afterAll(() => server?.close());

  const create = async (body: Record<string, unknown>, as = admin) => {
    const res = await as.post('/api/roles', { json: body });
    expect(res.status, res.text).toBe(201);
    return res.json<Role>();
  };
  const accessOf = async (userId: string) => (await admin.get(`/api/users/${userId}/access`)).json<EffectiveAccess>();
  const auditOf = async (type: string) =>
    (await admin.get(`/api/audit?type=${type}`)).json<{ events: { subject: { id: string } | null; details: Record<string, unknown> }[] }>()
      .events;

  it('adds, changes and deletes roles of API scopes, names unique without case, each change audited', async () => {
    const reader = await create({ name: 'Reader', description: 'Reads orders', permissions: [{ apiId: orders.id, scope: 'orders:read' }] });
    expect(reader).toMatchObject({
      name: 'Reader',
      description: 'Reads orders',
      isDefault: false,
      permissions: [{ apiId: orders.id, api: ORDERS, scope: 'orders:read' }],
      userCount: 0,
      groupCount: 0,
    });
    const again = await admin.post('/api/roles', { json: { name: 'reader' } });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ validation: { errors: { name: { message: 'A role with this name already exists' } } } });
    // A scope the API lacks, and a scope of another organisation's API, are no permissions here.
    for (const permission of [
      { apiId: orders.id, scope: 'orders:delete' },
      { apiId: globexApi.id, scope: 'orders:read' },
    ]) {
      const bad = await admin.post('/api/roles', { json: { name: 'Bad', permissions: [permission] } });
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({
        validation: { errors: { 'permissions.0': { message: "This permission is not a scope of one of your organisation's APIs" } } },
      });
    }
    expect((await admin.post('/api/roles', { json: { name: '' } })).status).toBe(400);

    const changed = await admin.put(`/api/roles/${reader.id}`, {
      json: {
        name: 'Order reader',
        permissions: [
          { apiId: orders.id, scope: 'orders:read' },
          { apiId: orders.id, scope: 'orders:write' },
        ],
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json<Role>().permissions.map((p) => p.scope)).toEqual(['orders:read', 'orders:write']);
    expect((await auditOf('role.created')).some((e) => e.subject?.id === reader.id)).toBe(true);
    expect((await auditOf('role.updated')).find((e) => e.subject?.id === reader.id)?.details).toMatchObject({
      name: { from: 'Reader', to: 'Order reader' },
      permissions: { added: [`${orders.id} orders:write`], removed: [] },
    });
    // Another organisation's admin finds nothing.
    expect((await globexAdmin.get(`/api/roles/${reader.id}`)).status).toBe(404);
    expect((await globexAdmin.delete(`/api/roles/${reader.id}`)).status).toBe(404);
    expect((await globexAdmin.get('/api/roles')).json()).toEqual([]);

    // A scope the API no longer has leaves its roles too.
    const narrowed = await admin.put(`/api/apis/${orders.id}`, {
      json: { name: 'Orders', accessTokenTtl: 600, scopes: [{ value: 'orders:read' }] },
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect((await admin.get(`/api/roles/${reader.id}`)).json<Role>().permissions.map((p) => p.scope)).toEqual(['orders:read']);
    await admin.put(`/api/apis/${orders.id}`, {
      json: { name: 'Orders', accessTokenTtl: 600, scopes: [{ value: 'orders:read' }, { value: 'orders:write' }] },
    });

    expect((await admin.delete(`/api/roles/${reader.id}`)).status).toBe(204);
    expect((await admin.get(`/api/roles/${reader.id}`)).status).toBe(404);
    expect((await auditOf('role.deleted')).find((e) => e.subject?.id === reader.id)?.details).toMatchObject({ name: 'Order reader' });
  });

  it("shows a person's effective roles and groups with where each comes from; new people get the default roles", async () => {
    const staff = await create({ name: 'Staff', isDefault: true });
    const support = await create({ name: 'Support' });
    const newcomer = await createUser(server, acmeId, { email: 'newcomer@acme.test' });
    expect((await accessOf(newcomer.id)).roles).toEqual([{ id: staff.id, name: 'Staff', sources: [{ kind: 'direct' }] }]);
    // ada came before the default role: she has none of it.
    expect((await accessOf(ada.id)).roles).toEqual([]);

    const team = (await admin.post('/api/groups', { form: { name: 'Helpdesk' } })).json<Group>();
    await admin.post(`/api/groups/${team.id}/members`, { form: { userId: ada.id } });
    expect((await admin.put(`/api/groups/${team.id}/roles/${support.id}`)).json()).toEqual([{ id: support.id, name: 'Support' }]);
    expect((await admin.put(`/api/users/${ada.id}/roles/${support.id}`)).status).toBe(200);
    // Giving it again changes nothing.
    expect((await admin.put(`/api/users/${ada.id}/roles/${support.id}`)).status).toBe(200);
    const access = await accessOf(ada.id);
    expect(access.roles).toEqual([
      { id: support.id, name: 'Support', sources: [{ kind: 'direct' }, { kind: 'group', groupId: team.id, group: 'Helpdesk' }] },
    ]);
    expect(access.groups).toEqual([{ id: team.id, name: 'Helpdesk', source: { kind: 'gatehouse' } }]);
    const assigned = (await auditOf('role.assigned')).filter((e) => e.details.role === 'Support');
    expect(assigned.map((e) => e.details.to)).toEqual(
      expect.arrayContaining([
        { kind: 'user', id: ada.id, name: 'ada@acme.test' },
        { kind: 'group', id: team.id, name: 'Helpdesk' },
      ]),
    );
    expect(assigned).toHaveLength(2);

    expect((await admin.delete(`/api/users/${ada.id}/roles/${support.id}`)).status).toBe(204);
    expect((await accessOf(ada.id)).roles[0]?.sources).toEqual([{ kind: 'group', groupId: team.id, group: 'Helpdesk' }]);
    expect((await admin.delete(`/api/groups/${team.id}/roles/${support.id}`)).status).toBe(204);
    expect((await accessOf(ada.id)).roles).toEqual([]);
    expect((await admin.get(`/api/groups/${team.id}/roles`)).json()).toEqual([]);
    // Another organisation's ids find nothing.
    expect((await globexAdmin.get(`/api/users/${ada.id}/access`)).status).toBe(404);
    expect((await globexAdmin.put(`/api/users/${ada.id}/roles/${support.id}`)).status).toBe(404);
    expect((await admin.put(`/api/users/${ada.id}/roles/nothing`)).status).toBe(404);
    await admin.delete(`/api/roles/${staff.id}`);
    await admin.delete(`/api/roles/${support.id}`);
  });

  it('gives a relying party the roles claim, and an API only the scopes the person holds (requested, granted, held)', async () => {
    const buyer = await create({ name: 'Buyer', permissions: [{ apiId: orders.id, scope: 'orders:read' }] });
    const seller = await create({ name: 'Seller', permissions: [{ apiId: orders.id, scope: 'orders:write' }] });
    const team = (await admin.post('/api/groups', { form: { name: 'Sellers' } })).json<Group>();
    await admin.post(`/api/groups/${team.id}/members`, { form: { userId: ada.id } });
    await admin.put(`/api/groups/${team.id}/roles/${seller.id}`);
    await admin.put(`/api/users/${ada.id}/roles/${buyer.id}`);

    const shop = await createApplication(admin, { name: 'Shop', redirectURIs: [CALLBACK], refreshWithoutConsent: true });
    await admin.put(`/api/apis/${orders.id}/grants/${shop.id}`, { json: { scopes: ['orders:read', 'orders:write'] } });
    await grantAccess(server, acmeId, ada.id, [shop.id]);
    const rp = await relyingParty(server, 'acme', shop.id, shop.secret);
    const signIn = async (scope: string, resource?: string) => {
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(rp, {
        redirect_uri: CALLBACK,
        scope,
        ...(resource ? { resource } : {}),
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'st',
      });
      const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: ada.email, password: DEFAULT_PASSWORD });
      return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'st' });
    };

    // The roles claim, in the ID token and userinfo, with the roles scope only.
    const tokens = await signIn('openid roles');
    expect(tokens.claims()?.roles).toEqual(['Buyer', 'Seller']);
    expect((await client.fetchUserInfo(rp, tokens.access_token, ada.id)).roles).toEqual(['Buyer', 'Seller']);
    expect((await signIn('openid')).claims()).not.toHaveProperty('roles');

    // An API's token: both scopes granted and held, so both; the API verifies it offline.
    const jwks = (await (
      await localhostFetch(`${issuerOf(server, 'acme')}/oidc/jwks`, { method: 'GET', redirect: 'manual', headers: {}, body: undefined })
    ).json()) as JSONWebKeySet;
    const verify = async (token: string) =>
      (await jwtVerify(token, createLocalJWKSet(jwks), { issuer: issuerOf(server, 'acme'), audience: ORDERS, typ: 'at+jwt' })).payload;
    const forApi = await signIn('openid orders:read orders:write', ORDERS);
    expect(await verify(forApi.access_token)).toMatchObject({ sub: ada.id, scope: 'orders:read orders:write' });

    // The group's role taken away: the next token (a refresh) carries only what she still holds.
    await admin.delete(`/api/groups/${team.id}/roles/${seller.id}`);
    const refreshed = await client.refreshTokenGrant(rp, forApi.refresh_token!);
    expect(await verify(refreshed.access_token)).toMatchObject({ sub: ada.id, scope: 'orders:read' });
    // Granted to the application but held by no role of hers: not in the token.
    await admin.delete(`/api/users/${ada.id}/roles/${buyer.id}`);
    const none = await client.refreshTokenGrant(rp, refreshed.refresh_token!);
    expect(await verify(none.access_token)).not.toHaveProperty('scope');
  });

  it('publishes the role endpoints in the OpenAPI document', async () => {
    const document = (await admin.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(operations).toEqual(
      expect.arrayContaining(['listRoles', 'createRole', 'updateRole', 'deleteRole', 'getUserAccess', 'giveUserRole', 'giveGroupRole']),
    );
  });

  it('sends roles under the claim an application chose, without the scope when switched on', async () => {
    const viewer = await create({ name: 'viewer' });
    await admin.put(`/api/users/${ada.id}/roles/${viewer.id}`);
    const hasura = await createApplication(admin, {
      name: 'Hasura',
      redirectURIs: [CALLBACK],
      rolesClaim: 'x-hasura-allowed-roles',
      rolesAlways: true,
    });
    expect((await admin.get(`/api/clients/${hasura.id}`)).json()).toMatchObject({
      rolesClaim: 'x-hasura-allowed-roles',
      rolesAlways: true,
    });
    await grantAccess(server, acmeId, ada.id, [hasura.id]);
    const rp = await relyingParty(server, 'acme', hasura.id, hasura.secret);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: ada.email, password: DEFAULT_PASSWORD });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'st' });
    expect(tokens.claims()?.['x-hasura-allowed-roles']).toEqual(['viewer']);
    expect(tokens.claims()).not.toHaveProperty('roles');

    const clash = await admin.put(`/api/clients/${hasura.id}`, {
      form: {
        name: 'Hasura',
        clientType: 'confidential',
        redirectURIs: [CALLBACK],
        idTokenSignedResponseAlg: 'RS256',
        rolesClaim: 'groups',
      },
    });
    expect(clash.status).toBe(400);
    expect(clash.json()).toMatchObject({
      validation: { errors: { rolesClaim: { message: 'The roles claim needs a name of its own, not the groups claim’s' } } },
    });
  });
});
