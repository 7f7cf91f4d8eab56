/**
 * Groups in Chromium: an Organisation Admin adds a group from the side menu, renames it, adds people
 * by email and takes one out, searches and pages the list; a group a SCIM provider owns shows read-only
 * with the reason. Axe-clean, and nothing scrolls sideways at a phone's width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { localhostFetch } from '../server/src/testing/oidc-rp.ts';
import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
type BrowserGlobals = { document: { getAnimations(): unknown[]; documentElement: { scrollWidth: number } } };

describe.skipIf(!chromiumPath)('groups, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function signedInAdmin(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** The same page at a phone's width: nothing scrolls sideways, and axe still finds nothing. */
  async function checkPhone(page: Page) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => (globalThis as unknown as BrowserGlobals).document.getAnimations().length === 0);
    const width = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it('adds, renames and fills a group, and takes a member out', async () => {
    const page = await signedInAdmin();
    await page.evaluate(async () => {
      for (const email of ['ada@acme.test', 'bob@acme.test'])
        await fetch('/api/users', { method: 'POST', body: new URLSearchParams({ email, firstName: email.slice(0, 3), role: 'EndUser' }) });
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Groups' }).click();
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await page.getByText('There are no groups yet.').waitFor();
    await expectAccessible(page);

    const add = page.getByRole('region', { name: 'Add a group' });
    await add.getByLabel('Name', { exact: true }).fill('Engineering');
    await add.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('heading', { name: 'Engineering', level: 1 }).waitFor();
    await page.getByText('Nobody is in this group yet.').waitFor();

    await page.getByLabel('Email of the person to add').fill('ada@acme.test');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('link', { name: 'ada@acme.test' }).waitFor();
    await page.getByLabel('Email of the person to add').fill('nobody@acme.test');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByText('No user with this email or id in the organisation').waitFor();
    await page.getByLabel('Email of the person to add').fill('bob@acme.test');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('link', { name: 'bob@acme.test' }).waitFor();

    await page.getByRole('region', { name: 'Rename' }).getByLabel('Name', { exact: true }).fill('Platform');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Group saved').waitFor();
    await page.getByRole('heading', { name: 'Platform', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Remove ada@acme.test from the group' }).click();
    await page.getByText('Member removed').waitFor();
    await page.getByRole('link', { name: 'ada@acme.test' }).waitFor({ state: 'detached' });
    await expectAccessible(page);
    await screenshot(page, 'group');
    await checkPhone(page);

    await page.getByRole('link', { name: 'Back to groups' }).click();
    const row = page.getByRole('row', { name: /Platform/ });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await page.context().close();
  });

  it('searches and pages the list', async () => {
    const page = await signedInAdmin();
    await page.evaluate(async () => {
      for (let i = 0; i < 22; i++)
        await fetch('/api/groups', { method: 'POST', body: new URLSearchParams({ name: `Team ${String(i).padStart(2, '0')}` }) });
    });
    await page.goto(`${gatehouse.url('acme')}/groups`);
    await page.getByRole('link', { name: 'Team 00' }).waitFor();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('link', { name: 'Team 21' }).waitFor();
    await page.getByLabel('Search groups').fill('plat');
    await page.getByRole('link', { name: 'Platform' }).waitFor();
    await page.getByRole('link', { name: 'Team 00' }).waitFor({ state: 'detached' });
    await page.getByLabel('Search groups').fill('zzz');
    await page.getByText('No matching groups were found').waitFor();
    await expectAccessible(page);
    await checkPhone(page);
    await page.context().close();
  });

  it('shows a group a SCIM provider pushed read-only, with the reason', async () => {
    const page = await signedInAdmin();
    const token = await page.evaluate(async () => {
      const created = (await (await fetch('/api/clients', { method: 'POST', body: new URLSearchParams({ name: 'Entra ID' }) })).json()) as {
        id: string;
      };
      const form = new URLSearchParams({
        name: 'Entra ID',
        clientType: 'confidential',
        redirectURIs: 'https://entra.example.com/callback',
        idTokenSignedResponseAlg: 'RS256',
        scimEnabled: 'true',
      });
      await fetch(`/api/clients/${created.id}`, { method: 'PUT', body: form });
      return ((await (await fetch(`/api/clients/${created.id}/scimtoken`, { method: 'POST' })).json()) as { token: string }).token;
    });
    const pushed = await localhostFetch(`${gatehouse.url('acme')}/scim/v2/Groups`, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Finance', members: [] }),
    });
    expect(pushed.status).toBe(201);
    await page.goto(`${gatehouse.url('acme')}/groups`);
    await page
      .getByRole('row', { name: /Finance/ })
      .getByRole('cell', { name: 'Entra ID' })
      .waitFor();
    await page.getByRole('link', { name: 'Finance' }).click();
    await page.getByRole('heading', { name: 'Finance', level: 1 }).waitFor();
    await page.getByText('Entra ID provisions this group over SCIM: its name and members are changed there, not here.').waitFor();
    expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete group' }).count()).toBe(0);
    await expectAccessible(page);
    await checkPhone(page);
    await page.context().close();
  });
});
