/**
 * The application page's "Quick start" in Chromium: a tab per framework with the application's own
 * issuer, client id and redirect URI, keyboard tabs, Copy that puts the shown code on the clipboard,
 * following the client type once saved (no secret for a public client), axe clean at 1280 and 390 px.
 */
import { QUICK_START_MESSAGES, SECRET_VARIABLE } from '@gatehouse/common/quick-start';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, screenshot, sidewaysOverflow, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const REDIRECT = 'http://localhost:9/auth/callback';
type ClipboardGlobals = { navigator: { clipboard: { readText(): Promise<string> } } };

describe.skipIf(!chromiumPath)('the quick start of an application, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let page: Page;
  let clientId: string;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gatehouse.url('acme') });
    page = await context.newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('acme') + '/applications/add');
    await page.getByLabel('Name', { exact: true }).fill('Notes');
    await page.getByLabel('Redirect URI').fill(REDIRECT);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This client secret is viewable only once').waitFor();
    clientId = await page.locator('dd code').first().innerText();
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  const section = () => page.getByRole('region', { name: QUICK_START_MESSAGES.title });
  const code = () => section().getByRole('tabpanel').locator('pre code').innerText();

  it('shows each framework with the application filled in, by mouse and keyboard, and copies the code', async () => {
    await page.goto(`${gatehouse.url('acme')}/applications/${clientId}`);
    await page.getByRole('navigation', { name: 'Application sections' }).getByRole('link', { name: QUICK_START_MESSAGES.title }).click();
    const tabs = section().getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual([
      'Next.js (Auth.js)',
      'React SPA (oidc-client-ts)',
      'Express (openid-client)',
      'Python (Authlib)',
      'Go (go-oidc)',
      'ASP.NET Core',
    ]);
    expect(await code()).toContain(`issuer: "${gatehouse.url('acme')}"`);
    expect(await code()).toContain(`clientId: "${clientId}"`);
    // Auth.js has its own callback path, on the registered redirect URI's origin: the note says to register it.
    await section().getByText(QUICK_START_MESSAGES.authJsCallback('http://localhost:9/api/auth/callback/gatehouse')).waitFor();

    await section().getByRole('tab', { name: 'Express (openid-client)' }).click();
    expect(await code()).toContain(`const redirectUri = "${REDIRECT}";`);
    expect(await code()).toContain(`process.env.${SECRET_VARIABLE}`);
    await section().getByText(QUICK_START_MESSAGES.secretNote).waitFor();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Python (Authlib)');
    expect(await section().getByRole('tab', { selected: true }).innerText()).toBe('Python (Authlib)');
    expect(await code()).toContain(`CLIENT_ID = "${clientId}"`);

    await section().getByRole('button', { name: 'Copy Python (Authlib) code' }).click();
    await section().getByRole('button', { name: 'Copied Python (Authlib) code' }).waitFor();
    const copied = await page.evaluate(() => (globalThis as unknown as ClipboardGlobals).navigator.clipboard.readText());
    expect(copied).toContain(`REDIRECT_URI = "${REDIRECT}"`);
    expect(copied.trim()).toBe((await code()).trim());
    await expectAccessible(page);
    await screenshot(page, 'application-quick-start');
  });

  it('follows the saved client type: a public application signs in with PKCE and no secret', async () => {
    await page.getByLabel('Application type').selectOption('public');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Application settings updated').waitFor();
    await section().getByRole('tab', { name: 'Express (openid-client)' }).click();
    await section().getByText(QUICK_START_MESSAGES.publicNote).waitFor();
    expect(await code()).toContain('client.None()');
    expect(await code()).not.toContain(SECRET_VARIABLE);
  });

  it('fits a 390 px phone and stays accessible', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${gatehouse.url('acme')}/applications/${clientId}`);
    await section().scrollIntoViewIfNeeded();
    // Every framework's code scrolls inside the section: none widens the page (the longest lines did).
    for (const tab of await section().getByRole('tab').all()) {
      await tab.click();
      expect(await sidewaysOverflow(page), await tab.innerText()).toBe('fits');
    }
    await expectAccessible(page);
    await screenshot(page, 'application-quick-start-phone');
  });
});
