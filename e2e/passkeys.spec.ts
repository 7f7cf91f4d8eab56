/**
 * Journey of issue 15: a user adds a passkey on /twostep (Chromium's virtual authenticator, through the
 * DevTools protocol, plays the device), signs out, and signs in to an application with the password and
 * the passkey; the ID token's amr says hwk and user. Where the organisation allows it, a passkey alone
 * signs in (from the sign-in page's button; the email field offers passkey autofill), and the same
 * credential presented on another organisation's host is refused.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Dialect } from '../server/src/db/database.ts';
import { withAuthenticator } from './support/authenticator.ts';
import { expectAccessible, launchBrowser, openApp, screenshot } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';
import { type RelyingParty, startRelyingParty } from './support/relying-party.ts';

const chromiumPath = inject('chromiumPath');
const dialects: Dialect[] = ['sqlite'];

describe.skipIf(!chromiumPath).each(dialects)('passkeys on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let rp: RelyingParty | undefined;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('keys', 'admin@keys.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await rp?.close();
    await browser?.close();
    await gatehouse?.stop();
  });

  async function passwordStep(page: Page) {
    await page.getByLabel('Email').fill('admin@keys.test');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  function callApi(page: Page, method: string, path: string, form: [string, string][] = []) {
    return page.evaluate(
      async ([method, path, form]) => {
        const res = await fetch(path, { method, body: new URLSearchParams(form), headers: { accept: 'application/json' } });
        return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
      },
      [method, path, form] as const,
    );
  }

  it('adds a passkey on /twostep, then signs in to an application with the password and the passkey', async () => {
    const page = await (await browser.newContext()).newPage();
    const device = await withAuthenticator(page);
    await openApp(page, gatehouse.url('keys') + '/');
    await passwordStep(page);
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('keys') + '/twostep');
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await page.getByText('You have no passkeys yet.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();

    // The first passkey is the account's second step: the recovery codes are shown once.
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    expect(await page.locator('.recovery-codes code').count()).toBe(10);
    const [credential] = await device.credentials();
    expect(credential).toMatchObject({ rpId: 'keys.localhost', isResidentCredential: true });
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('keys') + '/twostep');
    await page.getByRole('heading', { name: 'Multi-factor authentication is on' }).waitFor();
    // The passkeys' own list (the methods' list above names it too).
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('Work laptop').waitFor();
    await passkeys.getByText('Never used').waitFor();
    // Issue 31, defect 9: in the product's date format, not the browser locale's.
    await passkeys.getByText(/Added \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [+-]\d{2}:\d{2}/).waitFor();
    // Issue 30: the methods' list shows the passkey as the default.
    const yourMethods = page.getByRole('region', { name: 'Your methods' });
    await yourMethods.getByText('Work laptop').waitFor();
    await yourMethods.getByText('Default', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${dialect}-passkeys`);

    // An application to sign in to, registered with this session.
    const created = await callApi(page, 'POST', '/api/clients', [['name', 'Wiki']]);
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    rp = await startRelyingParty(gatehouse.url('keys'), id, secret);
    const saved = await callApi(page, 'PUT', `/api/clients/${id}`, [
      ['name', 'Wiki'],
      ['clientType', 'confidential'],
      ['idTokenSignedResponseAlg', 'RS256'],
      ['redirectURIs', `http://localhost:${rp.port}/callback`],
    ]);
    expect(saved.status).toBe(200);

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    await page.goto(`http://localhost:${rp.port}/login`);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    if ((await page.getByLabel('Email').count()) > 0) await page.getByLabel('Email').fill('admin@keys.test');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Confirm with one of your passkeys.').waitFor();
    // Issue 31, defect 10: a passkey user is asked for their passkey (not "Enter your code"), which has
    // focus; an "or" stands between it and the recovery code, and the two buttons are equally wide.
    await page.getByRole('heading', { name: 'Confirm with your passkey', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Enter your code' }).count()).toBe(0);
    await page.locator('.code-step-passkey .divider').getByText('or').waitFor();
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await expect
      .poll(() =>
        usePasskey.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
      )
      .toBe(true);
    const [passkeyBox, verifyBox, codeLabel] = await Promise.all([
      usePasskey.boundingBox(),
      page.getByRole('button', { name: 'Verify' }).boundingBox(),
      page.locator('label', { hasText: /^Code$/ }).boundingBox(),
    ]);
    expect(Math.round(passkeyBox!.width)).toBe(Math.round(verifyBox!.width));
    expect(codeLabel!.y - (passkeyBox!.y + passkeyBox!.height)).toBeGreaterThanOrEqual(24);
    await expectAccessible(page);
    await screenshot(page, `${dialect}-sign-in-passkey-step`);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Signed in to Wiki as admin@keys.test' }).waitFor();
    const methods = await page.getByText(/^Methods:/).innerText();
    expect(methods.split(' ')).toEqual(expect.arrayContaining(['hwk', 'user', 'mfa']));
    expect((await device.credentials())[0]!.signCount).toBeGreaterThan(0);
  });

  it('signs in with a passkey alone where the organisation allows it, and the credential is refused on another organisation', async () => {
    await gatehouse.createOrganisation('nopass', 'admin@nopass.test');
    await gatehouse.saveSettings('nopass', { allowPasswordless: true });
    await gatehouse.createOrganisation('elsewhere', 'admin@elsewhere.test');
    await gatehouse.saveSettings('elsewhere', { allowPasswordless: true });
    const page = await (await browser.newContext()).newPage();
    const device = await withAuthenticator(page);
    const origin = gatehouse.url('nopass');
    await openApp(page, origin + '/');
    await page.getByLabel('Email').fill('admin@nopass.test');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(origin + '/twostep');
    await page.getByLabel('Name', { exact: true }).fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    // The dashboard's profile card counts the passkeys and leads to them.
    await page.getByText('1 passkey').waitFor();
    await page.getByRole('link', { name: 'Manage passkeys' }).click();
    await page.waitForURL('**/twostep');
    await page.getByRole('region', { name: 'Passkeys' }).getByText('Phone').waitFor();

    const created = await callApi(page, 'POST', '/api/clients', [['name', 'Notes']]);
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    const notes = await startRelyingParty(origin, id, secret);
    try {
      const saved = await callApi(page, 'PUT', `/api/clients/${id}`, [
        ['name', 'Notes'],
        ['clientType', 'confidential'],
        ['idTokenSignedResponseAlg', 'RS256'],
        ['redirectURIs', `http://localhost:${notes.port}/callback`],
      ]);
      expect(saved.status).toBe(200);
      // Signed out once the server says so: the sign-in page that follows may sign straight back in,
      // as the virtual device answers passkey autofill at once.
      const signOut = async () => {
        await page.getByRole('button', { name: 'Profile' }).click();
        await Promise.all([
          page.waitForResponse((response) => new URL(response.url()).pathname === '/api/signout' && response.ok()),
          page.getByRole('button', { name: 'Sign out' }).click(),
        ]);
      };
      await signOut();

      // The application's sign-in: the email field offers the passkey as autofill (conditional mediation),
      // which the virtual device, always present, answers at once: signed in without typing anything.
      const signedInToApplication = async () => {
        await page.getByRole('heading', { name: 'Signed in to Wiki as admin@nopass.test' }).waitFor();
        const methods = (await page.getByText(/^Methods:/).innerText()).split(' ');
        expect(methods).toEqual(expect.arrayContaining(['hwk', 'user', 'mfa']));
        expect(methods).not.toContain('pwd');
      };
      await page.goto(`http://localhost:${notes.port}/login`);
      await signedInToApplication();

      // A browser without passkey autofill: the sign-in page's button does it.
      await page.addInitScript(() => {
        const pkc = (globalThis as unknown as { PublicKeyCredential: { isConditionalMediationAvailable: () => Promise<boolean> } })
          .PublicKeyCredential;
        pkc.isConditionalMediationAvailable = () => Promise.resolve(false);
      });
      await page.goto(origin + '/dashboard');
      await signOut();
      await page.goto(`http://localhost:${notes.port}/login`);
      await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
      expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
      await expectAccessible(page);
      await screenshot(page, `${dialect}-sign-in-passwordless`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await signedInToApplication();
    } finally {
      await notes.close();
    }

    // The same key, offered by the device for another organisation's host, is not a passkey there.
    const [credential] = await device.credentials();
    await device.copyTo(credential!, 'elsewhere.localhost');
    await openApp(page, gatehouse.url('elsewhere') + '/');
    // The server-rendered page comes alive once its script and language catalog have loaded: a click
    // before that reaches no handler.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('That passkey could not be checked, please try again').waitFor();
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
  });
});
