import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

/** Whether a statement read an organisation's signing keys: only building its provider does. */
const readsKeys = (sql: string) => /from "oidc_keys"/.test(sql);

describe.each(testDialects())('the provider cache (PROVIDER_CACHE_SIZE) on %s', (dialect) => {
  let server: TestServer;
  const queries: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, { config: { providerCacheSize: 2 }, queries });
    for (const name of ['alpha', 'bravo', 'charlie']) await server.createOrganisation(name);
  });
  afterAll(() => server?.close());

  const discovery = async (org: string) => {
    queries.length = 0;
    expect((await server.client(org).get('/.well-known/openid-configuration')).status).toBe(200);
    return queries.some(readsKeys);
  };

  it('holds as many providers as configured and drops the least recently used first', async () => {
    expect(await discovery('alpha')).toBe(true);
    expect(await discovery('bravo')).toBe(true);
    // alpha is now the most recently used, so charlie's provider pushes bravo's out.
    expect(await discovery('alpha')).toBe(false);
    expect(await discovery('charlie')).toBe(true);
    expect(await discovery('alpha')).toBe(false);
    expect(await discovery('charlie')).toBe(false);
    expect(await discovery('bravo')).toBe(true);
  });
});
