/**
 * The limits by address on the sign-in page, in Chromium: once an address has used up the sign-in
 * limit (a credential-stuffing run from a script on the same machine), the page says so in its own
 * words, even for the right password, and the page stays accessible at both widths.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { ERRORS } from '../common/src/errors.ts';
import { RATE_LIMITS } from '../common/src/policy.ts';
import type { Dialect } from '../server/src/db/database.ts';
import { TestClient } from '../server/src/testing/http-client.ts';
import { expectAccessible, launchBrowser, openApp, screenshot } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const dialects: Dialect[] = inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
const { limit } = RATE_LIMITS['authenticate']!.find((rule) => rule.by === 'address')!;

describe.skipIf(!chromiumPath).each(dialects)('rate limits on the sign-in page on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect, { RATE_LIMITS: 'true' });
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  it('tells a limited address to wait, in the product’s words, even with the right password', async () => {
    // A script on this machine (the browser's address too) tries one password for many accounts.
    const script = new TestClient(`acme.localhost:${gatehouse.port}`, gatehouse.port);
    for (let i = 0; i < limit; i++) {
      const answer = await script.post('/api/authenticate', { form: { email: `person${i}@acme.test`, password: 'Summer2026!' } });
      expect(answer.status).toBe(401);
    }

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await openApp(page, gatehouse.url('acme') + '/');
      await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
      await page.getByLabel('Email').fill('admin@acme.test');
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: ERRORS.RATE_LIMITED.message }).waitFor();
      expect(page.url()).not.toContain('/dashboard');
      await expectAccessible(page);
      await screenshot(page, `${dialect}-sign-in-rate-limited-${viewport.width}`);
      await context.close();
    }
  });
});
