/**
 * The user search's statements go through the scoped store (users/store.ts listUsers): each read of users
 * in them is bound to the organisation exactly once. Its parts were first built from the store, which
 * binds a part where it is built, so a nested read carried the organisation clause two or three times.
 */
import type { UserListPage } from '@gatehouse/common/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newOrganisation, organisationId } from '../testing/accounts.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { SEARCH_DISTINCT_NAMES } from './store.ts';

describe.each(testDialects())('the user search through the scoped store on %s', (dialect) => {
  let server: TestServer;
  const queries: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { queries });
  });
  afterAll(() => server?.close());

  it('binds each read of users to the organisation once, in every statement of a narrow and a broad search', async () => {
    const name = await newOrganisation(server, { tier: 'free' });
    const id = await organisationId(server, name);
    const admin = await signedIn(server, name, `admin@${name}.test`);
    // More distinct first names than the search reads name by name: the broad branch runs too.
    for (let i = 0; i <= SEARCH_DISTINCT_NAMES; i++) await createUser(server, id, { email: `zed${i}@example.test`, firstName: `Zara${i}` });

    for (const search of ['zara1', 'zar']) {
      queries.length = 0;
      const res = await admin.get(`/api/users?search=${search}`);
      expect(res.status).toBe(200);
      expect(res.json<UserListPage>().items.length).toBeGreaterThan(0);
      const statements = queries.filter((text) => /\bfrom "users"/.test(text));
      // The counts, the two walks of the name indexes, the merged pages, the total and the page's rows.
      expect(statements.length).toBeGreaterThanOrEqual(6);
      for (const text of statements) {
        const reads = text.match(/\bfrom "users"/g)!.length;
        expect(text.match(/"users"\."organisation_id" = /g)?.length, text).toBe(reads);
      }
    }
  });
});
