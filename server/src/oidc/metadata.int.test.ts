/**
 * Discovery and the JWKS kept per provider revision (oidc/routes.ts): the same answer as the provider's,
 * with an ETag and 304s, browsers still given the provider's CORS answer, and a new answer as soon as
 * the keys rotate.
 */
import { OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { rotateOrganisationKeys } from './keys.ts';
import { OIDC_ROUTES } from './provider.ts';

const PER_RESPONSE = ['x-correlation-id', 'date', 'connection', 'keep-alive'];
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));

describe.each(testDialects())('discovery and keys kept per revision on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
  });
  afterAll(() => server?.close());

  const get = (path: string, headers: Record<string, string> = {}, org = 'acme') =>
    server.client(org).get(path, { noOrigin: true, headers });

  it.each([OPENID_CONFIGURATION_PATH, OIDC_ROUTES.jwks])(
    'answers %s as the provider did, with an ETag, and 304 to If-None-Match',
    async (path) => {
      const first = await get(path);
      const second = await get(path);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.text).toBe(first.text);
      expect(stable(second.headers)).toEqual(stable(first.headers));
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(first.headers['content-type']).toMatch(/^application\/(jwk-set\+)?json/);
      expect(second.headers['x-correlation-id']).not.toBe(first.headers['x-correlation-id']);

      for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const unchanged = await get(path, { 'if-none-match': header });
        expect(unchanged.status).toBe(304);
        expect(unchanged.text).toBe('');
        expect(unchanged.headers.etag).toBe(etag);
        expect(unchanged.headers['cache-control']).toBe(first.headers['cache-control']);
      }
      expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);

      // Each organisation its own answer; a query string or a browser's Origin goes to the provider.
      const other = await get(path, {}, 'globex');
      expect(other.headers.etag).not.toBe(etag);
      expect(other.text).not.toBe(first.text);
      const fromPage = await server.client('acme').get(path, { headers: { origin: 'https://app.example.com' } });
      expect(fromPage.status).toBe(200);
      expect(fromPage.headers['access-control-allow-origin']).toBeDefined();
      expect(fromPage.text).toBe(first.text);
    },
  );

  it('answers the new keys at once after a rotation, with a new ETag', async () => {
    const before = await get(OIDC_ROUTES.jwks);
    const rotated = await rotateOrganisationKeys(server.ctx, 'acme');
    expect(rotated).not.toBeNull();
    const after = await get(OIDC_ROUTES.jwks);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(OIDC_ROUTES.jwks, { 'if-none-match': String(before.headers.etag) })).status).toBe(200);
    const kids = (res: typeof after) => res.json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid);
    expect(kids(after).length).toBeGreaterThan(kids(before).length);
  });
});
