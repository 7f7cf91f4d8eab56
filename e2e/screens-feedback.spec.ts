/**
 * Issue 31: the defects a new user notices, each failing before its fix. Focus stays on a busy button
 * and moves to a new page's heading (6); a success is announced where the action was and cleared by the
 * next action (7); an admin can release a user cooling down (4) and is asked before resetting MFA (5);
 * Recent activity names whom an admin acted on (8); a page whose code failed to load keeps the menus and
 * loads on Retry (2); turning on required MFA warns first and confirms after (3); and the smaller ones
 * of point 12.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, holdBack, launchBrowser, openApp, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const VIEWPORT = { width: 1280, height: 800 };

interface InDocument {
  document: { activeElement: { tagName: string; textContent: string | null } | null };
}
/** The focused element's tag and text ("BODY" when focus has dropped to the page). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as unknown as InDocument).document.activeElement;
    return { tag: active?.tagName ?? '', text: active?.textContent?.trim() ?? '' };
  });

describe.skipIf(!chromiumPath)('feedback, focus and recovery (issue 31), in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let page: Page;
  const origin = () => gatehouse.url('acme');

  beforeAll(async () => {
    // A webhook receiver on loopback, as a developer's would be.
    gatehouse = await startGatehouse('sqlite', { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
    page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  /** A call to the API from the page, as the SPA makes it (same origin, with the session). */
  function callApi(method: string, path: string, form: [string, string][] = []) {
    return page.evaluate(
      async ([method, path, form]) => {
        const res = await fetch(path, {
          method,
          body: method === 'GET' ? undefined : new URLSearchParams(form),
          headers: { accept: 'application/json' },
        });
        return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
      },
      [method, path, form] as const,
    );
  }

  /** Signs the admin in unless this browser is already (each test stands on its own when another fails). */
  async function ensureSignedIn() {
    if (!page.url().startsWith(origin())) await page.goto(origin() + '/privacypolicy');
    if ((await callApi('GET', '/api/account')).status === 200) return;
    await submitSignIn(page, origin(), 'admin@acme.test', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  }

  it('keeps focus on a busy button, and moves it to the heading of a page a link opens (defect 6)', async () => {
    await openApp(page, origin() + '/');
    await page.getByLabel('Email').fill('admin@acme.test');
    await page.getByLabel('Password').fill('not the password');
    const held = await holdBack(page, '**/api/authenticate');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('button[aria-busy="true"]').waitFor();
    const whileBusy = await focused(page);
    await held.release();
    await page.unroute('**/api/authenticate');
    expect(whileBusy).toEqual({ tag: 'BUTTON', text: 'Sign in' });
    await page.getByText('The email address or password is incorrect').first().waitFor();
    expect((await focused(page)).tag).not.toBe('BODY');

    await submitSignIn(page, origin(), 'admin@acme.test', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    const heading = page.getByRole('heading', { name: 'Users', level: 1 });
    await heading.waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: await heading.innerText() });

    // Save on the admin's own user page: busy, and still focused.
    const me = (await callApi('GET', '/api/account')).body as { id: string };
    await page.goto(`${origin()}/users/${me.id}`);
    await page.getByLabel('First name').fill('Ada');
    const saving = await holdBack(page, `**/api/users/${me.id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('button[aria-busy="true"]').waitFor();
    const whileSaving = await focused(page);
    await saving.release();
    await page.unroute(`**/api/users/${me.id}`);
    expect(whileSaving).toEqual({ tag: 'BUTTON', text: 'Save' });
    await page.getByRole('status').getByText('User details updated').waitFor();
    expect(await focused(page)).toEqual({ tag: 'BUTTON', text: 'Save' });
  });

  it('announces each success where its action was, and clears it when the next action starts (defect 7)', async () => {
    await ensureSignedIn();
    await page.goto(origin() + '/applications/add');
    await page.getByLabel('Name', { exact: true }).fill('Wiki');
    await page.getByLabel('Redirect URI').fill('http://localhost:9/callback');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This client secret is viewable only once').waitFor();
    await page.getByRole('link', { name: 'Back to applications' }).click();
    await page.getByRole('link', { name: 'Wiki' }).first().click();
    await page.getByRole('heading', { name: 'Wiki', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Team wiki');
    await page.locator('form').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Application settings updated').waitFor();
    await page.getByRole('button', { name: 'Regenerate secret' }).click();
    const regenerate = page.getByRole('dialog', { name: 'Regenerate the client secret?' });
    await regenerate.getByLabel('I understand that the current secret stops working').check();
    await regenerate.getByRole('button', { name: 'Regenerate secret' }).click();
    await page.getByText('New client secret').first().waitFor();
    expect(await page.getByText('Application settings updated').count()).toBe(0);

    // Inviting a user says so on the list it returns to.
    await page.goto(origin() + '/users/add');
    await page.getByLabel('First name').fill('Vic');
    await page.getByLabel('Email').fill('vic@example.test');
    await page.getByRole('checkbox', { name: 'Team wiki' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('status').getByText('Invitation sent to vic@example.test').waitFor();
    await screenshot(page, 'feedback-invited');

    // On the user's page: Save's message goes when Disable starts; Disable's own shows beside it.
    await page.getByRole('link', { name: 'vic@example.test' }).click();
    await page.getByLabel('Surname').fill('Example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.application-form').getByRole('status').getByText('User details updated').waitFor();
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    await page.locator('.application-aside').getByRole('status').getByText('User details updated').waitFor();
    expect(await page.getByText('User details updated').count()).toBe(1);
    await expectAccessible(page);

    // Deleting returns to the list, which says so.
    await page.getByRole('button', { name: 'Delete user' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('status').getByText('User deleted').waitFor();
  });

  it('asks before resetting MFA, and lets the admin release a user cooling down (defects 4 and 5)', async () => {
    await ensureSignedIn();
    const invited = await callApi('POST', '/api/users', [
      ['firstName', 'Cora'],
      ['email', 'cora@example.test'],
    ]);
    expect(invited.status).toBe(201);
    const cora = invited.body as { id: string };
    // Cora signed up, set up an app, then failed her password into a 30-minute cooldown.
    await gatehouse.withDatabase((db) =>
      db
        .updateTable('users')
        .set({ status: 'SignedUp', has_second_factor: true, failed_auth_count: 5, cooldown_until: Date.now() + 30 * 60_000 })
        .where('id', '=', cora.id)
        .execute(),
    );
    await page.goto(`${origin()}/users/${cora.id}`);
    await page.getByText(/^Sign-ins paused until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [+-]\d{2}:\d{2}/).waitFor();
    await page.getByRole('button', { name: 'Clear lockout' }).click();
    await page.getByRole('status').getByText('Account unlocked').waitFor();
    await page.locator('.status-pill', { hasText: 'Signed up' }).waitFor();
    expect(await page.getByText(/^Sign-ins paused until/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear lockout' }).count()).toBe(0);

    // Reset asks first; Cancel keeps MFA.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset MFA' });
    await dialog.waitFor();
    expect(await page.getByText('Account unlocked').count()).toBe(1);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await callApi('GET', `/api/users/${cora.id}`)).body).toMatchObject({ twoStep: { enabled: true } });
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('status').getByText('Multi-factor authentication reset').waitFor();
    expect((await callApi('GET', `/api/users/${cora.id}`)).body).toMatchObject({ twoStep: { enabled: false } });
  });

  it("names whom the admin acted on in the admin's own Recent activity (defect 8)", async () => {
    await ensureSignedIn();
    const rex = (
      await callApi('POST', '/api/users', [
        ['firstName', 'Rex'],
        ['email', 'rex@example.test'],
      ])
    ).body as { id: string };
    expect((await callApi('POST', `/api/users/${rex.id}/disable`)).status).toBe(200);
    const me = (await callApi('GET', '/api/account')).body as { id: string };
    await page.goto(`${origin()}/users/${me.id}`);
    const activity = page.locator('.user-activity');
    await activity.waitFor();
    await activity.locator('li', { hasText: 'User disabled' }).first().getByText('About: rex@example.test').waitFor();
  });

  it('keeps the menus when a page cannot load, and loads it on Retry once the server is back (defect 2)', async () => {
    await ensureSignedIn();
    await page.goto(origin() + '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // The outage: no script can be downloaded.
    await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { name: 'Sorry, something went wrong', level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 5000 });
      const correlation = await page.locator('.error-page code').innerText();
      expect(correlation).toMatch(/^[1-9A-Z]{12}$/);
      await expectAccessible(page);
      await screenshot(page, 'error-page-in-layout');
      // Still down: Retry fails again, with the page's menus still there.
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Sorry, something went wrong', level: 1 }).waitFor();
      expect(await page.locator('.error-page code').innerText()).toMatch(/^[1-9A-Z]{12}$/);
    } finally {
      // Back up.
      await page.unroute('**/assets/**');
    }
    // Retry shows the page, without a reload.
    await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('fixes the smaller ones: audit filters, an unknown organisation, webhooks, tiles, the profile bar (defect 12)', async () => {
    await ensureSignedIn();
    // The audit log's user filter takes the start of an address, and the filters stay in the address.
    await page.goto(origin() + '/audit');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByLabel('User (email)').fill('cora@exa');
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL((url) => url.searchParams.get('who') === 'cora@exa');
    await page.getByRole('cell', { name: 'cora@example.test' }).first().waitFor();
    await page.reload();
    await page.getByRole('cell', { name: 'cora@example.test' }).first().waitFor();
    expect(await page.getByLabel('User (email)').inputValue()).toBe('cora@exa');

    // An empty webhook says what is missing once; an endpoint's heading follows the page's h1.
    await page.goto(origin() + '/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await page.getByText('This field is required').count()).toBe(1);
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hook');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'http://127.0.0.1:9/hook' }).waitFor();
    const levels = await page.evaluate(() =>
      Array.from(
        (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ tagName: string }> } }).document.querySelectorAll(
          'main h1, main h2, main h3, main h4',
        ),
      ).map((h) => Number(h.tagName.slice(1))),
    );
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}: levels ${levels.join(',')}`).toBeLessThanOrEqual(1));

    // Applications without logos have initials of different colours (chosen by id, so two may share one:
    // among six, all alike is a chance of one in 11^5).
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'])
      expect((await callApi('POST', '/api/clients', [['name', name]])).status).toBe(201);
    await page.goto(origin() + '/applications');
    await page.getByRole('link', { name: 'Epsilon' }).first().waitFor();
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
    await page.locator('.app-logo-initial').nth(5).waitFor();
    const colours = await page
      .locator('.app-logo-initial')
      .evaluateAll((els) =>
        els.map(
          (el) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor,
        ),
      );
    expect(new Set(colours).size).toBeGreaterThan(1);

    // An unfinished profile is not shown in red.
    await page.goto(origin() + '/dashboard');
    const meter = page.locator('.meter', { hasText: 'Profile completion' });
    await meter.waitFor();
    expect(await meter.getAttribute('class')).not.toContain('meter-low');

    // A chosen image is named by its status line, without the browser's "No file chosen" beside it.
    await page.goto(origin() + '/organisation');
    await page.getByRole('heading', { name: 'Manage your organisation', level: 1 }).waitFor();
    expect(
      await page
        .getByLabel('Logo', { exact: true })
        .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }).getComputedStyle(el).fontSize),
    ).toBe('0px');

    // With the Grey input style the Show toggle is part of the grey field, and the focused field's ring
    // is drawn over the toggle beside it, not clipped by it.
    await gatehouse.saveSettings('acme', { inputStyle: 'Grey' });
    const style = (selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate(
          (el, property) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(el)[property]!,
          property,
        );
    // Each try loads a page: give it the time a busy machine needs (expect.poll's default is 1 s).
    await expect
      .poll(
        async () => {
          await page.goto(origin() + '/updatepassword');
          await page.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();
          return style('.field-affix input', 'backgroundColor');
        },
        { timeout: 20_000 },
      )
      .toBe('rgb(241, 243, 244)');
    expect(await style('.field-affix .field-toggle', 'backgroundColor')).toBe('rgb(241, 243, 244)');
    await page.getByLabel('Current Password').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await style('.field-affix input:focus-visible', 'zIndex')).toBe('1');

    // An unknown organisation's "Back to home" leads to the base host, not to itself.
    await openApp(page, gatehouse.url('nosuchorg') + '/');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe(gatehouse.url() + '/');
  });

  it('warns before requiring MFA of an admin who has none, and confirms the save after (defect 3)', async () => {
    await ensureSignedIn();
    await page.goto(origin() + '/organisation');
    await page.getByRole('heading', { name: 'Manage your organisation', level: 1 }).waitFor();
    await page.getByLabel('Require multi-factor authentication (MFA) for every user').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Require MFA for every user' });
    await dialog.getByText('You have not set up multi-factor authentication yet.', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/organisation');
    expect((await callApi('GET', '/api/organisation')).body).toMatchObject({ requireTwoStep: false });

    await page.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Save and set up MFA' }).click();
    await page.waitForURL('**/twostep');
    await page.getByRole('heading', { name: 'Multi-factor authentication', level: 1 }).waitFor();
    await page.getByRole('status').getByText('Organisation settings updated').waitFor();
  });
});
