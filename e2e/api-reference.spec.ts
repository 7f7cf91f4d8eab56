import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ENDPOINTS } from '@gatehouse/common/api/index';
import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, startGatehouse, type RunningGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');

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

    const operations = page.getByRole('article');
    await operations.first().waitFor();
    expect(await operations.count()).toBe(ENDPOINTS.reduce((n, e) => n + 1 + (e.alsoAccepts?.length ?? 0), 0));
    await page.getByText(gatehouse.url('acme'), { exact: true }).waitFor();

    const create = page.getByRole('article', { name: 'POST /api/webhooks', exact: true });
    await expect(create.getByText('Who may call it: Signed-in users with the role OrganisationAdministrator.').count()).resolves.toBe(1);
    const body = create.getByRole('table', { name: /^Body/ });
    await expect(body.getByRole('row', { name: /^url string/ }).count()).resolves.toBe(1);
    // Inline code is code, not Markdown backticks; nothing refers to the product spec (issue 27).
    const audit = page.getByRole('article', { name: 'GET /api/audit', exact: true });
    await expect(audit.locator('p code', { hasText: 'next' }).count()).resolves.toBeGreaterThan(0);
    const text = await page.locator('.api-reference').innerText();
    expect(text).not.toContain('`');
    expect(text).not.toMatch(/spec section/i);
    // Nested objects are expanded under their field.
    const answer = audit.getByRole('table', { name: /^200 answer/ });
    await expect(answer.getByRole('row', { name: /^events\[\]\.actor\.kind / }).count()).resolves.toBe(1);
    // Every operation shows an example request and answer, generated from its schemas.
    expect(await page.getByRole('heading', { name: 'Example request', level: 4 }).count()).toBe(await operations.count());
    expect(await page.getByRole('heading', { name: 'Example answer', level: 4 }).count()).toBe(await operations.count());
    const request = await create.getByRole('region', { name: 'Example request: POST /api/webhooks' }).innerText();
    expect(request).toMatch(/^POST \/api\/webhooks\nContent-Type: application\/json\n\n\{/);
    expect(JSON.parse(request.slice(request.indexOf('{')))).toMatchObject({ url: expect.stringMatching(/^https:\/\//) });
    const created = await create.getByRole('region', { name: 'Example answer: POST /api/webhooks' }).innerText();
    expect(created).toMatch(/^201 Created\n\n\{/);
    // The contents link jumps to the operation.
    await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'GET /api/audit', exact: true }).click();
    await page.waitForURL('**/developers/api#op-listAuditEvents');
    await screenshot(page, 'sqlite-api-reference');
    await expectAccessible(page);

    // Integrators read it without signing in.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(gatehouse.url('acme') + '/developers/api');
    await visitor.getByRole('article', { name: 'GET /api/audit', exact: true }).waitFor();
    await expectAccessible(visitor);
  });
});
