/**
 * Journeys of choosing a language in Chromium: the sign-in page's switcher, by keyboard, shows the page
 * in German (remembered in the cookie, the served page hydrated from its inline catalog), and a signed-in
 * person's language chosen on /account is the page's language whatever the browser asks, and /account
 * (profile, devices and sessions, their dates in the language's own format), two-step and the
 * organisation settings read in German and in Arabic (right to left). Every screen is axe-clean at
 * 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Dialect } from '../server/src/db/database.ts';
import { expectAccessible, launchBrowser, newPage, openApp, screenshot } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
// The journeys run on SQLite; the rules under them run on both databases in the integration tests.
const dialects: Dialect[] = ['sqlite'];

describe.skipIf(!chromiumPath).each(dialects)('choosing the language on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('babel', 'admin@babel.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  /** The page is axe-clean at the desktop and the phone width, and fits the phone's width. */
  async function accessibleAtBothWidths(page: Page, name: string) {
    await expectAccessible(page);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await screenshot(page, `${name}-390`);
    // Nothing sticks out (a longer language's texts wrap): named, so a failure says what.
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > 390)
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 30) ?? ''}`),
    );
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('switches the sign-in page to German by keyboard, remembers it, and hydrates it without loading a catalog', async () => {
    const page = await newPage(browser);
    const catalogRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(de|fr)-[^/]*\.js$/.test(request.url())) catalogRequests.push(request.url());
    });
    await openApp(page, gatehouse.url('babel') + '/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await accessibleAtBothWidths(page, 'language-switcher-en');

    const switcher = page.getByRole('group', { name: 'Language' });
    await switcher.getByLabel('Language').focus();
    // Moving through the list changes nothing until the button is pressed.
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    await switcher.getByLabel('Language').selectOption('de');
    await page.keyboard.press('Tab');
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de', 'ltr']);
    expect((await page.context().cookies()).find((c) => c.name === 'gatehouse_lang')?.value).toBe('de');
    // The served page carried its catalog: the SPA took it over without fetching the German chunk first.
    await page.waitForFunction(() => {
      const button = document.querySelector('form button[type="submit"]');
      return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps$'));
    });
    expect(catalogRequests).toEqual([]);
    await accessibleAtBothWidths(page, 'language-switcher-de');
    await page.context().close();
  });

  it("shows a signed-in person's own language, chosen on /account, whatever the browser asks", async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await openApp(page, gatehouse.url('babel') + '/');
    // The browser asks for French: the sign-in page is French.
    await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    await page.locator('form input[type="email"]').fill('admin@babel.test');
    await page.locator('form input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('babel') + '/account');
    const language = page.getByRole('combobox', { name: 'Langue' });
    await language.waitFor();
    expect(await language.inputValue()).toBe('');
    await accessibleAtBothWidths(page, 'account-language-fr');
    await language.selectOption('de');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('region', { name: 'Langue' }).getByRole('button').click();
    await reloaded;
    const german = page.getByRole('combobox', { name: 'Sprache' });
    await german.waitFor();
    expect(await german.inputValue()).toBe('de');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await accessibleAtBothWidths(page, 'account-language-de');
    // Back to the browser's language.
    await german.selectOption('');
    const again = page.waitForEvent('load');
    await page.getByRole('region', { name: 'Sprache' }).getByRole('button').click();
    await again;
    await page.getByRole('combobox', { name: 'Langue' }).waitFor();
    await context.close();
  });

  // Each language's words are its catalog's, written out here so a text left in English fails.
  const journeys = [
    {
      browserLocale: 'de-DE',
      lang: 'de',
      dir: 'ltr',
      signIn: 'Anmelden',
      profile: 'Profil',
      details: 'Angaben bearbeiten',
      devices: 'Geräte und Sitzungen',
      thisDevice: 'Dieses Gerät',
      twoStep: 'Zwei-Faktor-Authentifizierung',
      appIntro: 'Scannen Sie diesen QR-Code mit Ihrer Authenticator-App.',
      passkeys: 'Passkeys',
      organisation: 'Organisation verwalten',
      appearance: 'Erscheinungsbild',
      // A session's times in German's own numeric date (Intl), the UTC offset kept.
      date: /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} [+-]\d{2}:\d{2}/,
    },
    {
      browserLocale: 'ar',
      lang: 'ar',
      dir: 'rtl',
      signIn: 'تسجيل الدخول',
      profile: 'الملف الشخصي',
      details: 'تعديل البيانات',
      devices: 'الأجهزة والجلسات',
      thisDevice: 'هذا الجهاز',
      twoStep: 'المصادقة الثنائية',
      appIntro: 'امسح رمز الاستجابة السريعة هذا بتطبيق المصادقة.',
      passkeys: 'مفاتيح المرور',
      organisation: 'إدارة مؤسستك',
      appearance: 'المظهر',
      // Arabic's: right-to-left marks after day and month, the Arabic comma before the time.
      date: /\d{2}\u200f\/\d{2}\u200f\/\d{4}، \d{2}:\d{2} [+-]\d{2}:\d{2}/,
    },
  ] as const;

  it.each(journeys)(
    'shows /account, its sessions, two-step and the organisation settings in the language the browser asks ($lang), axe-clean',
    async (journey) => {
      const context = await browser.newContext({ locale: journey.browserLocale });
      const page = await context.newPage();
      await openApp(page, gatehouse.url('babel') + '/');
      await page.locator('form input[type="email"]').fill('admin@babel.test');
      await page.locator('form input[type="password"]').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: journey.signIn, exact: true }).click();
      await page.waitForURL('**/dashboard');

      await page.goto(gatehouse.url('babel') + '/account');
      await page.getByRole('heading', { level: 1, name: journey.profile }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([journey.lang, journey.dir]);
      expect(await page.title()).toContain(journey.profile);
      await page.getByRole('region', { name: journey.details }).waitFor();
      const devices = page.getByRole('region', { name: journey.devices });
      await devices.getByText(journey.thisDevice, { exact: true }).waitFor();
      expect(await devices.textContent()).toMatch(journey.date);
      expect(await devices.textContent()).not.toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await accessibleAtBothWidths(page, `account-${journey.lang}`);

      await page.goto(gatehouse.url('babel') + '/twostep');
      await page.getByRole('heading', { level: 1, name: journey.twoStep }).waitFor();
      // The organisation offers the app only: its set-up comes first, passkeys below it.
      await page.getByText(journey.appIntro, { exact: true }).waitFor();
      await page.getByRole('heading', { name: journey.passkeys, exact: true }).waitFor();
      await accessibleAtBothWidths(page, `twostep-${journey.lang}`);

      // The organisation settings, the admin's longest screen, in the language too.
      await page.goto(gatehouse.url('babel') + '/organisation');
      await page.getByRole('heading', { level: 1, name: journey.organisation }).waitFor();
      await page.getByRole('heading', { name: journey.appearance, exact: true }).waitFor();
      await accessibleAtBothWidths(page, `organisation-${journey.lang}`);
      await context.close();
    },
  );
});
