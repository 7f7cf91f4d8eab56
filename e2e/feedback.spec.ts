/**
 * Issue 11, defect 2: a success message appears where the user is looking, beside the button that
 * caused it and inside the viewport, and is announced (role=status) rather than shown off screen.
 */
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const VIEWPORT = { width: 1280, height: 800 };

describe.skipIf(!chromiumPath)('success messages beside their action, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
    page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  /** Clicks Save and expects `message` as a status on screen, on the same row as the Save button. */
  async function expectBesideSave(save: Locator, message: string, name: string) {
    await save.click();
    const status = page.getByRole('status').filter({ hasText: message });
    await status.waitFor();
    await screenshot(page, `feedback-${name}`);
    const [saveBox, statusBox] = [await save.boundingBox(), await status.boundingBox()];
    if (!saveBox || !statusBox) throw new Error(`${name}: no box for Save or its message`);
    // Inside the viewport, where the user is looking…
    expect(statusBox.y, name).toBeGreaterThanOrEqual(0);
    expect(statusBox.y + statusBox.height, name).toBeLessThanOrEqual(VIEWPORT.height);
    // …and beside the button that caused it, not at the top of a long page.
    expect(Math.abs(statusBox.y + statusBox.height / 2 - (saveBox.y + saveBox.height / 2)), name).toBeLessThan(saveBox.height);
    expect(await page.getByText(message).count(), `${name}: shown once`).toBe(1);
  }

  it('shows Application settings updated beside Save at the bottom of the application', async () => {
    await page.goto(gatehouse.url('acme') + '/applications/add');
    await page.getByLabel('Name', { exact: true }).fill('Wiki');
    await page.getByLabel('Redirect URI').fill('http://localhost:9/callback');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This client secret is viewable only once').waitFor();
    await page.getByRole('link', { name: 'Back to applications' }).click();
    await page.getByRole('link', { name: 'Wiki' }).first().click();
    await page.getByRole('heading', { name: 'Wiki', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Team wiki');
    const save = page.locator('form').getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    await expectBesideSave(save, 'Application settings updated', 'application');
    await expectAccessible(page);
  });

  it('shows User details updated beside Save, not under the header', async () => {
    await page.goto(gatehouse.url('acme') + '/users/add');
    await page.getByLabel('First name').fill('Uma');
    await page.getByLabel('Email').fill('uma@example.test');
    await page.getByRole('checkbox', { name: 'Team wiki' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('link', { name: 'uma@example.test' }).click();
    await page.getByLabel('Surname').fill('Example');
    const save = page.getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    await expectBesideSave(save, 'User details updated', 'user');
  });

  it('shows Organisation settings updated in the Save bar, with no toast over it', async () => {
    await page.goto(gatehouse.url('acme') + '/organisation');
    await page.getByRole('heading', { name: 'Manage your organisation', level: 1 }).waitFor();
    await page.getByLabel('Minimum password length').fill('12');
    await expectBesideSave(page.getByRole('button', { name: 'Save' }), 'Organisation settings updated', 'organisation');
  });

  it('shows Details updated beside Save on the profile', async () => {
    await page.goto(gatehouse.url('acme') + '/account');
    await page.getByLabel('First name').fill('Ada');
    await expectBesideSave(
      page.getByRole('region', { name: 'Edit details' }).getByRole('button', { name: 'Save' }),
      'Details updated',
      'account',
    );
  });

  it('asks for the current password a new phone number needs, without calling an empty one incorrect (issue 39 point 16)', async () => {
    await page.goto(gatehouse.url('acme') + '/account');
    await page.getByLabel('Mobile phone number').fill('+44 20 7946 0001');
    const current = page.getByLabel('Current Password');
    // Shown with the new number, and not marked before anything was typed or sent.
    await current.waitFor();
    expect(await current.getAttribute('aria-invalid')).not.toBe('true');
    await page.getByRole('region', { name: 'Edit details' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText(MESSAGES.required).waitFor();
    expect(await page.getByText(ACCOUNT_MESSAGES.currentPasswordWrong).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('currentPassword');
    await current.fill(ADMIN_PASSWORD);
    await expectBesideSave(
      page.getByRole('region', { name: 'Edit details' }).getByRole('button', { name: 'Save' }),
      'Details updated',
      'account-phone',
    );
  });
});
