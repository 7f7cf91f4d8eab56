/**
 * Which language a person sees, through real HTTP on both databases: an application's `ui_locales`
 * above everything for its sign-in flow (openid-client on the other side, the server-rendered page), the
 * person's own language (/account, the `locale` claim, the management API, SCIM) above the switcher and
 * Accept-Language and in their emails, and the organisation's default and offered languages.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { type ErrorCode, ERRORS } from '@gatehouse/common/errors';
import { SUPPORTED_LOCALES } from '@gatehouse/common/i18n/locales';
import { withLocale } from '@gatehouse/common/i18n/runtime';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WEB_DIST } from '../spa/static.ts';
import { latestMailTo } from '../testing/accounts.ts';
import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { saveSettings } from '../testing/organisations.ts';

const CALLBACK = 'https://wiki.example.com/callback';
// The sign-in page is rendered by the SPA's server renderer, which `npm run build` makes (the suite builds first).
const built = existsSync(fileURLToPath(new URL('../dist-ssr/server-render.js', `file://${WEB_DIST}`)));

const htmlLangOf = (html: string) => /<html lang="([^"]+)" dir="(ltr|rtl)">/.exec(html)?.slice(1);

describe.skipIf(!built).each(testDialects())('choosing the language on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let wiki: CreatedApplication;
  let rp: client.Configuration;
  const alice = { email: 'alice@acme.test', password: DEFAULT_PASSWORD };
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK] });
    aliceId = (await createUser(server, acmeId, { email: alice.email, firstName: 'Alice' })).id;
    await grantAccess(server, acmeId, aliceId, [wiki.id]);
    rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
  });
  afterAll(() => server?.close());

  async function authorizationUrl(extra: Record<string, string> = {}) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    return { url, verifier, state };
  }

  it("shows the sign-in page of an application's ui_locales=fr in French, above the switcher and Accept-Language", async () => {
    const { url } = await authorizationUrl({ ui_locales: 'fr-CA de' });
    const browser = new TestBrowser(server.port);
    const { url: page, response } = await browser.navigate(url);
    expect(page.pathname).toBe('/');
    expect(page.searchParams.get('ui_locales')).toBe('fr-CA de');
    expect(htmlLangOf(response!.body)).toEqual(['fr', 'ltr']);
    expect(response!.body).toContain('Se connecter');
    // The switcher's cookie and the browser's language are weaker than the application's wish.
    const germanBrowser = await server
      .client('acme')
      .get(page.pathname + page.search, { headers: { accept: 'text/html', 'accept-language': 'de', cookie: 'gatehouse_lang=de' } });
    expect(htmlLangOf(germanBrowser.text)).toEqual(['fr', 'ltr']);
    // Without it, the same browser gets German.
    expect(
      htmlLangOf((await server.client('acme').get('/', { headers: { accept: 'text/html', cookie: 'gatehouse_lang=de' } })).text),
    ).toEqual(['de', 'ltr']);
  });

  it('keeps ui_locales for the rest of the flow, and the sign-in completes with the library’s checks', async () => {
    await server.ctx.db.kysely.updateTable('users').set({ locale: 'de' }).where('id', '=', aliceId).execute();
    const { url, verifier, state } = await authorizationUrl({ ui_locales: 'fr' });
    const browser = new TestBrowser(server.port);
    const callback = await signInThroughSpa(browser, url, alice);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()).toMatchObject({ email: alice.email, locale: 'de' });
    // Signed in now (her own language is German): the application's next request still shows French.
    const again = await authorizationUrl({ ui_locales: 'fr', prompt: 'login' });
    const { url: page, response } = await browser.navigate(again.url);
    expect(page.searchParams.get('ui_locales')).toBe('fr');
    expect(page.searchParams.get('prompt')).toBe('login');
    expect(htmlLangOf(response!.body)).toEqual(['fr', 'ltr']);
    await server.ctx.db.kysely.updateTable('users').set({ locale: null }).where('id', '=', aliceId).execute();
  });

  it("sets the person's language on /account: it wins over the switcher and Accept-Language, and is the locale claim", async () => {
    const person = await signedIn(server, 'acme', alice.email);
    const refused = await person.put('/api/account/language', { form: { locale: 'en-XA' } });
    expect(refused.status).toBe(400);
    expect((await person.put('/api/account/language', { form: { locale: 'xx' } })).status).toBe(400);
    const saved = await person.put('/api/account/language', { form: { locale: 'de' }, headers: { 'accept-language': 'fr' } });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ locale: 'de', message: 'Sprache gespeichert' });
    // A page and an error answer in her language, whatever the browser says.
    const page = await person.get('/account', { headers: { accept: 'text/html', 'accept-language': 'fr', cookie: 'gatehouse_lang=fr' } });
    expect(htmlLangOf(page.text)).toEqual(['de', 'ltr']);
    // An end user may not list the users: the refusal in her language.
    const wrong = await person.get('/api/users', { headers: { 'accept-language': 'fr' } });
    expect(wrong.status).toBe(403);
    const refusal = wrong.json<{ code: ErrorCode; message: string }>();
    expect(refusal.message).toBe(withLocale('de', () => ERRORS[refusal.code].message));
    expect(refusal.message).not.toBe(withLocale('fr', () => ERRORS[refusal.code].message));

    const { url, verifier, state } = await authorizationUrl();
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, alice);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()!.locale).toBe('de');
    expect((await client.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub)).locale).toBe('de');

    // Blank: none of her own again; the browser decides, and the claim is gone.
    expect((await person.put('/api/account/language', { form: { locale: '' } })).json()).toMatchObject({ locale: null });
    expect(htmlLangOf((await person.get('/account', { headers: { accept: 'text/html', 'accept-language': 'fr' } })).text)).toEqual([
      'fr',
      'ltr',
    ]);
  });

  it("writes a person's emails in their language, set through the management API, whatever the sender's language", async () => {
    const invited = await admin.post('/api/users', {
      form: { firstName: 'Bert', email: 'bert@acme.test', role: 'EndUser', locale: 'fr' },
      headers: { 'accept-language': 'de' },
    });
    expect(invited.status).toBe(201);
    expect(invited.json()).toMatchObject({ locale: 'fr' });
    expect((await latestMailTo(server, 'bert@acme.test')).subject).toBe('Vous êtes invité à rejoindre acme');

    // Without a language of their own, the inviter's request decides.
    await admin.post('/api/users', {
      form: { firstName: 'Cleo', email: 'cleo@acme.test', role: 'EndUser' },
      headers: { 'accept-language': 'de' },
    });
    expect((await latestMailTo(server, 'cleo@acme.test')).subject).toBe('Sie wurden zu acme eingeladen');

    const updated = await admin.put(`/api/users/${aliceId}`, { form: { firstName: 'Alice', locale: 'de' } });
    expect(updated.status).toBe(200);
    expect((await admin.get(`/api/users/${aliceId}`)).json()).toMatchObject({ locale: 'de', firstName: 'Alice' });
    // A form without the field leaves it as it was.
    await admin.put(`/api/users/${aliceId}`, { form: { firstName: 'Alice' } });
    expect((await admin.get(`/api/users/${aliceId}`)).json()).toMatchObject({ locale: 'de' });
    expect((await admin.post(`/api/users/${aliceId}/resetpassword`, { headers: { 'accept-language': 'fr' } })).status).toBe(200);
    expect((await latestMailTo(server, alice.email)).subject).toBe('Wählen Sie ein neues Passwort für acme');
    // A message asked for by someone not signed in (account recovery) is in her language too.
    expect(
      (await server.client('acme').post('/api/accountrecovery', { form: { email: alice.email }, headers: { 'accept-language': 'fr' } }))
        .status,
    ).toBe(204);
    expect((await latestMailTo(server, alice.email)).subject).toBe('Ihr Wiederherstellungscode für acme');
    await admin.put(`/api/users/${aliceId}`, { form: { firstName: 'Alice', locale: '' } });
  });

  it('reads SCIM preferredLanguage (or locale) as the closest language offered, and answers it', async () => {
    const scimApp = await createApplication(admin, { name: 'Directory' });
    const enabled = await admin.put(`/api/clients/${scimApp.id}`, {
      form: {
        name: 'Directory',
        clientType: 'confidential',
        redirectURIs: ['https://dir.example.com/callback'],
        idTokenSignedResponseAlg: 'RS256',
        scimEnabled: true,
      },
    });
    expect(enabled.status).toBe(200);
    const token = (await admin.post(`/api/clients/${scimApp.id}/scimtoken`)).json<{ token: string }>().token;
    const scim = (method: string, path: string, body?: unknown) =>
      server.client('acme').request(method, `/scim/v2${path}`, {
        noOrigin: true,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const schema = 'urn:ietf:params:scim:schemas:core:2.0:User';
    const created = await scim('POST', '/Users', {
      schemas: [schema],
      userName: 'dora@acme.test',
      preferredLanguage: 'zu, fr-CA;q=0.8',
      active: true,
    });
    expect(created.status).toBe(201);
    const dora = created.json<{ id: string; preferredLanguage?: string; locale?: string }>();
    expect(dora).toMatchObject({ preferredLanguage: 'fr', locale: 'fr' });
    const replaced = await scim('PUT', `/Users/${dora.id}`, { schemas: [schema], userName: 'dora@acme.test', locale: 'de-AT' });
    expect(replaced.json()).toMatchObject({ preferredLanguage: 'de' });
    const unknown = await scim('PUT', `/Users/${dora.id}`, { schemas: [schema], userName: 'dora@acme.test', preferredLanguage: 'sw' });
    expect(unknown.status).toBe(200);
    expect(unknown.json()).not.toHaveProperty('preferredLanguage');
  });

  it("offers only the organisation's languages, and its default when nothing matches", async () => {
    const saved = await saveSettings(admin, { defaultLanguage: 'de', offeredLanguages: ['en'] });
    expect(saved.status).toBe(200);
    // The default is always offered.
    expect(saved.json()).toMatchObject({ defaultLanguage: 'de', offeredLanguages: ['en', 'de'] });
    const visitor = server.client('acme');
    const langFor = async (headers: Record<string, string>) =>
      htmlLangOf((await visitor.get('/', { headers: { accept: 'text/html', ...headers } })).text);
    expect(await langFor({ 'accept-language': 'fr' })).toEqual(['de', 'ltr']);
    expect(await langFor({ 'accept-language': 'fr, en;q=0.5' })).toEqual(['en-GB', 'ltr']);
    expect(await langFor({ cookie: 'gatehouse_lang=fr' })).toEqual(['de', 'ltr']);
    expect((await visitor.get('/api/organisation')).json()).toMatchObject({ defaultLanguage: 'de', offeredLanguages: ['en', 'de'] });
    const refused = await saveSettings(admin, { defaultLanguage: 'en-XA' });
    expect(refused.status).toBe(400);
    expect((await saveSettings(admin, { defaultLanguage: 'en', offeredLanguages: [...SUPPORTED_LOCALES] })).status).toBe(200);
    // Every language offered is kept as none named: a language added to Gatehouse later is offered too.
    const row = await server.ctx.db.kysely
      .selectFrom('organisations')
      .select('offered_locales')
      .where('id', '=', acmeId)
      .executeTakeFirst();
    expect(row?.offered_locales).toBe('[]');
  });
});
