/**
 * Groups and roles in Chromium: an Organisation Admin adds a group from the side menu, renames it, adds
 * people by email and takes one out, searches and pages the list; a group a SCIM provider owns shows
 * read-only with the reason. Roles: added with permissions from the organisation's API, refused with the
 * reason (a name taken, a scope no API of the organisation has), changed, searched and deleted; given to
 * a group and to a person, whose page shows each role with where it comes from. Axe-clean, and nothing
 * scrolls sideways at a phone's width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { localhostFetch } from '../server/src/testing/oidc-rp.ts';
import { expectAccessible, launchBrowser, newPage, passDoubleSubmitGuard, screenshot, submitSignIn } from './support/browser.ts';
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

  /** With `clock`, the page's clock can pass the double-submit guard (a second submit within a second is ignored). */
  async function signedInAdmin(clock = false): Promise<Page> {
    const page = clock ? await newPage(browser) : await (await browser.newContext()).newPage();
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
  /** Registers an API with scopes through the API, as the APIs screen would. */
  async function registerApi(page: Page, name: string, identifier: string, scopes: string[]): Promise<string> {
    return page.evaluate(
      async ({ name, identifier, scopes }) => {
        const response = await fetch('/api/apis', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, identifier, scopes: scopes.map((value) => ({ value, description: '' })) }),
        });
        return ((await response.json()) as { id: string }).id;
      },
      { name, identifier, scopes },
    );
  }

  it('adds a role with permissions, refuses a taken name and a scope no API has, changes, searches and deletes it', async () => {
    const page = await signedInAdmin(true);
    await registerApi(page, 'Orders', 'https://orders.acme.test', ['orders:read', 'orders:write']);
    const gone = await registerApi(page, 'Legacy', 'https://legacy.acme.test', ['legacy:read']);
    await page.getByRole('navigation').getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await page.getByText('No roles yet.').waitFor();

    const add = page.getByRole('region', { name: 'Add a role' });
    await add.getByLabel('Name', { exact: true }).fill('Order reader');
    await add.getByLabel('Description').fill('Reads orders');
    await add.getByRole('group', { name: 'Orders (https://orders.acme.test)' }).getByLabel('orders:read').check();
    // A scope whose API goes away before the form is sent is refused at the permissions, with the reason.
    await add.getByLabel('legacy:read').check();
    await page.evaluate(async (id) => void (await fetch(`/api/apis/${id}`, { method: 'DELETE' })), gone);
    await add.getByRole('button', { name: 'Add role' }).click();
    await add.getByText("This permission is not a scope of one of your organisation's APIs").waitFor();
    await expectAccessible(page);
    await add.getByLabel('legacy:read').uncheck();
    await passDoubleSubmitGuard(page);
    await add.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('heading', { name: 'Order reader', level: 1 }).waitFor();

    const settings = page.getByRole('region', { name: 'Settings' });
    expect(await settings.getByLabel('orders:read').isChecked()).toBe(true);
    expect(await settings.getByLabel('orders:write').isChecked()).toBe(false);
    await settings.getByLabel('orders:write').check();
    await settings.getByLabel('Give to new people').check();
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Role saved').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'role');
    await checkPhone(page);

    await page.getByRole('link', { name: 'Back to roles' }).click();
    const row = page.getByRole('row', { name: /Order reader/ });
    await row.getByText('Default').waitFor();
    await row.getByRole('cell', { name: '2 permissions' }).waitFor();
    // A second role may not take the first one's name, in another case either.
    await add.getByLabel('Name', { exact: true }).fill('ORDER READER');
    await add.getByRole('button', { name: 'Add role' }).click();
    await add.getByText('A role with this name already exists').waitFor();
    await add.getByLabel('Name', { exact: true }).fill('Auditor');
    await passDoubleSubmitGuard(page);
    await add.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('heading', { name: 'Auditor', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to roles' }).click();

    await page.getByLabel('Search roles').fill('aud');
    await page.getByRole('link', { name: 'Auditor' }).waitFor();
    await page.getByRole('link', { name: 'Order reader' }).waitFor({ state: 'detached' });
    await page.getByLabel('Search roles').fill('zzz');
    await page.getByText('No matching roles were found').waitFor();
    await expectAccessible(page);
    await checkPhone(page);

    await page.getByLabel('Search roles').fill('');
    await page.getByRole('link', { name: 'Auditor' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete confirmation' });
    await dialog.getByText('Delete this role? People and groups who have it lose its permissions at once.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Order reader' }).waitFor();
    expect(await page.getByRole('link', { name: 'Auditor' }).count()).toBe(0);
    await page.context().close();
  });

  it('gives roles to a group and to a person, whose page shows their roles and groups and where each comes from', async () => {
    const page = await signedInAdmin();
    const { userId, groupId } = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json' };
      const role = async (name: string, isDefault = false) =>
        (await (await fetch('/api/roles', { method: 'POST', headers: json, body: JSON.stringify({ name, isDefault }) })).json()) as {
          id: string;
        };
      await role('Support agent');
      await role('Newcomer', true);
      await role('Billing');
      const user = await fetch('/api/users', {
        method: 'POST',
        body: new URLSearchParams({ email: 'cy@acme.test', firstName: 'Cy', role: 'EndUser' }),
      });
      const userId = ((await user.json()) as { id: string }).id;
      const group = (await (await fetch('/api/groups', { method: 'POST', body: new URLSearchParams({ name: 'Helpdesk' }) })).json()) as {
        id: string;
      };
      await fetch(`/api/groups/${group.id}/members`, { method: 'POST', body: new URLSearchParams({ email: 'cy@acme.test' }) });
      return { userId, groupId: group.id };
    });

    await page.goto(`${gatehouse.url('acme')}/groups/${groupId}`);
    const groupRoles = page.getByRole('region', { name: 'Roles' });
    await groupRoles.getByText('This group gives no roles.').waitFor();
    await groupRoles.getByLabel('Role to give').selectOption({ label: 'Support agent' });
    await groupRoles.getByRole('button', { name: 'Give role' }).click();
    await page.getByText('Role given').waitFor();
    await groupRoles.getByRole('link', { name: 'Support agent' }).waitFor();
    await expectAccessible(page);

    await page.goto(`${gatehouse.url('acme')}/users/${userId}`);
    const access = page.getByRole('region', { name: 'Roles and groups' });
    await access.getByText('Through the group Helpdesk').waitFor();
    await access.getByText('Member in Gatehouse').waitFor();
    // Newcomer is a default role: given directly when Cy was added.
    const newcomer = access.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Newcomer' }) });
    await newcomer.getByText('Given directly').waitFor();
    await access.getByLabel('Role to give').selectOption({ label: 'Support agent' });
    await access.getByRole('button', { name: 'Give role' }).click();
    await page.getByText('Role given').waitFor();
    const agent = access.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Support agent' }) });
    await agent.getByText('Given directly').waitFor();
    await agent.getByText('Through the group Helpdesk').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'user-access');
    await checkPhone(page);

    // Taking the direct role away leaves the one through the group.
    await access.getByRole('button', { name: 'Take away the role Support agent' }).click();
    await page.getByText('Role taken away').waitFor();
    await agent.getByText('Given directly').waitFor({ state: 'detached' });
    await agent.getByText('Through the group Helpdesk').waitFor();
    expect(await access.getByRole('button', { name: 'Take away the role Support agent' }).count()).toBe(0);
    await page.context().close();
  });
});
