/**
 * Issue 30: a person's MFA on the management API, GET and DELETE /api/users/{id}/mfa, through real HTTP
 * on both databases: for administrators' sessions and for applications' management API tokens (users:read
 * to read, users:write to reset), audited as user.mfa_reset, never one's own, never across organisations,
 * and described in the OpenAPI document.
 */
import type { UserMfa } from '@gatehouse/common/schemas/user-mfa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type CreatedApplication, createUser, signedIn } from '../testing/applications.ts';
import { testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { managementToken as grantedManagementToken, startWithMachineClient } from '../testing/machine-clients.ts';
import { enrolAuthenticator, passwordStep } from '../testing/mfa.ts';

describe.each(testDialects())('MFA on the management API on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let robot: CreatedApplication;

  beforeAll(async () => {
    ({ server, acmeId, admin, robot } = await startWithMachineClient(dialect));
  });
  afterAll(() => server?.close());

  const managementToken = (scopes: string[]) => grantedManagementToken(server, admin, robot, scopes);

  /** An End user who set up an authenticator app. */
  async function userWithApp(email: string): Promise<string> {
    const { id } = await createUser(server, acmeId, { email });
    await enrolAuthenticator(server, await signedIn(server, 'acme', email));
    return id;
  }

  it('shows an administrator whether a user has MFA, its kinds and whether it is required, and resets it, audited', async () => {
    const id = await userWithApp('ana@acme.test');
    expect((await admin.get(`/api/users/${id}/mfa`)).json<UserMfa>()).toEqual({
      enabled: true,
      required: false,
      methods: [{ kind: 'app', count: 1 }],
    });
    const { id: plain } = await createUser(server, acmeId, { email: 'pat@acme.test' });
    await server.ctx.db.kysely.updateTable('users').set({ multi_factor_auth_required: true }).where('id', '=', plain).execute();
    expect((await admin.get(`/api/users/${plain}/mfa`)).json<UserMfa>()).toEqual({ enabled: false, required: true, methods: [] });

    const reset = await admin.delete(`/api/users/${id}/mfa`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json<UserMfa>()).toEqual({ enabled: false, required: false, methods: [] });
    // The password alone signs her in now.
    await expect(passwordStep(server.client('acme'), 'ana@acme.test')).rejects.toThrow('Expected the code step');
    const adminId = (await admin.get('/api/account')).json<{ id: string }>().id;
    const events = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'actor_kind', 'actor_id'])
      .where('subject_id', '=', id)
      .where('type', '=', 'user.mfa_reset')
      .execute();
    expect(events).toEqual([{ type: 'user.mfa_reset', actor_kind: 'user', actor_id: adminId }]);
  });

  it('refuses one’s own reset, a user of another organisation, and a user unknown', async () => {
    const self = (await admin.get('/api/account')).json<{ id: string }>().id;
    expect((await admin.delete(`/api/users/${self}/mfa`)).status).toBe(403);
    const globex = await signedIn(server, 'globex', 'admin@globex.test');
    const id = await userWithApp('gus@acme.test');
    expect((await globex.get(`/api/users/${id}/mfa`)).status).toBe(404);
    expect((await globex.delete(`/api/users/${id}/mfa`)).status).toBe(404);
    expect((await admin.get(`/api/users/${id}/mfa`)).json<UserMfa>().enabled).toBe(true);
    expect((await admin.get('/api/users/nobody/mfa')).status).toBe(404);
  });

  it('lets an application read with users:read and reset with users:write, audited with the application as actor', async () => {
    const id = await userWithApp('ray@acme.test');
    const bearer = admin.forHost(admin.host);
    const reading = await managementToken(['users:read']);
    expect((await bearer.get(`/api/users/${id}/mfa`, reading)).json<UserMfa>()).toMatchObject({ enabled: true });
    const refused = await bearer.delete(`/api/users/${id}/mfa`, reading);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });

    const writing = await managementToken(['users:read', 'users:write']);
    const reset = await bearer.delete(`/api/users/${id}/mfa`, writing);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json<UserMfa>().enabled).toBe(false);
    await expect(passwordStep(server.client('acme'), 'ray@acme.test')).rejects.toThrow('Expected the code step');
    const events = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'actor_kind', 'actor_id'])
      .where('subject_id', '=', id)
      .where('type', '=', 'user.mfa_reset')
      .execute();
    expect(events).toEqual([{ type: 'user.mfa_reset', actor_kind: 'application', actor_id: robot.id }]);
  });

  it('is described in the OpenAPI document with its management scopes', async () => {
    const document = (await admin.get('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { operationId: string; security: object[] }>>;
    }>();
    const path = document.paths['/api/users/{id}/mfa']!;
    expect(path.get).toMatchObject({ operationId: 'getUserMfa', security: [{ session: [] }, { managementApi: ['users:read'] }] });
    expect(path.delete).toMatchObject({ operationId: 'resetUserMfa', security: [{ session: [] }, { managementApi: ['users:write'] }] });
  });
});
