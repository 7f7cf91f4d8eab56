/**
 * Journeys of issue 30: a person sets up an authenticator app and SMS codes on /twostep, signs in with
 * the app, then with "Use another method" and SMS, and removes the app; their administrator sees their
 * methods and resets them; removing the last method where MFA is required of them is refused with the
 * reason; a passkey (Chromium's virtual authenticator) and an app coexist.
 */
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Dialect } from '../server/src/db/database.ts';
import { totpCode } from '../server/src/mfa/totp.ts';
import { withAuthenticator } from './support/authenticator.ts';
import { expectAccessible, launchBrowser, newPage, openApp, passDoubleSubmitGuard, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
// The journeys run on SQLite; the rules under them run on both databases in the integration tests.
const dialects: Dialect[] = ['sqlite'];

const PAT = 'pat@multi.test';
const PAT_PASSWORD = 'pat keeps two keys on one ring';
const PHONE = '+15005550006';

describe.skipIf(!chromiumPath).each(dialects)('several MFA methods on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let appSecret = '';

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('multi', 'admin@multi.test');
    await gatehouse.saveSettings('multi', { allowSMSTwoStep: true });
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  /** The newest message to `to` in the development outbox, as `gatehouse outbox` prints it. */
  async function outboxMessage(to: string): Promise<string> {
    const run = await gatehouse.cli(['outbox', '--org', 'multi', '--limit', '20']);
    expect(run.code).toBe(0);
    const message = run.stdout.split('=== ').find((block) => block.includes(` to ${to}\n`));
    if (!message) throw new Error(`No message to ${to} in:\n${run.stdout}`);
    return message;
  }
  const textedCode = async () => /^(\d{6}) is your/m.exec(await outboxMessage(PHONE))![1]!;

  /** A code of the app not used before (a code is accepted once): this step's, or else the next one's. */
  let lastAppCode = '';
  const appCode = () => {
    const now = totpCode(appSecret, Date.now());
    lastAppCode = now === lastAppCode ? totpCode(appSecret, Date.now() + 30_000) : now;
    return lastAppCode;
  };

  /** Pat's first method on /twostep: an authenticator app (optionally named), then the recovery codes once. */
  async function setUpFirstApp(page: Page, name?: string) {
    await page.getByRole('radio', { name: /App/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: "Can't scan?" }).click();
    appSecret = (await page.locator('.secret-key code').innerText()).replace(/ /g, '');
    await page.getByLabel('Enter 6 digit code displayed on authenticator app').fill(appCode());
    if (name) await page.getByLabel('Name (optional)').fill(name);
    await page.getByLabel('Password').fill(PAT_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
  }

  async function signInAsPat(page: Page) {
    await openApp(page, gatehouse.url('multi') + '/');
    await page.getByLabel('Email').fill(PAT);
    await page.getByLabel('Password').fill(PAT_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  }

  /** Both widths the other journeys check: desktop and phone. */
  async function expectAccessibleAtBothWidths(page: Page, name: string) {
    for (const [width, height, suffix] of [
      [1280, 800, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectAccessible(page);
      await screenshot(page, `${dialect}-${name}-${suffix}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it('invites Pat, who sets up an authenticator app and SMS codes on /twostep', async () => {
    const admin = await newPage(browser);
    await submitSignIn(admin, gatehouse.url('multi'), 'admin@multi.test', ADMIN_PASSWORD);
    await admin.waitForURL('**/dashboard');
    const invited = await admin.evaluate(async (email) => {
      const body = new URLSearchParams({ firstName: 'Pat', email, role: 'EndUser' });
      return (await fetch('/api/users', { method: 'POST', body })).status;
    }, PAT);
    expect(invited).toBe(201);
    await admin.context().close();

    const page = await newPage(browser);
    await page.goto(/https?:\/\/\S+/.exec(await outboxMessage(PAT))![0]);
    await page.getByLabel('Password', { exact: true }).fill(PAT_PASSWORD);
    await page.getByLabel('Confirm password').fill(PAT_PASSWORD);
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/dashboard');

    // The first method: an authenticator app, named.
    await page.goto(gatehouse.url('multi') + '/twostep');
    await setUpFirstApp(page, 'Phone app');

    // Another method: SMS codes, beside the app; no new recovery codes.
    await page.goto(gatehouse.url('multi') + '/twostep');
    const methods = page.getByRole('region', { name: 'Your methods' });
    await methods.getByText('Phone app').waitFor();
    await methods.getByText('Default', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add another method' }).click();
    await page.getByRole('radio', { name: 'SMS' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Mobile phone number').fill(PHONE);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: 'Code sent' }).waitFor();
    // The page has other password fields (new recovery codes, Disable): this one is the set-up's.
    const adding = page.getByRole('region', { name: 'Add another method' });
    await adding.getByLabel('Enter 6 digit code sent to your phone').fill(await textedCode());
    await adding.getByLabel('Password').fill(PAT_PASSWORD);
    await adding.getByRole('button', { name: 'Save' }).click();
    await methods.getByText('Codes go to •••• 006').waitFor();
    expect(await page.getByRole('heading', { name: 'Your recovery codes' }).count()).toBe(0);
    expect(await methods.locator('.factor').count()).toBe(2);
    await expectAccessibleAtBothWidths(page, 'two-step-factors');
    await page.context().close();
  });

  it('signs Pat in with the app, then with "Use another method" and SMS, and removes the app', async () => {
    const page = await newPage(browser);
    await signInAsPat(page);
    await page.getByText('Enter the 6 digit code displayed on your authenticator app.').waitFor();
    await page.getByLabel('Code', { exact: true }).fill(appCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await signOut(page);

    await signInAsPat(page);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    // A wrong code's error is the app's: it is gone at the method chosen next (issue 39 point 22).
    await page.getByLabel('Code', { exact: true }).fill(appCode() === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.field-error').waitFor();
    await page.getByRole('button', { name: 'Use another method' }).click();
    await page.getByRole('heading', { name: MFA_MESSAGES.anotherMethodLegend }).waitFor();
    expect(await page.locator('.field-error').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: /A code sent to •••• 006/ }).click();
    await page.getByText(/We've sent a 6 digit code to •••• 006/).waitFor();
    expect(await page.locator('.field-error').count()).toBe(0);
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
    await page.getByLabel('Code', { exact: true }).fill(await textedCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // The app goes, confirmed with the password; SMS becomes the default.
    await page.goto(gatehouse.url('multi') + '/twostep');
    const app = page.getByRole('listitem').filter({ hasText: 'Phone app' });
    await app.getByRole('button', { name: 'Remove' }).click();
    await app.getByLabel('Password').fill(PAT_PASSWORD);
    await app.getByRole('button', { name: 'Remove Phone app' }).click();
    const methods = page.getByRole('region', { name: 'Your methods' });
    await expect.poll(() => methods.locator('.factor').count()).toBe(1);
    await methods.getByText('Default', { exact: true }).waitFor();
    expect(await methods.getByText('Phone app').count()).toBe(0);
    await page.context().close();
  });

  it('refuses removing the last method, with the reason, where MFA is required of Pat', async () => {
    // Pat's administrator requires MFA of Pat (the edit screen's box).
    const admin = await newPage(browser);
    await submitSignIn(admin, gatehouse.url('multi'), 'admin@multi.test', ADMIN_PASSWORD);
    await admin.waitForURL('**/dashboard');
    await admin.goto(gatehouse.url('multi') + '/users');
    await admin.getByRole('link', { name: PAT }).first().click();
    await admin.getByLabel('Enforce multi-factor authentication (MFA) for this user').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('User details updated').waitFor();
    await admin.context().close();

    const page = await newPage(browser);
    await signInAsPat(page);
    // SMS is Pat's default now: the code is texted at once.
    await page.getByText(/We've sent a 6 digit code to •••• 006/).waitFor();
    await page.getByLabel('Code', { exact: true }).fill(await textedCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('multi') + '/twostep');
    const sms = page.getByRole('region', { name: 'Your methods' }).getByRole('listitem');
    await sms.getByRole('button', { name: 'Remove' }).click();
    await sms.getByLabel('Password').fill(PAT_PASSWORD);
    await sms.getByRole('button', { name: /^Remove/ }).click();
    await sms
      .getByRole('alert')
      .getByText('Your organisation requires multi-factor authentication: add another method before you remove your last one')
      .waitFor();
    expect(await sms.count()).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });

  it("shows Pat's methods to their administrator, who resets them", async () => {
    const admin = await newPage(browser);
    await submitSignIn(admin, gatehouse.url('multi'), 'admin@multi.test', ADMIN_PASSWORD);
    await admin.waitForURL('**/dashboard');
    await admin.getByRole('region', { name: 'Accounts' }).getByText('With MFA').waitFor();
    await admin.goto(gatehouse.url('multi') + '/users');
    await admin.getByRole('link', { name: PAT }).first().click();
    const card = admin.getByRole('region', { name: 'MFA methods' });
    await card.getByText('SMS').waitFor();
    await card.getByText('•••• 006').waitFor();
    await card
      .getByText(/Added \d{2}\/\d{2}\/\d{4}/)
      .first()
      .waitFor();
    await card
      .getByText(/Last used \d{2}\/\d{2}\/\d{4}/)
      .first()
      .waitFor();
    await expectAccessibleAtBothWidths(admin, 'user-factors');

    await admin.getByRole('region', { name: 'Account', exact: true }).getByRole('button', { name: 'Reset', exact: true }).click();
    await admin.getByRole('dialog', { name: 'Reset MFA' }).getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('Multi-factor authentication reset').waitFor();
    await card.getByText('No MFA methods set up.').waitFor();
    await admin.context().close();
  });

  it('lets a passkey and an app coexist, each able to sign Pat in', async () => {
    const page = await newPage(browser);
    await withAuthenticator(page);
    // MFA is required of Pat and was reset: Pat is held on /twostep and sets up an app again.
    await signInAsPat(page);
    await page.waitForURL('**/twostep');
    await setUpFirstApp(page);

    await page.goto(gatehouse.url('multi') + '/twostep');
    await page.getByLabel('Name', { exact: true }).fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const methods = page.getByRole('region', { name: 'Your methods' });
    await methods.getByText('Laptop').waitFor();
    await methods.getByText('App').first().waitFor();
    expect(await methods.locator('.factor').count()).toBe(2);
    await expectAccessible(page);

    // The app is the default; the passkey answers the code step too.
    await signOut(page);
    await signInAsPat(page);
    await page.getByText('Enter the 6 digit code displayed on your authenticator app.').waitFor();
    await passDoubleSubmitGuard(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    // Signed in: back to the page Pat signed out from (/twostep), or the dashboard.
    await page.waitForURL((url) => url.pathname === '/twostep' || url.pathname === '/dashboard');
    const session = await page.evaluate(() =>
      fetch('/api/session').then((r) => r.json() as Promise<{ account: { requiresTwoStep: boolean } | null }>),
    );
    expect(session.account?.requiresTwoStep).toBe(false);
    await page.context().close();
  });
});
