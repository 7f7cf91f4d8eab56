/**
 * Journeys of issue 3: an admin adds an application and sees its one-time secret, then configures it;
 * a user signs in to a real relying party (openid-client in this process), accepts the application's
 * privacy policy on the way, and arrives back at the application signed in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { createLocalJWKSet, exportJWK, generateKeyPair, type JSONWebKeySet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Dialect } from '../server/src/db/database.ts';
import { localhostFetch } from '../server/src/testing/oidc-rp.ts';
import { expectAccessible, launchBrowser, newPage, passDoubleSubmitGuard, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';
import { type RelyingParty, startRelyingParty } from './support/relying-party.ts';

const chromiumPath = inject('chromiumPath');
// The journeys run on SQLite; the rules under them run on both databases in the integration tests.
const dialects: Dialect[] = ['sqlite'];

describe.skipIf(!chromiumPath).each(dialects)('applications on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let rp: RelyingParty | undefined;

  beforeAll(async () => {
    // The back-channel logout receiver below listens on loopback, as a developer's would.
    gatehouse = await startGatehouse(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await rp?.close();
    await browser?.close();
    await gatehouse?.stop();
  });

  async function signedInPage(): Promise<Page> {
    const page = await newPage(browser);
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** Forms ignore a second submit within a second of the first (the spec's double-submit guard). */
  async function submitAgain(page: Page, name = 'Save') {
    await passDoubleSubmitGuard(page);
    await page.getByRole('button', { name }).click();
  }

  it('lets an admin add an application, see its secret once, and configure it', async () => {
    const page = await signedInPage();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications', exact: true }).click();
    await page.getByRole('heading', { name: 'Manage your Applications' }).waitFor();
    await page.getByText("You haven't added any applications yet.").waitFor();
    expect(await page.title()).toBe('Applications - acme');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'Add an application' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Wiki');
    await page.getByLabel('Redirect URI').fill('http://wiki.example.com/callback');
    await submitAgain(page);
    await page.getByText('Use https:// (http:// is allowed only for localhost)').waitFor();
    await page.getByLabel('Redirect URI').fill('http://localhost:9/callback');
    await submitAgain(page);
    await page.getByText('This client secret is viewable only once and cannot be seen after leaving this page.').waitFor();
    // Issue 39 point 22: the focus is on the result, not on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Application added');
    const secret = await page.locator('code.secret').innerText();
    expect(secret).toMatch(/^[\w-]{43}$/);
    await expectAccessible(page);
    await screenshot(page, `${dialect}-application-added`);

    await page.getByRole('link', { name: 'Back to applications' }).click();
    await page.getByRole('button', { name: 'Copy Client ID Wiki' }).waitFor();
    await page.getByRole('link', { name: 'Wiki' }).click();
    await page.getByRole('heading', { name: 'Wiki', level: 1 }).waitFor();
    await page
      .getByRole('region', { name: 'OpenID Connect settings' })
      .getByText(`${gatehouse.url('acme')}/.well-known/openid-configuration`)
      .waitFor();
    expect(await page.content()).not.toContain(secret);
    // Every value of the panel has its own Copy button, named for screen readers by what it copies.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gatehouse.url('acme') });
    const panel = page.getByRole('region', { name: 'OpenID Connect settings' });
    await panel.getByRole('button', { name: 'Copy Token endpoint' }).click();
    await panel.getByRole('button', { name: 'Copied Token endpoint' }).waitFor();
    type ClipboardGlobals = { navigator: { clipboard: { readText(): Promise<string> } } };
    expect(await page.evaluate(() => (globalThis as unknown as ClipboardGlobals).navigator.clipboard.readText())).toBe(
      `${gatehouse.url('acme')}/oidc/token`,
    );
    const redirects = page.getByRole('group', { name: 'Redirect URIs', exact: true });
    await redirects.getByRole('textbox').fill('   ');
    await redirects.getByRole('button', { name: 'Add' }).click();
    expect(await redirects.getByRole('listitem').count()).toBe(1);
    await redirects.getByRole('textbox').fill('https://wiki.example.com/callback');
    await redirects.getByRole('button', { name: 'Add' }).click();
    await redirects.getByRole('listitem').filter({ hasText: 'https://wiki.example.com/callback' }).waitFor();
    await page.getByLabel('Privacy policy URL').fill('https://wiki.example.com/privacy');
    await page.getByLabel('Allow users with unverified emails to authenticate').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Application settings updated').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-application-settings`);

    // No secret is shown here, so no notice about one shown once (issue 39 point 23).
    await page.getByText('The client secret was shown once, when it was made.').waitFor();
    expect(await page.getByText('This client secret is viewable only once').count()).toBe(0);
    await page.getByRole('button', { name: 'Regenerate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the client secret?' });
    await dialog.getByLabel('I understand that the current secret stops working').check();
    await dialog.getByRole('button', { name: 'Regenerate secret' }).click();
    await page.getByText('New client secret').waitFor();
    expect(await page.locator('code.secret').innerText()).not.toBe(secret);
    await page.context().close();
  });

  it('signs a user in to a relying party, through the application policy, and back to the application', async () => {
    const admin = await signedInPage();
    await admin.goto(gatehouse.url('acme') + '/applications/add');
    await admin.getByLabel('Name', { exact: true }).fill('Team wiki');
    // The relying party's port is known only once it listens; it is registered below.
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('This client secret is viewable only once').waitFor();
    const clientId = await admin.locator('dd code').first().innerText();
    const secret = await admin.locator('code.secret').innerText();
    rp = await startRelyingParty(gatehouse.url('acme'), clientId, secret);
    await admin.goto(`${gatehouse.url('acme')}/applications/${clientId}`);
    const redirects = admin.getByRole('group', { name: 'Redirect URIs', exact: true });
    await redirects.getByRole('textbox').fill(`http://localhost:${rp.port}/callback`);
    await redirects.getByRole('button', { name: 'Add' }).click();
    await admin.getByLabel('Privacy policy URL').fill('https://wiki.example.com/privacy');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Application settings updated').waitFor();
    await admin.context().close();

    // A fresh browser: the user starts at the application.
    const page = await newPage(browser);
    await page.goto(`http://localhost:${rp.port}/login`);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(new URL(page.url()).searchParams.get('returnurl')).toMatch(/^\/oidc\/interaction\/.+\/finish\?client_id=/);
    await page.getByLabel('Email').fill('admin@acme.test');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL('**/applicationpolicy');
    await page.getByRole('heading', { name: 'Application policy' }).waitFor();
    await page.getByText('acme asks you to accept the privacy policy of Team wiki before you continue.').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-application-policy`);
    // Issue 11, defect 7: a reload at any step of the application's sign-in resumes it.
    await page.reload();
    await page.getByText('acme asks you to accept the privacy policy of Team wiki before you continue.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/applicationpolicy');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This field is required').waitFor();
    await page.getByLabel('I accept the privacy policy.').check();
    await submitAgain(page, 'Continue');

    await page.getByRole('heading', { name: 'Signed in to Wiki as admin@acme.test' }).waitFor();
    expect(new URL(page.url()).port).toBe(String(rp.port));

    // Signed in already: the next sign-in at the application goes straight through.
    await page.goto(`http://localhost:${rp.port}/login`);
    await page.getByRole('heading', { name: 'Signed in to Wiki as admin@acme.test' }).waitFor();

    // Issue 27: the application's form POSTs (authorization, then sign-out with id_token_hint) are served
    // where they arrive, through the browser's own sign-in, and no parameter ever lands in an address.
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    // The application's page posts its form at once; the answer is our relay page, which posts it again.
    await page.goto(`http://localhost:${rp.port}/login-post`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Signed in to Wiki as admin@acme.test' }).waitFor();
    await page.goto(`http://localhost:${rp.port}/logout-post`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
    expect(addresses.filter((address) => address.startsWith(gatehouse.url('acme')))).not.toEqual([]);
    expect(addresses.filter((address) => /id_token_hint|code_challenge/.test(new URL(address).search))).toEqual([]);
    await expectAccessible(page);
    await page.context().close();
  });

  it('sets private_key_jwt and token lifetimes on the application page, and the application authenticates with its key', async () => {
    const page = await signedInPage();
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/clients', { method: 'POST', body: new URLSearchParams({ name: 'Robot' }) });
      return (await res.json()) as { id: string };
    });
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'robot-1', alg: 'ES256', use: 'sig' }] };

    await page.goto(`${gatehouse.url('acme')}/applications/${created.id}`);
    await page.getByRole('heading', { name: 'Robot', level: 1 }).waitFor();
    await page.getByLabel('Application type').selectOption({ label: 'Machine to machine (client credentials)' });
    const tokens = page.getByRole('group', { name: 'Client authentication and tokens' });
    await tokens.getByLabel('Client authentication').selectOption('private_key_jwt');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('private_key_jwt needs your public keys: paste a JWKS or give its URI').waitFor();
    await tokens.getByLabel('Public keys (JWKS)').fill(JSON.stringify(jwks));
    await tokens.getByLabel('Access token lifetime (seconds)').fill('120');
    await submitAgain(page);
    await page.getByText('Application settings updated').waitFor();
    await page.getByRole('region', { name: 'OpenID Connect settings' }).getByText('private_key_jwt', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-application-private-key-jwt`);

    // The application, with openid-client, signs its client assertion with the key whose public half was pasted.
    const robot = await client.discovery(new URL(gatehouse.url('acme')), created.id, undefined, client.PrivateKeyJwt(privateKey), {
      [client.customFetch]: localhostFetch,
      execute: [client.allowInsecureRequests],
    });
    const grant = await client.clientCredentialsGrant(robot);
    expect(grant.access_token).toBeTruthy();
    expect(grant.expires_in).toBe(120);
    await page.context().close();
  });

  it('registers a back-channel logout URI, and the application hears of the sign-out in Gatehouse', async () => {
    const tokens: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        tokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const logoutUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/backchannel-logout`;
    const page = await signedInPage();
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/clients', { method: 'POST', body: new URLSearchParams({ name: 'Journal' }) });
      return (await res.json()) as { id: string; secret: string };
    });
    const journal = await startRelyingParty(gatehouse.url('acme'), created.id, created.secret);
    try {
      await page.goto(`${gatehouse.url('acme')}/applications/${created.id}`);
      await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
      const redirects = page.getByRole('group', { name: 'Redirect URIs', exact: true });
      await redirects.getByRole('textbox').fill(`http://localhost:${journal.port}/callback`);
      await redirects.getByRole('button', { name: 'Add' }).click();
      await page.getByLabel('Back-channel logout URI').fill(logoutUri);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Application settings updated').waitFor();

      // Signed in to the application (the session already exists), then signed out in Gatehouse.
      await page.goto(`http://localhost:${journal.port}/login`);
      await page.getByRole('heading', { name: 'Signed in to Wiki as admin@acme.test' }).waitFor();
      await page.goto(`${gatehouse.url('acme')}/dashboard`);
      await page.getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await expect.poll(() => tokens.length, { timeout: 10_000 }).toBe(1);

      const jwks = (await (
        await localhostFetch(`${gatehouse.url('acme')}/oidc/jwks`, { method: 'GET', headers: {}, body: undefined, redirect: 'manual' })
      ).json()) as JSONWebKeySet;
      const { payload } = await jwtVerify(tokens[0]!, createLocalJWKSet(jwks), {
        issuer: gatehouse.url('acme'),
        audience: created.id,
        typ: 'logout+jwt',
      });
      expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
      expect(payload.sid).toBeTruthy();
    } finally {
      await journal.close();
      receiver.close();
      await page.context().close();
    }
  });

  it('connects a device: the admin makes a Device / CLI application, and a command line signs in by its code', async () => {
    const page = await signedInPage();
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/clients', { method: 'POST', body: new URLSearchParams({ name: 'Acme CLI' }) });
      return (await res.json()) as { id: string };
    });
    await page.goto(`${gatehouse.url('acme')}/applications/${created.id}`);
    await page.getByRole('heading', { name: 'Acme CLI', level: 1 }).waitFor();
    await page.getByLabel('Application type').selectOption({ label: 'Device / CLI (device authorization, no secret)' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Application settings updated').waitFor();
    const panel = page.getByRole('region', { name: 'OpenID Connect settings' });
    await panel.getByText(`${gatehouse.url('acme')}/oidc/device/auth`).waitFor();

    // The command line asks for a code, and tells the user where to enter it.
    const post = async (path: string, form: Record<string, string>) => {
      const res = await localhostFetch(`${gatehouse.url('acme')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form),
        redirect: 'manual',
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    const authorization = await post('/oidc/device/auth', { client_id: created.id, scope: 'openid' });
    expect(authorization.status).toBe(200);
    const { device_code: deviceCode, user_code: userCode, verification_uri: verificationUri } = authorization.body;
    const token = () =>
      post('/oidc/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode!, client_id: created.id });
    expect((await token()).body.error).toBe('authorization_pending');

    await page.goto(verificationUri!);
    await page.getByRole('heading', { name: 'Connect a device' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-device-code`);
    await page.getByLabel('Code').fill(userCode!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Sign in to Acme CLI?' }).waitFor();
    await page.getByText(userCode!).waitFor();
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await page.getByRole('heading', { name: 'Your device is signed in' }).waitFor();
    await expectAccessible(page);

    const tokens = await token();
    expect(tokens.status).toBe(200);
    expect(tokens.body.access_token).toBeTruthy();
    expect(tokens.body.id_token).toBeTruthy();
    await page.context().close();
  });
});
