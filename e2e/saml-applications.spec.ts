/**
 * SAML applications in Chromium (issue 42): an admin adds one from the service provider's pasted
 * metadata and sees what to give the service provider (IdP metadata URL, entity ID, addresses and the
 * certificate), adds another by hand from the Slack preset, finds both in the Applications list and gives
 * a person access on their user page; the person opens the application from the dashboard tile and the
 * real service provider (node-saml) accepts the signed assertion. Single logout across that SAML
 * application and an OpenID one (openid-client) of the same session, from Gatehouse's sign-out and from
 * the service provider's own LogoutRequest. Axe-clean at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';

import { SAML_APP_PRESETS } from '@gatehouse/common/saml-app-presets';
import { SAML_APP_SCREEN_MESSAGES as S, SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { insertUser, newUserRow } from '../server/src/accounts/store.ts';
import { scoped } from '../server/src/db/scoped.ts';
import { hashPassword } from '../server/src/passwords/hash.ts';
import { makePng } from '../server/src/testing/images.ts';
import {
  expectAccessible,
  launchBrowser,
  newPage,
  passDoubleSubmitGuard,
  screenshot,
  sidewaysOverflow,
  submitSignIn,
} from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';
import { type RelyingParty, startRelyingParty } from './support/relying-party.ts';
import { type ServiceProvider, startServiceProvider } from './support/saml-sp.ts';

const chromiumPath = inject('chromiumPath');
const PERSON = 'pat@acme.test';
const PERSON_PASSWORD = 'pat opens the test sp 1';

/** Resizes the page and waits until it has laid itself out again (copy fields learn whether they overflow). */
async function resize(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Checks the page against axe at a desktop and a phone width, and leaves it at the desktop one. */
async function accessibleAtBothWidths(page: Page, name: string) {
  await resize(page, 390, 844);
  await expectAccessible(page);
  // The page is no wider than the phone's screen (a table may scroll inside its own box).
  expect(await sidewaysOverflow(page)).toBe('fits');
  await screenshot(page, `${name}-phone`);
  await resize(page, 1280, 900);
  await expectAccessible(page);
  await screenshot(page, name);
}

// On SQLite: the rules under the screens run on both databases in the integration tests.
describe.skipIf(!chromiumPath)('SAML applications, in Chromium', () => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;
  let sp: ServiceProvider;
  let rp: RelyingParty | undefined;

  beforeAll(async () => {
    // The OpenID application's back-channel logout URI is on loopback, as a developer's would be.
    gatehouse = await startGatehouse('sqlite', { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    // A person of acme with a password of their own (no API makes one without an emailed link).
    const hash = await hashPassword(PERSON_PASSWORD);
    await gatehouse.withDatabase(async (db) => {
      const acme = await db.selectFrom('organisations').select('id').where('name', '=', 'acme').executeTakeFirstOrThrow();
      const now = Date.now();
      await insertUser(
        scoped(db, acme.id),
        newUserRow({
          id: randomUUID(),
          email: PERSON,
          role: 'EndUser',
          now,
          changes: { status: 'SignedUp', password_hash: hash, password_set_date: now, email_verified_date: now, first_name: 'Pat' },
        }),
      );
    });
    sp = await startServiceProvider();
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await rp?.close();
    await sp?.close();
    await gatehouse?.stop();
  });

  async function adminPage(): Promise<Page> {
    const page = await newPage(browser);
    await submitSignIn(page, gatehouse.url('acme'), 'admin@acme.test', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  }

  it('adds a SAML application from pasted metadata and shows what to give the service provider', async () => {
    const page = await adminPage();
    await page.goto(`${gatehouse.url('acme')}/applications`);
    await page.getByRole('link', { name: S.addSaml }).click();
    await page.getByRole('heading', { name: 'Add a SAML application', level: 1 }).waitFor();
    await accessibleAtBothWidths(page, 'saml-add');

    await page.getByLabel('Name', { exact: true }).fill('Test SP');
    await page.getByLabel(S.sources.metadataXML).check();
    // Nothing pasted: the shared schema refuses at once.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('textbox', { name: S.metadataXML }).and(page.locator('[aria-invalid="true"]')).waitFor();
    await page.getByLabel(S.metadataXML).fill('<EntityDescriptor>not an SP</EntityDescriptor>');
    await passDoubleSubmitGuard(page);
    await page.getByRole('button', { name: 'Save' }).click();
    // The server reads the metadata and says why it cannot, at the field.
    await page.getByText('This is not SAML service provider metadata we can read').waitFor();
    await page.getByLabel(S.metadataXML).fill(sp.metadata);
    await page.getByLabel(S.attributeSources.email, { exact: true }).fill('email');
    await passDoubleSubmitGuard(page);
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL('**/applications/saml/*');
    await page.getByRole('heading', { name: 'Test SP', level: 1 }).waitFor();
    await page.getByText(S.created).waitFor();
    // What the metadata said is in the form.
    expect(await page.getByLabel(S.entityID, { exact: true }).inputValue()).toBe(sp.entityID);
    expect(await page.getByLabel(S.acsUrl(1), { exact: true }).inputValue()).toBe(sp.acsURL);
    expect(await page.getByLabel(S.nameIDFormat, { exact: true }).inputValue()).toBe('email');
    const idp = page.getByRole('region', { name: S.identityProvider });
    await idp
      .getByText(`${gatehouse.url('acme')}/saml-idp/metadata`)
      .first()
      .waitFor();
    await idp.getByText(`${gatehouse.url('acme')}/saml-idp/sso`).waitFor();
    await idp.getByRole('button', { name: `Copy ${S.idpCertificate}` }).waitFor();
    await accessibleAtBothWidths(page, 'saml-application');

    // The admin copies the certificate into the service provider, as they would paste it there.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gatehouse.url('acme') });
    await idp.getByRole('button', { name: `Copy ${S.idpCertificate}` }).click();
    await idp.getByRole('button', { name: `Copied ${S.idpCertificate}` }).waitFor();
    type ClipboardGlobals = { navigator: { clipboard: { readText(): Promise<string> } } };
    const certificate = await page.evaluate(() => (globalThis as unknown as ClipboardGlobals).navigator.clipboard.readText());
    expect(certificate).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    sp.trust({ ssoURL: `${gatehouse.url('acme')}/saml-idp/sso`, certificate });

    // The IdP metadata at the address shown is what a service provider would read.
    const metadata = await page.evaluate(async () => (await fetch('/saml-idp/metadata')).text());
    expect(metadata).toContain(`entityID="${gatehouse.url('acme')}/saml-idp/metadata"`);
    await page.context().close();
  });

  it('adds one by hand from the Slack preset, and lists both kinds', async () => {
    const page = await adminPage();
    await page.goto(`${gatehouse.url('acme')}/applications/add`);
    await page.getByRole('link', { name: S.addSamlInstead }).click();
    await page.getByLabel(S.preset).selectOption({ label: 'Slack' });
    await page.getByText(SAML_APP_PRESETS.slack.hint).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Slack');
    await page.getByLabel(S.sources.byHand).check();
    // Slack's entity ID is the same for everyone: the preset filled it in, and the assertion it expects.
    expect(await page.getByLabel(S.entityID, { exact: true }).inputValue()).toBe('https://slack.com');
    expect(await page.getByLabel(S.nameIDFormat, { exact: true }).inputValue()).toBe('persistent');
    expect(await page.getByLabel(S.signing, { exact: true }).inputValue()).toBe('both');
    expect(await page.getByLabel(S.attributeSources.email, { exact: true }).inputValue()).toBe('User.Email');
    await page.getByLabel(S.acsUrl(1), { exact: true }).fill('http://acme.slack.com/sso/saml');
    await page.getByLabel(S.requireSignedRequests).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Use https:// (http:// is allowed only for localhost)').waitFor();
    await page.getByText('Please paste the signing certificate to check signed requests with').waitFor();
    await accessibleAtBothWidths(page, 'saml-add-by-hand');
    await page.getByLabel(S.acsUrl(1), { exact: true }).fill('https://acme.slack.com/sso/saml');
    await page.getByLabel(S.requireSignedRequests).uncheck();
    await page.getByRole('button', { name: S.acsAdd }).click();
    await page.getByLabel(S.acsUrl(2), { exact: true }).fill('https://acme.slack.com/sso/saml/second');
    await page.getByRole('button', { name: S.acsRemove(2) }).click();
    expect(await page.getByLabel(S.acsUrl(2), { exact: true }).count()).toBe(0);
    await passDoubleSubmitGuard(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/applications/saml/*');
    await page.getByRole('heading', { name: 'Slack', level: 1 }).waitFor();
    expect(await page.getByLabel(S.nameIDFormat, { exact: true }).inputValue()).toBe('persistent');

    // Another preset fills the assertion in on the application's page; saved with the form.
    await page.getByLabel(S.presetApply).selectOption({ label: 'Atlassian Cloud' });
    await page.getByText(S.presetApplied('Atlassian Cloud')).waitFor();
    expect(await page.getByLabel(S.nameIDFormat, { exact: true }).inputValue()).toBe('email');
    await page.getByLabel(S.nameIDFormat, { exact: true }).selectOption('persistent');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Application settings updated').waitFor();
    await page.reload();
    expect(await page.getByLabel(S.attributeSources.givenName, { exact: true }).inputValue()).toBe(
      SAML_APP_PRESETS.atlassian.attributes.givenName,
    );
    expect(await page.getByLabel(S.nameIDFormat, { exact: true }).inputValue()).toBe('persistent');

    await page.goto(`${gatehouse.url('acme')}/applications`);
    const table = page.getByRole('table', { name: 'Applications' });
    await table.getByRole('row', { name: /Slack/ }).getByText(S.kind).waitFor();
    await table
      .getByRole('row', { name: /Test SP/ })
      .getByText(S.kind)
      .waitFor();
    await accessibleAtBothWidths(page, 'applications-with-saml');
    await page.context().close();
  });

  it('lets a person open the SAML application from the dashboard tile, with its logo: the service provider accepts the assertion', async () => {
    // The admin gives the application a logo on its page, saved with its settings.
    const admin = await adminPage();
    await admin.goto(`${gatehouse.url('acme')}/applications`);
    await admin.getByRole('link', { name: 'Test SP' }).click();
    await admin.getByRole('heading', { name: 'Test SP', level: 1 }).waitFor();
    await admin.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(24, 24) });
    await admin.getByText('The new logo is saved with the application').waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Application settings updated').waitFor();
    await admin.reload();
    await admin.getByText('The current logo').waitFor();

    // The admin gives the person access on their user page, as for any application.
    await admin.goto(`${gatehouse.url('acme')}/users`);
    await admin
      .getByRole('link', { name: new RegExp(PERSON) })
      .first()
      .click();
    await admin.getByRole('heading', { name: 'Edit user' }).waitFor();
    await admin.getByRole('checkbox', { name: /Test SP/ }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('User details updated').waitFor();
    await admin.context().close();

    const page = await newPage(browser);
    await submitSignIn(page, gatehouse.url('acme'), PERSON, PERSON_PASSWORD);
    await page.waitForURL('**/dashboard');
    const tiles = page.getByRole('region', { name: 'My applications' });
    // The tile shows the logo (loaded: an image that failed would give way to the initial).
    const logo = tiles.getByRole('link', { name: /Test SP/ }).locator('img.app-logo');
    await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(24);
    await tiles.getByRole('link', { name: /Test SP/ }).click();
    // Gatehouse posts the signed Response to the registered ACS URL; node-saml checks it.
    await page.getByRole('heading', { name: `Signed in to Test SP as ${PERSON}` }).waitFor();
    await page.getByText(`Email attribute: ${PERSON}`).waitFor();
    expect(sp.refused).toEqual([]);
    expect(sp.accepted).toHaveLength(1);
    expect(sp.accepted[0]).toMatchObject({ nameID: PERSON, issuer: `${gatehouse.url('acme')}/saml-idp/metadata` });
    await page.context().close();
  });

  it('signs out of the SAML application and the OpenID one together: from Gatehouse, and from the service provider', async () => {
    const page = await adminPage();
    // An OpenID application of the same organisation, with a back-channel logout URI (admins open every application).
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/clients', { method: 'POST', body: new URLSearchParams({ name: 'Wiki' }) });
      return (await res.json()) as { id: string; secret: string };
    });
    rp = await startRelyingParty(gatehouse.url('acme'), created.id, created.secret);
    const saved = await page.evaluate(
      async ({ id, port }) => {
        const form = new URLSearchParams({
          name: 'Wiki',
          clientType: 'confidential',
          redirectURIs: `http://localhost:${port}/callback`,
          idTokenSignedResponseAlg: 'RS256',
          backchannelLogoutURI: `http://127.0.0.1:${port}/backchannel-logout`,
        });
        return (await fetch(`/api/clients/${id}`, { method: 'PUT', body: form })).status;
      },
      { id: created.id, port: rp.port },
    );
    expect(saved).toBe(200);
    const rpUrl = `http://localhost:${rp.port}`;
    const testSpId = await page.evaluate(async () => {
      const apps = (await (await fetch('/api/samlapps')).json()) as { id: string; name: string }[];
      return apps.find((app) => app.name === 'Test SP')!.id;
    });
    const signedInToBoth = async () => {
      // The address of the application's tile (an admin's dashboard has no tiles: they open every application).
      await page.goto(`${gatehouse.url('acme')}${SAML_IDP_PATHS.start}/${testSpId}`);
      await page.getByRole('heading', { name: 'Signed in to Test SP as admin@acme.test' }).waitFor();
      await page.goto(`${rpUrl}/login`);
      await page.getByRole('heading', { name: 'Signed in to Wiki as admin@acme.test' }).waitFor();
      return rp!.sids.at(-1)!;
    };
    const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid?: string }).sid;
    const toldWiki = (sid: string) => rp!.logoutTokens.some((token) => sidOf(token) === sid);

    // (a) Gatehouse's own sign-out: the browser carries a signed LogoutRequest to the service provider,
    // through a page of Gatehouse's that posts it, and Wiki gets its logout token. The page is checked
    // as it is without its script (which posts at once): its button posts the same form.
    const first = await signedInToBoth();
    const logoutPage = `${gatehouse.url('acme')}${SAML_IDP_PATHS.logout}`;
    await page.route(logoutPage, async (route) => {
      // Fetched in this process, which cannot resolve *.localhost: by loopback, with the organisation's host.
      const answer = await route.fetch({
        url: `http://127.0.0.1:${gatehouse.port}${SAML_IDP_PATHS.logout}`,
        headers: { ...route.request().headers(), host: new URL(logoutPage).host },
      });
      await route.fulfill({ response: answer, body: (await answer.text()).replace(/<script>[^<]*<\/script>/, '') });
    });
    await page.goto(`${gatehouse.url('acme')}/dashboard`);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(logoutPage);
    await accessibleAtBothWidths(page, 'saml-logout-relay');
    await page.unroute(logoutPage);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The service provider checks the request, answers by HTTP-Redirect, and Gatehouse ends at its sign-in page.
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(sp.loggedOut).toEqual(['admin@acme.test']);
    await expect.poll(() => toldWiki(first), { timeout: 10_000 }).toBe(true);
    await accessibleAtBothWidths(page, 'saml-logout-signed-out');

    // (b) Signed in again SP-initiated (an AuthnRequest by HTTP-Redirect, through Gatehouse's sign-in page)
    // and to Wiki; the service provider's own LogoutRequest ends the Gatehouse session, and Wiki hears of it.
    await page.goto(sp.loginURL);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    if ((await page.getByLabel('Email').count()) > 0) await page.getByLabel('Email').fill('admin@acme.test');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Regression: the continue address was taken for a page of the SPA, which showed 'Page not found'.
    await page.getByRole('heading', { name: 'Signed in to Test SP as admin@acme.test' }).waitFor();
    expect(sp.accepted.at(-1)).toMatchObject({ inResponseTo: expect.stringMatching(/^_/) });
    const second = await signedInToBoth();
    expect(second).not.toBe(first);
    await page.goto(sp.logoutURL);
    await page.getByRole('heading', { name: 'Signed out of Test SP' }).waitFor();
    expect(sp.logoutAnswers).toEqual(['sp-relay']);
    await expect.poll(() => toldWiki(second), { timeout: 10_000 }).toBe(true);
    await page.goto(`${gatehouse.url('acme')}/dashboard`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(sp.loggedOut).toEqual(['admin@acme.test']);
    expect(sp.refused).toEqual([]);
    await page.context().close();
  });
});
