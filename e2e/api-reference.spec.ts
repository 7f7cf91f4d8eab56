import { ENDPOINTS } from '@gatehouse/common/api/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, screenshot, sidewaysOverflow, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
/** Every operation the contract declares (an endpoint with its other accepted methods). */
const OPERATIONS = ENDPOINTS.reduce((n, e) => n + 1 + (e.alsoAccepts?.length ?? 0), 0);

describe.skipIf(!chromiumPath)('the API reference, in Chromium', () => {
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

  it('is linked from help for an Organisation Admin and lists every operation, with who may call it and what it takes', async () => {
    const page = await (await browser.newContext()).newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(gatehouse.url('acme') + '/help');
    await page.getByRole('link', { name: 'Browse the API reference' }).click();
    await page.waitForURL('**/developers/api');
    await page.getByRole('heading', { name: 'API reference', level: 1 }).waitFor();
    await page.getByText(gatehouse.url('acme'), { exact: true }).waitFor();

    // The overview leads to every operation, each in its section's page.
    const contents = page.getByRole('navigation', { name: 'Operations' });
    await contents.getByRole('link').first().waitFor();
    expect(await contents.getByRole('link', { name: /^(GET|POST|PUT|PATCH|DELETE) / }).count()).toBe(OPERATIONS);
    expect(await page.getByRole('article').count()).toBe(0);
    await expectAccessible(page);
    await contents.getByRole('link', { name: 'GET /api/audit', exact: true }).click();
    await page.waitForURL('**/developers/api/audit-log#op-listAuditEvents');
    const audit = page.getByRole('article', { name: 'GET /api/audit', exact: true });
    await expect.poll(() => audit.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('heading', { name: 'Audit log', level: 2 }).waitFor();
    // Inline code is code, not Markdown backticks; nothing refers to the product spec (issue 27).
    await expect(audit.locator('p code', { hasText: 'next' }).count()).resolves.toBeGreaterThan(0);
    // A long answer's fields are behind a summary that counts them; nested objects are expanded under their field.
    await audit.getByText(/^200 answer: \d+ fields$/).click();
    const answer = audit.getByRole('table', { name: /^200 answer/ });
    await expect(answer.getByRole('row', { name: /^events\[\]\.actor\.kind / }).count()).resolves.toBe(1);

    const create = await openSection(page, 'Webhooks');
    const operation = create.getByRole('article', { name: 'POST /api/webhooks', exact: true });
    await expect(operation.getByText('Who may call it: Signed-in users with the role OrganisationAdministrator.').count()).resolves.toBe(1);
    const body = operation.getByRole('table', { name: /^Body/ });
    await expect(body.getByRole('row', { name: /^url string/ }).count()).resolves.toBe(1);
    // Every operation shows an example request and answer, generated from its schemas.
    const request = await operation.getByRole('region', { name: 'Example request: POST /api/webhooks' }).innerText();
    expect(request).toMatch(/^POST \/api\/webhooks\nContent-Type: application\/json\n\n\{/);
    expect(JSON.parse(request.slice(request.indexOf('{')))).toMatchObject({ url: expect.stringMatching(/^https:\/\//) });
    const created = await operation.getByRole('region', { name: 'Example answer: POST /api/webhooks' }).innerText();
    expect(created).toMatch(/^201 Created\n\n\{/);
    await screenshot(page, 'sqlite-api-reference');
    await expectAccessible(page);

    // Section by section (issue 39 point 23: it was one page 186,805 px tall): every operation is in
    // exactly one section, each section a page of its own, the current one marked in the way to them.
    const sections = page.getByRole('navigation', { name: 'API sections' });
    const names = (await sections.getByRole('link').allInnerTexts()).filter((name) => name !== 'Overview');
    expect(names.length).toBeGreaterThan(10);
    let seen = 0;
    let tallest = 0;
    for (const name of names) {
      const section = await openSection(page, name);
      expect(await sections.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
      const count = await section.getByRole('article').count();
      expect(count, name).toBeGreaterThan(0);
      expect(await page.getByRole('article').count()).toBe(count);
      expect(await page.getByRole('heading', { name: 'Example request', level: 4 }).count()).toBe(count);
      expect(await page.getByRole('heading', { name: 'Example answer', level: 4 }).count()).toBe(count);
      seen += count;
      tallest = Math.max(tallest, await page.evaluate(() => document.documentElement.scrollHeight));
      const text = await page.locator('.api-reference').innerText();
      expect(text).not.toContain('`');
      expect(text).not.toMatch(/spec section/i);
    }
    expect(seen).toBe(OPERATIONS);
    // The longest, Users, has 26 operations: about 30,000 px at 1280 px wide.
    expect(tallest).toBeLessThan(40_000);

    // Integrators read it without signing in, at a phone's width too.
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(gatehouse.url('acme') + '/developers/api/audit-log');
    await visitor.getByRole('article', { name: 'GET /api/audit', exact: true }).waitFor();
    expect(await sidewaysOverflow(visitor)).toBe('fits');
    await expectAccessible(visitor);
    await visitor.goto(gatehouse.url('acme') + '/developers/api/nothing-here');
    await visitor.getByText('There is no section of the API reference at this address.').waitFor();
  });

  it('is in the menu of an Organisation Admin, with the way to each section', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL('**/developers/api');
    await page.getByRole('heading', { name: 'API reference', level: 1 }).waitFor();
    await openSection(page, 'Users');
    expect(page.url()).toBe(gatehouse.url('acme') + '/developers/api/users');
    await expectAccessible(page);
  });
});

/** Follows the way to a section of the reference and waits for its operations. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'API sections' }).getByRole('link', { name, exact: true }).click();
  const section = page.getByRole('region', { name, exact: true });
  await section.getByRole('heading', { name, level: 2 }).waitFor();
  await section.getByRole('article').first().waitFor();
  return section;
}
