/**
 * Property-based fuzzing of every route (security checklist, "Bad input"): whatever the body, path,
 * content type and caller, the server answers with a client error or success, never a 5xx, and the
 * process stays healthy.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { pathVariants } from '../testing/paths.ts';

const FIELD_NAMES = [
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'code',
  'name',
  'firstName',
  'surname',
  'role',
  'clients',
  'redirectURIs',
  'id',
  'returnurl',
  'consent',
  'invitationID',
  'verificationID',
  'organisationName',
  'colour',
  'page',
  'search',
  'signInStateID',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    'true',
    'false',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    '[]',
    '{}',
    '/.*/',
    '<script>',
    '\u0000',
    '%00',
    '../..',
    'a'.repeat(3000),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const formValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }));
const formBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), formValue, { maxKeys: 8 });
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const pathParam = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom('..', '%2e%2e', 'null', '0', '-1', 'a'.repeat(300)),
);

type Body =
  | { kind: 'form'; value: Record<string, string | string[]> }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; value: string; type: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  formBody.map((value) => ({ kind: 'form' as const, value })),
  jsonValue.map((value) => ({ kind: 'json' as const, value })),
  fc.record({
    kind: fc.constant('raw' as const),
    value: fc.string({ maxLength: 200 }),
    type: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/json',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/xml',
    ),
  }),
);

function send(client: TestClient, method: string, url: string, payload: Body) {
  if (method === 'GET' || method === 'DELETE') return client.request(method, url);
  if (payload.kind === 'form') {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(payload.value)) for (const v of [value].flat()) params.append(key, v);
    return client.request(method, url, { body: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  if (payload.kind === 'json') return client.request(method, url, { json: payload.value });
  return client.request(method, url, { body: payload.value, headers: { 'content-type': payload.type } });
}

/** SCIM filters built from RFC 7644's grammar, with attribute paths Entra ID and Okta send, nested arbitrarily. */
const scimAttribute = fc.constantFrom(
  'userName',
  'USERNAME',
  'externalId',
  'id',
  'active',
  'name.givenName',
  'name.familyName',
  'emails.value',
  'emails[type eq "work"].value',
  'phoneNumbers.value',
  'meta.created',
  'meta.lastModified',
  'urn:ietf:params:scim:schemas:core:2.0:User:userName',
  'nosuch.attribute',
);
const scimValue = fc.oneof(
  fc.string({ maxLength: 20 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('true', 'false', 'null', '42', '"2026-01-01T00:00:00Z"', '"not a date"', '"\\u0000"', 'unquoted'),
);
const { filter: scimFilter } = fc.letrec<{ filter: string }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(scimAttribute, fc.constantFrom('eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'EQ', 'xx'), scimValue)
      .map((p) => p.join(' ')),
    scimAttribute.map((a) => `${a} pr`),
    fc.tuple(tie('filter'), fc.constantFrom('and', 'or', 'AND'), tie('filter')).map((p) => p.join(' ')),
    tie('filter').map((f) => `not (${f})`),
    tie('filter').map((f) => `(${f}`),
    fc.string({ maxLength: 30 }),
  ),
}));
const scimQuery = fc.record(
  {
    filter: scimFilter,
    startIndex: scalar,
    count: scalar,
    sortBy: fc.oneof(scimAttribute, fc.string({ maxLength: 10 })),
    sortOrder: fc.constantFrom('ascending', 'descending', 'sideways'),
    attributes: fc.oneof(scimAttribute, fc.string({ maxLength: 20 })),
    excludedAttributes: scimAttribute,
  },
  { requiredKeys: [] },
);
/** Bodies shaped like SCIM resources and patches, with wrong types where Entra ID and Okta are loose. */
const scimBody = fc.record(
  {
    schemas: fc.oneof(
      fc.constant(['urn:ietf:params:scim:schemas:core:2.0:User']),
      fc.constant(['urn:ietf:params:scim:api:messages:2.0:PatchOp']),
      jsonValue,
    ),
    userName: fc.oneof(fc.emailAddress(), scalar, jsonValue),
    externalId: jsonValue,
    active: fc.oneof(fc.boolean(), fc.constantFrom('True', 'False', 'yes'), jsonValue),
    name: fc.oneof(fc.record({ givenName: scalar, familyName: scalar }, { requiredKeys: [] }), jsonValue),
    emails: fc.oneof(
      fc.array(fc.record({ value: scalar, type: scalar, primary: fc.boolean() }, { requiredKeys: [] }), { maxLength: 3 }),
      jsonValue,
    ),
    password: scalar,
    Operations: fc.array(
      fc.record(
        { op: fc.constantFrom('add', 'replace', 'Replace', 'remove', 'move'), path: fc.oneof(scimAttribute, scalar), value: jsonValue },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: [] },
);

// On both dialects: what a database accepts differs (PostgreSQL refuses NUL in text, for one).
describe.each(testDialects())('fuzzing every route on %s', (dialect) => {
  let server: TestServer;
  let scimToken: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const org = await server.createOrganisation('acme');
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    await createApplication(admin, { name: 'Wiki' });
    userId = (await createUser(server, org.id, { email: 'user@acme.test' })).id;
    const hr = await createApplication(admin, { name: 'HR', clientType: 'machine' });
    await admin.put(`/api/clients/${hr.id}`, {
      form: { name: 'HR', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', scimEnabled: true },
    });
    scimToken = (await admin.post(`/api/clients/${hr.id}/scimtoken`)).json<{ token: string }>().token;
  });
  afterAll(() => server?.close());

  it('refuses a NUL character in any field, query or path with 400 (regression: a 500 on PostgreSQL)', async () => {
    const user = await signedIn(server, 'acme', 'user@acme.test');
    const body = await user.put('/api/account', { form: { firstName: 'Nu\u0000l', surname: 'x' } });
    expect(body.status).toBe(400);
    expect(body.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The request contains a character that is not allowed' });
    expect((await user.get('/api/clientauthsteps?client_id=a%00b')).status).toBe(400);
    expect((await server.client('acme').post('/api/authenticate', { json: { email: 'a@b.test', password: 'x\u0000' } })).status).toBe(400);
  });

  it('answers a malformed multipart body with 400 (regression: it was a 500)', async () => {
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const res = await admin.put('/api/organisation', { body: ' ', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The form could not be read' });
  });

  it('never answers 5xx, whoever calls with whatever input', async () => {
    const routes = server.gatehouse.routes.filter((r) => r.url.startsWith('/api/') && !r.url.includes('*'));
    expect(routes.length).toBeGreaterThan(30);
    const statuses: Record<number, number> = {};
    for (const route of routes) {
      // Fresh sessions for each route, so that a fuzzed sign-out or password change does not leave the rest unauthenticated.
      const callers = [
        server.client('acme'),
        await signedIn(server, 'acme', 'admin@acme.test'),
        await signedIn(server, 'acme', 'user@acme.test'),
      ];
      await fc.assert(
        fc.asyncProperty(pathParam, body, fc.integer({ min: 0, max: 2 }), async (param, payload, who) => {
          const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(param));
          const res = await send(callers[who]!, route.method, url, payload);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status >= 500) throw new Error(`${route.method} ${url} answered ${res.status}: ${res.text.slice(0, 300)}`);
        }),
        { numRuns: 20 },
      );
    }
    // Enough answers of each kind that the property exercised the handlers, not only the guards.
    expect((statuses[200] ?? 0) + (statuses[204] ?? 0)).toBeGreaterThan(50);
    expect(statuses[400]).toBeGreaterThan(50);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await server.client('acme').get('/healthz')).status).toBe(200);
    // Twenty calls and two sign-ins per route: it grows with every route added, past the file's 30 s on a busy machine.
  }, 120_000);

  it('never answers 5xx on the SCIM routes, with or without a token, whatever the body, filter, paging or id', async () => {
    const routes = server.gatehouse.routes.filter(
      (r) => r.url.startsWith('/scim/v2/') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(10);
    const statuses: Record<number, number> = {};
    const id = fc.oneof(pathParam, fc.constant(userId));
    const payload = fc.oneof(
      scimBody.map((value) => ({ kind: 'json' as const, value })),
      body,
    );
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(id, payload, scimQuery, fc.boolean(), fc.boolean(), async (param, sent, query, withToken, scimType) => {
          const url = `${route.url.replace('(^.+$)', '').replace(/:[A-Za-z]+/g, encodeURIComponent(param))}?${new URLSearchParams(query as Record<string, string>)}`;
          const headers: Record<string, string> = withToken ? { authorization: `Bearer ${scimToken}` } : {};
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const res =
            hasBody && sent.kind === 'json'
              ? await server.client('acme').request(route.method, url, {
                  noOrigin: true,
                  body: JSON.stringify(sent.value),
                  headers: { ...headers, 'content-type': scimType ? 'application/scim+json' : 'application/json' },
                })
              : hasBody && sent.kind === 'raw'
                ? await server
                    .client('acme')
                    .request(route.method, url, { noOrigin: true, body: sent.value, headers: { ...headers, 'content-type': sent.type } })
                : await server.client('acme').request(route.method, url, { noOrigin: true, headers });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status >= 500 && res.status !== 501)
            throw new Error(`${route.method} ${url} answered ${res.status}: ${res.text.slice(0, 300)}`);
        }),
        { numRuns: 25 },
      );
    }
    expect((statuses[200] ?? 0) + (statuses[201] ?? 0) + (statuses[204] ?? 0)).toBeGreaterThan(20);
    expect(statuses[400]).toBeGreaterThan(20);
    expect(statuses[401]).toBeGreaterThan(20);
    expect((await server.client('acme').get('/healthz')).status).toBe(200);
  });

  it('answers every spelling of every route that is not its canonical path with 400 or 404, never running it', async () => {
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const routes = server.gatehouse.routes.filter((r) => !r.url.includes('*') && r.url !== '/');
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z]+/g, 'x');
      for (const variant of pathVariants(path)) {
        const res = await admin.request(route.method, variant, route.method === 'GET' ? {} : { form: { email: 'a@b.test' } });
        expect({ route, variant, status: res.status }).toEqual({ route, variant, status: res.status === 400 ? 400 : 404 });
      }
    }
    expect((await admin.get('/api/account')).status).toBe(200);
  });
});
