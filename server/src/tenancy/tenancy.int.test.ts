import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureBaseOrganisation } from '../organisations/service.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

describe.each(testDialects())('tenancy by Host header on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme', { email: 'owner@acme.test' });
  });
  afterAll(() => server?.close());

  it('serves the base organisation at the base hostname', async () => {
    const res = await server.client('').get('/api/organisation');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ isBase: true, hostname: 'localhost', name: 'base' });
  });

  it('serves organisation acme at acme.localhost with the defaults of the spec', async () => {
    const res = await server.client('acme').get('/api/organisation');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'acme',
      isBase: false,
      hostname: 'acme.localhost',
      tier: 'starter',
      colour: 'Blue',
      preventSelfSignUp: false,
      allowSMSTwoStep: false,
      allowEmailTwoStep: false,
      rememberMeDays: 0,
    });
  });

  it('answers 404 for an unknown host: JSON under /api, the SPA shell with a 404 status for pages', async () => {
    const unknown = server.client('nosuchorg');
    const api = await unknown.get('/api/organisation');
    expect(api.status).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, code: 'ORGANISATION_NOT_FOUND', validation: { errors: {} } });
    const page = await unknown.get('/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    const foreign = await server.client('').forHost(`evil.example:${server.port}`).get('/api/organisation');
    expect(foreign.status).toBe(404);
    const nested = await server.client('').forHost(`a.acme.localhost:${server.port}`).get('/api/organisation');
    expect(nested.status).toBe(404);
  });

  it('serves an organisation created while the server runs at once', async () => {
    expect((await server.client('initech').get('/api/organisation')).status).toBe(404);
    await server.createOrganisation('initech');
    expect((await server.client('initech').get('/api/organisation')).status).toBe(200);
  });

  it('makes the base organisation only once, however often start-up asks', async () => {
    await Promise.all([ensureBaseOrganisation(server.ctx), ensureBaseOrganisation(server.ctx)]);
    const bases = await server.ctx.db.kysely.selectFrom('organisations').select('id').where('is_base', '=', true).execute();
    expect(bases).toHaveLength(1);
  });

  it('keeps an email unique within an organisation but free across organisations', async () => {
    await server.createOrganisation('globex', { email: 'owner@acme.test' });
    const users = await server.ctx.db.kysely.selectFrom('users').select('organisation_id').where('email', '=', 'owner@acme.test').execute();
    expect(users).toHaveLength(2);
    await expect(
      server.ctx.db.kysely
        .insertInto('users')
        .values({
          ...(await server.ctx.db.kysely.selectFrom('users').selectAll().where('email', '=', 'owner@acme.test').executeTakeFirstOrThrow()),
          id: 'another',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('gives the stylesheet as CSS custom properties from fixed values, with an ETag', async () => {
    const client = server.client('acme');
    const res = await client.get('/api/organisation/style?v=1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.text).toContain('--colour-primary: #1d5fbf;');
    expect(res.text).toContain('--font-family:');
    const again = await client.get('/api/organisation/style?v=1', { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.status).toBe(304);
    await server.ctx.db.kysely
      .updateTable('organisations')
      .set({ colour: 'Plum', updated_at: Date.now() + 1 })
      .where('name', '=', 'acme')
      .execute();
    server.gatehouse.resolver.invalidate();
    const changed = await client.get('/api/organisation/style');
    expect(changed.text).toContain('--colour-primary: #7b2d63;');
  });
});
