import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { COLOUR_VALUES } from '../common/src/policy.ts';
import type { Dialect } from '../server/src/db/database.ts';
import { makeIco, makePng } from '../server/src/testing/images.ts';
import { launchBrowser, openApp, screenshot, seriousAccessibilityViolations, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
// These journeys exercise the page and the theming in the browser; every rule, on both databases, is in
// server/src/organisations/settings.int.test.ts, so one database keeps the browser suite short.
const dialects: Dialect[] = ['sqlite'];

interface InPage {
  getComputedStyle(element: unknown): { getPropertyValue(name: string): string };
}

/** `#rrggbb` as the rgb() a computed style reads. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe.skipIf(!chromiumPath).each(dialects)('organisation settings on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    await gatehouse.createOrganisation('globex', 'admin@globex.test');
    await gatehouse.createOrganisation('initech', 'admin@initech.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function signedInAt(org: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await submitSignIn(page, gatehouse.url(org), `admin@${org}.test`, ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** A computed style of the first element matching the selector (evaluated in the page, where there is a DOM). */
  const computed = (page: Page, selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el, name) => (globalThis as unknown as InPage).getComputedStyle(el).getPropertyValue(name), property);
  const buttonColour = (page: Page, selector: string) => computed(page, selector, 'background-color');
  const naturalWidth = (page: Page, selector: string) =>
    page.locator(selector).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);

  it('lets the admin change the colour and logo, preview them, save, and see the sign-in page change', async () => {
    const page = await signedInAt('acme');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organisation settings' }).click();
    await page.getByRole('heading', { name: 'Manage your organisation', level: 1 }).waitFor();
    expect(await page.title()).toBe('Manage your organisation - acme');
    for (const section of ['Password policy', 'Sign-up policy', 'Sign-in policy', 'Appearance', 'Custom content']) {
      await page.getByRole('heading', { name: section, level: 2 }).waitFor();
    }
    const meter = page.getByRole('meter', { name: 'Security strength' });
    expect(await meter.getAttribute('aria-valuenow')).toBe('60');
    await page.getByText('Any email address is allowed').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Change the colour and the logo: the preview shows both before anything is saved.
    await page.getByRole('radio', { name: 'Red' }).check();
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(40, 20, [200, 30, 30]) });
    await page.getByText('New image, saved when you save').waitFor();
    // The hero image is dropped on its field rather than chosen.
    const hero = makePng(60, 40, [30, 120, 60]).toString('base64');
    type DropGlobals = {
      DataTransfer: new () => { items: { add(file: unknown): void } };
      File: new (parts: unknown[], name: string, options: object) => unknown;
    };
    const dropped = await page.evaluateHandle((base64) => {
      const g = globalThis as unknown as DropGlobals & { atob(data: string): string };
      const bytes = Uint8Array.from(g.atob(base64), (c) => c.charCodeAt(0));
      const transfer = new g.DataTransfer();
      transfer.items.add(new g.File([bytes], 'hero.png', { type: 'image/png' }));
      return transfer;
    }, hero);
    const heroField = page
      .locator('.image-field')
      .filter({ has: page.getByLabel('Hero image') })
      .locator('.image-field-body');
    await heroField.dispatchEvent('dragover', { dataTransfer: dropped });
    await heroField.dispatchEvent('drop', { dataTransfer: dropped });
    await page
      .getByLabel('Background image')
      .setInputFiles({ name: 'bg.png', mimeType: 'image/png', buffer: makePng(8, 8, [240, 240, 250]) });
    await page.getByLabel('Tab icon').setInputFiles({ name: 'favicon.ico', mimeType: 'image/x-icon', buffer: makeIco() });
    await expect.poll(() => page.getByText('New image, saved when you save').count(), { timeout: 5000 }).toBe(4);
    const preview = page.locator('.theme-preview-frame');
    await expect
      .poll(() => buttonColour(page, '.theme-preview-frame .button-primary'), { timeout: 5000 })
      .toBe(rgb(COLOUR_VALUES.Red.primary));
    expect(await preview.locator('.brand-logo').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Nothing is saved yet: the page itself keeps the saved theme.
    expect(await buttonColour(page, 'button[type="submit"]')).toBe(rgb(COLOUR_VALUES.Blue.primary));
    await screenshot(page, `${dialect}-organisation-preview`);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.settings-status').getByText('Organisation settings updated').waitFor();
    // The whole SPA takes the new theme at once, and the header shows the new logo.
    await expect.poll(() => buttonColour(page, 'button[type="submit"]'), { timeout: 5000 }).toBe(rgb(COLOUR_VALUES.Red.primary));
    await page.locator('.top-nav .brand-logo').waitFor();

    // Signed out, the sign-in page wears the organisation's colour and logo.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    const logo = page.locator('.public-header .brand-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/organisation\/assets\/logo\?id=/);
    expect(await naturalWidth(page, '.public-header .brand-logo')).toBe(40);
    expect(await buttonColour(page, 'button[type="submit"]')).toBe(rgb(COLOUR_VALUES.Red.primary));
    // The hero image beside the form, the background behind the page, the tab icon.
    await expect.poll(() => naturalWidth(page, '.public-hero img'), { timeout: 5000 }).toBe(60);
    expect(await computed(page, '.public-layout', 'background-image')).toContain('/api/organisation/assets/background?id=');
    expect(await page.locator('#organisation-favicon').getAttribute('href')).toMatch(/^\/api\/organisation\/assets\/favicon\?id=/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${dialect}-sign-in-themed`);

    // Another organisation keeps its own look.
    const other = await (await browser.newContext()).newPage();
    await openApp(other, gatehouse.url('globex') + '/');
    await other.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(await buttonColour(other, 'button[type="submit"]')).toBe(rgb(COLOUR_VALUES.Blue.primary));
    expect(await other.locator('.brand-logo').count()).toBe(0);
    await other.context().close();

    // A logo that fails to load gives way to the default mark (the logo-error flag).
    await page.route('**/api/organisation/assets/logo?**', (route) => route.fulfill({ status: 404 }));
    await page.reload();
    await page.locator('.public-header .brand[data-logo-error] .brand-mark').waitFor();
    expect(await page.locator('.public-header .brand-logo').count()).toBe(0);
    await page.context().close();
  });

  it("hides the organisation's name in the header without a logo too, keeping it for screen readers", async () => {
    await gatehouse.createOrganisation('hooli', 'admin@hooli.test');
    const page = await (await browser.newContext()).newPage();
    await openApp(page, gatehouse.url('hooli') + '/');
    await page.locator('.public-header .brand-name').filter({ hasText: 'hooli' }).waitFor();
    await gatehouse.saveSettings('hooli', { hideOrganisationName: true });
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    // No logo: the default mark stands alone, and the name is there only for assistive technology.
    await page.locator('.public-header .brand .brand-mark').waitFor();
    expect(await page.locator('.public-header .brand-name').count()).toBe(0);
    expect(await page.locator('.public-header .brand .visually-hidden').textContent()).toBe('hooli');
    expect(await page.locator('.public-header .brand .visually-hidden').boundingBox()).toMatchObject({ width: 1, height: 1 });
    await page.context().close();
  });

  it('resets to the recommended values after confirmation, warns about MFA changes, checks input, and cancels', async () => {
    const page = await signedInAt('globex');
    await page.goto(gatehouse.url('globex') + '/organisation');
    await page.getByRole('heading', { name: 'Manage your organisation', level: 1 }).waitFor();

    await page.getByLabel('Allow SMS codes for MFA').check();
    await page.getByText('This will require additional configuration - please contact').waitFor();

    await page.getByRole('button', { name: 'Reset to recommended' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset to recommended' });
    await dialog
      .getByText(
        'Resetting to the recommended settings will remove any changes you have made to any setting. Are you sure you want to reset these settings?',
      )
      .waitFor();
    // Before anything applies, the dialog says what will change, setting by setting, and that MFA becomes required.
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      'Require multi-factor authentication (MFA) for every user: from off to on',
      'Allow SMS codes for MFA: from on to off',
      'Allow passwordless sign-in with a passkey: from off to on',
    ]);
    await dialog.getByText('Multi-factor authentication will be required for every user, you included').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Require multi-factor authentication (MFA) for every user').isChecked()).toBe(false);
    expect(await page.getByLabel('Allow SMS codes for MFA').isChecked()).toBe(true);

    await page.getByLabel('Minimum password length').fill('12');
    await page.getByRole('button', { name: 'Reset to recommended' }).click();
    await dialog.getByText('Minimum password length: from 12 to 10').waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Settings applied, click save to keep your changes').waitFor();
    expect(await page.getByLabel('Allow SMS codes for MFA').isChecked()).toBe(false);
    expect(await page.getByLabel('Require multi-factor authentication (MFA) for every user').isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole('meter', { name: 'Security strength' }).getAttribute('aria-valuenow'), { timeout: 5000 })
      .toBe('90');

    // Bad input is refused next to its field, before any call.
    await page.getByLabel('Minimum password length').fill('5');
    await page.getByLabel('Add an email address or pattern').fill('not an address');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('"not an address" is neither an email address nor a pattern').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter a number of at least 8').waitFor();

    // Cancel leaves without saving anything.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('globex') + '/organisation');
    await page.getByLabel('Minimum password length').waitFor();
    expect(await page.getByLabel('Minimum password length').inputValue()).toBe('10');
    expect(await page.getByLabel('Require multi-factor authentication (MFA) for every user').isChecked()).toBe(false);
    await page.context().close();
  });

  it('takes the admin who turns required MFA on to /twostep with an explanation, not a dead end (issue 19)', async () => {
    const page = await signedInAt('initech');
    await page.goto(gatehouse.url('initech') + '/organisation');
    await page.getByLabel('Require multi-factor authentication (MFA) for every user').check();
    await page.getByRole('button', { name: 'Save' }).click();
    // Issue 31: warned first (the admin has no MFA yet), then told it was saved.
    await page.getByRole('dialog', { name: 'Require MFA for every user' }).getByRole('button', { name: 'Save and set up MFA' }).click();
    await page.waitForURL('**/twostep');
    await page.getByRole('status').getByText('Organisation settings updated').waitFor();
    await page.getByText('Your organisation requires multi-factor authentication. Set it up to continue.').waitFor();
    // The admin screens send them back here until it is set up.
    await page.goto(gatehouse.url('initech') + '/users');
    await page.waitForURL('**/twostep');
    await page.context().close();
  });
});
