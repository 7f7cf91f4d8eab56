/**
 * The address lists on the organisation page, in Chromium: a malformed entry is named at its field
 * before anything is sent, a good list is saved in canonical form and kept after a reload, and the
 * section is accessible at both widths. Every rule, on both databases, is in
 * server/src/address-lists/address-lists.int.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { ADDRESS_LIST_MESSAGES as M } from '../common/src/address-list-messages.ts';
import type { Dialect } from '../server/src/db/database.ts';
import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const dialects: Dialect[] = ['sqlite'];

describe.skipIf(!chromiumPath).each(dialects)('address lists on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  it('names a bad entry at its field, saves good lists in canonical form, and keeps them', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
      await page.waitForURL('**/dashboard');
      await page.goto(gatehouse.url('acme') + '/organisation');
      const section = page.getByRole('form', { name: M.heading });
      await section.waitFor();

      await section.getByLabel(M.refusedLabel).fill('203.0.113.1/24');
      await section.getByRole('button', { name: M.save }).click();
      await section.getByText(M.validation.notARange('203.0.113.1/24')).waitFor();
      expect(await section.getByLabel(M.refusedLabel).getAttribute('aria-invalid')).toBe('true');

      await section.getByLabel(M.allowedLabel).fill('198.51.100.0/24\n2001:DB8:1::/48');
      await section.getByLabel(M.refusedLabel).fill('203.0.113.0/24');
      await section.getByRole('button', { name: M.save }).click();
      await section.getByRole('status').filter({ hasText: M.saved }).waitFor();
      expect(await section.getByLabel(M.allowedLabel).inputValue()).toBe('198.51.100.0/24\n2001:db8:1:0:0:0:0:0/48');
      await expectAccessible(page);
      await screenshot(page, `${dialect}-address-lists-${viewport.width}`);

      await page.reload();
      await page.getByRole('form', { name: M.heading }).getByLabel(M.refusedLabel).waitFor();
      expect(await page.getByRole('form', { name: M.heading }).getByLabel(M.refusedLabel).inputValue()).toBe('203.0.113.0/24');
      await context.close();
    }
  });
});
