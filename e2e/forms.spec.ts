/**
 * Issue 11, defect 1: no form can be submitted natively by the browser. The double-submit guard ignores
 * a second submit within a second of one that was sent (one the page refused does not count); an ignored submit must still be cancelled, or the browser loads
 * `/?email=...&password=...` and the password lands in the URL, the history and the server log.
 * The page's clock is fixed so "within a second" is exact, with no waiting.
 */
import { MESSAGES } from '@gatehouse/common/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, openApp, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const START = new Date('2026-01-05T09:00:00Z').getTime();

describe.skipIf(!chromiumPath)('forms never submit natively, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  /** A page whose every request and navigation URL is recorded, with its clock fixed at START. */
  async function watchedPage(): Promise<{ page: Page; urls: string[]; documents: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const urls: string[] = [];
    const documents: string[] = [];
    page.on('request', (request) => {
      urls.push(request.url());
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    await page.clock.setFixedTime(START);
    return { page, urls, documents };
  }

  function expectNoFieldsInUrls(urls: string[], secret: string) {
    // The build's own files are named after their modules (a lazily loaded `passwords-<hash>.js`), not fields.
    for (const url of urls.filter((u) => !new URL(u).pathname.startsWith('/assets/'))) {
      expect(url).not.toContain('password');
      expect(url).not.toContain(encodeURIComponent(secret));
      expect(url).not.toContain('email=');
    }
  }

  it('sends a submit made right after one the page refused: only a sent submit starts the second (issue 39 point 21)', async () => {
    const { page, urls } = await watchedPage();
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByLabel('Email').fill('admin@acme.test');
    await page.getByLabel('Email').press('Enter');
    // The empty password is refused in the page: 'required' shows. Nothing was sent.
    await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    // Within the same second (the clock stands still): this is the first submit that is sent.
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard' || url.search.length > 0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expectNoFieldsInUrls(urls, ADMIN_PASSWORD);
    expect(gatehouse.logs()).not.toContain(encodeURIComponent(ADMIN_PASSWORD));
    await page.context().close();
  });

  it('ignores a submit within a second of a sent one, says so, and keeps the fields out of the URL', async () => {
    const { page, urls } = await watchedPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', 'not the right password');
    await page.getByRole('alert').filter({ hasText: 'The email address or password is incorrect' }).waitFor();
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    // Within the second of the wrong password's submit: ignored, and the page says so.
    await page.getByLabel('Password').press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: MESSAGES.submitIgnored }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.clock.setFixedTime(START + 2_000);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard' || url.search.length > 0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expectNoFieldsInUrls(urls, ADMIN_PASSWORD);
    await page.context().close();
  });

  it('keeps the organisation name out of the URL on the base sign-in page', async () => {
    const { page, documents } = await watchedPage();
    await openApp(page, gatehouse.url() + '/');
    const name = page.getByRole('textbox', { name: 'Organisation name' });
    // An Enter pressed before the page hydrates is answered by the no-script path (a 303 back, nothing
    // in the URL); press again until the hydrated form checks the field.
    await expect
      .poll(
        async () => {
          await name.press('Enter');
          return page.locator('input[aria-invalid="true"]').count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await name.fill('acme');
    // Sent at once: the refused submits before it do not start the double-submit guard's second.
    await name.press('Enter');
    // The organisation's host, or a field in the address. (An Enter above that was taken before hydration
    // left `?notsent=1` in the address already, so any query string is not the sign.)
    await page.waitForURL((url) => url.hostname.startsWith('acme.') || url.searchParams.has('name'));
    expect(new URL(page.url()).hostname).toBe('acme.localhost');
    // The page asks the API whether the organisation exists; the browser never loads a page with the field.
    for (const url of documents) expect(url).not.toContain('name=');
    await page.context().close();
  });

  it('gives every form method="post" and no action, signed out and as the admin', async () => {
    const { page } = await watchedPage();
    const formsOf = async (path: string, heading: string) => {
      await page.goto(gatehouse.url('acme') + path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // A page's heading shows while its data loads (a skeleton in place of the form): wait for a form.
      await page.locator('form').first().waitFor();
      return page
        .locator('form')
        .evaluateAll((forms) => forms.map((form) => ({ method: form.getAttribute('method'), action: form.getAttribute('action') })));
    };
    const signedOut = await formsOf('/', 'Sign in to continue');
    expect(signedOut.length).toBeGreaterThan(0);
    for (const form of signedOut) expect(form).toEqual({ method: 'post', action: null });
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    for (const [path, heading] of [
      ['/users/add', 'Add a user'],
      ['/account', 'Profile'],
      ['/organisation', 'Manage your organisation'],
    ] as const) {
      const forms = await formsOf(path, heading);
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms) expect(form, path).toEqual({ method: 'post', action: null });
    }
    await expectAccessible(page);
    await page.context().close();
  });

  // Defect 6: a server error is shown once, where it applies, and goes when its cause is fixed.
  it('shows a server field error once, at its field with the focus there, and clears it when the field changes', async () => {
    const { page } = await watchedPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('acme') + '/users/add');
    await page.getByRole('heading', { name: 'Add a user', level: 1 }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Surname').fill('Lovelace');
    const email = page.getByLabel('Email');
    await email.fill('admin@acme.test');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'No applications selected' }).getByRole('button', { name: 'Yes' }).click();
    const message = page.getByText('A user with this email address already exists');
    await message.waitFor();
    expect(await message.count()).toBe(1);
    // Once the confirmation dialog has faded out, the focus is on the field to correct.
    await expect.poll(() => email.evaluate((input) => input === input.ownerDocument.activeElement)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await email.fill('someone.new@acme.test');
    await message.waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });
});
