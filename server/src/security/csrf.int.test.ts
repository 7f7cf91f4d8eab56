/**
 * Cross-site request forgery over every state-changing route, not a sample (issue 19, finding 1: a
 * percent-encoded path such as /%61pi/users reached /api/users without the Origin check, and an
 * https Origin passed on the http host). A signed-in admin's browser, sent by a page of another
 * origin, changes nothing: whatever the Origin, and however the path is spelled.
 */
import { ERRORS } from '@gatehouse/common/errors';
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { nonCanonicalPath } from '../http/canonical-path.ts';
import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { pathVariants } from '../testing/paths.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

describe('canonical paths', () => {
  it('finds every non-canonical spelling and accepts ordinary paths', () => {
    for (const variant of pathVariants('/api/users/abc')) {
      const caseOrSlashOnly = variant === '/API/users/abc' || variant === '/api/users/abc/';
      expect({ variant, refused: nonCanonicalPath(variant) !== null }).toEqual({ variant, refused: !caseOrSlashOnly });
    }
    for (const ok of ['/', '/api/users/3f0c?x=%2F', '/help/sign-in', '/users/a%20b', '/oidc/auth?x=//y']) {
      expect({ ok, reason: nonCanonicalPath(ok) }).toEqual({ ok, reason: null });
    }
  });
});

describe.each(testDialects())('CSRF defence of every state-changing route on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let ids: { user: string; client: string };

  const snapshot = async () => {
    const db = server.ctx.db.kysely;
    const [org, users, clients, access, sessions, tokens] = await Promise.all([
      db.selectFrom('organisations').selectAll().orderBy('id').execute(),
      db.selectFrom('users').selectAll().orderBy('id').execute(),
      db.selectFrom('clients').selectAll().orderBy('id').execute(),
      db.selectFrom('user_client_access').selectAll().orderBy('user_id').execute(),
      db.selectFrom('sessions').select(['id']).orderBy('id').execute(),
      db.selectFrom('email_tokens').select(['id']).orderBy('id').execute(),
    ]);
    return JSON.stringify({ org, users, clients, access, sessions, tokens });
  };

  /**
   * Forms other sites post by design (route config `crossSiteForm`): a SAML IdP's answer to our ACS URL,
   * which only keeps the answer and sends the browser on (its own test below).
   */
  // Posted from another site by design: an IdP's answer (SAML ACS), a service provider's AuthnRequest and its
  // LogoutRequest or LogoutResponse (HTTP-POST binding; each checked by its signature, not by where it came from).
  const CROSS_SITE_FORMS = new Set(['POST /saml/:id/acs', `POST ${SAML_IDP_PATHS.sso}`, `POST ${SAML_IDP_PATHS.slo}`]);
  const routes = () =>
    server.gatehouse.routes
      .filter(
        (route) => STATE_CHANGING.has(route.method) && !route.url.includes('*') && !CROSS_SITE_FORMS.has(`${route.method} ${route.url}`),
      )
      .map((route) => ({
        method: route.method,
        path: route.url.replace(/:[A-Za-z]+/g, route.url.startsWith('/api/clients') ? ids.client : ids.user),
      }));

  /**
   * The error code of a refusal: from the API's error body, or, on the SCIM surface (RFC 7644 error
   * bodies, no `code`), the code whose message it carries (404 there is the SCIM not-found).
   */
  const codeOf = (res: { status: number; json: <T>() => T }): string | undefined => {
    const body = res.json<{ code?: string; detail?: string; schemas?: string[] }>();
    if (body.code || !body.schemas?.includes('urn:ietf:params:scim:api:messages:2.0:Error')) return body.code;
    if (res.status === 404) return 'NOT_FOUND';
    return Object.entries(ERRORS).find(([, e]) => e.message === body.detail)?.[0];
  };

  const bodyFor = (method: string) => (method === 'DELETE' ? {} : { form });
  const form = {
    email: 'mallory@evil.test',
    password: 'correct horse battery staple',
    firstName: 'Mallory',
    role: 'OrganisationAdministrator',
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const org = await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    const client = await createApplication(admin, { name: 'Wiki' });
    const user = await createUser(server, org.id, { email: 'user@acme.test' });
    ids = { user: user.id, client: client.id };
  });
  afterAll(() => server?.close());

  it('refuses every state-changing route from a foreign, sibling, scheme-changed or opaque origin, and by Fetch Metadata', async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(30);
    const before = await snapshot();
    const hostile: Record<string, string>[] = [
      { origin: 'http://evil.test' },
      { origin: `http://globex.localhost:${server.port}` },
      { origin: `https://acme.localhost:${server.port}` },
      { origin: `http://acme.localhost:${server.port + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const { method, path } of all) {
      for (const headers of hostile) {
        const res = await admin.request(method, path, { ...bodyFor(method), headers, noOrigin: !headers.origin });
        expect({ method, path, headers, status: res.status, code: codeOf(res) }).toEqual({
          method,
          path,
          headers,
          status: 403,
          code: 'CSRF_REJECTED',
        });
      }
    }
    expect(await snapshot()).toBe(before);
    expect((await admin.get('/api/account')).status).toBe(200);
  });

  it('lets an IdP post to the SAML ACS URL from its site, which changes nothing and only sends the browser on', async () => {
    expect(server.gatehouse.routes.filter((r) => CROSS_SITE_FORMS.has(`${r.method} ${r.url}`))).toHaveLength(CROSS_SITE_FORMS.size);
    const before = await snapshot();
    const res = await admin.request('POST', `/saml/${ids.user}/acs`, {
      form: { SAMLResponse: 'PHg+' },
      headers: { origin: 'http://evil.test' },
    });
    expect(res.status).toBe(303);
    // An id that is no connection of this organisation: the connection is not available.
    expect(String(res.headers.location)).toContain('connection_error=connection_unavailable');
    expect(await snapshot()).toBe(before);
    expect((await admin.get('/api/account')).status).toBe(200);
  });

  it('lets a service provider post an AuthnRequest from its site, which changes nothing when it is not a valid one', async () => {
    const before = await snapshot();
    const res = await admin.request('POST', SAML_IDP_PATHS.sso, {
      form: { SAMLRequest: 'PHg+', RelayState: 'x' },
      headers: { origin: 'http://evil.test' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await snapshot()).toBe(before);
    expect((await admin.get('/api/account')).status).toBe(200);
  });

  it('never runs a route through an encoded, doubled-slash, case-changed or dot-segment spelling of its path', async () => {
    const before = await snapshot();
    for (const { method, path } of routes()) {
      for (const variant of pathVariants(path)) {
        for (const origin of ['http://evil.test', admin.origin]) {
          const res = await admin.request(method, variant, { ...bodyFor(method), headers: { origin } });
          const code = codeOf(res);
          expect({ method, variant, origin, refused: res.status === 400 || res.status === 404, code }).toEqual({
            method,
            variant,
            origin,
            refused: true,
            code: res.status === 400 ? 'PATH_NOT_CANONICAL' : 'NOT_FOUND',
          });
        }
      }
    }
    expect(await snapshot()).toBe(before);
    expect((await admin.get('/api/account')).status).toBe(200);
  });

  it('still serves same-origin browsers and non-browser clients', async () => {
    const ok = await admin.put('/api/account', { form: { firstName: 'Ada', surname: 'Admin' } });
    expect(ok.status).toBe(200);
    const sameOrigin = await admin.put('/api/account', {
      form: { firstName: 'Ada', surname: 'Admin' },
      noOrigin: true,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    const nonBrowser = await admin.put('/api/account', { form: { firstName: 'Ada', surname: 'Admin' }, noOrigin: true });
    expect(nonBrowser.status).toBe(200);
  });
});
