/**
 * SCIM provisioning end to end: an admin turns SCIM on for an application and copies its token, shown
 * once; a provisioning client (Entra ID's create request, over real HTTP) creates a user, who receives
 * the invitation over real SMTP, completes sign-up in the browser and finds the application on the dashboard.
 * The admin screens name the application that provisions the user and show the fields it sets read-only.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { TestClient } from '../server/src/testing/http-client.ts';
import { startSmtpServer, type TestSmtpServer } from '../server/src/testing/smtp.ts';
import { expectAccessible, launchBrowser, newPage, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const NEW_HIRE = 'new.hire@acme.test';
const NEW_PASSWORD = 'a brand new passphrase';

describe.skipIf(!chromiumPath)('SCIM provisioning, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let smtp: TestSmtpServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    gatehouse = await startGatehouse('sqlite', { SMTP_URL: smtp.url, MAIL_FROM: 'Gatehouse <no-reply@gatehouse.test>' });
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
    await smtp?.close();
  });

  it('provisions a user through the token an admin copied once; the user signs up and sees the application', async () => {
    const page = await newPage(browser);
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${gatehouse.url('acme')}/applications/add`);
    await page.getByLabel('Name', { exact: true }).fill('HR Portal');
    await page.getByLabel('Redirect URI').fill('http://localhost:9/callback');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This client secret is viewable only once').waitFor();
    await page.getByRole('link', { name: 'Back to applications' }).click();
    await page.getByRole('link', { name: 'HR Portal' }).click();
    await page.getByRole('heading', { name: 'HR Portal', level: 1 }).waitFor();
    await expect(page.getByRole('region', { name: 'SCIM provisioning' }).count()).resolves.toBe(0);

    await page.getByLabel('Landing page URL').fill('https://hr.example.com/');
    await page.getByLabel('Enable user management via SCIM API').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Application settings updated').waitFor();
    const card = page.getByRole('region', { name: 'SCIM provisioning' });
    await card.getByText('No SCIM token yet.').waitFor();
    await card.getByText(`${gatehouse.url('acme')}/scim/v2`).waitFor();
    await card.getByRole('button', { name: 'Generate SCIM token' }).click();
    await card.getByText('Copy the token now: it is shown only once.').waitFor();
    const token = await card.locator('code.secret').innerText();
    expect(token.length).toBeGreaterThanOrEqual(40);
    // The base URL and the token each have a copy field, its button named by what it copies.
    await card.getByRole('button', { name: 'Copy SCIM token' }).waitFor();
    await card.getByRole('button', { name: 'Copy Base URL' }).waitFor();
    await expectAccessible(page);

    // Shown once: after a reload the page says when it was made, never the token.
    await page.reload();
    await card.getByText(/^The current token was generated on /).waitFor();
    expect(await page.content()).not.toContain(token);

    // The provisioning client: Entra ID's create request, without a password.
    const api = new TestClient(`acme.localhost:${gatehouse.port}`, gatehouse.port);
    const created = await api.request('POST', '/scim/v2/Users', {
      noOrigin: true,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        externalId: 'emp-1001',
        userName: NEW_HIRE,
        active: true,
        name: { givenName: 'Nina', familyName: 'Hire' },
        emails: [{ primary: true, type: 'work', value: NEW_HIRE }],
      }),
    });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ userName: NEW_HIRE, active: true, externalId: 'emp-1001' });

    // The admin screens say which application provisions the user, and keep the fields it sets read-only, saying why.
    await page.goto(`${gatehouse.url('acme')}/users`);
    await page.getByText('Managed by HR Portal').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: NEW_HIRE }).first().click();
    await page.getByText('HR Portal provisions this user through SCIM').waitFor();
    for (const [label, value] of [
      ['First name', 'Nina'],
      ['Surname', 'Hire'],
      ['Phone number', ''],
    ]) {
      const field = page.getByLabel(label!, { exact: true });
      await expect(field.inputValue()).resolves.toBe(value);
      await expect(field.getAttribute('readonly')).resolves.not.toBeNull();
      await expect(field.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText())).resolves.toBe(
        'Set by HR Portal through SCIM',
      );
    }
    await expectAccessible(page);

    const invitation = await smtp.waitFor(NEW_HIRE);
    const link = /https?:\/\/\S+/.exec(invitation.text)![0];
    expect(new URL(link).host).toBe(`acme.localhost:${gatehouse.port}`);

    const newcomer = await newPage(browser);
    await newcomer.goto(link);
    await newcomer.getByText(NEW_HIRE).waitFor();
    await newcomer.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await newcomer.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await newcomer.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await newcomer.getByRole('button', { name: 'Sign up' }).click();
    await newcomer.waitForURL('**/dashboard');
    const tiles = newcomer.getByRole('region', { name: 'My applications' });
    await expect(tiles.getByRole('link', { name: 'HR Portal' }).getAttribute('href')).resolves.toBe('https://hr.example.com/');
    await expectAccessible(newcomer);
  });
});
