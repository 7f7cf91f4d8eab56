/**
 * Tenant isolation over every API route, not a sample (security checklist, "Tenancy and access
 * control"): organisation A's session means nothing on organisation B's host, and B's ids on A's host
 * are not found; either way nothing of B changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';

const SCIM_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SCIM_USER = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: 'mallory@acme.test',
  name: { givenName: 'Mallory', familyName: 'Pwned' },
  active: false,
};
const SCIM_PATCH = {
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
};

/** Turns SCIM on for an application and returns its new token. */
async function enableScim(admin: TestClient, id: string): Promise<string> {
  const saved = await admin.put(`/api/clients/${id}`, {
    form: { name: 'Provisioned', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', scimEnabled: true },
  });
  expect(saved.status).toBe(200);
  const issued = await admin.post(`/api/clients/${id}/scimtoken`);
  expect(issued.status).toBe(200);
  return issued.json<{ token: string }>().token;
}

const DESTRUCTIVE_LAST = (a: { method: string }, b: { method: string }) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE');

describe.each(testDialects())('tenant isolation of every API route on %s', (dialect) => {
  let server: TestServer;
  let adminA: TestClient;
  let bIds: { organisation: string; user: string; admin: string; client: string };
  /** SCIM tokens of an application of each organisation. */
  let scimTokens: { a: string; b: string };

  const snapshotOfB = async () => {
    const db = server.ctx.db.kysely;
    const [org, users, clients, access, assets] = await Promise.all([
      db.selectFrom('organisations').selectAll().where('id', '=', bIds.organisation).execute(),
      db.selectFrom('users').selectAll().where('organisation_id', '=', bIds.organisation).orderBy('id').execute(),
      db.selectFrom('clients').selectAll().where('organisation_id', '=', bIds.organisation).orderBy('id').execute(),
      db.selectFrom('user_client_access').selectAll().where('organisation_id', '=', bIds.organisation).orderBy('user_id').execute(),
      db.selectFrom('assets').select(['id', 'kind']).where('organisation_id', '=', bIds.organisation).orderBy('id').execute(),
    ]);
    return JSON.stringify({ org, users, clients, access, assets });
  };

  /** The API routes that need a signed-in user: they answer 401 to a browser without a session. */
  async function signedInRoutes() {
    const anonymous = server.client('globex');
    const found: { method: string; url: string }[] = [];
    for (const route of server.gatehouse.routes) {
      if (!route.url.startsWith('/api/')) continue;
      const res = await anonymous.request(route.method, fill(route.url, 'anything'), withBody(route.method, {}));
      if (res.status === 401) found.push(route);
    }
    return found.sort(DESTRUCTIVE_LAST);
  }

  const withBody = (method: string, form: Record<string, string>) => (method === 'POST' || method === 'PUT' ? { form } : {});
  const fill = (pattern: string, id: string) => pattern.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
  const idFor = (pattern: string) =>
    pattern.startsWith('/api/clients') ? bIds.client : pattern.startsWith('/api/users') ? bIds.user : bIds.client;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const a = await server.createOrganisation('acme');
    const b = await server.createOrganisation('globex');
    adminA = await signedIn(server, 'acme', 'admin@acme.test');
    const adminB = await signedIn(server, 'globex', 'admin@globex.test');
    const client = await createApplication(adminB, { name: 'Globex app' });
    const user = await createUser(server, b.id, { email: 'user@globex.test' });
    const admin = await server.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', b.id)
      .where('role', '=', 'OrganisationAdministrator')
      .executeTakeFirstOrThrow();
    bIds = { organisation: b.id, user: user.id, admin: admin.id, client: client.id };
    expect(a.id).not.toBe(b.id);
    scimTokens = {
      a: await enableScim(adminA, (await createApplication(adminA, { name: 'Acme HR' })).id),
      b: await enableScim(adminB, client.id),
    };
  });
  afterAll(() => server?.close());

  it("treats organisation A's session on organisation B's host as signed out, changing nothing of B", async () => {
    const routes = await signedInRoutes();
    expect(routes.length).toBeGreaterThan(15);
    const before = await snapshotOfB();
    const stolen = server.client('globex');
    stolen.cookies.set('gatehouse_session', adminA.cookies.get('gatehouse_session')!);
    for (const route of routes) {
      const res = await stolen.request(
        route.method,
        fill(route.url, idFor(route.url)),
        withBody(route.method, { firstName: 'Mallory', name: 'Pwned', role: 'OrganisationAdministrator' }),
      );
      expect({ route, status: res.status }).toEqual({ route, status: 401 });
    }
    expect(await snapshotOfB()).toBe(before);
  });

  it("answers organisation A's admin using organisation B's ids on A's host exactly as for ids that do not exist, changing nothing of B", async () => {
    const routes = (await signedInRoutes()).filter((r) => r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(8);
    const before = await snapshotOfB();
    const answer = async (route: { method: string; url: string }, id: string) => {
      const res = await adminA.request(
        route.method,
        fill(route.url, id),
        withBody(route.method, { firstName: 'Mallory', name: 'Pwned', role: 'EndUser' }),
      );
      const body = res.text.startsWith('{') ? { ...res.json(), correlationId: undefined } : res.text;
      return { status: res.status, body };
    };
    for (const route of routes) {
      const missing = await answer(route, 'b6f0c4a2-0000-4000-8000-000000000000');
      expect([400, 404]).toContain(missing.status);
      for (const id of new Set([idFor(route.url), bIds.admin])) {
        expect({ route, id, answer: await answer(route, id) }).toEqual({ route, id, answer: missing });
      }
    }
    expect(await snapshotOfB()).toBe(before);
  });

  /** Every SCIM route and method, destructive ones last. */
  const scimRoutes = () =>
    server.gatehouse.routes.filter((r) => r.url.startsWith('/scim/v2/') && SCIM_METHODS.includes(r.method)).sort(DESTRUCTIVE_LAST);
  const scimCall = (org: string, token: string, route: { method: string; url: string }, id: string) => {
    const body = route.method === 'PATCH' ? SCIM_PATCH : route.method === 'POST' || route.method === 'PUT' ? SCIM_USER : undefined;
    return server.client(org).request(route.method, fill(route.url.replace('(^.+$)', ''), id), {
      noOrigin: true,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/scim+json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  };

  it("refuses organisation A's SCIM token on every SCIM route of organisation B's host, changing nothing of B", async () => {
    const routes = scimRoutes();
    expect(routes.length).toBeGreaterThan(10);
    const before = await snapshotOfB();
    for (const route of routes) {
      const res = await scimCall('globex', scimTokens.a, route, bIds.user);
      expect({ route, status: res.status }).toEqual({ route, status: 401 });
    }
    // B's own token works there, so the 401s above are the token's organisation, not the routes.
    expect((await scimCall('globex', scimTokens.b, { method: 'GET', url: `/scim/v2/Users/:id` }, bIds.user)).status).toBe(200);
    expect(await snapshotOfB()).toBe(before);
  });

  it("answers organisation A's SCIM token using organisation B's user ids exactly as for ids that do not exist, changing nothing of B", async () => {
    const routes = scimRoutes().filter((r) => r.url.startsWith('/scim/v2/Users/:'));
    expect(routes.map((r) => r.method).sort()).toEqual(['DELETE', 'GET', 'PATCH', 'PUT']);
    const before = await snapshotOfB();
    const answer = async (route: { method: string; url: string }, id: string) => {
      const res = await scimCall('acme', scimTokens.a, route, id);
      return { status: res.status, body: res.text.replaceAll(id, '<id>') };
    };
    for (const route of routes) {
      const missing = await answer(route, 'b6f0c4a2-0000-4000-8000-000000000000');
      expect({ route, status: missing.status }).toEqual({ route, status: 404 });
      for (const id of [bIds.user, bIds.admin])
        expect({ route, id, answer: await answer(route, id) }).toEqual({ route, id, answer: missing });
    }
    expect(await snapshotOfB()).toBe(before);
  });
});
