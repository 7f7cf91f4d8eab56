import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');

describe.skipIf(!chromiumPath)('the audit log and webhooks, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let receiver: http.Server;

  beforeAll(async () => {
    // The receiver runs on loopback, which only a development deployment may post to.
    gatehouse = await startGatehouse('sqlite', { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    receiver?.close();
    await gatehouse?.stop();
  });

  async function signedInAdmin(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  // The e2e files are typed without the DOM library: the little of it the page-side functions use.
  type BrowserGlobals = { document: { getAnimations(): unknown[]; documentElement: { scrollWidth: number } } };

  /** At a phone's width (once the side menu has finished sliding away), nothing scrolls sideways. */
  async function fitsPhoneWidth(page: Page): Promise<void> {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => (globalThis as unknown as BrowserGlobals).document.getAnimations().length === 0);
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForFunction(() => (globalThis as unknown as BrowserGlobals).document.getAnimations().length === 0);
  }

  it("filters the audit log to a user's failed sign-ins", async () => {
    const intruder = await (await browser.newContext()).newPage();
    await submitSignIn(intruder, gatehouse.url('acme'), 'admin@acme.test', 'not the password at all');
    await intruder.getByRole('alert').waitFor();

    const page = await signedInAdmin();
    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/audit');
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByRole('rowheader', { name: 'Signed in' }).first().waitFor();

    await page.getByLabel('Event').selectOption({ label: 'Sign-in failed' });
    await page.getByLabel('User (email)').fill('admin@acme.test');
    await page.getByRole('button', { name: 'Show events' }).click();
    const rows = log.getByRole('row');
    await log.getByRole('rowheader', { name: 'Sign-in failed' }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    await expect(log.getByRole('cell', { name: /reason: invalid_credentials/ }).count()).resolves.toBe(1);
    await expect(log.getByRole('cell', { name: 'admin@acme.test', exact: true }).count()).resolves.toBe(1);
    const csv = page.getByRole('link', { name: 'Export CSV' });
    expect(await csv.getAttribute('href')).toMatch(/^\/api\/audit\/export\?type=user\.sign_in_failed&who=admin%40acme\.test&format=csv$/);
    await screenshot(page, 'sqlite-audit-log');
    await expectAccessible(page);
    await fitsPhoneWidth(page);

    // The user's own page shows their recent activity, and leads back to the log filtered to them.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('link', { name: 'admin@acme.test' }).click();
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await activity.getByText('Sign-in failed').waitFor();
    await activity.getByRole('link', { name: 'See all in the audit log' }).click();
    await page.waitForURL('**/audit?who=admin%40acme.test');
    await expect(page.getByLabel('User (email)').inputValue()).resolves.toBe('admin@acme.test');
  });

  it('adds a webhook, shows its secret once, sends a test event, shows it delivered and edits the webhook', async () => {
    const page = await signedInAdmin();
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/webhooks');
    await page.getByText('No endpoints yet.').waitFor();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description').fill('CRM sync');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.locator('.webhook-secret').innerText()).resolves.toMatch(/^whsec_/);

    const endpoint = page.getByRole('region', { name: url });
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await endpoint.getByRole('status').getByText('Test event queued').waitFor();
    const deliveries = endpoint.getByRole('table', { name: `Deliveries: ${url}` });
    await deliveries.getByRole('row', { name: /Test event sent/ }).waitFor();
    expect(received.some((r) => JSON.parse(r.body).type === 'webhook.test' && typeof r.headers['webhook-signature'] === 'string')).toBe(
      true,
    );
    await screenshot(page, 'sqlite-webhooks');
    await expectAccessible(page);

    // Edited in place: the description changes, the address and its secret stay.
    await endpoint.getByRole('button', { name: 'Edit' }).click();
    const edit = endpoint.getByRole('form', { name: `Edit: ${url}` });
    await edit.getByLabel('Description').fill('CRM sync, nightly');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await endpoint.getByText('CRM sync, nightly').waitFor();
    await expect(edit.count()).resolves.toBe(0);
    await fitsPhoneWidth(page);

    // The secret is not shown again once the page is left.
    await page.reload();
    await endpoint.waitFor();
    await expect(page.locator('.webhook-secret').count()).resolves.toBe(0);
  });

  it('names roles, applications and the organisation in the audit log, never their stored values (issue 39 point 18)', async () => {
    await gatehouse.saveSettings('acme', { allowEmailTwoStep: true });
    const page = await signedInAdmin();
    const made = await page.evaluate(async () => {
      const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const app = (await (
        await fetch('/api/clients', { method: 'POST', ...json({ name: 'Team wiki', redirectURI: 'http://localhost:9/callback' }) })
      ).json()) as { id: string };
      const user = (await (
        await fetch('/api/users', {
          method: 'POST',
          ...json({ firstName: 'Rae', email: 'rae@example.test', role: 'EndUser', clients: [app.id] }),
        })
      ).json()) as { id: string };
      const updated = await fetch(`/api/users/${user.id}`, {
        method: 'PUT',
        ...json({ firstName: 'Rae', role: 'UserAdministrator', clients: [] }),
      });
      const org = (await (await fetch('/api/organisation')).json()) as { id?: string };
      return { appId: app.id, updated: updated.status, orgId: org.id ?? null };
    });
    expect(made.updated).toBe(200);
    await page.goto(gatehouse.url('acme') + '/audit');
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByRole('rowheader', { name: 'User updated' }).first().waitFor();
    const text = await log.innerText();
    expect(text).toContain('role: End user → User admin');
    expect(text).toContain('Team wiki');
    for (const stored of ['EndUser', 'UserAdministrator', 'OrganisationAdministrator', made.appId, ...(made.orgId ? [made.orgId] : [])])
      expect(text).not.toContain(stored);
    // Each header starts where its column's cells start; an address keeps to one line.
    const lefts = await log.evaluate((table) => {
      const heads = [...table.querySelectorAll('thead th')].map((th) =>
        Math.round(th.getBoundingClientRect().left + parseFloat(getComputedStyle(th).paddingLeft)),
      );
      const cells = [...table.querySelectorAll('tbody tr:first-child > *')].map((cell) =>
        Math.round(cell.getBoundingClientRect().left + parseFloat(getComputedStyle(cell).paddingLeft)),
      );
      const address = table.querySelector('tbody td.audit-address');
      return { heads, cells, addressWraps: address ? getComputedStyle(address).whiteSpace : null };
    });
    expect(lefts.heads).toEqual(lefts.cells);
    expect(lefts.addressWraps).toBe('nowrap');
    await page.context().close();
  });
});
