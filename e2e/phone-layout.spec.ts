/**
 * Issue 11, defect 3: at 390x844 (a phone) every main screen fits the viewport: nothing scrolls
 * sideways. The users table and the application and organisation cards (file pickers, endpoint URLs)
 * were the ones that did not.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { makePng } from '../server/src/testing/images.ts';
import { expectAccessible, launchBrowser, screenshot, sidewaysOverflow, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromiumPath)('every main screen on a 390 px phone, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    await gatehouse.createOrganisation('brand', 'admin@brand.test');
    browser = await launchBrowser(chromiumPath);
    page = await (await browser.newContext({ viewport: PHONE })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function expectFits(name: string) {
    await screenshot(page, `phone-${name}`);
    expect(await sidewaysOverflow(page), name).toBe('fits');
  }

  it('fits the signed-out screens', async () => {
    for (const [path, heading] of [
      ['/', 'Sign in to continue'],
      ['/recovery', 'Account recovery'],
      ['/help', 'Help'],
    ] as const) {
      await page.goto(gatehouse.url('acme') + path);
      await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
      await expectFits(`signed-out${path.replace(/\//g, '-')}`);
    }
  });

  it("fits the admin's screens, with a user and an application in them", async () => {
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectFits('dashboard');

    await page.goto(gatehouse.url('acme') + '/applications/add');
    await page.getByRole('heading', { name: 'Add an application', level: 1 }).waitFor();
    await expectFits('add-application');
    await page.getByLabel('Name', { exact: true }).fill('Wiki');
    await page.getByLabel('Redirect URI').fill('http://localhost:9/callback');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This client secret is viewable only once').waitFor();
    await expectFits('application-added');
    await page.getByRole('link', { name: 'Back to applications' }).click();
    await page.getByRole('link', { name: 'Wiki' }).first().waitFor();
    await expectFits('applications');
    await page.getByRole('link', { name: 'Wiki' }).first().click();
    await page.getByRole('heading', { name: 'Wiki', level: 1 }).waitFor();
    await expectFits('application');

    await page.goto(gatehouse.url('acme') + '/users/add');
    await page.getByRole('heading', { name: 'Add a user', level: 1 }).waitFor();
    await expectFits('add-user');
    await page.getByLabel('First name').fill('Uma');
    await page.getByLabel('Surname').fill('Long-Surname-Example');
    await page.getByLabel('Email').fill('uma.with.a.long.address@example.test');
    await page.getByRole('checkbox', { name: 'Wiki' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/users');
    await page.getByText('uma.with.a.long.address@example.test').first().waitFor();
    await expectFits('users');
    await expectAccessible(page);

    for (const [path, heading] of [
      ['/organisation', 'Manage your organisation'],
      ['/account', 'Profile'],
      ['/updatepassword', 'Change password'],
      ['/twostep', 'Multi-factor authentication'],
    ] as const) {
      await page.goto(gatehouse.url('acme') + path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expectFits(path.slice(1));
    }

    // The menu opens from its button and Escape closes it, focus back on the button.
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expectFits('menu-open');
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(
      await menu.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
    ).toBe(true);
  });

  // Issue 31, defect 1: with a 240x64 logo and the 16-character name "Acme Corporation" the header was
  // 430 px wide: the Profile button (the only way to sign out) was off-screen and every page panned. The
  // drawer had no Sign out and no backdrop, and the hero image came before the sign-in form.
  it('fits a branded organisation (240x64 logo, 16-character name): header, drawer with Sign out, hero after the form', async () => {
    const branded = await (await browser.newContext({ viewport: PHONE })).newPage();
    page = branded;
    await submitSignIn(page, gatehouse.url('brand'), 'admin@brand.test', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.goto(gatehouse.url('brand') + '/organisation');
    await page.getByRole('heading', { name: 'Manage your organisation', level: 1 }).waitFor();
    await page.getByLabel('Display name').fill('Acme Corporation');
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(240, 64, [20, 60, 160]) });
    await page
      .getByLabel('Hero image', { exact: true })
      .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: makePng(600, 400, [30, 120, 60]) });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Organisation settings updated').waitFor();
    await page.goto(gatehouse.url('brand') + '/dashboard');
    await page.locator('.top-nav .brand-logo').waitFor();
    await page.getByText('Acme Corporation').first().waitFor();
    await expectFits('branded-dashboard');
    // The name is whole beside its logo, not cut to 'Acme C…' (issue 39 point 23).
    const name = page.locator('.top-nav .brand-name');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);

    // The header's buttons are on the screen, the logo no taller than the header allows.
    const within = async (name: string) => {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      return box.x >= 0 && box.x + box.width <= PHONE.width;
    };
    expect(await within('Profile')).toBe(true);
    expect(await within('Menu')).toBe(true);
    const logo = (await page.locator('.top-nav .brand-logo').boundingBox())!;
    expect(logo.height).toBeLessThanOrEqual(40);

    for (const path of ['/users', '/applications', '/organisation', '/account']) {
      await page.goto(gatehouse.url('brand') + path);
      await page.locator('main h1').first().waitFor();
      await expectFits(`branded${path.replace(/\//g, '-')}`);
    }

    // The drawer: grouped, with Sign out, over a backdrop that closes it.
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    for (const heading of ['People', 'Applications and APIs', 'Organisation', 'Your account'])
      await nav.getByRole('list', { name: heading }).waitFor();
    await nav.getByRole('button', { name: 'Sign out' }).waitFor();
    await expectFits('branded-menu-open');
    await expectAccessible(page);
    await page.locator('.sidebar-backdrop').click({ position: { x: 370, y: 400 } });
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('button', { name: 'Sign out' }).click();

    // Signed out: the sign-in form comes before the hero image.
    await page.getByRole('heading', { name: 'Sign in to continue', level: 1 }).waitFor();
    await page.locator('.public-hero img').waitFor();
    const form = (await page.locator('main form').first().boundingBox())!;
    const hero = (await page.locator('.public-hero img').boundingBox())!;
    expect(hero.y).toBeGreaterThanOrEqual(form.y + form.height);
    await expectFits('branded-sign-in');
    await expectAccessible(page);
  });
});
