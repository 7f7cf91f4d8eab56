/**
 * Issue 31, the design step, in Chromium at 1280x800 and at 390x844: the users list shows each user's
 * initials avatar (a colour of their own that their initials read on), name, and email cut short
 * rather than wrapped mid-word; the application page is in sections with an in-page navigation that
 * moves focus; every value for copying is one CopyField that copies and announces it. Axe at both widths.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { TestClient } from '../server/src/testing/http-client.ts';
import { expectAccessible, launchBrowser, screenshot, sidewaysOverflow, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const LONG_EMAIL = 'maximilian.featherstonehaugh.the-third@research-and-development.acme.test';

interface InElement {
  tagName: string;
  className: unknown;
  children: ArrayLike<InElement>;
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect(): { right: number; height: number };
}
interface InPage {
  document: {
    documentElement: { scrollWidth: number };
    body: { scrollWidth: number };
    activeElement: unknown;
    querySelectorAll(selector: string): ArrayLike<InElement>;
  };
  innerWidth: number;
  getComputedStyle(element: unknown): { whiteSpace: string; backgroundColor: string; color: string; lineHeight: string };
}

/** WCAG contrast ratio of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe.skipIf(!chromiumPath)('the design step of issue 31, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let applicationId: string;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    const admin = new TestClient(`acme.localhost:${gatehouse.port}`, gatehouse.port);
    expect((await admin.post('/api/authenticate', { form: { email: 'admin@acme.test', password: ADMIN_PASSWORD } })).status).toBe(200);
    const created = await admin.post('/api/clients', { form: { name: 'Team wiki' } });
    applicationId = created.json<{ id: string }>().id;
    for (const [firstName, surname, email] of [
      ['Maximilian', 'Featherstonehaugh', LONG_EMAIL],
      ['Ada', 'Lovelace', 'ada@acme.test'],
    ] as const) {
      const invited = await admin.post('/api/users', { form: { firstName, surname, email, role: 'EndUser', clients: [applicationId] } });
      expect(invited.status).toBeLessThan(300);
    }
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function signedIn(size: keyof typeof SIZES): Promise<Page> {
    const context = await browser.newContext({ viewport: SIZES[size] });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gatehouse.url('acme') });
    const page = await context.newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  it.each(Object.keys(SIZES) as (keyof typeof SIZES)[])(
    'lists users with initials avatars and names, a long email cut short and whole for screen readers, at %s size',
    async (size) => {
      const page = await signedIn(size);
      await page.goto(gatehouse.url('acme') + '/users');
      const row = page.getByRole('row').filter({ hasText: LONG_EMAIL });
      await row.waitFor();
      await row.getByText('Maximilian Featherstonehaugh').waitFor();
      expect(await row.locator('.avatar').innerText()).toBe('MF');
      expect(await page.getByRole('row').filter({ hasText: 'ada@acme.test' }).locator('.avatar').innerText()).toBe('AL');
      // The avatar is decoration (the name is written beside it); its initials read on its colour at 4.5:1 or more.
      expect(await row.locator('.avatar').getAttribute('aria-hidden')).toBe('true');
      const colours = await row
        .locator('.avatar')
        .evaluate((el) => (globalThis as unknown as InPage).getComputedStyle(el))
        .then((style) => ({ background: style.backgroundColor, text: style.color }));
      expect(contrast(colours.background, colours.text)).toBeGreaterThanOrEqual(4.5);

      // The email is the link, whole in its text (what screen readers say) and its tooltip, on one line.
      const email = row.getByRole('link', { name: LONG_EMAIL, exact: true });
      expect(await email.getAttribute('title')).toBe(LONG_EMAIL);
      const shape = await email.evaluate((el) => {
        const element = el as unknown as InElement;
        const style = (globalThis as unknown as InPage).getComputedStyle(el);
        return { whiteSpace: style.whiteSpace, height: element.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight) };
      });
      expect(shape.whiteSpace).toBe('nowrap');
      expect(shape.height).toBeLessThan(shape.lineHeight * 1.5);
      if (size === 'phone') {
        // Cut short with an ellipsis on a phone, and nothing on the page scrolls sideways.
        const cut = await email.evaluate((el) => (el as unknown as InElement).scrollWidth > (el as unknown as InElement).clientWidth);
        expect(cut).toBe(true);
        expect(await sidewaysOverflow(page)).toBe('fits');
      }
      await screenshot(page, `design-users-${size}`);
      await expectAccessible(page);
      await page.context().close();
    },
  );

  it.each(Object.keys(SIZES) as (keyof typeof SIZES)[])(
    'shows the application page in sections reached from an in-page navigation that moves focus, at %s size',
    async (size) => {
      const page = await signedIn(size);
      await page.goto(gatehouse.url('acme') + `/applications/${applicationId}`);
      await page.getByRole('heading', { name: 'Team wiki', level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Application sections' });
      await nav.waitFor();
      expect(await nav.getByRole('link').allInnerTexts()).toEqual([
        'Settings',
        'Sign-in',
        'Tokens',
        'Endpoints',
        'Client secret',
        'Danger zone',
        'Quick start',
      ]);
      for (const [link, region] of [
        ['Settings', 'Settings'],
        ['Sign-in', 'Sign-in'],
        ['Tokens', 'Tokens'],
        ['Endpoints', 'OpenID Connect settings'],
        ['Client secret', 'Client secret'],
        ['Danger zone', 'Danger zone'],
        ['Quick start', 'Quick start'],
      ] as const) {
        const section = page.getByRole('region', { name: region, exact: true });
        await section.getByRole('heading', { name: region, level: 2 }).waitFor();
        // From the keyboard: the link is focused and Enter takes focus to its section.
        await nav.getByRole('link', { name: link, exact: true }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => section.evaluate((el) => el === (globalThis as unknown as InPage).document.activeElement)).toBe(true);
      }
      // Every setting the one form saves is still in it, with its label.
      const danger = page.getByRole('region', { name: 'Danger zone' });
      await danger.getByRole('button', { name: 'Delete application' }).waitFor();
      await page.getByRole('group', { name: 'Client authentication and tokens' }).waitFor();
      if (size === 'phone') expect(await sidewaysOverflow(page)).toBe('fits');
      await screenshot(page, `design-application-${size}`);
      await expectAccessible(page);

      // A machine application signs no one in through a browser: no Sign-in section, and no link to it.
      await page.getByLabel('Application type').selectOption('machine');
      await page.getByRole('region', { name: 'Sign-in', exact: true }).waitFor({ state: 'detached' });
      expect(await nav.getByRole('link').allInnerTexts()).not.toContain('Sign-in');
      await page.context().close();
    },
  );

  it.each(Object.keys(SIZES) as (keyof typeof SIZES)[])(
    'copies an endpoint from its copy field, says so to screen readers, and keeps the address on one line, at %s size',
    async (size) => {
      const page = await signedIn(size);
      await page.goto(gatehouse.url('acme') + `/applications/${applicationId}`);
      const panel = page.getByRole('region', { name: 'OpenID Connect settings' });
      const endpoint = `${gatehouse.url('acme')}/oidc/token`;
      const value = panel.getByText(endpoint, { exact: true });
      await value.waitFor();
      // One line, scrolling inside its box when it does not fit: never wrapped mid-word.
      const shape = await value.evaluate((el) => {
        const element = el as unknown as InElement;
        const style = (globalThis as unknown as InPage).getComputedStyle(el);
        return { whiteSpace: style.whiteSpace, height: element.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight) };
      });
      expect(shape.whiteSpace).toBe('nowrap');
      expect(shape.height).toBeLessThan(shape.lineHeight * 2);

      await panel.getByRole('button', { name: 'Copy Token endpoint' }).click();
      await panel.getByRole('status').filter({ hasText: 'Copied Token endpoint' }).waitFor();
      type ClipboardGlobals = { navigator: { clipboard: { readText(): Promise<string> } } };
      expect(await page.evaluate(() => (globalThis as unknown as ClipboardGlobals).navigator.clipboard.readText())).toBe(endpoint);
      if (size === 'phone') {
        // The longest values scroll inside their field, which the keyboard can reach; the page does not scroll sideways.
        const discovery = panel.getByText(`${gatehouse.url('acme')}/.well-known/openid-configuration`, { exact: true });
        expect(await discovery.getAttribute('tabindex')).toBe('0');
        expect(await sidewaysOverflow(page)).toBe('fits');
      }
      await expectAccessible(page);
      await page.context().close();
    },
  );

  it('spaces stacked cards and gives checkboxes the theme colour (issue 39 point 23)', async () => {
    const page = await signedIn('desktop');
    for (const path of ['/webhooks', '/connections', '/twostep']) {
      await page.goto(gatehouse.url('acme') + path);
      await page.locator('main .card').first().waitFor();
      // Wait for the page's data: the cards it shows once loaded.
      await page.waitForLoadState('networkidle');
      const gaps = await page.evaluate(() => {
        const { document } = globalThis as unknown as {
          document: {
            querySelectorAll(
              s: string,
            ): ArrayLike<{ getBoundingClientRect(): { top: number; bottom: number }; previousElementSibling: unknown }>;
          };
        };
        const cards = Array.from(document.querySelectorAll('main .card'));
        return cards
          .filter((card) => cards.includes(card.previousElementSibling as (typeof cards)[number]))
          .map(
            (card) =>
              card.getBoundingClientRect().top - (card.previousElementSibling as (typeof cards)[number]).getBoundingClientRect().bottom,
          );
      });
      for (const gap of gaps) expect(gap, path).toBeGreaterThan(0);
    }
    await page.goto(gatehouse.url('acme') + '/users/add');
    const checkbox = page.getByRole('checkbox', { name: 'Team wiki' });
    await checkbox.waitFor();
    const [accent, primary] = await checkbox.evaluate((input) => [
      getComputedStyle(input).accentColor,
      getComputedStyle(input).getPropertyValue('--colour-primary').trim(),
    ]);
    expect(accent).not.toBe('auto');
    expect(primary).not.toBe('');
    await page.context().close();
  });
});
