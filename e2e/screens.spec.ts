/**
 * The pictures in docs/screens/: each main screen at 1280x800 and at 390x844, signed out and as an
 * Organisation Admin of an organisation with an application, users (one with a long email) and a
 * webhook. Not a test: it runs only when asked, `npm run screenshots` (which builds the SPA first and
 * needs Chromium). GATEHOUSE_SCREENSHOTS_SET names a folder under docs/screens/ to put them in
 * instead (`before`), so a build of an older web can be pictured beside the current one
 * (docs/screens/README.md).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { TestClient } from '../server/src/testing/http-client.ts';
import { launchBrowser, submitSignIn } from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
const SET = process.env.GATEHOUSE_SCREENSHOTS_SET;
if (SET !== undefined && !/^[a-z0-9-]+$/.test(SET))
  throw new Error('GATEHOUSE_SCREENSHOTS_SET is a folder name: lower-case letters, digits and dashes');
const OUT = fileURLToPath(new URL(SET ? `../docs/screens/${SET}/` : '../docs/screens/', import.meta.url));
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

describe.runIf(process.env.GATEHOUSE_SCREENSHOTS === '1' && chromiumPath)('screenshots for docs/screens', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let applicationId: string;
  let userId: string;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    gatehouse = await startGatehouse('sqlite');
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    const admin = new TestClient(`acme.localhost:${gatehouse.port}`, gatehouse.port);
    expect((await admin.post('/api/authenticate', { form: { email: 'admin@acme.test', password: ADMIN_PASSWORD } })).status).toBe(200);
    const created = await admin.post('/api/clients', { form: { name: 'Team wiki' } });
    applicationId = created.json<{ id: string }>().id;
    await admin.put(`/api/clients/${applicationId}`, {
      form: {
        name: 'Team wiki',
        clientType: 'confidential',
        redirectURIs: ['https://wiki.example.com/callback'],
        landingURL: 'https://wiki.example.com/',
        idTokenSignedResponseAlg: 'RS256',
      },
    });
    for (const [firstName, surname] of [
      ['Ada', 'Lovelace'],
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
      ['Maximilian', 'Featherstonehaugh'],
    ]) {
      const email =
        firstName === 'Maximilian' ? 'maximilian.featherstonehaugh@research.acme.test' : `${firstName!.toLowerCase()}@acme.test`;
      const invited = await admin.post('/api/users', {
        form: { firstName, surname, email, role: 'EndUser', clients: [applicationId] },
      });
      userId ??= invited.json<{ id: string }>().id;
    }
    await admin.post('/api/webhooks', { form: { url: 'https://hooks.example.com/gatehouse', eventTypes: ['user.created'] } });
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function shoot(page: Page, name: string, size: keyof typeof SIZES) {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(OUT, `${name}-${size}.png`) });
  }

  it.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('takes every main screen at %s size', async (size) => {
    const context = await browser.newContext({ viewport: SIZES[size] });
    const page = await context.newPage();
    const origin = gatehouse.url('acme');
    await page.goto(origin);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await shoot(page, 'sign-in', size);
    await page.goto(`${origin}/signup`);
    await shoot(page, 'sign-up', size);
    await submitSignIn(page, origin, 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    const screens: [string, string][] = [
      ['dashboard', '/dashboard'],
      ['applications', '/applications'],
      ['application', `/applications/${applicationId}`],
      ['users', '/users'],
      ['user', `/users/${userId}`],
      ['add-user', '/users/add'],
      ['organisation', '/organisation'],
      ['audit-log', '/audit'],
      ['webhooks', '/webhooks'],
      ['apis', '/apis'],
      ['api', '/apis/management'],
      ['profile', '/account'],
      ['two-step', '/twostep'],
      ['help', '/help'],
      ['api-reference', '/developers/api'],
      ['not-found', '/no-such-page'],
    ];
    for (const [name, route] of screens) {
      await page.goto(origin + route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, name, size);
    }
    await context.close();
  });
});
