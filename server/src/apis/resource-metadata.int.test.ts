/**
 * Metadata an agent discovers Gatehouse by (the MCP authorization specification's path): a 401 of the
 * management API names its RFC 9728 protected resource metadata; that names the organisation as its
 * authorization server, whose RFC 8414 metadata is the OpenID discovery document. Each document is
 * checked by oauth4webapi, which validates them as their RFCs say (resource and issuer identifiers).
 */
import { OAUTH_AUTHORIZATION_SERVER_PATH, OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import type { ProtectedApi } from '@gatehouse/common/schemas/apis';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreatedApplication } from '../testing/applications.ts';
import { testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { managementToken, startWithMachineClient } from '../testing/machine-clients.ts';
import { issuerOf, localhostFetch } from '../testing/oidc-rp.ts';

const options = { [oauth.customFetch]: localhostFetch, [oauth.allowInsecureRequests]: true } as const;

/** The parameters of a `Bearer` challenge (RFC 6750 3: quoted-string values, comma separated). */
function bearerChallenge(header: string | null | undefined): Record<string, string> {
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe.each(testDialects())('discovery metadata for agents on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let robot: CreatedApplication;

  beforeAll(async () => {
    ({ server, admin, robot } = await startWithMachineClient(dialect));
  });
  afterAll(() => server?.close());

  const issuer = (org = 'acme') => issuerOf(server, org);

  it('answers RFC 8414 authorization server metadata with the very values of OpenID discovery', async () => {
    const asMetadata = await admin.get(OAUTH_AUTHORIZATION_SERVER_PATH, { noOrigin: true });
    const discovery = await admin.get(OPENID_CONFIGURATION_PATH, { noOrigin: true });
    expect(asMetadata.status).toBe(200);
    expect(asMetadata.headers['content-type']).toMatch(/^application\/json/);
    expect(asMetadata.json()).toEqual(discovery.json());
    // Asked again: the kept answer, with the same ETag as discovery's (one document, two paths).
    const again = await admin.get(OAUTH_AUTHORIZATION_SERVER_PATH, { noOrigin: true });
    expect(again.headers.etag).toBe(discovery.headers.etag);

    // RFC 8414 3.3: the issuer must be the one the client asked for (oauth4webapi checks it), and 2's
    // required values are there.
    const as = await oauth.processDiscoveryResponse(
      new URL(issuer()),
      await oauth.discoveryRequest(new URL(issuer()), { ...options, algorithm: 'oauth2' }),
    );
    expect(as.issuer).toBe(issuer());
    expect(as.authorization_endpoint).toBe(`${issuer()}/oidc/auth`);
    expect(as.token_endpoint).toBe(`${issuer()}/oidc/token`);
    expect(as.jwks_uri).toBe(`${issuer()}/oidc/jwks`);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    // Another organisation: its own issuer in its own document.
    const globex = await oauth.processDiscoveryResponse(
      new URL(issuer('globex')),
      await oauth.discoveryRequest(new URL(issuer('globex')), { ...options, algorithm: 'oauth2' }),
    );
    expect(globex.issuer).toBe(issuer('globex'));
  });

  it('leads an agent from a 401 of the management API to its resource metadata and on to the authorization server', async () => {
    const refused = await localhostFetch(`${issuer()}/api/users`, { method: 'GET', redirect: 'manual', headers: {}, body: undefined });
    expect(refused.status).toBe(401);
    const resourceMetadata = `${issuer()}/.well-known/oauth-protected-resource/api`;
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="management", resource_metadata="${resourceMetadata}"`);

    const challenge = bearerChallenge(refused.headers.get('www-authenticate'));
    const fetched = await localhostFetch(challenge.resource_metadata!, { method: 'GET', redirect: 'manual', headers: {}, body: undefined });
    expect(fetched.headers.get('access-control-allow-origin')).toBe('*');
    expect(fetched.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    // RFC 9728 3.3: the resource in the document is the identifier the client expected.
    const resource = await oauth.processResourceDiscoveryResponse(new URL(`${issuer()}/api`), fetched);
    expect(resource).toMatchObject({
      resource: `${issuer()}/api`,
      authorization_servers: [issuer()],
      bearer_methods_supported: ['header'],
    });
    expect(resource.scopes_supported).toContain('users:read');
    // The same document by the RFC's own construction of the URL from the identifier.
    const built = await oauth.resourceDiscoveryRequest(new URL(`${issuer()}/api`), options);
    expect((await oauth.processResourceDiscoveryResponse(new URL(`${issuer()}/api`), built)).resource).toBe(`${issuer()}/api`);
    // And the authorization server it names is this organisation.
    const as = await oauth.processDiscoveryResponse(
      new URL(resource.authorization_servers![0]!),
      await oauth.discoveryRequest(new URL(resource.authorization_servers![0]!), { ...options, algorithm: 'oauth2' }),
    );
    expect(as.issuer).toBe(issuer());
  });

  it('names the metadata in the challenges of invalid tokens and of missing scopes too', async () => {
    const resourceMetadata = `${issuer()}/.well-known/oauth-protected-resource/api`;
    const forged = await admin.get('/api/users', { noOrigin: true, headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.status).toBe(401);
    expect(forged.headers['www-authenticate']).toBe(
      `Bearer realm="management", error="invalid_token", resource_metadata="${resourceMetadata}"`,
    );
    const as = await managementToken(server, admin, robot, ['users:read']);
    const noScope = await admin.get('/api/clients', as);
    expect(noScope.status).toBe(403);
    expect(bearerChallenge(noScope.headers['www-authenticate'] as string)).toEqual({
      realm: 'management',
      error: 'insufficient_scope',
      scope: 'applications:read',
      resource_metadata: resourceMetadata,
    });
    // A signed-in browser with no session at a session-only endpoint gets no bearer challenge.
    const account = await localhostFetch(`${issuer()}/api/account`, { method: 'GET', redirect: 'manual', headers: {}, body: undefined });
    expect(account.status).toBe(401);
    expect(account.headers.get('www-authenticate')).toBeNull();
  });

  it("publishes the metadata of registered APIs on the organisation's origin, and of no other", async () => {
    const create = async (name: string, identifier: string) => {
      const created = await admin.post('/api/apis', {
        json: { name, identifier, scopes: [{ value: `${name.toLowerCase()}:read`, description: '' }] },
      });
      expect(created.status).toBe(201);
      return created.json<ProtectedApi>();
    };
    const orders = await create('Orders', `${issuer()}/orders/`);
    await create('Billing', 'https://billing.example.com/v1');

    // RFC 9728 3.1: the well-known path between host and path (a slash ending the path stays).
    const got = await oauth.resourceDiscoveryRequest(new URL(orders.identifier), options);
    expect(got.url).toBe(`${issuer()}/.well-known/oauth-protected-resource/orders/`);
    const document = await oauth.processResourceDiscoveryResponse(new URL(orders.identifier), got);
    expect(document).toEqual({
      resource: orders.identifier,
      resource_name: 'Orders',
      authorization_servers: [issuer()],
      scopes_supported: ['orders:read'],
      bearer_methods_supported: ['header'],
    });

    const at = (path: string, org = 'acme') =>
      localhostFetch(`${issuer(org)}${path}`, { method: 'GET', redirect: 'manual', headers: {}, body: undefined });
    // An API on another host has its metadata there, not here; unknown paths and other organisations know nothing.
    for (const [path, org] of [
      ['/.well-known/oauth-protected-resource/v1', 'acme'],
      ['/.well-known/oauth-protected-resource/unknown', 'acme'],
      ['/.well-known/oauth-protected-resource', 'acme'],
      ['/.well-known/oauth-protected-resource/orders', 'acme'],
      ['/.well-known/oauth-protected-resourceorders', 'acme'],
      ['/.well-known/oauth-protected-resource/orders/', 'globex'],
    ] as const) {
      const answer = await at(path, org);
      expect(answer.status, `${org} ${path}`).toBe(404);
    }
    // Each organisation's management API at its own origin.
    const globex = await at('/.well-known/oauth-protected-resource/api', 'globex');
    expect(((await globex.json()) as { resource: string }).resource).toBe(`${issuer('globex')}/api`);
  });
});
