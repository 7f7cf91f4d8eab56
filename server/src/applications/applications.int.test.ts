/** The application admin API, per-user access and the client sign-in steps, through real HTTP. */
import { createHash } from 'node:crypto';

import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, signedIn, type TestUser } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { makeGif, makePng } from '../testing/images.ts';
import { relyingParty } from '../testing/oidc-rp.ts';
import { setUserClientAccess } from './service.ts';

type Fields = Record<string, string | string[]>;

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Fields, files: Record<string, { name: string; type: string; data: Buffer }> = {}) {
  const boundary = `----gatehouse${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`));
    }
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const SETTINGS: Fields = {
  name: 'Wiki',
  clientType: 'confidential',
  redirectURIs: ['https://wiki.example.com/callback'],
  postLogoutRedirectURIs: ['https://wiki.example.com/'],
  idTokenSignedResponseAlg: 'RS256',
};

describe.each(testDialects())('applications on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    alice = await createUser(server, acmeId, { email: 'alice@acme.test', emailVerified: false });
    await createUser(server, acmeId, { email: 'ursula@acme.test', role: 'UserAdministrator' });
  });
  afterAll(() => server?.close());

  it('creates an application and shows its secret only in that answer, keeping only a hash', async () => {
    const res = await admin.post('/api/clients', { form: { name: 'Wiki', redirectURI: 'https://wiki.example.com/callback' } });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json<{ id: string; secret: string; redirectURIs: string[]; clientType: string }>();
    expect(created.secret).toMatch(/^[\w-]{43}$/);
    expect(created).toMatchObject({ redirectURIs: ['https://wiki.example.com/callback'], clientType: 'confidential' });

    const listed = (await admin.get('/api/clients')).json<Record<string, unknown>[]>();
    expect(listed.find((a) => a.id === created.id)).toMatchObject({ name: 'Wiki' });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect((await admin.get(`/api/clients/${created.id}`)).json()).not.toHaveProperty('secret');
    const row = await server.ctx.db.kysely.selectFrom('clients').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(created.secret).digest('base64url'));
  });

  it('refuses a missing name and unsafe addresses, with messages on their fields', async () => {
    const noName = await admin.post('/api/clients', { form: { name: '  ' } });
    expect(noName.status).toBe(400);
    expect(noName.json()).toMatchObject({ validation: { errors: { name: { message: 'This field is required' } } } });
    for (const uri of [
      'http://wiki.example.com/cb',
      'https://*.example.com/cb',
      'https://wiki.example.com/cb#top',
      'javascript:alert(1)',
    ]) {
      const res = await admin.post('/api/clients', { form: { name: 'Bad', redirectURI: uri } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json<{ validation: { errors: object } }>().validation.errors)).toEqual(['redirectURI']);
    }
    const app = await createApplication(admin);
    const bad = await admin.put(`/api/clients/${app.id}`, {
      form: { ...SETTINGS, landingURL: 'javascript:alert(1)', redirectURIs: ['https://ok.example.com/cb', 'data:text/html,x'] },
    });
    expect(bad.status).toBe(400);
    const errors = bad.json<{ validation: { errors: Record<string, unknown> } }>().validation.errors;
    expect(Object.keys(errors).sort()).toEqual(['landingURL', 'redirectURIs.1']);
  });

  it('saves every setting; the redirect URI list keeps only non-blank entries, once each', async () => {
    const app = await createApplication(admin);
    const res = await admin.put(`/api/clients/${app.id}`, {
      form: {
        ...SETTINGS,
        name: 'Team wiki',
        clientType: 'public',
        landingURL: 'https://wiki.example.com/',
        policyURL: 'https://wiki.example.com/privacy',
        canInvite: 'true',
        scimEnabled: 'true',
        allowsUnverifiedAccess: 'true',
        redirectURIs: ['https://wiki.example.com/a', '   ', 'https://wiki.example.com/a', 'http://localhost:3000/cb'],
        idTokenSignedResponseAlg: 'ES256',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Team wiki',
      clientType: 'public',
      landingURL: 'https://wiki.example.com/',
      policyURL: 'https://wiki.example.com/privacy',
      canInvite: true,
      scimEnabled: true,
      allowsUnverifiedAccess: true,
      redirectURIs: ['https://wiki.example.com/a', 'http://localhost:3000/cb'],
      postLogoutRedirectURIs: ['https://wiki.example.com/'],
      idTokenSignedResponseAlg: 'ES256',
    });
    expect((await admin.get(`/api/clients/${app.id}`)).json()).toMatchObject({ name: 'Team wiki', canInvite: true });
  });

  it('regenerates the secret: the old one stops working at once, the new one works', async () => {
    const machine = await createApplication(admin, { name: 'Job', clientType: 'machine' });
    const before = await relyingParty(server, 'acme', machine.id, machine.secret);
    await client.clientCredentialsGrant(before);
    const res = await admin.post(`/api/clients/${machine.id}/regeneratesecret`);
    expect(res.status).toBe(200);
    const { secret } = res.json<{ secret: string }>();
    expect(secret).not.toBe(machine.secret);
    await expect(client.clientCredentialsGrant(before)).rejects.toMatchObject({ status: 401 });
    await client.clientCredentialsGrant(await relyingParty(server, 'acme', machine.id, secret));
  });

  it('takes a logo checked by its content, serves it as an image only, and deletes it', async () => {
    const app = await createApplication(admin);
    const upload = (files: Parameters<typeof multipart>[1], extra: Fields = {}) => {
      const { body, headers } = multipart({ ...SETTINGS, ...extra }, files);
      return admin.put(`/api/clients/${app.id}`, { body, headers });
    };
    const saved = await upload({ logo: { name: 'logo.png', type: 'image/png', data: makePng(8, 8) } });
    expect(saved.status).toBe(200);
    const logoID = saved.json<{ logoID: string }>().logoID;
    const served = await server.client('acme').get(`/api/organisation/assets/clientlogo?id=${logoID}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const svg = await upload({
      logo: { name: 'logo.gif', type: 'image/gif', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    });
    expect(svg.status).toBe(400);
    expect(svg.json()).toMatchObject({ validation: { errors: { logo: {} } } });
    const polyglot = await upload({
      logo: { name: 'x.png', type: 'image/png', data: Buffer.concat([makePng(), Buffer.from('<script>alert(1)</script>')]) },
    });
    expect(polyglot.status).toBe(400);
    const huge = await upload({ logo: { name: 'x.png', type: 'image/png', data: Buffer.concat([makePng(), Buffer.alloc(1024 * 1024)]) } });
    expect(huge.status).toBe(400);
    expect((await admin.get(`/api/clients/${app.id}`)).json()).toMatchObject({ logoID });

    const replaced = await upload({ logo: { name: 'logo.gif', type: 'image/gif', data: makeGif() } });
    const newLogo = replaced.json<{ logoID: string }>().logoID;
    expect(newLogo).not.toBe(logoID);
    expect((await server.client('acme').get(`/api/organisation/assets/clientlogo?id=${logoID}`)).status).toBe(404);
    const deleted = await upload({}, { deleteLogo: 'true' });
    expect(deleted.json()).toMatchObject({ logoID: null });
    expect((await server.client('acme').get(`/api/organisation/assets/clientlogo?id=${newLogo}`)).status).toBe(404);
  });

  it('deletes an application with what was issued to it', async () => {
    const app = await createApplication(admin);
    expect((await admin.delete(`/api/clients/${app.id}`)).status).toBe(204);
    const gone = await admin.get(`/api/clients/${app.id}`);
    expect(gone.status).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'CLIENT_NOT_FOUND', message: 'Sorry, the application was not found' });
    expect((await admin.delete(`/api/clients/${app.id}`)).status).toBe(404);
  });

  it('lets only Organisation Admins manage applications', async () => {
    const app = await createApplication(admin);
    const callers = [await signedIn(server, 'acme', 'alice@acme.test'), await signedIn(server, 'acme', 'ursula@acme.test')];
    for (const caller of callers) {
      expect((await caller.get('/api/clients')).status).toBe(403);
      expect((await caller.get(`/api/clients/${app.id}`)).status).toBe(403);
      expect((await caller.post('/api/clients', { form: { name: 'Mine' } })).status).toBe(403);
      expect((await caller.put(`/api/clients/${app.id}`, { form: SETTINGS })).status).toBe(403);
      expect((await caller.delete(`/api/clients/${app.id}`)).status).toBe(403);
      expect((await caller.post(`/api/clients/${app.id}/regeneratesecret`)).status).toBe(403);
    }
    expect((await server.client('acme').get('/api/clients')).status).toBe(401);
  });

  it("answers 404 and changes nothing for another organisation's application, on every route", async () => {
    const app = await createApplication(admin, { name: 'Acme only' });
    const logo = multipart(SETTINGS, { logo: { name: 'l.png', type: 'image/png', data: makePng() } });
    const logoID = (await admin.put(`/api/clients/${app.id}`, logo)).json<{ logoID: string }>().logoID;
    const globex = await signedIn(server, 'globex', 'admin@globex.test');
    expect((await globex.get(`/api/clients/${app.id}`)).status).toBe(404);
    expect((await globex.put(`/api/clients/${app.id}`, { form: { ...SETTINGS, name: 'Hijacked' } })).status).toBe(404);
    expect((await globex.post(`/api/clients/${app.id}/regeneratesecret`)).status).toBe(404);
    expect((await globex.delete(`/api/clients/${app.id}`)).status).toBe(404);
    expect((await globex.get('/api/clients')).json<{ id: string }[]>().map((a) => a.id)).not.toContain(app.id);
    expect((await server.client('globex').get(`/api/organisation/assets/clientlogo?id=${logoID}`)).status).toBe(404);
    expect((await globex.get(`/api/clientauthsteps?client_id=${app.id}`)).status).toBe(404);
    expect((await admin.get(`/api/clients/${app.id}`)).json()).toMatchObject({ name: 'Wiki' });
    // A web application may not use client credentials, but its secret still authenticates it.
    await expect(client.clientCredentialsGrant(await relyingParty(server, 'acme', app.id, app.secret))).rejects.toMatchObject({
      error_description: 'requested grant type is not allowed for this client',
    });
  });

  it('gives end users the applications they were given, and admins all of them', async () => {
    const wiki = await createApplication(admin, { name: 'A wiki', landingURL: 'https://wiki.example.com/' });
    await createApplication(admin, { name: 'B chat' });
    await setUserClientAccess(server.ctx, acmeId, alice.id, [wiki.id, wiki.id]);
    const aliceClient = await signedIn(server, 'acme', 'alice@acme.test');
    const account = (await aliceClient.get('/api/account')).json<{ accessibleClientIDs: string[]; clients: object[] }>();
    expect(account.accessibleClientIDs).toEqual([wiki.id]);
    expect(account.clients).toEqual([{ id: wiki.id, name: 'A wiki', landingURL: 'https://wiki.example.com/', logoID: null }]);
    const adminAccount = (await admin.get('/api/account')).json<{ accessibleClientIDs: string[] }>();
    expect(adminAccount.accessibleClientIDs.length).toBeGreaterThan(2);

    const globexApp = await createApplication(await signedIn(server, 'globex', 'admin@globex.test'));
    await expect(setUserClientAccess(server.ctx, acmeId, alice.id, [wiki.id, globexApp.id])).rejects.toMatchObject({
      statusCode: 400,
      errors: { clients: { message: 'Please choose applications of this organisation only' } },
    });
    await expect(setUserClientAccess(server.ctx, acmeId, 'no-such-user', [])).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await aliceClient.get('/api/account')).json()).toMatchObject({ accessibleClientIDs: [wiki.id] });
  });

  it('walks the client steps: access, privacy policy (per policy address), email verification', async () => {
    const app = await createApplication(admin, { name: 'Policy app', policyURL: 'https://policy.example.com/v1' });
    const aliceClient = await signedIn(server, 'acme', 'alice@acme.test');
    const steps = () => aliceClient.get(`/api/clientauthsteps?client_id=${app.id}`);
    expect((await steps()).json()).toEqual({
      clientID: app.id,
      clientName: 'Policy app',
      hasAccess: false,
      policy: { requiresAppPolicyConsent: true, policyURL: 'https://policy.example.com/v1', orgName: 'acme' },
      emailVerification: { requiresEmailVerification: true },
    });
    expect((await aliceClient.post('/api/acceptpolicy', { form: { clientID: app.id, accept: 'true' } })).status).toBe(403);

    await setUserClientAccess(server.ctx, acmeId, alice.id, [app.id]);
    const unticked = await aliceClient.post('/api/acceptpolicy', { form: { clientID: app.id } });
    expect(unticked.status).toBe(400);
    expect(unticked.json()).toMatchObject({ validation: { errors: { accept: { message: 'This field is required' } } } });
    expect((await aliceClient.post('/api/acceptpolicy', { form: { clientID: app.id, accept: 'true' } })).status).toBe(200);
    expect((await steps()).json()).toMatchObject({ hasAccess: true, policy: { requiresAppPolicyConsent: false } });

    await admin.put(`/api/clients/${app.id}`, {
      form: { ...SETTINGS, name: 'Policy app', policyURL: 'https://policy.example.com/v2', allowsUnverifiedAccess: 'true' },
    });
    expect((await steps()).json()).toMatchObject({
      policy: { requiresAppPolicyConsent: true, policyURL: 'https://policy.example.com/v2' },
      emailVerification: { requiresEmailVerification: false },
    });
    expect((await aliceClient.get('/api/clientauthsteps?client_id=nope')).status).toBe(404);
    expect((await aliceClient.get('/api/clientauthsteps')).status).toBe(400);
    expect((await server.client('acme').get(`/api/clientauthsteps?client_id=${app.id}`)).status).toBe(401);
  });

  it('answers the redirect URL after sign-in only for an application sign-in in progress', async () => {
    const signIn = (returnurl: string) =>
      server.client('acme').post('/api/authenticate', { form: { email: 'alice@acme.test', password: DEFAULT_PASSWORD, returnurl } });
    const pending = '/oidc/interaction/abcdefghijklmnopqrstu/finish?client_id=someclient';
    expect((await signIn(pending)).json()).toMatchObject({ redirectURL: pending });
    expect((await signIn('/dashboard')).json()).toMatchObject({ redirectURL: null });
    expect((await signIn('https://evil.example.com/oidc/interaction/abcdefghijklmnopqrstu/finish?client_id=x')).json()).toMatchObject({
      redirectURL: null,
    });
  });
});
