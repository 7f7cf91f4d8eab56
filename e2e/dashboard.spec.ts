import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');

/** The figure a tile shows against `label`. */
async function figure(tile: Locator, label: string): Promise<string> {
  return tile.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').innerText();
}

// Journeys on SQLite only: the counting rules run on both databases in the integration tests.
describe.skipIf(!chromiumPath)('the dashboards, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    await gatehouse.createOrganisation('globex', 'admin@globex.test');
    // Globex's admin has not verified their email address yet (no API makes such an admin).
    await gatehouse.withDatabase((db) =>
      db.updateTable('users').set({ email_verified_date: null }).where('email', '=', 'admin@globex.test').execute(),
    );
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function newPage(): Promise<Page> {
    return (await browser.newContext()).newPage();
  }

  async function signIn(page: Page, org: string, email: string, password = ADMIN_PASSWORD) {
    await submitSignIn(page, gatehouse.url(org), email, password);
  }

  /** A same-origin form post from the page, as the SPA makes it. */
  function post(page: Page, path: string, form: Record<string, string>): Promise<number> {
    return page.evaluate(
      async ([p, f]) => (await fetch(p, { method: 'POST', body: new URLSearchParams(f), credentials: 'same-origin' })).status,
      [path, form] as const,
    );
  }

  it("welcomes a newly signed-up organisation's admin, with its links and figures", async () => {
    const page = await newPage();
    await page.goto(gatehouse.url() + '/demo');
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Start demo' }).click();
    await page.waitForURL('**/signuporganisation');
    await page.getByLabel('Organisation name').fill('newco');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(`${gatehouse.url('newco')}/dashboard?signupcomplete=true`);

    const welcome = page.getByRole('region', { name: 'Welcome to your organisation' });
    await welcome.getByText('Your organisation is ready. Here is where to start:').waitFor();
    const links = welcome.getByRole('link');
    expect(await links.allInnerTexts()).toEqual([
      'Add your first application',
      'Set your organisation’s policies and appearance',
      'Invite a user',
      'Choose a password for your account',
    ]);
    expect(await Promise.all((await links.all()).map((l) => l.getAttribute('href')))).toEqual([
      '/applications/add',
      '/organisation',
      '/users/add',
      '/updatepassword',
    ]);
    // The hand-over signed the new admin in; they are the organisation's one user.
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Last 24 hours').waitFor();
    expect(await figure(activity, 'Sign-ins')).toBe('1');
    const accounts = page.getByRole('region', { name: 'Accounts' });
    expect(await figure(accounts, 'Registered users')).toBe('1');
    expect(await figure(accounts, 'Signed up')).toBe('1');
    expect(await page.getByRole('region', { name: 'Applications' }).getByRole('link', { name: 'Applications' }).getAttribute('href')).toBe(
      '/applications/add',
    );
    const organisation = page.getByRole('region', { name: 'Your organisation' });
    await organisation.getByText('Starter', { exact: true }).waitFor();
    await organisation.getByText(new URL(gatehouse.url('newco')).hostname, { exact: true }).waitFor();
    expect(await organisation.getByRole('meter', { name: 'Starter package' }).getAttribute('aria-valuetext')).toBe('1 of 50 users');
    expect(await organisation.getByRole('meter', { name: 'Starter package' }).getAttribute('aria-valuenow')).toBe('2');
    await expectAccessible(page);
    await screenshot(page, 'sqlite-dashboard-new-organisation');
    await page.context().close();
  });

  it('shows real figures after real sign-ins, and the welcome card goes once there is an application', async () => {
    const stranger = await newPage();
    await signIn(stranger, 'acme', 'admin@acme.test', 'not the password at all');
    await stranger.getByText('The email address or password is incorrect').waitFor();
    await signIn(stranger, 'acme', 'nobody@acme.test', 'not the password either');
    await stranger.getByText('The email address or password is incorrect').waitFor();
    await stranger.context().close();

    const page = await newPage();
    await signIn(page, 'acme', 'admin@acme.test');
    await page.waitForURL('**/dashboard');
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Sign-ins', { exact: true }).waitFor();
    expect(await figure(activity, 'Sign-ins')).toBe('1');
    expect(await figure(activity, 'Failed sign-ins')).toBe('2');
    expect(await figure(activity, 'Abandoned sign-ins')).toBe('0');
    expect(await activity.getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/users');
    // No applications yet: the welcome card, without the new-organisation greeting nor the password link.
    const welcome = page.getByRole('region', { name: 'Welcome to your organisation' });
    await welcome.getByText('Here is where to start:', { exact: true }).waitFor();
    expect(await welcome.getByRole('link', { name: 'Choose a password for your account' }).count()).toBe(0);

    // An invited user is pending; an application makes the tile link to the list.
    expect(await post(page, '/api/users', { firstName: 'Pat', email: 'pat@acme.test', role: 'EndUser' })).toBe(201);
    expect(await post(page, '/api/clients', { name: 'Wiki', redirectURI: 'https://wiki.example.com/callback' })).toBe(201);
    await page.reload();
    const accounts = page.getByRole('region', { name: 'Accounts' });
    await accounts.getByText('Registered users', { exact: true }).waitFor();
    expect(await figure(accounts, 'Registered users')).toBe('2');
    expect(await figure(accounts, 'Signed up')).toBe('1');
    expect(await figure(accounts, 'Pending')).toBe('1');
    expect(await accounts.getByRole('link', { name: 'Accounts' }).getAttribute('href')).toBe('/users');
    const applications = page.getByRole('region', { name: 'Applications' });
    expect(await figure(applications, 'Authorization code flows')).toBe('0');
    expect(await applications.getByRole('link', { name: 'Applications' }).getAttribute('href')).toBe('/applications');
    expect(await page.getByRole('region', { name: 'Welcome to your organisation' }).count()).toBe(0);
    expect(await page.getByRole('meter', { name: 'Starter package' }).getAttribute('aria-valuetext')).toBe('2 of 50 users');
    await expectAccessible(page);
    await screenshot(page, 'sqlite-dashboard-figures');

    // Another organisation's admin sees none of Acme's activity.
    const globex = await newPage();
    await signIn(globex, 'globex', 'admin@globex.test');
    await globex.waitForURL('**/dashboard');
    const globexActivity = globex.getByRole('region', { name: 'Activity' });
    await globexActivity.getByText('Sign-ins', { exact: true }).waitFor();
    expect(await figure(globexActivity, 'Failed sign-ins')).toBe('0');
    expect(await figure(globex.getByRole('region', { name: 'Accounts' }), 'Registered users')).toBe('1');
    await globex.context().close();
    await page.context().close();
  });

  it('completes a profile task by task: resend the confirmation email, first name, then MFA', async () => {
    const page = await newPage();
    await signIn(page, 'globex', 'admin@globex.test');
    await page.waitForURL('**/dashboard');
    const widget = page.getByRole('region', { name: 'Complete your profile' });
    expect(await widget.getByRole('meter', { name: 'Profile completion' }).getAttribute('aria-valuenow')).toBe('0');
    expect(await widget.getByRole('meter', { name: 'Profile completion' }).getAttribute('aria-valuetext')).toBe('0% complete');
    await expectAccessible(page);
    await screenshot(page, 'sqlite-dashboard-profile-widget');

    await widget.getByRole('button', { name: 'Verify your email address' }).click();
    await widget.getByRole('status').getByText('Confirmation email sent').waitFor();
    const outbox = await gatehouse.cli(['outbox', '--org', 'globex']);
    expect(outbox.stdout).toContain(' to admin@globex.test');

    expect(await widget.getByRole('link', { name: 'Turn on multi-factor authentication' }).getAttribute('href')).toBe('/twostep');
    await widget.getByRole('link', { name: 'Add your first name' }).click();
    await page.waitForURL('**/account');
    await page.getByLabel('First name').fill('Grace');
    await page.getByRole('region', { name: 'Edit details' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Details updated').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await widget.getByText('33% complete', { exact: true }).waitFor();
    expect(await widget.getByRole('meter', { name: 'Profile completion' }).getAttribute('aria-valuenow')).toBe('33');
    await widget.getByText('Add your first name').waitFor();
    expect(await widget.getByRole('link', { name: 'Add your first name' }).count()).toBe(0);
    await page.context().close();
  });
});
