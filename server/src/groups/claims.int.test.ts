/**
 * The groups claim through a real relying party (openid-client) on both databases: an application that
 * asks for the groups scope, or has groups switched on, reads the names of the person's groups in the
 * ID token and userinfo under the claim it chose; one that does neither gets none; a person in more
 * groups than an ID token carries gets the overage (the claim's source is userinfo, which answers all).
 */
import { GROUPS_IN_ID_TOKEN_MAX } from '@gatehouse/common/groups';
import type { Group } from '@gatehouse/common/schemas/groups';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { configureApplication, createApplication, createUser, grantAccess, signedIn, type TestUser } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';

const CALLBACK = 'https://argo.example.com/auth/callback';

describe.each(testDialects())('the groups claim on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let ada: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    ada = await createUser(server, acmeId, { email: 'ada@acme.test' });
    for (const name of ['Engineering', 'admins']) {
      const group = (await admin.post('/api/groups', { form: { name } })).json<Group>();
      await admin.post(`/api/groups/${group.id}/members`, { form: { userId: ada.id } });
    }
  });
  afterAll(() => server?.close());

  /** A sign-in of `user` at the application with `scope`: its ID token's claims and its userinfo. */
  async function signInAt(app: { id: string; secret: string }, scope: string, user: TestUser) {
    await grantAccess(server, acmeId, user.id, [app.id]);
    const rp = await relyingParty(server, 'acme', app.id, app.secret);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: user.email, password: DEFAULT_PASSWORD });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'st' });
    const idToken = tokens.claims()!;
    const userinfo = await client.fetchUserInfo(rp, tokens.access_token, idToken.sub);
    return { idToken, userinfo };
  }

  it('gives the groups of the person to an application that asks for the groups scope, in the ID token and userinfo', async () => {
    const argo = await createApplication(admin, { name: 'Argo CD', redirectURIs: [CALLBACK] });
    const { idToken, userinfo } = await signInAt(argo, 'openid email groups', ada);
    expect(idToken.groups).toEqual(['admins', 'Engineering']);
    expect(userinfo.groups).toEqual(['admins', 'Engineering']);
    // Without the scope, nothing.
    const plain = await signInAt(argo, 'openid email', ada);
    expect(plain.idToken).not.toHaveProperty('groups');
    expect(plain.userinfo).not.toHaveProperty('groups');
  });

  it('uses the claim name an application chose, and sends groups without the scope when switched on; changes show at the next sign-in', async () => {
    const hasura = await createApplication(admin, { name: 'Hasura', redirectURIs: [CALLBACK], groupsClaim: 'roles', groupsAlways: true });
    const first = await signInAt(hasura, 'openid', ada);
    expect(first.idToken.roles).toEqual(['admins', 'Engineering']);
    expect(first.idToken).not.toHaveProperty('groups');
    expect(first.userinfo.roles).toEqual(['admins', 'Engineering']);
    const shown = (await admin.get(`/api/clients/${hasura.id}`)).json<{ groupsClaim: string; groupsAlways: boolean }>();
    expect(shown).toMatchObject({ groupsClaim: 'roles', groupsAlways: true });

    const engineering = (await admin.get('/api/groups?search=eng')).json<{ items: Group[] }>().items[0]!;
    await admin.delete(`/api/groups/${engineering.id}/members/${ada.id}`);
    expect((await signInAt(hasura, 'openid', ada)).idToken.roles).toEqual(['admins']);
    await admin.post(`/api/groups/${engineering.id}/members`, { form: { userId: ada.id } });

    const bad = await admin.put(`/api/clients/${hasura.id}`, {
      form: { name: 'Hasura', clientType: 'confidential', redirectURIs: [CALLBACK], idTokenSignedResponseAlg: 'RS256', groupsClaim: 'sub' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ validation: { errors: { groupsClaim: { message: expect.stringContaining('protocol') } } } });
    await configureApplication(admin, hasura.id, { name: 'Hasura', redirectURIs: [CALLBACK] });
    expect((await signInAt(hasura, 'openid', ada)).idToken).not.toHaveProperty('groups');
  });

  it('names userinfo as the source when a person is in more groups than an ID token carries', async () => {
    const many = await createUser(server, acmeId, { email: 'many@acme.test' });
    for (let i = 0; i <= GROUPS_IN_ID_TOKEN_MAX; i++) {
      const group = (await admin.post('/api/groups', { form: { name: `Team ${String(i).padStart(3, '0')}` } })).json<Group>();
      await admin.post(`/api/groups/${group.id}/members`, { form: { userId: many.id } });
    }
    const app = await createApplication(admin, { name: 'Grafana', redirectURIs: [CALLBACK] });
    const { idToken, userinfo } = await signInAt(app, 'openid groups', many);
    expect(idToken).not.toHaveProperty('groups');
    expect(idToken._claim_names).toEqual({ groups: 'userinfo' });
    expect(idToken._claim_sources).toEqual({ userinfo: { endpoint: `http://acme.localhost:${server.port}/oidc/userinfo` } });
    expect(userinfo.groups).toHaveLength(GROUPS_IN_ID_TOKEN_MAX + 1);
  });
});
