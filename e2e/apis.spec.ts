/**
 * Issue 13, protected APIs in Chromium: an Organisation Admin registers an API with its scopes and gives
 * a machine application one of them; the application's client-credentials token is a JWT that a tiny
 * resource server here verifies offline with jose against the organisation's JWKS. Given a management
 * API scope on the built-in API's page, the same application reads the users through /api with its token.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { localhostFetch } from '../server/src/testing/oidc-rp.ts';
import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const ORDERS = 'https://orders.example.com';

describe.skipIf(!chromiumPath)('protected APIs, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let resourceServer: http.Server;
  let robot: { id: string; secret: string };

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
    // The API: it trusts a bearer token only once jose has verified it against the organisation's JWKS.
    resourceServer = http.createServer((req, res) => {
      void (async () => {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        try {
          if (!token) throw new Error('no token');
          const jwksResponse = await localhostFetch(`${gatehouse.url('acme')}/oidc/jwks`, {
            method: 'GET',
            redirect: 'manual',
            headers: {},
            body: undefined,
          });
          const keys = createLocalJWKSet((await jwksResponse.json()) as JSONWebKeySet);
          const { payload } = await jwtVerify(token, keys, { issuer: gatehouse.url('acme'), audience: ORDERS, typ: 'at+jwt' });
          if (!String(payload.scope).split(' ').includes('orders:read')) throw new Error('scope');
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ orders: [], caller: payload.client_id }));
        } catch {
          res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' }).end();
        }
      })();
    });
    await new Promise<void>((resolve) => resourceServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await browser?.close();
    resourceServer?.close();
    await gatehouse?.stop();
  });

  async function signedInAdmin(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  const token = async (resource: string, scope: string) => {
    const res = await localhostFetch(`${gatehouse.url('acme')}/oidc/token`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${robot.id}:${robot.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const callOrders = async (bearer?: string) => {
    const { port } = resourceServer.address() as AddressInfo;
    return fetch(`http://127.0.0.1:${port}/orders`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  };

  it('registers an API with scopes and gives a machine application one; the API verifies its JWT offline', async () => {
    const page = await signedInAdmin();
    robot = await page.evaluate(async () => {
      const res = await fetch('/api/clients', { method: 'POST', body: new URLSearchParams({ name: 'Robot' }) });
      return (await res.json()) as { id: string; secret: string };
    });
    await page.goto(`${gatehouse.url('acme')}/applications/${robot.id}`);
    await page.getByRole('heading', { name: 'Robot', level: 1 }).waitFor();
    await page.getByLabel('Application type').selectOption({ label: 'Machine to machine (client credentials)' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Application settings updated').waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'APIs' }).click();
    await page.getByRole('heading', { name: 'APIs', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Gatehouse management API' }).waitFor();
    const add = page.getByRole('region', { name: 'Add an API' });
    await add.getByLabel('Name', { exact: true }).fill('Orders');
    await add.getByLabel('Identifier').fill('orders');
    await add.getByLabel('Scope 1', { exact: true }).fill('orders:read');
    await add.getByLabel('Description 1').fill('Read orders');
    await add.getByRole('button', { name: 'Add a scope' }).click();
    await add.getByLabel('Scope 2', { exact: true }).fill('orders:write');
    await add.getByRole('button', { name: 'Add API' }).click();
    await add.getByText('Please enter an absolute URI without a fragment (#)').waitFor();
    await add.getByLabel('Identifier').fill(ORDERS);
    await add.getByRole('button', { name: 'Add API' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await expectAccessible(page);

    // No access yet: the token endpoint refuses, and the API refuses a call without a token.
    expect((await callOrders()).status).toBe(401);
    const access = page.getByRole('form', { name: 'Application access: Robot' });
    await access.getByLabel('orders:read').check();
    await access.getByRole('button', { name: 'Save access' }).click();
    await access.getByText('Access updated').waitFor();
    await screenshot(page, 'sqlite-api');

    const answer = await callOrders(await token(ORDERS, 'orders:read'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ orders: [], caller: robot.id });

    // At a phone's width (once the side menu has slid away) nothing scrolls sideways.
    type BrowserGlobals = { document: { getAnimations(): unknown[]; documentElement: { scrollWidth: number } } };
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => (globalThis as unknown as BrowserGlobals).document.getAnimations().length === 0);
    const width = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("gives the application the management API's users:read, and it lists the users with its bearer token", async () => {
    const page = await signedInAdmin();
    await page.goto(`${gatehouse.url('acme')}/apis`);
    await page.getByRole('link', { name: 'Gatehouse management API' }).click();
    await page.getByRole('heading', { name: 'Gatehouse management API', level: 1 }).waitFor();
    const management = `${gatehouse.url('acme')}/api`;
    await page.getByText(management, { exact: true }).waitFor();
    const access = page.getByRole('form', { name: 'Application access: Robot' });
    await access.getByLabel('users:read').check();
    await access.getByRole('button', { name: 'Save access' }).click();
    await access.getByText('Access updated').waitFor();
    await expectAccessible(page);

    const bearer = await token(management, 'users:read');
    const users = await localhostFetch(`${management}/users`, {
      method: 'GET',
      redirect: 'manual',
      headers: { authorization: `Bearer ${bearer}` },
      body: undefined,
    });
    expect(users.status).toBe(200);
    expect(JSON.stringify(await users.json())).toContain('admin@acme.test');
    await page.context().close();
  });
});
