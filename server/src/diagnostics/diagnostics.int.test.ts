import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

describe.each(testDialects())('health, readiness, error reports and HTTP hygiene on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
  });
  afterAll(() => server?.close());

  it('answers /healthz and /readyz', async () => {
    const health = await server.client('').get('/healthz');
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await server.client('').get('/readyz');
    expect(ready.status).toBe(200);
  });

  it('takes error reports only from signed-in users', async () => {
    const client = server.client('acme');
    const report = { name: 'TypeError', message: 'x is undefined', url: 'http://acme.localhost/dashboard', correlationId: 'ABC123DEF456' };
    expect((await client.post('/api/log/error', { form: report })).status).toBe(401);
    await client.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    expect((await client.post('/api/log/error', { form: report })).status).toBe(204);
    expect((await client.post('/api/log/error', { form: { ...report, correlationId: 'lower-case!!' } })).status).toBe(400);
  });

  it('stamps every response with a 12-character correlation id and security headers', async () => {
    const res = await server.client('acme').get('/api/organisation');
    expect(res.headers['x-correlation-id']).toMatch(/^[1-9A-Z]{12}$/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('keeps personal API answers out of every cache (regression: /api/account and /api/users had no Cache-Control)', async () => {
    const admin = server.client('acme');
    await admin.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    const me = (await admin.get('/api/account')).json<{ id: string }>();
    for (const path of [
      '/api/account',
      '/api/users',
      `/api/users/${me.id}`,
      '/api/clients',
      '/api/organisation',
      '/api/metrics',
      '/api/nothing-here',
    ]) {
      const res = await admin.get(path);
      expect({ path, cacheControl: res.headers['cache-control'] }).toEqual({ path, cacheControl: expect.stringContaining('no-store') });
    }
    // Public resources keep their own caching.
    expect((await admin.get('/api/organisation/style')).headers['cache-control']).toBe('no-cache');
  });

  it('answers JSON 404 for unknown API paths and failures carry the correlation id', async () => {
    const res = await server.client('acme').get('/api/nothing-here');
    expect(res.status).toBe(404);
    const body = res.json<{ correlationId: string }>();
    expect(body).toMatchObject({ statusCode: 404, validation: { errors: {} } });
    expect(body.correlationId).toBe(res.headers['x-correlation-id']);
  });

  it('refuses oversized bodies with 413 and bad JSON with 400, without a 5xx', async () => {
    const client = server.client('acme');
    const big = await client.post('/api/authenticate', {
      body: 'email=' + 'a'.repeat(300 * 1024),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(big.status).toBe(413);
    const bad = await client.post('/api/authenticate', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const unsupported = await client.post('/api/authenticate', { body: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(unsupported.status).toBe(415);
  });

  it('does not let __proto__ in a body pollute prototypes', async () => {
    const client = server.client('acme');
    const form = await client.post('/api/authenticate', {
      body: '__proto__[polluted]=yes&email=a@b.test&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBeLessThan(500);
    const json = await client.post('/api/authenticate', {
      body: '{"__proto__":{"polluted":"yes"},"email":"a@b.test","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
