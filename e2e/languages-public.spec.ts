/**
 * The public and sign-up side in other languages, in Chromium: the browser asks for German and the trial
 * sign-up (/getstarted) speaks German through to "check your email", its link's lifetime with German
 * plurals; it asks for Japanese and the help page of an organisation is Japanese. Each page is axe-clean
 * and fits at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Dialect } from '../server/src/db/database.ts';
import { expectAccessible, launchBrowser, screenshot } from './support/browser.ts';
import { type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
// The journeys run on SQLite; the texts they show do not depend on the database.
const dialects: Dialect[] = ['sqlite'];

describe.skipIf(!chromiumPath).each(dialects)('public pages in German and Japanese on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('kaisha', 'admin@kaisha.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  /** The page is axe-clean at the desktop and the phone width, and nothing sticks out at the phone's. */
  async function accessibleAtBothWidths(page: Page, name: string) {
    await expectAccessible(page);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await screenshot(page, `${name}-390`);
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > 390)
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 30) ?? ''}`),
    );
    expect(outside).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('signs up at /getstarted in German, as the browser asks', async () => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(gatehouse.url() + '/getstarted');
    await page.getByRole('heading', { name: 'Willkommen bei Gatehouse' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de', 'ltr']);
    await page.getByText('Das Starter-Paket ist für bis zu 50 Benutzer kostenlos.').waitFor();
    await accessibleAtBothWidths(page, 'getstarted-de');

    await page.getByLabel('E-Mail-Adresse').fill('gruenderin@neu.test');
    // The consent line belongs to the account side's texts (not translated on this branch).
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Jetzt starten' }).click();
    await page.getByRole('heading', { name: 'Prüfen Sie Ihre E-Mails' }).waitFor();
    await page.getByText('Wir haben einen Link an gruenderin@neu.test gesendet.', { exact: false }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Der Link ist 1 Tag lang gültig.');
    await accessibleAtBothWidths(page, 'getstarted-check-email-de');
    await context.close();
  });

  it("shows an organisation's help page in Japanese, as the browser asks", async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(gatehouse.url('kaisha') + '/help');
    await page.getByRole('heading', { name: 'ヘルプ', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await page.getByRole('heading', { name: 'パスワードを忘れた場合やロックされた場合' }).waitFor();
    await page.getByRole('heading', { name: '2 段階認証 (MFA)' }).waitFor();
    // Nothing of the English page is left on it.
    const text = await page.locator('main').innerText();
    for (const english of ['Forgotten your password', 'Multi-factor authentication', 'Contact us', 'Answers to common questions'])
      expect(text).not.toContain(english);
    await accessibleAtBothWidths(page, 'help-ja');
    await context.close();
  });
});
