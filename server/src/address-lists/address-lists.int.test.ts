/**
 * The organisation's address lists through real HTTP, with the limits on and TRUST_PROXY on (so each
 * request speaks for an address with X-Forwarded-For): an address always refused gets 403 before the
 * password is checked, an address always allowed is never limited, refused wins over allowed, IPv4 and
 * IPv6 ranges alike; the lists are validated by the shared schema, audited, and each organisation's own.
 */
import { RATE_LIMITS } from '@gatehouse/common/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn } from '../testing/accounts.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';

const from = (address: string) => ({ 'x-forwarded-for': address });
const addressLimit = RATE_LIMITS['authenticate']!.find((rule) => rule.by === 'address')!.limit;

describe.each(testDialects())('address lists on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, { config: { rateLimits: true, trustProxy: true } });
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    admin = await signIn(server, 'acme', 'admin@acme.test', DEFAULT_PASSWORD);
  });
  afterAll(() => server?.close());

  const attempt = (org: string, address: string, password = DEFAULT_PASSWORD, email = `admin@${org}.test`) =>
    server.client(org).post('/api/authenticate', { form: { email, password }, headers: from(address) });
  // Wrong passwords for people who do not exist: no account's own cooldown gets in the way of the limits.
  const guess = (address: string, i: number) => attempt('acme', address, 'wrong password', `nobody${i}@acme.test`);
  const save = (lists: { allowed: unknown; refused: unknown }, client = admin) =>
    client.put('/api/organisation/address-lists', { json: lists });

  it('saves both lists in canonical form, refuses bad entries by name, and audits the change', async () => {
    const bad = await save({ allowed: ['192.0.2.1/24'], refused: ['not-an-address'] });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(bad.json())).toContain('192.0.2.1/24 is not an IPv4 or IPv6 address or CIDR range');

    const saved = await save({
      allowed: ['198.51.100.0/24', '2001:DB8:1::/48'],
      refused: ['198.51.100.66', '203.0.113.0/24', '2001:db8:bad::/48'],
    });
    expect(saved.status).toBe(200);
    const expected = {
      allowed: ['198.51.100.0/24', '2001:db8:1:0:0:0:0:0/48'],
      refused: ['198.51.100.66', '203.0.113.0/24', '2001:db8:bad:0:0:0:0:0/48'],
    };
    expect(saved.json()).toEqual(expected);
    expect((await admin.get('/api/organisation/address-lists')).json()).toEqual(expected);

    const audit = await admin.get('/api/audit');
    expect(JSON.stringify(audit.json())).toContain('organisation.address_lists_changed');
  });

  it('refuses an address on the refused list with 403 before the password is checked, IPv4 and IPv6', async () => {
    for (const address of ['203.0.113.5', '198.51.100.66', '2001:db8:bad::7']) {
      const refused = await attempt('acme', address);
      expect(refused.status, address).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'ADDRESS_REFUSED',
        message: 'Requests from your address are not accepted by this organisation',
      });
    }
    // Other limited endpoints too, and the same address at another organisation is not refused there.
    expect(
      (await server.client('acme').post('/api/accountrecovery', { form: { email: 'admin@acme.test' }, headers: from('203.0.113.5') }))
        .status,
    ).toBe(403);
    const token = await server.client('acme').post('/oidc/token', {
      form: { grant_type: 'client_credentials', client_id: 'no-such-client', client_secret: 'guess' },
      headers: from('203.0.113.5'),
      noOrigin: true,
    });
    expect(token.status).toBe(403);
    expect(token.json()).toMatchObject({ error: 'access_denied' });
    const scim = await server
      .client('acme')
      .get('/scim/v2/Users', { headers: { ...from('203.0.113.5'), authorization: 'Bearer x' }, noOrigin: true });
    expect(scim.status).toBe(403);
    expect((await attempt('globex', '203.0.113.5')).status).toBe(200);
    expect((await attempt('acme', '192.0.2.10')).status).toBe(200);
  });

  it('never limits an address on the allowed list, while others are limited as usual', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < addressLimit + 5; i++) statuses.add((await guess(i % 2 ? '198.51.100.7' : '2001:db8:1::9', i)).status);
    expect(statuses).toEqual(new Set([401]));
    expect((await attempt('acme', '198.51.100.7')).status).toBe(200);

    const outside = [];
    for (let i = 0; i <= addressLimit; i++) outside.push((await guess('192.0.2.99', i)).status);
    expect(outside.at(-1)).toBe(429);
  });

  it('lets only an Organisation Admin of the organisation read or change the lists', async () => {
    const globexAdmin = await signIn(server, 'globex', 'admin@globex.test', DEFAULT_PASSWORD);
    expect((await globexAdmin.get('/api/organisation/address-lists')).json()).toEqual({ allowed: [], refused: [] });
    expect((await server.client('acme').get('/api/organisation/address-lists')).status).toBe(401);
    // Emptying the lists lifts the refusal at once.
    expect((await save({ allowed: [], refused: [] })).status).toBe(200);
    expect((await attempt('acme', '203.0.113.5')).status).toBe(200);
  });
});
