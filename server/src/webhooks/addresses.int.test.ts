/**
 * Issue 27, point 5: a webhook address that leads to a private, loopback or link-local network was
 * accepted when saved and refused only at each delivery. It is refused when saved, on its field, by the
 * same guard as at delivery, unless the operator allows private targets (WEBHOOKS_ALLOW_PRIVATE).
 */
import type { WebhookEndpointWithSecret } from '@gatehouse/common/schemas/webhooks';
import { WEBHOOK_MESSAGES } from '@gatehouse/common/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

describe.each(testDialects())('webhook addresses on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses, when saved, an address that leads to a private, loopback or link-local network, with the reason on the field', async () => {
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    for (const url of [
      'https://localhost/hooks',
      'https://127.0.0.1/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://169.254.169.254/latest/meta-data/',
      'https://192.168.1.10/hooks',
    ]) {
      const res = await admin.post('/api/webhooks', { form: { url, eventTypes: '*' } });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.json()).toMatchObject({ validation: { errors: { url: { message: WEBHOOK_MESSAGES.privateAddress } } } });
    }
    expect((await admin.get('/api/webhooks')).json()).toEqual([]);

    // A public address is saved; changing it to a private one is refused the same way.
    const created = await admin.post('/api/webhooks', { form: { url: 'https://93.184.215.14/hooks', eventTypes: '*' } });
    expect(created.status).toBe(201);
    const { id } = created.json<WebhookEndpointWithSecret>();
    const changed = await admin.put(`/api/webhooks/${id}`, { form: { url: 'https://10.1.2.3/hooks', eventTypes: '*' } });
    expect(changed.status).toBe(400);
    expect(changed.json()).toMatchObject({ validation: { errors: { url: { message: WEBHOOK_MESSAGES.privateAddress } } } });
  });
});
