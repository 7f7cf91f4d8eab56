/**
 * Issue 13, devices: the Device Authorization Grant (RFC 8628) for applications of the kind Device / CLI.
 * The test plays the device (device authorization request, then polling the token endpoint) and the
 * user's browser (the code page on the organisation's host, the sign-in, the confirmation).
 */
import http from 'node:http';

import { MESSAGES } from '@gatehouse/common/messages';
import type { Application } from '@gatehouse/common/schemas/applications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { readSamples, sampleValue } from '../testing/prometheus.ts';
import { DEVICE_CODE_ATTEMPTS, DEVICE_FORM_WITHOUT_SESSION } from './device.ts';
import { DEVICE_CODE_GRANT, DEVICE_POLL_INTERVAL_S } from './provider.ts';

interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

const xsrfOf = (html: string) => /name="xsrf" value="([^"]+)"/.exec(html)![1]!;

describe.each(testDialects())('device authorization grant on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let orgId: string;
  let cli: { id: string };
  let users = 0;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      logLines,
      config: { logLevel: 'info', trustProxy: true, telemetry: { port: 0, host: '127.0.0.1' } },
    });
    orgId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    cli = await createApplication(admin, { name: 'Acme CLI', clientType: 'device', redirectURIs: [], postLogoutRedirectURIs: [] });
  });
  afterAll(() => server?.close());

  const issuer = () => issuerOf(server, 'acme');
  /** The device: no browser, no secret; it asks for codes and polls. */
  const device = new (class {
    async authorize(clientId = cli.id, scope = 'openid offline_access') {
      const res = await new TestBrowser(server.port).request('POST', `${issuer()}/oidc/device/auth`, {
        form: { client_id: clientId, scope },
        headers: { accept: 'application/json', origin: '' },
      });
      return { status: res.status, body: JSON.parse(res.body) as DeviceAuthorization & { error?: string } };
    }
    async poll(deviceCode: string, clientId = cli.id) {
      const res = await new TestBrowser(server.port).request('POST', `${issuer()}/oidc/token`, {
        form: { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: clientId },
        headers: { accept: 'application/json', origin: '' },
      });
      return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> };
    }
  })();

  async function newUser() {
    const user = await createUser(server, orgId, { email: `device${++users}@acme.test` });
    await grantAccess(server, orgId, user.id, [cli.id]);
    return user;
  }

  /** The user's browser at the verification page: enters the code, answers with the confirmation page. */
  async function enterCode(browser: TestBrowser, userCode: string, headers: Record<string, string> = {}) {
    const entry = await browser.request('GET', `${issuer()}/oidc/device`, { headers });
    expect(entry.status).toBe(200);
    return browser.request('POST', `${issuer()}/oidc/device`, { form: { xsrf: xsrfOf(entry.body), user_code: userCode }, headers });
  }

  it('gives the device tokens once the user enters the code, signs in and confirms', async () => {
    const user = await newUser();
    const { status, body: auth } = await device.authorize();
    expect(status).toBe(200);
    expect(auth.verification_uri).toBe(`${issuer()}/oidc/device`);
    expect(auth.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(auth.expires_in).toBe(600);
    // How long to wait between polls (RFC 8628 3.2), which the answer lacked (issue 27).
    expect(auth.interval).toBe(DEVICE_POLL_INTERVAL_S);
    expect(await device.poll(auth.device_code)).toMatchObject({ status: 400, body: { error: 'authorization_pending' } });
    // Only the hash of the user code is stored, and the device code only sealed.
    const stored = JSON.stringify(
      await server.ctx.db.kysely.selectFrom('oidc_artefacts').selectAll().where('model', '=', 'DeviceCode').execute(),
    );
    expect(stored).not.toContain(auth.device_code);
    expect(stored).not.toContain(auth.user_code.replace('-', ''));

    const browser = new TestBrowser(server.port);
    const entry = await browser.request('GET', `${issuer()}/oidc/device`);
    expect(entry.body).toContain('<label for="user-code">Code</label>');
    expect(entry.body).not.toContain('onfocus');
    // The code as typed from the device: lower case, without the dash.
    const confirm = await browser.request('POST', `${issuer()}/oidc/device`, {
      form: { xsrf: xsrfOf(entry.body), user_code: auth.user_code.replace('-', '').toLowerCase() },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain('Sign in to Acme CLI?');
    expect(confirm.body).toContain(auth.user_code);
    const started = await browser.request('POST', `${issuer()}/oidc/device`, {
      form: { xsrf: xsrfOf(confirm.body), user_code: /name="user_code" value="([^"]+)"/.exec(confirm.body)![1]!, confirm: 'yes' },
    });
    expect(started.status).toBe(303);
    // The ordinary sign-in of Gatehouse (its policies, second step and application access apply).
    const landed = await signInThroughSpa(browser, new URL(started.headers.location!, issuer()), {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    // The provider's success page, shown once on the way back.
    expect(landed.pathname).toMatch(/^\/oidc\/device\//);
    expect(browser.lastResponse).toMatchObject({ status: 200 });
    expect(browser.lastResponse!.body).toContain('Your device is signed in');
    expect(browser.lastResponse!.body).toContain('go back to Acme CLI');

    const tokens = await device.poll(auth.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: 'openid offline_access' });
    expect(tokens.body.refresh_token).toBeTruthy();
    const idClaims = JSON.parse(Buffer.from(String(tokens.body.id_token).split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      aud: string;
    };
    expect(idClaims).toMatchObject({ sub: user.id, aud: cli.id });
    // Used once.
    expect(await device.poll(auth.device_code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('tells the device when the user cancels, and refuses wrong codes and other kinds of application', async () => {
    const { body: auth } = await device.authorize();
    const browser = new TestBrowser(server.port);
    const wrong = await enterCode(browser, 'BCDF-GHJK');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain('That code is not right, or it has expired.');
    const confirm = await enterCode(browser, auth.user_code);
    const cancelled = await browser.request('POST', `${issuer()}/oidc/device`, {
      form: { xsrf: xsrfOf(confirm.body), user_code: auth.user_code, abort: 'yes' },
    });
    expect(cancelled.body).toContain('The sign-in was cancelled on this device.');
    expect(await device.poll(auth.device_code)).toMatchObject({ status: 400, body: { error: 'access_denied' } });

    // Another kind of application (here a single-page one, also without a secret) may not use the grant.
    const spa = await createApplication(admin, { name: 'Web', clientType: 'public', redirectURIs: ['https://web.example.com/cb'] });
    expect((await device.authorize(spa.id)).body).toMatchObject({ error: 'unauthorized_client' });
    const view = (await admin.get(`/api/clients/${cli.id}`)).json<Application>();
    expect(view.clientType).toBe('device');
  });

  it('limits how many wrong codes one address may try; a right code between guesses neither counts nor clears the count (issue 27)', async () => {
    // This address starts with no count (the tests above entered wrong codes too).
    await server.ctx.db.kysely.deleteFrom('sign_in_throttle').where('organisation_id', '=', orgId).execute();
    const { body: auth } = await device.authorize();
    const browser = new TestBrowser(server.port);
    for (let i = 1; i < DEVICE_CODE_ATTEMPTS; i++) {
      expect((await enterCode(browser, 'ZZZZ-ZZZZ')).status).toBe(200);
      // The guesser's own right code, entered between guesses (it used to start the count again).
      expect((await enterCode(browser, auth.user_code)).body).toContain('Sign in to Acme CLI?');
    }
    expect((await enterCode(browser, 'ZZZZ-ZZZZ')).status).toBe(200);
    const limited = await enterCode(browser, auth.user_code);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain('Too many attempts, please wait and try again');
    expect((await enterCode(browser, 'ZZZZ-ZZZZ')).status).toBe(429);
  });

  it('limits a signed-in user guessing codes from many addresses, per user (issue 27)', async () => {
    const user = await newUser();
    const browser = new TestBrowser(server.port);
    const signIn = await browser.request('POST', `${issuer()}/api/authenticate`, {
      form: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    // Every guess from another address (behind the trusted proxy): no address reaches its limit.
    const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    for (let i = 1; i <= DEVICE_CODE_ATTEMPTS; i++) expect((await enterCode(browser, 'ZZZZ-ZZZZ', from(i))).status).toBe(200);
    const limited = await enterCode(browser, 'ZZZZ-ZZZZ', from(DEVICE_CODE_ATTEMPTS + 1));
    expect(limited.status).toBe(429);
    // Another browser at a fresh address, not signed in, is not held back by that user's count.
    expect((await enterCode(new TestBrowser(server.port), 'ZZZZ-ZZZZ', from(99))).status).toBe(200);
  });

  /** Requests counted so far for this route and status, as /metrics tells. */
  async function counted(labels: Record<string, string>): Promise<number> {
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.gatehouse.telemetryPort()!, path: '/metrics' }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
    return sampleValue(readSamples(text), 'gatehouse_http_request_duration_seconds_count', labels);
  }

  it('answers a code form posted without the provider session with a 400 error page, logged and counted (issue 27)', async () => {
    const before = await counted({ method: 'POST', route: '/oidc/device', status: '400' });
    const stranger = new TestBrowser(server.port);
    const res = await stranger.request('POST', `${issuer()}/oidc/device`, { form: { xsrf: 'forged', user_code: 'BCDF-GHJK' } });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<h1>${MESSAGES.errorPageTitle}</h1>`);
    expect(res.body).toContain(DEVICE_FORM_WITHOUT_SESSION);
    const correlationId = String(res.headers['x-correlation-id']);
    expect(res.body).toContain(correlationId);
    // The same with a session cookie the server does not know (expired, or made up).
    const unknown = await stranger.request('POST', `${issuer()}/oidc/device`, {
      form: { xsrf: 'forged', user_code: 'BCDF-GHJK' },
      headers: { cookie: 'gh_oidc_session=made-up' },
    });
    expect(unknown.status).toBe(400);
    await server.settled();
    expect(await counted({ method: 'POST', route: '/oidc/device', status: '400' })).toBe(before + 2);
    expect(await counted({ route: 'unmatched', status: '500' })).toBe(0);
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; res?: { statusCode?: number } });
    expect(logged.some((line) => line.reqId === correlationId && line.res?.statusCode === 400)).toBe(true);
  });

  it('lists the device endpoints in discovery', async () => {
    const res = await new TestBrowser(server.port).request('GET', `${issuer()}/.well-known/openid-configuration`);
    expect(JSON.parse(res.body)).toMatchObject({
      device_authorization_endpoint: `${issuer()}/oidc/device/auth`,
      grant_types_supported: expect.arrayContaining([DEVICE_CODE_GRANT]),
    });
  });
});
