/**
 * SAML 2.0 connections in Chromium (issue 32): the acme admin adds a SAML connection on the Sign-in
 * connections screen by pasting the metadata of a test IdP that this test serves
 * (server/src/testing/saml-idp.ts, real signed assertions); a person then signs in at the IdP and is
 * posted back to acme (a cross-site post to the ACS URL) with an account made just in time; an expired
 * and a tampered answer are refused with the sentence and a reference. Axe-clean at desktop and phone widths.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { TestIdp } from '../server/src/testing/saml-idp.ts';
import { expectAccessible, launchBrowser, openApp, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');

describe.skipIf(!chromiumPath)('SAML connections, signing in through a test IdP, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let idp: TestIdp;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    idp = await TestIdp.create('samlidp', { serve: true });
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
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

  /** From acme's sign-in page through the IdP and back, answering as `answer` says. */
  async function signInAtIdp(page: Page, email: string, answer: 'valid' | 'expired' | 'tampered' = 'valid'): Promise<void> {
    await openApp(page, gatehouse.url('acme') + '/');
    await page.getByRole('link', { name: 'Continue with Corp SSO' }).click();
    await page.waitForURL(`${idp.ssoUrl}?**`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Answer').selectOption(answer);
    await page.getByRole('button', { name: 'Sign in at the IdP' }).click();
    await page.getByRole('button', { name: 'Continue to the service' }).click();
  }

  it('lets the acme admin add a SAML connection from pasted metadata, and shows what to give the IdP', async () => {
    const page = await newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('acme') + '/connections');
    const form = page.getByRole('form', { name: 'Add a SAML connection' });
    await form.getByLabel('Identity provider').selectOption({ label: 'Other SAML 2.0 identity provider' });
    await form.getByLabel('Name on the sign-in button').fill('Corp SSO');
    await form.getByLabel('IdP metadata (XML)').fill(idp.metadata());
    await form.getByLabel('Email domains').fill('corp.test');
    await form.getByLabel('Create an account when someone signs in for the first time').check();
    await checkBothWidths(page, 'saml-connections-form');
    await form.getByRole('button', { name: 'Add SAML connection' }).click();
    await page.getByText('The connection was added.').waitFor();
    const card = page.getByRole('region', { name: 'Corp SSO' });
    await card.getByText(idp.entityId).first().waitFor();
    const listed = await page.evaluate(async () => (await fetch('/api/connections')).json() as Promise<{ id: string }[]>);
    const id = listed[0]!.id;
    await card.getByText(`${gatehouse.url('acme')}/saml/${id}/acs`).waitFor();
    await card
      .getByText(`${gatehouse.url('acme')}/saml/${id}/metadata`)
      .first()
      .waitFor();
    await checkBothWidths(page, 'saml-connections-list');
  });

  it('signs a person in through the IdP, with an account made just in time', async () => {
    const page = await newPage();
    await signInAtIdp(page, 'jit@corp.test');
    await page.waitForURL(`${gatehouse.url('acme')}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
    const account = await page.evaluate(async () => (await fetch('/api/account')).json() as Promise<{ email: string; firstName: string }>);
    expect(account.email).toBe('jit@corp.test');
  });

  it('refuses an expired and a tampered answer, saying why with a reference', async () => {
    for (const answer of ['expired', 'tampered'] as const) {
      const page = await newPage();
      await signInAtIdp(page, 'late@corp.test', answer);
      await page.waitForURL(`${gatehouse.url('acme')}/?**`);
      const alert = page.getByRole('alert');
      await alert.getByText("The identity provider's answer could not be verified, so you were not signed in. Please try again.").waitFor();
      expect(await alert.innerText()).toMatch(/Reference: [\w-]+/);
      if (answer === 'expired') await checkBothWidths(page, 'saml-connections-refused');
    }
  });
});
