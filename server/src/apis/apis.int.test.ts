/**
 * Issue 13, protected APIs: an Organisation Admin registers APIs and grants applications scopes on them;
 * `resource` (RFC 8707) or its alias `audience` gets a JWT access token (RFC 9068) that a resource server
 * verifies offline with jose and the organisation's JWKS; the built-in management API opens the /api
 * endpoints to an application's bearer token, scope by scope, audited with the application as actor.
 */
import type { ProtectedApi } from '@gatehouse/common/schemas/apis';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { clientCredentials as postClientCredentials, clientCredentialsToken, startWithMachineClient } from '../testing/machine-clients.ts';
import { issuerOf, localhostFetch, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';

const ORDERS = 'https://orders.example.com';
const CALLBACK = 'https://shop.example.com/callback';

describe.each(testDialects())('protected APIs and the management API on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let orders: ProtectedApi;
  let robot: CreatedApplication;

  beforeAll(async () => {
    ({ server, acmeId, admin, robot } = await startWithMachineClient(dialect));
  });
  afterAll(() => server?.close());

  const issuer = (org = 'acme') => issuerOf(server, org);
  const managementApi = (org = 'acme') => `${issuer(org)}/api`;

  const clientCredentials = (app: CreatedApplication, extra: Record<string, string>, org = 'acme') =>
    postClientCredentials(server, app, extra, org);
  const tokenFor = (app: CreatedApplication, extra: Record<string, string>) => clientCredentialsToken(server, app, extra);
  /** What a resource server does: verify the token offline against the organisation's published keys. */
  const fetchJwks = () => localhostFetch(`${issuer()}/oidc/jwks`, { method: 'GET', redirect: 'manual', headers: {}, body: undefined });
  const verifyAsResourceServer = async (token: string, audience: string) => {
    const jwks = (await (await fetchJwks()).json()) as JSONWebKeySet;
    return jwtVerify(token, createLocalJWKSet(jwks), { issuer: issuer(), audience, typ: 'at+jwt' });
  };

  it('registers APIs with checked identifiers and scopes, lists the management API first, for Organisation Admins only', async () => {
    const bad = await admin.post('/api/apis', { json: { name: 'Orders', identifier: 'orders', scopes: [] } });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      validation: { errors: { identifier: { message: 'Please enter an absolute URI without a fragment (#)' } } },
    });
    const reserved = await admin.post('/api/apis', {
      json: { name: 'Orders', identifier: ORDERS, scopes: [{ value: 'openid', description: '' }] },
    });
    expect(reserved.json()).toMatchObject({
      validation: { errors: { 'scopes.0.value': { message: 'This scope belongs to OpenID Connect or SCIM' } } },
    });
    const mine = await admin.post('/api/apis', { json: { name: 'Mine', identifier: managementApi(), scopes: [] } });
    expect(mine.json()).toMatchObject({
      validation: { errors: { identifier: { message: "This identifier is the organisation's own management API" } } },
    });

    const created = await admin.post('/api/apis', {
      json: {
        name: 'Orders',
        identifier: ORDERS,
        accessTokenTtl: 600,
        scopes: [
          { value: 'orders:read', description: 'Read orders' },
          { value: 'orders:write', description: 'Place orders' },
        ],
      },
    });
    expect(created.status).toBe(201);
    orders = created.json<ProtectedApi>();
    expect(orders).toMatchObject({ name: 'Orders', identifier: ORDERS, accessTokenTtl: 600, builtIn: false });
    const again = await admin.post('/api/apis', { json: { name: 'Orders 2', identifier: ORDERS, scopes: [] } });
    expect(again.status).toBe(409);

    const list = (await admin.get('/api/apis')).json<ProtectedApi[]>();
    expect(list.map((api) => [api.id, api.identifier, api.builtIn])).toEqual([
      ['management', managementApi(), true],
      [orders.id, ORDERS, false],
    ]);
    const builtIn = await admin.get('/api/apis/management');
    expect(builtIn.status, builtIn.text).toBe(200);
    expect((await admin.get('/api/apis/management/grants')).status).toBe(200);
    expect((await admin.put('/api/apis/management', { json: { name: 'x', scopes: [] } })).status).toBe(403);
    expect((await admin.delete('/api/apis/management')).status).toBe(403);

    // A User Administrator, another organisation and a signed-out caller are refused.
    const userAdmin = await createUser(server, acmeId, { email: 'ua@acme.test', role: 'UserAdministrator' });
    expect((await (await signedIn(server, 'acme', userAdmin.email)).get('/api/apis')).status).toBe(403);
    const globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    expect((await globexAdmin.get(`/api/apis/${orders.id}`)).status).toBe(404);
    expect((await globexAdmin.put(`/api/apis/${orders.id}/grants/${robot.id}`, { json: { scopes: ['orders:read'] } })).status).toBe(404);
  });

  it('answers only what the declared schema names: a key kept beside a stored scope never reaches the client', async () => {
    const created = await admin.post('/api/apis', {
      json: { name: 'Stock', identifier: 'https://stock.example.com', scopes: [{ value: 'stock:read', description: 'Read stock' }] },
    });
    expect(created.status).toBe(201);
    const stock = created.json<ProtectedApi>();
    // As a row spread into an answer would: the stored document carries a key no schema declares.
    const stored = [{ value: 'stock:read', description: 'Read stock', internalNote: 'never leaves the server' }];
    await server.ctx.db.kysely
      .updateTable('apis')
      .set({ scopes: JSON.stringify(stored) })
      .where('organisation_id', '=', acmeId)
      .where('id', '=', stock.id)
      .execute();
    const one = await admin.get(`/api/apis/${stock.id}`);
    expect(one.status).toBe(200);
    expect(one.text).not.toContain('internalNote');
    expect(one.json<ProtectedApi>().scopes).toEqual([{ value: 'stock:read', description: 'Read stock' }]);
    const list = await admin.get('/api/apis');
    expect(list.text).toContain('stock:read');
    expect(list.text).not.toContain('internalNote');
    expect((await admin.delete(`/api/apis/${stock.id}`)).status).toBe(204);
  });

  it('issues RFC 9068 JWT access tokens for an API by resource or audience, with the granted scopes only', async () => {
    // No grant yet: invalid_target.
    const refused = await clientCredentials(robot, { resource: ORDERS, scope: 'orders:read' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_target' });

    const grant = await admin.put(`/api/apis/${orders.id}/grants/${robot.id}`, { json: { scopes: ['orders:read'] } });
    expect(grant.json()).toEqual({ clientId: robot.id, scopes: ['orders:read'] });
    expect((await admin.put(`/api/apis/${orders.id}/grants/${robot.id}`, { json: { scopes: ['nope'] } })).status).toBe(400);
    expect((await admin.get(`/api/apis/${orders.id}/grants`)).json()).toEqual([{ clientId: robot.id, scopes: ['orders:read'] }]);

    const tokens = await tokenFor(robot, { resource: ORDERS, scope: 'orders:read orders:write' });
    expect(tokens.scope).toBe('orders:read');
    expect(tokens.expires_in).toBe(600);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const { payload } = await verifyAsResourceServer(tokens.access_token, ORDERS);
    expect(payload).toMatchObject({ aud: ORDERS, scope: 'orders:read', client_id: robot.id, sub: robot.id, iss: issuer() });
    expect(payload.exp! - payload.iat!).toBe(600);

    // The audience alias, and an unknown API.
    const byAudience = await tokenFor(robot, { audience: ORDERS, scope: 'orders:read' });
    expect((await verifyAsResourceServer(byAudience.access_token, ORDERS)).payload.aud).toBe(ORDERS);
    const unknown = await clientCredentials(robot, { resource: 'https://nothing.example.com', scope: 'x' });
    expect(await unknown.json()).toMatchObject({ error: 'invalid_target' });
    // Another organisation knows nothing of this API.
    const elsewhere = await clientCredentials(robot, { resource: ORDERS }, 'globex');
    expect(elsewhere.status).toBe(401);

    // Without a resource: today's opaque token, not a JWT.
    const plain = await tokenFor(robot, {});
    expect(plain.access_token.split('.')).toHaveLength(1);

    // Removing a scope from the API takes it from the application at once.
    await admin.put(`/api/apis/${orders.id}`, { json: { name: 'Orders', accessTokenTtl: 600, scopes: [{ value: 'orders:write' }] } });
    expect((await admin.get(`/api/apis/${orders.id}/grants`)).json()).toEqual([]);
    expect(await (await clientCredentials(robot, { resource: ORDERS, scope: 'orders:read' })).json()).toMatchObject({
      error: 'invalid_target',
    });
    await admin.put(`/api/apis/${orders.id}`, {
      json: { name: 'Orders', accessTokenTtl: 600, scopes: [{ value: 'orders:read' }, { value: 'orders:write' }] },
    });
    await admin.put(`/api/apis/${orders.id}/grants/${robot.id}`, { json: { scopes: ['orders:read', 'orders:write'] } });
  });

  it("gives a user's application a JWT for the API it named in the authorization request (authorization code and PKCE)", async () => {
    const shop = await createApplication(admin, { name: 'Shop', redirectURIs: [CALLBACK] });
    await admin.put(`/api/apis/${orders.id}/grants/${shop.id}`, { json: { scopes: ['orders:read'] } });
    const user = await createUser(server, acmeId, { email: 'alice@acme.test' });
    await grantAccess(server, acmeId, user.id, [shop.id]);
    // The token carries what the application was granted and the person holds through a role (both scopes here).
    const buyer = await admin.post('/api/roles', {
      json: {
        name: 'Buyer',
        permissions: [
          { apiId: orders.id, scope: 'orders:read' },
          { apiId: orders.id, scope: 'orders:write' },
        ],
      },
    });
    await admin.put(`/api/users/${user.id}/roles/${buyer.json<{ id: string }>().id}`);
    const rp = await relyingParty(server, 'acme', shop.id, shop.secret);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid email orders:read orders:write',
      resource: ORDERS,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'xyz',
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: user.email, password: DEFAULT_PASSWORD });
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'xyz' });
    const { payload } = await verifyAsResourceServer(tokens.access_token, ORDERS);
    expect(payload).toMatchObject({ sub: user.id, client_id: shop.id, scope: 'orders:read' });
    expect(tokens.claims()?.email).toBe(user.email);
    // The management API is for client credentials alone: a user's sign-in cannot ask for it.
    await admin
      .put(`/api/apis/management/grants/${shop.id}`, { json: { scopes: ['users:read'] } })
      .then((res) => expect(res.status).toBe(400));
  });

  it('answers invalid_scope when every API scope asked for is one the application was not granted (issue 27)', async () => {
    const reader = await createApplication(admin, { name: 'Reader', clientType: 'machine' });
    await admin.put(`/api/apis/${orders.id}/grants/${reader.id}`, { json: { scopes: ['orders:read'] } });
    // Client credentials: a scope of the API it was not granted, or one the API does not have.
    for (const scope of ['orders:write', 'orders:nothing']) {
      const refused = await clientCredentials(reader, { resource: ORDERS, scope });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_scope' });
    }
    // Some granted: a narrower token (RFC 6749 3.3), as before.
    expect((await tokenFor(reader, { resource: ORDERS, scope: 'orders:read orders:write' })).scope).toBe('orders:read');

    // Authorization code: the relying party hears invalid_scope at its redirect URI instead of getting a token of no scope.
    const shop = await createApplication(admin, { name: 'Shop 2', redirectURIs: [CALLBACK] });
    await admin.put(`/api/apis/${orders.id}/grants/${shop.id}`, { json: { scopes: ['orders:read'] } });
    const rp = await relyingParty(server, 'acme', shop.id, shop.secret);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid orders:write',
      resource: ORDERS,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'abc',
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: 'alice@acme.test', password: DEFAULT_PASSWORD });
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    await expect(client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'abc' })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('opens the /api endpoints to a management API token, scope by scope, audited with the application as actor', async () => {
    const noGrant = await clientCredentials(robot, { resource: managementApi() });
    expect(await noGrant.json()).toMatchObject({ error: 'invalid_target' });
    await admin
      .put(`/api/apis/management/grants/${robot.id}`, { json: { scopes: ['users:read', 'users:write'] } })
      .then((res) => expect(res.status).toBe(200));
    const { access_token: token } = await tokenFor(robot, {
      resource: managementApi(),
      scope: 'users:read users:write applications:write',
    });
    const bearer = admin.forHost(admin.host);
    const as = { headers: { authorization: `Bearer ${token}` }, noOrigin: true };

    const users = await bearer.get('/api/users', as);
    expect(users.status).toBe(200);
    expect(users.json<{ items: { email: string }[] }>().items.map((u) => u.email)).toContain('admin@acme.test');
    const invited = await bearer.post('/api/users', { ...as, form: { firstName: 'Bo', email: 'bot-made@acme.test', role: 'EndUser' } });
    expect(invited.status, invited.text).toBe(201);
    const invitedId = invited.json<{ id: string }>().id;

    // Never over an Organisation Administrator, and never making one.
    const adminId = users.json<{ items: { id: string; email: string }[] }>().items.find((u) => u.email === 'admin@acme.test')!.id;
    const overAdmin = await bearer.post(`/api/users/${adminId}/disable`, as);
    expect(overAdmin.status).toBe(403);
    // Every 403 of a bearer call says why in an RFC 6750 challenge (issue 27: some had none).
    expect(overAdmin.headers['www-authenticate']).toBe(
      `Bearer realm="management", error="insufficient_scope", resource_metadata="${issuer()}/.well-known/oauth-protected-resource/api"`,
    );
    expect(
      (await bearer.put(`/api/users/${invitedId}`, { ...as, form: { firstName: 'B', role: 'OrganisationAdministrator' } })).status,
    ).toBe(403);

    // Scopes it lacks, endpoints without a management scope, and anything but a valid token.
    const apps = await bearer.get('/api/clients', as);
    expect(apps.status).toBe(403);
    expect(apps.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(apps.headers['www-authenticate']).toContain('error="insufficient_scope"');
    const sessionOnly = await bearer.get('/api/account', as);
    expect(sessionOnly.status).toBe(403);
    expect(sessionOnly.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect((await bearer.get('/api/apis', as)).status).toBe(403);
    const forged = await bearer.get('/api/users', { headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(401);
    expect(forged.headers['www-authenticate']).toContain('error="invalid_token"');
    // A token for another API is not a management token; nor is it valid at another organisation.
    const ordersToken = (await tokenFor(robot, { resource: ORDERS, scope: 'orders:read' })).access_token;
    expect((await bearer.get('/api/users', { headers: { authorization: `Bearer ${ordersToken}` } })).status).toBe(401);
    expect((await admin.forHost('globex.localhost').get('/api/users', as)).status).toBe(401);

    // Every call is in the audit log with the application as actor; the invitation is the application's.
    const audit = await admin.get(`/api/audit?who=${robot.id}`);
    const events = audit.json<{ events: { type: string; actor: { kind: string; id: string }; details: Record<string, unknown> }[] }>()
      .events;
    const byRobot = events.filter((event) => event.actor.kind === 'application' && event.actor.id === robot.id);
    expect(byRobot.map((e) => e.type)).toEqual(expect.arrayContaining(['api.management_call', 'user.created', 'invitation.sent']));
    expect(byRobot.filter((e) => e.type === 'api.management_call')).toHaveLength(5);
    expect(byRobot.find((e) => e.type === 'api.management_call' && e.details.operation === 'listApplications')?.details).toMatchObject({
      status: 403,
    });

    // Taking the scope away stops the token at once, though it has not expired.
    await admin.put(`/api/apis/management/grants/${robot.id}`, { json: { scopes: ['users:read'] } });
    expect((await bearer.post('/api/users', { ...as, form: { firstName: 'Se', email: 'second@acme.test', role: 'EndUser' } })).status).toBe(
      403,
    );
    expect((await bearer.get('/api/users', as)).status).toBe(200);
    // Deleting the application ends it.
    expect((await admin.delete(`/api/clients/${robot.id}`)).status).toBe(204);
    expect((await bearer.get('/api/users', as)).status).toBe(401);
  });

  it('publishes the management API in the OpenAPI document as an OAuth 2 client credentials scheme', async () => {
    const document = (await admin.get('/api/openapi.json')).json<{
      components: {
        securitySchemes: Record<string, { type: string; flows?: { clientCredentials: { tokenUrl: string; scopes: object } } }>;
      };
      paths: Record<string, Record<string, { security: object[] }>>;
    }>();
    expect(document.components.securitySchemes.managementApi).toMatchObject({
      type: 'oauth2',
      flows: {
        clientCredentials: { tokenUrl: `${issuer()}/oidc/token`, scopes: expect.objectContaining({ 'users:read': expect.any(String) }) },
      },
    });
    expect(document.paths['/api/users']!.get!.security).toEqual([{ session: [] }, { managementApi: ['users:read'] }]);
    expect(document.paths['/api/users']!.post!.security).toEqual([{ session: [] }, { managementApi: ['users:write'] }]);
    expect(document.paths['/api/account']!.get!.security).toEqual([{ session: [] }]);
  });
});
