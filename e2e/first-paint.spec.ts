import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { ACCOUNT_MESSAGES } from '../common/src/account-messages.ts';
import { COLOUR_VALUES } from '../common/src/policy.ts';
import type { Dialect } from '../server/src/db/database.ts';
import { makePng } from '../server/src/testing/images.ts';
import { settingsForm } from '../server/src/testing/organisations.ts';
import { expectAccessible, launchBrowser } from './support/browser.ts';

/** In the page (e2e/ has no DOM types): the theme's primary colour as the document computes it. */
const PRIMARY_COLOUR = "getComputedStyle(document.documentElement).getPropertyValue('--colour-primary').trim()";
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
// The page's HTML is the same whichever database holds the organisation: one is enough here.
const dialects: Dialect[] = ['sqlite'];

describe.skipIf(!chromiumPath).each(dialects)('the sign-in page painted from its HTML, on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let logoID: string;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
    // The organisation's own name, colour and logo, saved by its admin through the API from a page of
    // its host (Node does not resolve *.localhost; the browser does).
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(gatehouse.url('acme') + '/help');
    type InPage = {
      fetch: typeof fetch;
      FormData: typeof FormData;
      Blob: typeof Blob;
      atob(data: string): string;
    };
    const signIn = { email: 'admin@acme.test', password: ADMIN_PASSWORD };
    const view = await page.evaluate(async (body) => {
      const g = globalThis as unknown as InPage;
      const signedIn = await g.fetch('/api/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status}`);
      return (await (await g.fetch('/api/organisation')).json()) as Record<string, unknown>;
    }, JSON.stringify(signIn));
    const fields = Object.entries(settingsForm(view, { displayName: 'Acme Harbour Works', colour: 'Red' })).flatMap(([key, value]) =>
      value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => [key, String(item)] as const),
    );
    logoID = await page.evaluate(
      async ({ fields, png }) => {
        const g = globalThis as unknown as InPage;
        const form = new g.FormData();
        for (const [key, value] of fields) form.append(key, value);
        form.append('logo', new g.Blob([Uint8Array.from(g.atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'logo.png');
        const saved = await g.fetch('/api/organisation', { method: 'PUT', body: form });
        if (!saved.ok) throw new Error(`saving: ${saved.status} ${await saved.text()}`);
        return ((await saved.json()) as { logoID: string }).logoID;
      },
      { fields, png: makePng(40, 20, [200, 30, 30]).toString('base64') },
    );
    expect(logoID).toBeTruthy();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  it('shows the organisation, its logo and the form with JavaScript disabled, and a form sent then asks to sign in again', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const logoLoaded = page.waitForResponse((r) => r.url().includes('/api/organisation/assets/logo'));
    const response = await page.goto(gatehouse.url('acme') + '/?returnurl=%2Faccount');
    expect(response?.status()).toBe(200);
    const logoResponse = await logoLoaded;
    expect(logoResponse.status()).toBe(200);
    expect(logoResponse.headers()['content-type']).toBe('image/png');
    await page.getByRole('heading', { name: 'Sign in to continue', level: 1 }).waitFor();
    expect(await page.title()).toBe('Sign in - Acme Harbour Works');
    expect(await page.locator('.public-header .brand-name').innerText()).toBe('Acme Harbour Works');
    const logo = page.locator('.public-header .brand-logo');
    expect(await logo.getAttribute('src')).toBe(`/api/organisation/assets/logo?id=${logoID}`);
    // The organisation's stylesheet (its colours) comes inline in the page, so the paint waits for no request.
    expect(await page.locator('style#organisation-style').count()).toBe(1);
    expect(await page.evaluate(PRIMARY_COLOUR)).toBe(COLOUR_VALUES.Red.primary);
    expect(await page.evaluate("getComputedStyle(document.querySelector('form button[type=submit]')).backgroundColor")).toBe(
      'rgb(179, 38, 30)',
    );
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);

    // Sent before any script ran: the browser posts the form to the page itself. The answer is the page
    // again with a notice, never an error, and the fields are in no address and no log.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.getByLabel('Email').fill('admin@acme.test');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const post = await answered;
    expect(post.status()).toBe(303);
    await page.getByText(ACCOUNT_MESSAGES.signInNotSent).waitFor();
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('returnurl')).toBe('/account');
    expect(landed.searchParams.get('notsent')).toBe('1');
    for (const url of [...requests, page.url()]) {
      expect(url).not.toContain('horse');
      expect(url).not.toContain('admin%40acme');
    }
    expect(gatehouse.logs()).not.toContain('horse');
    await context.close();
  });

  it('hydrates the page it painted, without a hydration error, and signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    // Counts the nodes taken out of the painted page: hydration keeps every one, a fresh render or a
    // hydration mismatch replaces them.
    await page.addInitScript(() => {
      interface Node {
        closest?(selector: string): unknown;
      }
      type Observer = new (callback: (records: { target: Node; removedNodes: { length: number } }[]) => void) => {
        observe(target: unknown, options: object): void;
      };
      const g = globalThis as unknown as { removedFromRoot: number; MutationObserver: Observer; document: unknown };
      g.removedFromRoot = 0;
      new g.MutationObserver((records) => {
        for (const record of records) if (record.target.closest?.('#root')) g.removedFromRoot += record.removedNodes.length;
      }).observe(g.document, { childList: true, subtree: true });
    });
    const sessionAsked = page.waitForResponse((r) => r.url().endsWith('/api/session'));
    const response = await page.goto(gatehouse.url('acme') + '/');
    // The page arrives rendered: the form is in the HTML the server sent.
    const html = await response!.text();
    expect(html).toContain('Acme Harbour Works');
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('gatehouse-first-paint');
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    // The SPA is running (it asked the server who is signed in) and the painted page is still the one shown.
    await sessionAsked;
    await page.getByLabel('Email').fill('admin@acme.test');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    expect(await page.evaluate(() => (globalThis as unknown as { removedFromRoot: number }).removedFromRoot)).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // The inline theme gave way to the linked stylesheet, which follows later changes of the settings.
    await page.waitForFunction(
      "document.querySelectorAll('#organisation-style').length === 1 && !document.querySelector('style#organisation-style')",
    );
    expect(await page.locator('link#organisation-style').getAttribute('href')).toMatch(/^\/api\/organisation\/style\?v=\d+$/);
    expect(await page.evaluate(PRIMARY_COLOUR)).toBe(COLOUR_VALUES.Red.primary);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("paints and hydrates the page in the browser's language, and answers a refused sign-in in it", async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const sessionAsked = page.waitForResponse((r) => r.url().endsWith('/api/session'));
    const response = await page.goto(gatehouse.url('acme') + '/');
    const html = await response!.text();
    expect(html).toMatch(/<html lang="de" dir="ltr">/);
    expect(html).toContain('Melden Sie sich an, um fortzufahren');
    await sessionAsked;
    await page.getByRole('heading', { name: 'Melden Sie sich an, um fortzufahren' }).waitFor();
    expect(await page.title()).toBe('Anmelden - Acme Harbour Works');
    await page.getByLabel('E-Mail-Adresse').fill('admin@acme.test');
    await page.getByLabel('Passwort', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch').first().waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: new URL('../docs/screens/sign-in-de.png', import.meta.url).pathname });
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    await context.close();
  });
});
