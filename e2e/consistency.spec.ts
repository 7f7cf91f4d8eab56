/**
 * Issue 39 point 23, in Chromium: an application has one colour wherever it is shown (the admin's
 * picker and the person's dashboard); on a 390 px phone the application page's endpoint fields show the
 * end that tells them apart, whole for screen readers and Copy; the organisation's font is the spec's
 * "themed page wrapper with ... custom font": the sign-in page and every page of the signed-in layout.
 */
import { FONT_STACKS } from '@gatehouse/common/policy';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { TestClient } from '../server/src/testing/http-client.ts';
import { expectAccessible, launchBrowser, newPage, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const PAT = 'pat@acme.test';
const PAT_PASSWORD = 'a long enough passphrase for pat';

describe.skipIf(!chromiumPath)('one look across the screens (issue 39 point 23), in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let admin: TestClient;
  const apps: Record<string, string> = {};
  let patId: string;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    admin = new TestClient(`acme.localhost:${gatehouse.port}`, gatehouse.port);
    expect((await admin.post('/api/authenticate', { form: { email: 'admin@acme.test', password: ADMIN_PASSWORD } })).status).toBe(200);
    for (const name of ['Atlas', 'Beacon', 'Compass', 'Dial']) {
      const created = await admin.post('/api/clients', { form: { name } });
      expect(created.status).toBe(201);
      apps[name] = created.json<{ id: string }>().id;
    }
    // Pat opens only some of them, so that their places in Pat's list and in the organisation's differ.
    const invited = await admin.post('/api/users', {
      form: { firstName: 'Pat', email: PAT, role: 'EndUser', clients: [apps.Compass!, apps.Dial!] },
    });
    expect(invited.status).toBe(201);
    patId = invited.json<{ id: string }>().id;
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function signedInAdmin(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gatehouse.url('acme') });
    const page = await context.newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** Pat accepts the invitation from the development outbox and lands on the dashboard. */
  async function patSignsUp(): Promise<Page> {
    const run = await gatehouse.cli(['outbox', '--org', 'acme', '--limit', '20']);
    const message = run.stdout.split('=== ').find((block) => block.includes(` to ${PAT}\n`));
    if (!message) throw new Error(`No invitation to ${PAT} in:\n${run.stdout}`);
    const page = await newPage(browser);
    await page.goto(/https?:\/\/\S+/.exec(message)![0]);
    await page.getByLabel('Password', { exact: true }).fill(PAT_PASSWORD);
    await page.getByLabel('Confirm password').fill(PAT_PASSWORD);
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/dashboard');
    return page;
  }

  const backgroundOf = (page: Page, selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);

  it("shows an application in the same colour in the admin's picker and on the person's dashboard", async () => {
    const page = await signedInAdmin();
    await page.goto(gatehouse.url('acme') + `/users/${patId}`);
    const picker = page.getByRole('group', { name: 'Select applications for user' });
    await picker.getByRole('checkbox', { name: 'Dial' }).waitFor();
    const inPicker: Record<string, string> = {};
    for (const name of Object.keys(apps))
      inPicker[name] = await backgroundOf(page, `.app-selector-tile:has-text("${name}") .app-logo-initial`);
    // Told apart at a glance: not every application in one colour.
    expect(new Set(Object.values(inPicker)).size).toBeGreaterThan(1);
    await page.context().close();

    const pat = await patSignsUp();
    const tiles = pat.getByRole('region', { name: 'My applications' });
    await tiles.getByText('Dial', { exact: true }).waitFor();
    for (const name of ['Compass', 'Dial']) {
      const tile = `.app-tile:has-text("${name}")`;
      expect(await backgroundOf(pat, `${tile} .app-logo-initial`), name).toBe(inPicker[name]);
      expect(await pat.locator(tile).evaluate((el) => getComputedStyle(el).borderTopColor), name).toBe(inPicker[name]);
    }
    await screenshot(pat, 'consistency-tiles');
    await expectAccessible(pat);
    await pat.context().close();
  });

  it('shows on a phone the distinguishing end of every endpoint, whole for screen readers and Copy', async () => {
    const page = await signedInAdmin({ width: 390, height: 844 });
    await page.goto(gatehouse.url('acme') + `/applications/${apps.Atlas}`);
    const panel = page.getByRole('region', { name: 'OpenID Connect settings' });
    const origin = gatehouse.url('acme');
    await panel.getByText(`${origin}/oidc/token`, { exact: true }).waitFor();
    const fields = await panel.locator('.copy-field-value').evaluateAll((elements) =>
      elements.map((el) => {
        // Where the value's first and last characters are drawn, against the box that shows it.
        const text = el.firstChild!;
        const range = document.createRange();
        const box = el.getBoundingClientRect();
        const at = (offset: number) => {
          range.setStart(text, offset);
          range.setEnd(text, offset + 1);
          return range.getBoundingClientRect();
        };
        const length = text.textContent!.length;
        return {
          value: el.textContent!,
          cut: el.scrollWidth > el.clientWidth + 1,
          focusable: el.getAttribute('tabindex') === '0',
          lastShown: at(length - 1).right <= box.right + 0.5 && at(length - 1).left >= box.left - 0.5,
          firstShown: at(0).left >= box.left - 0.5,
        };
      }),
    );
    const addresses = fields.filter((field) => field.value.startsWith(origin));
    expect(addresses.length).toBeGreaterThanOrEqual(8);
    // The addresses cut short at this width are those the issue saw all showing "http://acme.localhost:…".
    const cut = addresses.filter((field) => field.cut);
    expect(cut.length).toBeGreaterThanOrEqual(8);
    for (const field of cut) {
      expect({ value: field.value, lastShown: field.lastShown, firstShown: field.firstShown }).toEqual({
        value: field.value,
        lastShown: true,
        firstShown: false,
      });
      // Scrolled back to its start at will, from the keyboard too.
      expect(field.focusable, field.value).toBe(true);
    }
    // Copy and screen readers get the whole address.
    await panel.getByRole('button', { name: 'Copy Token endpoint' }).click();
    await panel.getByRole('status').filter({ hasText: 'Copied Token endpoint' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/oidc/token`);
    await screenshot(page, 'consistency-endpoints-phone');
    await expectAccessible(page);
    await page.context().close();
  });

  it("uses the organisation's font on the sign-in page and every page of the signed-in layout, as the spec's themed page wrapper", async () => {
    await gatehouse.createOrganisation('serif', 'admin@serif.test');
    await gatehouse.saveSettings('serif', { font: 'Serif' });
    // Computed styles write the stack's quotes as double quotes.
    const fontOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily.replaceAll('"', "'"));
    const page = await newPage(browser);
    await page.goto(gatehouse.url('serif'));
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(await fontOf(page, 'main')).toBe(FONT_STACKS.Serif);
    await submitSignIn(page, gatehouse.url('serif'), 'admin@serif.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    for (const path of ['/dashboard', '/account', '/users', '/organisation']) {
      await page.goto(gatehouse.url('serif') + path);
      await page.locator('main h1').waitFor();
      expect(await fontOf(page, 'main h1'), path).toBe(FONT_STACKS.Serif);
      expect(await fontOf(page, '.sidebar'), path).toBe(FONT_STACKS.Serif);
    }
    await page.context().close();
  });
});
