/**
 * The limits by address on the sign-in page, in Chromium: once an address has used up the sign-in
 * limit (a credential-stuffing run from a script on the same machine), the page says so in its own
 * words, even for the right password, and the page stays accessible at both widths. Before that wall, a few
 * failures make the form ask for a proof-of-work challenge, which the real ALTCHA widget solves in the page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { CHALLENGE_MESSAGES } from '../common/src/challenge-messages.ts';
import { ERRORS } from '../common/src/errors.ts';
import { PROOF_OF_WORK, RATE_LIMITS } from '../common/src/policy.ts';
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
    await gatehouse.createOrganisation('globex', 'admin@globex.test');
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
      // A few failures are answered as such; then the form asks for a challenge (the script solves none).
      expect(answer.json()).toMatchObject({
        code: i < PROOF_OF_WORK.signInFailuresByAddress.limit ? 'INVALID_CREDENTIALS' : 'CHALLENGE_REQUIRED',
      });
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

  it('asks for a challenge after a few failures, which the widget solves in the page before the password is checked', async () => {
    const script = new TestClient(`globex.localhost:${gatehouse.port}`, gatehouse.port);
    for (let i = 0; i < PROOF_OF_WORK.signInFailuresByAddress.limit; i++)
      expect((await script.post('/api/authenticate', { form: { email: `person${i}@globex.test`, password: 'Summer2026!' } })).status).toBe(
        401,
      );

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(gatehouse.url('globex') + '/');
      await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
      await page.getByLabel('Email').fill('admin@globex.test');
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      const signIn = page.getByRole('button', { name: 'Sign in' });
      await signIn.click();
      await page.getByRole('alert').filter({ hasText: CHALLENGE_MESSAGES.required }).waitFor();
      // The widget loads and solves its challenge by itself; its checkbox is named (for its state) and reached by the keyboard.
      await page.locator('.altcha[data-state="verified"]').waitFor();
      const check = page.getByRole('checkbox', { name: CHALLENGE_MESSAGES.widget.verified });
      expect(await check.isChecked()).toBe(true);
      await check.focus();
      expect(await check.evaluate((element) => element === document.activeElement)).toBe(true);
      // The slot kept its height: the button did not move when the widget's state changed.
      const slot = page.locator('.proof-of-work');
      const { height } = (await slot.boundingBox())!;
      expect(height).toBeGreaterThanOrEqual(48);
      await expectAccessible(page);
      await screenshot(page, `${dialect}-sign-in-challenge-solved-${viewport.width}`);
      // The password was kept: the next press signs in.
      await signIn.click();
      await page.waitForURL(/\/dashboard/);
      await context.close();
    }
  });
});
