/**
 * Journeys of a person's sessions: signed in as the same person in two browsers, one ends the other's
 * session on /account ("Devices and sessions") and the other's next page is signed out; their
 * administrator sees the person's sessions on their page and signs them out everywhere; the
 * administrator turns the new-browser notice on in the organisation's settings, and the link of the
 * email a new browser brings signs the person out everywhere. The screens are axe-clean at 1280 and
 * 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Dialect } from '../server/src/db/database.ts';
import { expectAccessible, launchBrowser, newPage, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
// The journeys run on SQLite; the rules under them run on both databases in the integration tests.
const dialects: Dialect[] = ['sqlite'];

const PAT = 'pat@sessions.test';
const PAT_PASSWORD = 'pat signs in from two desks';

describe.skipIf(!chromiumPath).each(dialects)('sessions and devices on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let admin: Page;
  let patId = '';

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('desks', 'admin@sessions.test');
    browser = await launchBrowser(chromiumPath);
    admin = await signIn('admin@sessions.test', ADMIN_PASSWORD);
    // The add-user screen is another journey's: invite through the API from the admin's signed-in page.
    const invited = await admin.evaluate(async (email) => {
      const res = await fetch('/api/users', { method: 'POST', body: new URLSearchParams({ firstName: 'Pat', email, role: 'EndUser' }) });
      return { status: res.status, id: ((await res.json()) as { id: string }).id };
    }, PAT);
    expect(invited.status).toBe(201);
    patId = invited.id;
    const run = await gatehouse.cli(['outbox', '--org', 'desks', '--limit', '5']);
    const link = /https?:\/\/\S+/.exec(run.stdout.split('=== ').find((block) => block.includes(` to ${PAT}\n`))!)![0];
    const page = await newPage(browser);
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill(PAT_PASSWORD);
    await page.getByLabel('Confirm password').fill(PAT_PASSWORD);
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/dashboard');
    await closeSignedOut(page);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function signIn(email: string, password: string): Promise<Page> {
    const page = await newPage(browser);
    await submitSignIn(page, gatehouse.url('desks'), email, password);
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** Signs the browser out and closes it, so its session is not listed in the next journey. */
  async function closeSignedOut(page: Page) {
    expect(await page.evaluate(async () => (await fetch('/api/signout', { method: 'POST' })).status)).toBe(200);
    await page.context().close();
  }

  /** The page is axe-clean at the desktop and the phone width, and fits the phone's width. */
  async function accessibleAtBothWidths(page: Page, name: string) {
    await expectAccessible(page);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `${name}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const sessionItems = (page: Page) => page.getByRole('region', { name: 'Devices and sessions' }).getByRole('listitem');

  it("ends the other browser's session from /account: that browser is signed out at its next page", async () => {
    const desk = await signIn(PAT, PAT_PASSWORD);
    const laptop = await signIn(PAT, PAT_PASSWORD);
    await desk.goto(gatehouse.url('desks') + '/account');
    await expect.poll(() => sessionItems(desk).count()).toBe(2);
    const mine = sessionItems(desk).filter({ hasText: 'This device' });
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => mine.getByRole('button', { name: /^Sign out/ }).count()).toBe(0);
    await expect.poll(() => desk.getByText('Signed in with Password').count()).toBe(2);
    await desk.getByRole('region', { name: 'Connected applications' }).getByText('No applications hold access.').waitFor();
    await accessibleAtBothWidths(desk, 'account-sessions');

    await sessionItems(desk)
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await desk.getByText('Session signed out').waitFor();
    await expect.poll(() => sessionItems(desk).count()).toBe(1);

    await laptop.goto(gatehouse.url('desks') + '/account');
    await laptop.getByLabel('Password').waitFor();
    expect(new URL(laptop.url()).pathname).not.toBe('/account');
    await laptop.context().close();
    await closeSignedOut(desk);
  });

  it("lets the administrator see the person's sessions and sign them out everywhere", async () => {
    const desk = await signIn(PAT, PAT_PASSWORD);
    await admin.goto(gatehouse.url('desks') + `/users/${patId}`);
    const card = admin.getByRole('region', { name: 'Devices and sessions' });
    await expect.poll(() => card.getByRole('listitem').count()).toBe(1);
    await accessibleAtBothWidths(admin, 'user-sessions');
    await card.getByRole('button', { name: 'Sign out everywhere' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await card.getByText('Signed out everywhere').waitFor();
    await card.getByText('No sessions.').waitFor();
    await admin.locator('.dialog-closing').waitFor({ state: 'detached' });

    // The timeline, filtered to sessions: the administrator's act, with its correlation id; sign-ins are left out.
    const activity = admin.getByRole('region', { name: 'Recent activity' });
    await activity.getByLabel('Show').selectOption({ label: 'Sessions and applications' });
    await activity
      .locator('li', { hasText: 'Signed out everywhere' })
      .getByText(/Correlation id \S+/)
      .waitFor();
    await expect.poll(() => activity.locator('li', { hasText: 'Signed in' }).count()).toBe(0);
    await activity.getByLabel('Show').selectOption({ label: 'Sign-ins and failures' });
    await activity.locator('li', { hasText: 'Signed in' }).first().getByText('· password').waitFor();
    await expectAccessible(admin);

    await desk.goto(gatehouse.url('desks') + '/account');
    await desk.getByLabel('Password').waitFor();
    expect(new URL(desk.url()).pathname).not.toBe('/account');
    await desk.context().close();
  });
  it('turns the new-browser notice on, and the emailed link signs the person out everywhere', async () => {
    await admin.goto(gatehouse.url('desks') + '/organisation');
    const notice = admin.getByLabel('Email people when they sign in from a new browser');
    expect(await notice.isChecked()).toBe(false);
    await notice.check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.locator('.settings-status').getByText('Organisation settings updated').waitFor();

    // Each page is a fresh browser profile, so this one is new to Pat, who has signed in from others.
    const desk = await signIn(PAT, PAT_PASSWORD);
    let message = '';
    await expect
      .poll(
        async () => {
          const run = await gatehouse.cli(['outbox', '--org', 'desks', '--limit', '5']);
          message = run.stdout.split('=== ').find((block) => block.includes(` to ${PAT}\n`) && block.includes('/notme?token=')) ?? '';
          return message !== '';
          // Each look runs the command in a process of its own.
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(message).toContain('New sign-in to your desks account');
    const link = /https?:\/\/\S+\/notme\?token=\S+/.exec(message)![0];

    const mail = await newPage(browser);
    await mail.goto(link);
    await mail.getByRole('heading', { name: 'Secure your account' }).waitFor();
    await accessibleAtBothWidths(mail, 'not-me');
    await mail.getByRole('button', { name: 'Sign out everywhere' }).click();
    await mail.getByText('Your account has been signed out everywhere.').waitFor();
    await expectAccessible(mail);

    await desk.goto(gatehouse.url('desks') + '/account');
    await desk.getByLabel('Password').waitFor();
    expect(new URL(desk.url()).pathname).not.toBe('/account');
    // The next sign-in asks for a new password first.
    await submitSignIn(desk, gatehouse.url('desks'), PAT, PAT_PASSWORD);
    await desk.waitForURL('**/passwordexpired');
    await desk.context().close();
    // Used once: the link does nothing the second time.
    await mail.reload();
    await mail.getByRole('button', { name: 'Sign out everywhere' }).click();
    await mail.getByText('Sorry...').waitFor();
    await mail.context().close();
  });
});
