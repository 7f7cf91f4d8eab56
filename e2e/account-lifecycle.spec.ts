import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Dialect } from '../server/src/db/database.ts';
import {
  expectAccessible,
  holdBack,
  launchBrowser,
  newPage as clockedPage,
  openApp,
  passDoubleSubmitGuard,
  screenshot,
  submitSignIn,
} from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const dialects: Dialect[] = inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(!chromiumPath).each(dialects)('the account lifecycle on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function newPage(): Promise<Page> {
    return clockedPage(browser);
  }

  /** The newest message to `to`, as `gatehouse outbox` prints it. */
  async function outboxMessage(org: string, to: string): Promise<string> {
    const run = await gatehouse.cli(['outbox', '--org', org, '--limit', '20']);
    expect(run.code).toBe(0);
    const message = run.stdout.split('=== ').find((block) => block.includes(` to ${to}\n`));
    if (!message) throw new Error(`No message to ${to} in:\n${run.stdout}`);
    return message;
  }
  const linkIn = (message: string) => /https?:\/\/\S+/.exec(message)![0];

  /** Submits again, after the spec's double-submit guard (a second submit within a second is ignored). */
  async function submitAgain(page: Page, button: string) {
    await passDoubleSubmitGuard(page);
    await page.getByRole('button', { name: button }).click();
  }

  async function signIn(page: Page, org: string, email: string, password: string) {
    await submitSignIn(page, gatehouse.url(org), email, password);
    await page.waitForURL('**/dashboard');
  }

  it('signs up through the emailed link, found in the development outbox', async () => {
    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create your new account' }).waitFor();
    expect(await page.title()).toBe('Sign up - acme');
    await page.getByLabel('Email').fill('new.person@example.test');
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-sign-up`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    // The development outbox on the base host shows the message with its link.
    await page.goto(gatehouse.url() + '/dev/outbox?org=acme');
    await expectAccessible(page);
    await screenshot(page, `${dialect}-dev-outbox`);
    const message = page.locator('article', { hasText: 'new.person@example.test' });
    await message.getByRole('link', { name: /verifyemail/ }).click();

    await page.waitForURL('**/completesignup');
    await page.getByText('new.person@example.test').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a long and quiet river');
    await page.getByText('Password strength: Excellent').waitFor();
    await page.getByLabel('Confirm password').fill('a long and quiet river');
    await expectAccessible(page);
    await screenshot(page, `${dialect}-complete-sign-up`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
    await page.context().close();
  });

  it('accepts an invitation: the invitee sees their email, consents and chooses a password', async () => {
    const admin = await newPage();
    await signIn(admin, 'acme', 'admin@acme.test', ADMIN_PASSWORD);
    // The add-user screen is another issue's: invite through the API from the admin's signed-in page.
    const status = await admin.evaluate(async () => {
      const body = new URLSearchParams({ firstName: 'Ivy', email: 'ivy@example.test', role: 'UserAdministrator' });
      return (await fetch('/api/users', { method: 'POST', body })).status;
    });
    expect(status).toBe(201);
    await admin.context().close();

    const link = linkIn(await outboxMessage('acme', 'ivy@example.test'));
    const page = await newPage();
    await page.goto(link);
    await page.getByText('ivy@example.test').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByText('Password strength: Weak').waitFor();
    await page.getByLabel('Confirm password').fill('password123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Consent is required, and the server refuses a common password.
    await page.getByText('This field is required').waitFor();
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await submitAgain(page, 'Sign up');
    await page.getByText('one of the most commonly used passwords').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-invitation-errors`);
    await page.getByLabel('Password', { exact: true }).fill('ivy keeps a tidy garden');
    await page.getByLabel('Confirm password').fill('ivy keeps a tidy garden');
    await submitAgain(page, 'Sign up');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.context().close();

    // The used link, opened again by someone with no dashboard: told to sign in, not sent to a dashboard.
    const later = await newPage();
    await later.goto(link);
    await later.getByRole('alert').filter({ hasText: 'This invitation has already been used or has expired.' }).waitFor();
    expect(await later.getByText('from the dashboard page').count()).toBe(0);
    await later.context().close();
  });

  it('recovers an account with an emailed code and a new password', async () => {
    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Account recovery' }).waitFor();
    await page.getByLabel('Email').fill('new.person@example.test');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.waitForURL('**/recoverycode');

    const code = /^ {4}(\S{4}-\S{4})$/m.exec(await outboxMessage('acme', 'new.person@example.test'))![1]!;
    await page.getByLabel('Code').fill(code.toLowerCase());
    await screenshot(page, `${dialect}-recovery-code`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await page.title()).toBe('Choose a new password - acme');
    // Issue 39 point 22: the focus moves on to the new password, not to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.getByLabel('New password').fill('a brighter morning tide');
    await page.getByLabel('Confirm password').fill('a brighter morning tide');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Account details updated').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The recovered account's email is filled in; the password is next.
    expect(await page.getByLabel('Email').inputValue()).toBe('new.person@example.test');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.getByLabel('Password').fill('a brighter morning tide');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('forces a new password once the password has expired', async () => {
    await gatehouse.createOrganisation('expiry', 'admin@expiry.test');
    await gatehouse.saveSettings('expiry', { passwordExpiryDays: 30 });
    // Time passing is the one thing no API does.
    await gatehouse.withDatabase(async (db) => {
      const org = await db.selectFrom('organisations').select('id').where('name', '=', 'expiry').executeTakeFirstOrThrow();
      await db
        .updateTable('users')
        .set({ password_set_date: Date.now() - 31 * DAY })
        .where('organisation_id', '=', org.id)
        .execute();
    });
    const page = await newPage();
    await openApp(page, gatehouse.url('expiry') + '/');
    await page.getByLabel('Email').fill('admin@expiry.test');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/passwordexpired');
    await page.getByRole('heading', { name: 'Password expired', level: 1 }).waitFor();
    // Nowhere else to go until the password is changed.
    await page.goto(gatehouse.url('expiry') + '/account');
    await page.waitForURL('**/passwordexpired');
    await page.getByLabel('Current Password').fill(ADMIN_PASSWORD);
    await page.getByLabel('Password', { exact: true }).fill('a renewed and longer secret');
    await page.getByLabel('Confirm Password').fill('a renewed and longer secret');
    await expectAccessible(page);
    await screenshot(page, `${dialect}-password-expired`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('expiry') + '/account');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByLabel('First name').fill('Eve');
    await page.getByRole('region', { name: 'Edit details' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Details updated').waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it('remembers the email: masked, read-only, and forgotten with Forget me', async () => {
    await gatehouse.createOrganisation('remember', 'admin@remember.test');
    await gatehouse.saveSettings('remember', { rememberMeDays: 30 });
    const page = await newPage();
    await signIn(page, 'remember', 'admin@remember.test', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.getByText('Signing in as').waitFor();
    await page.getByText('a•••@remember.test').waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create account' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show email address' }).click();
    await page.getByText('admin@remember.test').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-remembered-sign-in`);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();

    // Someone else at this browser typed their own email before the remembered one arrived: theirs stays.
    const other = await page.context().newPage();
    const rememberMe = await holdBack(other, '**/api/rememberme');
    await openApp(other, gatehouse.url('remember') + '/');
    await other.getByLabel('Email').fill('someone.else@remember.test');
    await rememberMe.release();
    expect(await other.getByLabel('Email').inputValue()).toBe('someone.else@remember.test');
    expect(await other.getByText('Signing in as').count()).toBe(0);
    await other.close();

    await page.getByRole('button', { name: 'Forget me' }).click();
    await page.getByLabel('Email').waitFor();
    await page.getByRole('link', { name: 'Create account' }).waitFor();
    await page.context().close();
  });
});
