/**
 * Issue 11, defect 4: at 1280x800 with the default font the security log's dates stay inside their
 * card, and the dashboard's cards share the row between them instead of leaving part of it empty.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, launchBrowser, screenshot, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');

interface Box {
  getBoundingClientRect(): { left: number; right: number };
  scrollWidth: number;
  clientWidth: number;
}

describe.skipIf(!chromiumPath)('the dashboard uses its space, in Chromium', () => {
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

  async function signIn(viewport: { width: number; height: number }, password = ADMIN_PASSWORD): Promise<Page> {
    const page = await (await browser.newContext({ viewport })).newPage();
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', password);
    return page;
  }

  it('keeps every date inside the security log and spreads the cards over the row', async () => {
    // A failed sign-in and an earlier sign-in, so every line of the security log has a full date.
    const failed = await signIn({ width: 1280, height: 800 }, 'not the right password');
    await failed.getByRole('alert').filter({ hasText: 'The email address or password is incorrect' }).waitFor();
    await failed.context().close();
    const earlier = await signIn({ width: 1280, height: 800 });
    await earlier.waitForURL('**/dashboard');
    await earlier.context().close();

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await signIn(viewport);
      await page.waitForURL('**/dashboard');
      const log = page.getByRole('region', { name: 'Security log' });
      await log.getByText('Previously signed in at').waitFor();
      expect(await log.getByText('Never').count()).toBe(0);
      await screenshot(page, `dashboard-layout-${viewport.width}`);
      const card = await log.evaluate((el) => ({ right: (el as unknown as Box).getBoundingClientRect().right }));
      const dates = await log.locator('dd').evaluateAll((els) =>
        (els as unknown as Box[]).map((el) => ({
          right: el.getBoundingClientRect().right,
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        })),
      );
      for (const date of dates) {
        expect(date.right, `${viewport.width}: a date sticks out of the card`).toBeLessThanOrEqual(card.right);
        expect(date.scrollWidth, `${viewport.width}: a date overflows`).toBeLessThanOrEqual(date.clientWidth);
      }
      // The cards fill their rows: the last card of a row ends where the row does.
      for (const selector of ['.metric-tiles', '.card-grid']) {
        const row = page.locator(selector).first();
        const rowBox = await row.evaluate((el) => ({ right: (el as unknown as Box).getBoundingClientRect().right }));
        const lastCard = await row
          .locator(':scope > *')
          .last()
          .evaluate((el) => ({ right: (el as unknown as Box).getBoundingClientRect().right }));
        expect(rowBox.right - lastCard.right, `${viewport.width}: empty space at the end of ${selector}`).toBeLessThan(2);
      }
      await expectAccessible(page);
      await page.context().close();
    }
  });
});
