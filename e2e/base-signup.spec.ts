import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, newPage as clockedPage, openApp, passDoubleSubmitGuard, screenshot } from './support/browser.ts';
import { type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');

// Journeys on SQLite only: the rules run on both databases in the integration tests.
describe.skipIf(!chromiumPath)('the front door (trial, demo, organisation sign-in, help and policies), in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    await gatehouse.createOrganisation('globex', 'admin@globex.test');
    await gatehouse.saveSettings('acme', { supportMessage: 'Call the [Acme service desk](https://desk.acme.test) on extension 42.' });
    // Globex has pages of its own (here, the base host's, which a test browser can reach).
    await gatehouse.saveSettings('globex', {
      customHelpPageURL: `${gatehouse.url()}/help`,
      customPrivacyPolicyURL: `${gatehouse.url()}/privacypolicy`,
      customTermsConditionsURL: `${gatehouse.url()}/termsandconditions`,
    });
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
  async function outboxMessage(to: string): Promise<string> {
    const run = await gatehouse.cli(['outbox', '--limit', '20']);
    expect(run.code).toBe(0);
    const message = run.stdout.split('=== ').find((block) => block.includes(` to ${to}\n`));
    if (!message) throw new Error(`No message to ${to} in:\n${run.stdout}`);
    return message;
  }

  it('signs up at /getstarted, through the emailed link to the new organisation’s dashboard, and back in by the organisation sign-in', async () => {
    const page = await newPage();
    await page.goto(gatehouse.url() + '/getstarted');
    await page.getByRole('heading', { name: 'Welcome to Gatehouse' }).waitFor();
    expect(await page.title()).toBe('Get started - Gatehouse');
    await page.getByLabel('Email address').fill('founder@newco.test');
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await expectAccessible(page);
    await screenshot(page, 'sqlite-get-started');
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const link = /https?:\/\/\S+/.exec(await outboxMessage('founder@newco.test'))![0];
    expect(link).toMatch(new RegExp(`^http://localhost:${gatehouse.port}/getstarted\\?signupid=`));
    await page.goto(link);
    await page.waitForURL('**/signuporganisation');
    await page.getByRole('heading', { name: 'Please provide the name of your organisation' }).waitFor();
    await page.getByText('founder@newco.test').waitFor();
    const name = page.getByLabel('Organisation name');
    // The reserved-name rule answers at once; the taken-name rule from the server, next to the field.
    await name.fill('admin');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByText('That name is reserved, please choose another').waitFor();
    await passDoubleSubmitGuard(page);
    await name.fill('acme');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.locator('.field-error', { hasText: 'That name is already taken, please choose another' }).waitFor();
    expect(await page.getByText('.localhost', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'sqlite-signup-organisation');

    await passDoubleSubmitGuard(page);
    await name.fill('newco');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(`${gatehouse.url('newco')}/dashboard?signupcomplete=true`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.title()).toBe('Dashboard - newco');
    await expectAccessible(page);
    await screenshot(page, 'sqlite-new-organisation-dashboard');

    // The new admin has no password yet: they choose one, no current password asked.
    await page.goto(gatehouse.url('newco') + '/updatepassword');
    expect(await page.getByLabel('Current Password').count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill('a quiet harbour at dawn');
    await page.getByLabel('Confirm Password').fill('a quiet harbour at dawn');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Account details updated').waitFor();

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();

    // The organisation sign-in on the base host leads back to newco.
    await openApp(page, gatehouse.url() + '/');
    await page.getByText("Enter your organisation's name to go to its sign-in page.").waitFor();
    const organisation = page.getByLabel('Organisation name');
    expect(await organisation.getAttribute('placeholder')).toBe('name');
    await organisation.fill('nowhere');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .locator('.field-error', { hasText: "We couldn't find an organisation with that name. Please check it and try again." })
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sqlite-organisation-sign-in');
    await passDoubleSubmitGuard(page);
    await organisation.fill('NewCo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${gatehouse.url('newco')}/`);
    await page.getByLabel('Email').fill('founder@newco.test');
    await page.getByLabel('Password').fill('a quiet harbour at dawn');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('starts a demo organisation for the demo address and lands on its dashboard', async () => {
    const page = await newPage();
    await openApp(page, gatehouse.url() + '/');
    await page.getByRole('link', { name: 'Not signed up yet?' }).click();
    await page.getByRole('link', { name: 'Try the demo first' }).click();
    await page.getByRole('heading', { name: 'Try a demo organisation' }).waitFor();
    await page.getByText('is deleted after 1 day').waitFor();
    await page.getByRole('button', { name: 'Start demo' }).click();
    await page.getByText('This field is required').waitFor();
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await expectAccessible(page);
    await screenshot(page, 'sqlite-demo');
    await passDoubleSubmitGuard(page);
    await page.getByRole('button', { name: 'Start demo' }).click();

    await page.waitForURL('**/signuporganisation');
    await page.getByText('This is a demo organisation: it and everything in it is deleted after 1 day.').waitFor();
    await page.getByText('demo@example.com').waitFor();
    await page.getByLabel('Organisation name').fill('demo-one');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(`${gatehouse.url('demo-one')}/dashboard?signupcomplete=true`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.context().close();
  });

  it('shows help, the privacy policy and the terms to each visitor as they need them', async () => {
    const page = await newPage();
    // The base host: the free package, MFA and the contact form with its email field.
    await page.goto(gatehouse.url() + '/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'The free Starter package',
      'Multi-factor authentication (MFA)',
      'Contact us',
    ]);
    await page.getByLabel('Email address').fill('visitor@example.test');
    await page.getByLabel('Message').fill('Can I bring my own domain?');
    await expectAccessible(page);
    await screenshot(page, 'sqlite-help-base');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message sent').waitFor();
    expect(await outboxMessage('support@localhost')).toContain('Can I bring my own domain?');

    await page.goto(gatehouse.url() + '/privacypolicy#cookies');
    await page.getByRole('heading', { name: 'Privacy policy', level: 1 }).waitFor();
    await page.getByText('The operator of localhost is the data controller').waitFor();
    await page.locator('#cookies').getByText('We use only cookies that the service cannot work without').waitFor();
    await page.getByText('is kept for at least 6 months and at most 5 years, then deleted').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sqlite-privacy-policy');

    await page.getByRole('link', { name: 'Terms of use' }).click();
    await page.getByRole('heading', { name: 'Terms and conditions of use', level: 1 }).waitFor();
    expect(await page.title()).toBe('Terms and conditions of use - Gatehouse');
    await page.getByText('You must be at least 18 years old to use the service.').waitFor();
    await page.getByText('A free organisation account stays free as long as its use stays within').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Privacy policy' }).waitFor();

    // An organisation's visitor: recovery and lockout, MFA and the organisation's own support message.
    await page.goto(gatehouse.url('acme') + '/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Forgotten your password, or locked out?',
      'Multi-factor authentication (MFA)',
      'Support from acme',
    ]);
    expect(await page.getByRole('link', { name: 'Acme service desk' }).getAttribute('href')).toBe('https://desk.acme.test/');
    await expectAccessible(page);

    // Its Organisation Admin: the package, MFA, the applications, OpenID Connect help and the contact form.
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByLabel('Email').fill('admin@acme.test');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('acme') + '/help/oidc');
    await page.getByRole('heading', { name: 'Connecting an application (OpenID Connect)' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'The free Starter package',
      'Multi-factor authentication (MFA)',
      'Support from acme',
      'Your applications',
      'Connecting an application (OpenID Connect)',
      'Contact us',
    ]);
    await page.getByText(`${gatehouse.url('acme')}/.well-known/openid-configuration`).waitFor();
    await page.getByText(`${gatehouse.url('acme')}/oidc/auth?response_type=code`).waitFor();
    expect(await page.getByLabel('Email address').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'sqlite-help-organisation-admin');
    await page.context().close();
  });

  it("sends visitors to the organisation's own help, privacy and terms pages when it has them", async () => {
    const page = await newPage();
    for (const path of ['/help', '/privacypolicy', '/termsandconditions']) {
      await page.goto(gatehouse.url('globex') + path);
      await page.waitForURL(gatehouse.url() + path);
    }
    // Back from the page once it shows: the history keeps no entry of the page that was left at once.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(gatehouse.url() + '/privacypolicy');
    expect(page.url()).toBe(gatehouse.url() + '/privacypolicy');
    await page.context().close();
  });
});
