/**
 * Sign-in connections in Chromium (issue 32): one Gatehouse organisation (partner) is the upstream
 * OpenID provider of another (acme). The acme admin adds the connection on its screen; people then sign
 * in at partner.localhost through acme.localhost: an account made just in time, an existing account
 * linked (found by home-realm discovery from the typed email), an email domain refused, a person with no
 * account once just-in-time creation is off, home-realm discovery sending an email of the domain
 * straight to partner ("Use my password instead" only once the admin allows it), Gatehouse's own code
 * step after a sign-in through partner for a person with an authenticator app at acme, and acme's
 * connection of no use at globex. Axe-clean at desktop and phone widths.
 */
import { randomUUID } from 'node:crypto';

import { CONNECTION_MESSAGES } from '@gatehouse/common/connection-messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { insertUser, newUserRow } from '../server/src/accounts/store.ts';
import { scoped } from '../server/src/db/scoped.ts';
import { totpCode } from '../server/src/mfa/totp.ts';
import { hashPassword } from '../server/src/passwords/hash.ts';
import { createApplication, type CreatedApplication } from '../server/src/testing/applications.ts';
import { TestClient } from '../server/src/testing/http-client.ts';
import { expectAccessible, launchBrowser, openApp, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const PASSWORD = 'partner people password 1';

describe.skipIf(!chromiumPath)('sign-in connections, one organisation signing in through another, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let upstreamApp: CreatedApplication;

  /** Partner's people (the upstream provider's users), able to use the application acme signs in with. */
  async function addPartnerPeople(emails: string[]): Promise<void> {
    const hash = await hashPassword(PASSWORD);
    await gatehouse.withDatabase(async (db) => {
      const partner = await db.selectFrom('organisations').select('id').where('name', '=', 'partner').executeTakeFirstOrThrow();
      const now = Date.now();
      for (const email of emails) {
        const id = randomUUID();
        await insertUser(
          scoped(db, partner.id),
          newUserRow({
            id,
            email,
            role: 'EndUser',
            now,
            changes: { status: 'SignedUp', password_hash: hash, password_set_date: now, email_verified_date: now, first_name: 'Pat' },
          }),
        );
        await db
          .insertInto('user_client_access')
          .values({ organisation_id: partner.id, user_id: id, client_id: upstreamApp.id, created_at: now })
          .execute();
      }
    });
  }

  beforeAll(async () => {
    // Partner is reached on loopback, which only a development deployment may call.
    gatehouse = await startGatehouse('sqlite', { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    await gatehouse.createOrganisation('partner', 'admin@partner.test');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    await gatehouse.createOrganisation('globex', 'admin@globex.test');
    const partnerAdmin = new TestClient(`partner.localhost:${gatehouse.port}`, gatehouse.port);
    const signedIn = await partnerAdmin.post('/api/authenticate', { form: { email: 'admin@partner.test', password: ADMIN_PASSWORD } });
    expect(signedIn.status).toBe(200);
    upstreamApp = await createApplication(partnerAdmin, {
      name: 'Acme sign-in',
      redirectURIs: [`${gatehouse.url('acme')}/signin/callback`],
    });
    await addPartnerPeople(['jit@corp.test', 'bob@corp.test', 'eve@evil.test', 'carol@corp.test']);
    // Bob already has an account at acme (invited earlier, signed up with a password of his own).
    await gatehouse.withDatabase(async (db) => {
      const acme = await db.selectFrom('organisations').select('id').where('name', '=', 'acme').executeTakeFirstOrThrow();
      const now = Date.now();
      await insertUser(
        scoped(db, acme.id),
        newUserRow({
          id: randomUUID(),
          email: 'bob@corp.test',
          role: 'EndUser',
          now,
          changes: { status: 'SignedUp', password_hash: await hashPassword('bob at acme password'), email_verified_date: now },
        }),
      );
    });
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function newPage(): Promise<Page> {
    return (await browser.newContext()).newPage();
  }

  async function checkBothWidths(page: Page, name: string): Promise<void> {
    await expectAccessible(page);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await screenshot(page, `${name}-phone`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** At partner's sign-in page (the upstream provider), signs in there. */
  async function signInUpstream(page: Page, email: string): Promise<void> {
    await page.waitForURL(`${gatehouse.url('partner')}/?**`);
    const emailField = page.getByLabel('Email');
    if ((await emailField.inputValue()) !== email) await emailField.fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  let connectionId = '';

  it('lets the acme admin add a connection to partner on the Sign-in connections screen', async () => {
    const page = await newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Sign-in connections' }).click();
    await page.waitForURL('**/connections');
    await page.getByRole('heading', { name: 'Sign-in connections', level: 1 }).waitFor();
    await page.getByText('No sign-in connections yet.').waitFor();
    expect(await page.locator('.connection-callback code').innerText()).toBe(`${gatehouse.url('acme')}/signin/callback`);

    const form = page.getByRole('form', { name: 'Add a connection' });
    await form.getByLabel('Identity provider').selectOption({ label: 'Other OpenID Connect provider' });
    await form.getByLabel('Issuer URL').fill(gatehouse.url('partner'));
    await form.getByLabel('Name on the sign-in button').fill('Partner');
    await form.getByLabel('Client id').fill(upstreamApp.id);
    await form.getByLabel('Client secret').fill(upstreamApp.secret);
    // Covering the admin's own domain without a password would leave nobody able to sign in if partner failed (issue 39).
    await form.getByLabel('Email domains').fill('acme.test');
    await form.getByRole('button', { name: 'Add connection' }).click();
    await form.getByRole('alert').getByText(CONNECTION_MESSAGES.wouldLockOutAdmins).waitFor();
    await form.getByLabel('Email domains').fill('corp.test');
    await form.getByLabel('Create an account when someone signs in for the first time').check();
    await form.getByLabel(/Link an existing account/).check();
    await checkBothWidths(page, 'connections-form');
    await form.getByRole('button', { name: 'Add connection' }).click();
    await page.getByText('The connection was added.').waitFor();
    const card = page.getByRole('region', { name: 'Partner' });
    await card.getByText(gatehouse.url('partner')).waitFor();
    await checkBothWidths(page, 'connections-list');
    const listed = await page.evaluate(async () => (await fetch('/api/connections')).json() as Promise<{ id: string }[]>);
    connectionId = listed[0]!.id;
  });

  it('creates an account just in time for a person of a served domain who signs in through partner', async () => {
    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    const button = page.getByRole('link', { name: 'Continue with Partner' });
    await button.waitFor();
    await checkBothWidths(page, 'connections-sign-in');
    await button.click();
    await signInUpstream(page, 'jit@corp.test');
    await page.waitForURL(`${gatehouse.url('acme')}/dashboard`);
    // An end user's dashboard.
    await page.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
    const account = await page.evaluate(async () => (await fetch('/api/account')).json() as Promise<{ email: string }>);
    expect(account.email).toBe('jit@corp.test');
  });

  it('offers partner for a typed email of its domain and links the existing account', async () => {
    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByLabel('Email').fill('bob@corp.test');
    await page.getByText('Your organisation signs you in with Partner.').waitFor();
    await checkBothWidths(page, 'connections-home-realm');
    await page.getByRole('status').getByRole('link', { name: 'Continue with Partner' }).click();
    // The typed email goes to partner as the login hint.
    await page.waitForURL(`${gatehouse.url('partner')}/?**`);
    expect(await page.getByLabel('Email').inputValue()).toBe('bob@corp.test');
    await signInUpstream(page, 'bob@corp.test');
    await page.waitForURL(`${gatehouse.url('acme')}/dashboard`);
    const account = await page.evaluate(async () => (await fetch('/api/account')).json() as Promise<{ email: string }>);
    expect(account.email).toBe('bob@corp.test');
  });

  it('refuses an email outside the connection domains, saying why with a reference', async () => {
    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByRole('link', { name: 'Continue with Partner' }).click();
    await signInUpstream(page, 'eve@evil.test');
    await page.waitForURL(`${gatehouse.url('acme')}/?**`);
    const alert = page.getByRole('alert');
    await alert.getByText('This identity provider cannot sign in accounts with your email domain here.').waitFor();
    expect(await alert.innerText()).toMatch(/Reference: [\w-]+/);
    await checkBothWidths(page, 'connections-refused');
  });

  it('refuses a person with no account once the admin turns just-in-time creation off', async () => {
    const admin = await newPage();
    await submitSignIn(admin, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await admin.waitForURL('**/dashboard');
    await admin.goto(gatehouse.url('acme') + '/connections');
    const card = admin.getByRole('region', { name: 'Partner' });
    await card.getByRole('button', { name: 'Edit: Partner' }).click();
    const form = admin.getByRole('form', { name: 'Edit: Partner' });
    await form.getByLabel('Create an account when someone signs in for the first time').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The connection was saved.').waitFor();

    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByRole('link', { name: 'Continue with Partner' }).click();
    await signInUpstream(page, 'carol@corp.test');
    await page.waitForURL(`${gatehouse.url('acme')}/?**`);
    await page
      .getByRole('alert')
      .getByText(/There is no account for you here/)
      .waitFor();
  });

  /** The acme admin ticks or unticks a setting of the Partner connection on its screen. */
  async function setPartnerOption(label: string | RegExp, on: boolean): Promise<void> {
    const admin = await newPage();
    await submitSignIn(admin, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await admin.waitForURL('**/dashboard');
    await admin.goto(gatehouse.url('acme') + '/connections');
    await admin.getByRole('region', { name: 'Partner' }).getByRole('button', { name: 'Edit: Partner' }).click();
    const form = admin.getByRole('form', { name: 'Edit: Partner' });
    await form.getByLabel(label).setChecked(on);
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The connection was saved.').waitFor();
    await admin.context().close();
  }

  it('sends an email of the domain straight to partner, offering the password only once the admin allows it', async () => {
    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    const email = page.getByLabel('Email');
    await email.fill('bob@corp.test');
    await page.getByText('Your organisation signs you in with Partner.').waitFor();
    // A new connection does not allow passwords: no password field, no way to one.
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Use my password instead' }).count()).toBe(0);
    await email.press('Enter');
    await page.waitForURL(`${gatehouse.url('partner')}/?**`);
    expect(await page.getByLabel('Email').inputValue()).toBe('bob@corp.test');

    await setPartnerOption('Let people of these domains sign in with a password instead', true);
    const allowed = await newPage();
    await openApp(allowed, gatehouse.url('acme') + '/');
    await allowed.getByLabel('Email').fill('bob@corp.test');
    const instead = allowed.getByRole('button', { name: 'Use my password instead' });
    await instead.waitFor();
    await checkBothWidths(allowed, 'connections-password-instead');
    await instead.click();
    await allowed.getByLabel('Password').fill('bob at acme password');
    await allowed.getByRole('button', { name: 'Sign in' }).click();
    await allowed.waitForURL(`${gatehouse.url('acme')}/dashboard`);
  });

  it("asks for acme's own code after partner's sign-in when partner's MFA is not trusted", async () => {
    // Bob sets up an authenticator app at acme (with his acme password, allowed by the test before).
    const bob = new TestClient(`acme.localhost:${gatehouse.port}`, gatehouse.port);
    expect((await bob.post('/api/authenticate', { form: { email: 'bob@corp.test', password: 'bob at acme password' } })).status).toBe(200);
    const setup = await bob.post('/api/refreshotp');
    const { secret } = setup.json<{ secret: string }>();
    const saved = await bob.post('/api/saveotp', {
      form: { type: '0', secret, code: totpCode(secret, Date.now()), password: 'bob at acme password' },
    });
    expect(saved.status, saved.text).toBe(200);

    const page = await newPage();
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByRole('link', { name: 'Continue with Partner' }).click();
    await signInUpstream(page, 'bob@corp.test');
    await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor();
    expect(new URL(page.url()).origin).toBe(gatehouse.url('acme'));
    await checkBothWidths(page, 'connections-second-step');
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${gatehouse.url('acme')}/dashboard`);
    const account = await page.evaluate(async () => (await fetch('/api/account')).json() as Promise<{ email: string }>);
    expect(account.email).toBe('bob@corp.test');
  });

  it("keeps acme's connection out of globex's sign-in", async () => {
    const page = await newPage();
    const response = await page.goto(`${gatehouse.url('globex')}/signin/connections/${connectionId}`);
    expect(response?.status()).toBe(404);
    const listed = page.waitForResponse('**/api/signinconnections');
    await openApp(page, gatehouse.url('globex') + '/');
    expect(await (await listed).json()).toEqual({ connections: [] });
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with Partner' }).count()).toBe(0);
  });
});
