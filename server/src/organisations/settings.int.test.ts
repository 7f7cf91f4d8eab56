import { randomUUID } from 'node:crypto';

import { COLOUR_VALUES, RECOMMENDED_SETTINGS, type Role, UPLOADS } from '@gatehouse/common/policy';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { type OrganisationAdminView, type OrganisationPreview } from '@gatehouse/common/schemas/organisation-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findUserByEmail, insertUser } from '../accounts/store.ts';
import { scoped } from '../db/scoped.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { makeGif, makeIco, makeJpeg, makePng } from '../testing/images.ts';
import { enrolAuthenticator } from '../testing/mfa.ts';
import { multipartBody, type MultipartFile } from '../testing/multipart.ts';
import { type SettingsForm as Form, settingsForm } from '../testing/organisations.ts';

const png = (name: string, data = makePng(4, 4)): MultipartFile => ({ name, filename: 'image.png', type: 'image/png', data });

describe.each(testDialects())('organisation settings on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let userAdmin: TestClient;
  let endUser: TestClient;
  let globexAdmin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    await addUser('acme', 'UserAdministrator', 'useradmin@acme.test');
    await addUser('acme', 'EndUser', 'user@acme.test');
    admin = await signIn('acme', 'admin@acme.test');
    // The tests below turn requireTwoStep on, which would send an admin without MFA to /twostep.
    await enrolAuthenticator(server, admin);
    userAdmin = await signIn('acme', 'useradmin@acme.test');
    endUser = await signIn('acme', 'user@acme.test');
    globexAdmin = await signIn('globex', 'admin@globex.test');
  });
  afterAll(() => server?.close());

  /** A user like the organisation's admin (signed up, verified, same password) but with another role. */
  async function addUser(org: string, role: Role, email: string) {
    const row = (await findOrganisationByName(server.ctx.db.kysely, org))!;
    const admin = (await findUserByEmail(scoped(server.ctx.db.kysely, row.id), `admin@${org}.test`))!;
    const { organisation_id: organisationId, ...fields } = admin;
    await insertUser(scoped(server.ctx.db.kysely, organisationId), { ...fields, id: randomUUID(), email, role });
  }

  async function signIn(org: string, email: string): Promise<TestClient> {
    const client = server.client(org);
    const res = await client.post('/api/authenticate', { form: { email, password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(200);
    return client;
  }

  async function settings(client = admin): Promise<OrganisationAdminView> {
    const res = await client.get('/api/organisation');
    expect(res.status).toBe(200);
    return res.json<OrganisationAdminView>();
  }

  async function save(changes: Form, client = admin) {
    return client.put('/api/organisation', { form: settingsForm(await settings(), changes) });
  }

  async function saveMultipart(changes: Form, files: MultipartFile[]) {
    const { body, headers } = await multipartBody(settingsForm(await settings(), changes), files);
    return admin.put('/api/organisation', { body, headers });
  }

  const errorsOf = (res: { json: <T>() => T }) =>
    res.json<{ validation: { errors: Record<string, { message: string }> } }>().validation.errors;

  it('answers public fields to everyone and every setting with its score to an Organisation Admin', async () => {
    for (const client of [server.client('acme'), userAdmin, endUser]) {
      const body = (await client.get('/api/organisation')).json<Record<string, unknown>>();
      expect(body.displayName).toBe('acme');
      for (const hidden of ['passwordMinLength', 'userEmailWhitelist', 'failedSignInsBeforeLockout', 'redirectUrl', 'settingsScore']) {
        expect(body).not.toHaveProperty(hidden);
      }
    }
    const res = await admin.get('/api/organisation');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      displayName: 'acme',
      passwordMinLength: 10,
      usePasswordList: true,
      passwordVisibility: true,
      userEmailWhitelist: ['/.*/'],
      invitationExpiryHours: 168,
      failedSignInsBeforeCooldown: 5,
      cooldownDurationMinutes: 30,
      failedSignInsBeforeLockout: 10,
      inactivityExpiryDays: 60,
      requireTwoStep: false,
      colour: 'Blue',
      settingsScore: 60,
    });
  });

  it('saves every setting, and the public fields, stylesheet and score change at once', async () => {
    const styleBefore = await server.client('acme').get('/api/organisation/style');
    const changes = {
      displayName: 'Acme Corporation',
      hideOrganisationName: true,
      colour: 'Plum',
      font: 'Serif',
      buttonStyle: 'Rounded',
      inputStyle: 'Grey',
      passwordMinLength: 14,
      passwordUpper: true,
      enforcePasswordHistory: true,
      passwordVisibility: false,
      preventSelfSignUp: true,
      invitationExpiryHours: 48,
      rememberMeDays: 0.5,
      requireTwoStep: true,
      allowEmailTwoStep: true,
      allowSMSTwoStep: false,
      enableRedirectUrl: true,
      redirectUrl: 'https://intranet.acme.test/home',
      dashboardRedirect: true,
      supportMessage: 'Call us or [write](mailto:help@acme.test)',
      customPrivacyPolicyURL: 'https://acme.test/privacy',
      customTermsConditionsURL: 'https://acme.test/terms',
      customHelpPageURL: 'https://acme.test/help',
    };
    const res = await save({ ...changes, userEmailWhitelist: ['Someone@Example.com', '/@acme\\.test$/'] });
    expect(res.status).toBe(200);
    const saved = await settings();
    // Addresses are stored lower-cased, patterns as written.
    expect(saved).toMatchObject({ ...changes, userEmailWhitelist: ['someone@example.com', '/@acme\\.test$/'] });
    expect(res.json()).toEqual(saved);

    // The public view and stylesheet of this process change at once, without waiting for the cache.
    const pub = (await server.client('acme').get('/api/organisation')).json<PublicOrganisation>();
    expect(pub).toMatchObject({
      displayName: 'Acme Corporation',
      colour: 'Plum',
      preventSelfSignUp: true,
      rememberMeDays: 0.5,
      passwordVisibility: false,
    });
    const style = await server.client('acme').get('/api/organisation/style');
    expect(style.text).toContain(`--colour-primary: ${COLOUR_VALUES.Plum.primary};`);
    expect(style.text).toContain('--button-radius: 999px;');
    expect(style.headers.etag).not.toBe(styleBefore.headers.etag);

    const strength = await admin.get('/api/organisation/settingsstrength');
    expect(strength.json()).toEqual({ settingsScore: saved.settingsScore });
    expect(saved.settingsScore).toBeGreaterThan(60);
  });

  it("sets the recommended values of 'Reset to recommended', leaving sign-up, appearance and content alone", async () => {
    const before = await settings();
    const res = await save({ ...RECOMMENDED_SETTINGS });
    expect(res.status).toBe(200);
    const after = await settings();
    expect(after).toMatchObject(RECOMMENDED_SETTINGS);
    expect(after.settingsScore).toBe(90);
    for (const kept of ['preventSelfSignUp', 'userEmailWhitelist', 'redirectUrl', 'colour', 'displayName', 'supportMessage'] as const) {
      expect(after[kept]).toEqual(before[kept]);
    }
  });

  it('refuses User Admins and End Users (403) and signed-out callers (401), changing nothing', async () => {
    const before = await settings();
    for (const [client, status] of [
      [userAdmin, 403],
      [endUser, 403],
      [server.client('acme'), 401],
    ] as const) {
      expect((await client.put('/api/organisation', { form: settingsForm(before, { colour: 'Red' }) })).status).toBe(status);
      expect((await client.post('/api/organisation/preview', { form: settingsForm(before) })).status).toBe(status);
      expect((await client.get('/api/organisation/settingsstrength')).status).toBe(status);
    }
    expect(await settings()).toEqual(before);
  });

  it("ignores another organisation's session and ids, and changes nothing there", async () => {
    const globexBefore = await settings(globexAdmin);
    const acmeBefore = await settings();
    const intruder = server.client('globex');
    intruder.cookies.set('gatehouse_session', admin.cookies.get('gatehouse_session')!);
    expect((await intruder.put('/api/organisation', { form: settingsForm(globexBefore, { colour: 'Red' }) })).status).toBe(401);
    expect((await intruder.get('/api/organisation/settingsstrength')).status).toBe(401);
    expect((await intruder.get('/api/organisation')).json()).not.toHaveProperty('passwordMinLength');

    // Extra fields a caller may not set are ignored.
    const res = await save({ name: 'globex', id: globexBefore.id, tier: 'free', isBase: 'true', hostname: 'evil.test' } as Form);
    expect(res.status).toBe(200);
    const acmeRow = (await findOrganisationByName(server.ctx.db.kysely, 'acme'))!;
    expect({ id: acmeRow.id, name: acmeRow.name, tier: acmeRow.tier, isBase: acmeRow.is_base }).toEqual({
      id: acmeBefore.id,
      name: 'acme',
      tier: 'starter',
      isBase: false,
    });

    // An image of acme is nothing on globex's host, and globex's is nothing on acme's.
    const uploaded = await saveMultipart({}, [png('logo')]);
    const acmeLogo = uploaded.json<OrganisationAdminView>().logoID!;
    const { body, headers } = await multipartBody(settingsForm(globexBefore), [png('logo')]);
    const globexLogo = (await globexAdmin.put('/api/organisation', { body, headers })).json<OrganisationAdminView>().logoID!;
    expect((await server.client('globex').get(`/api/organisation/assets/logo?id=${acmeLogo}`)).status).toBe(404);
    expect((await server.client('acme').get(`/api/organisation/assets/logo?id=${globexLogo}`)).status).toBe(404);
    expect((await server.client('acme').get(`/api/organisation/assets/logo?id=${acmeLogo}`)).status).toBe(200);
    expect(await settings(globexAdmin)).toMatchObject({ ...globexBefore, logoID: globexLogo, settingsScore: globexBefore.settingsScore });
  });

  it('validates every field on the server with the shared schema, changing nothing on a refusal', async () => {
    const before = await settings();
    const cases: [Form, string, string][] = [
      [{ passwordMinLength: '' }, 'passwordMinLength', 'This field is required'],
      [{ passwordMinLength: 7 }, 'passwordMinLength', 'Please enter a number of at least 8'],
      [{ invitationExpiryHours: 1.5 }, 'invitationExpiryHours', 'Please enter a whole number'],
      [{ inactivityExpiryDays: 4000 }, 'inactivityExpiryDays', 'Please enter a number no greater than 3650'],
      [{ rememberMeDays: 'soon' }, 'rememberMeDays', 'This field is required'],
      [{ colour: 'Hotpink' }, 'colour', 'Please choose one of the options'],
      [{ font: 'Comic Sans' }, 'font', 'Please choose one of the options'],
      [{ displayName: '  ' }, 'displayName', 'This field is required'],
      [{ customHelpPageURL: 'javascript:alert(1)' }, 'customHelpPageURL', 'Please enter a web address starting with https:// or http://'],
      [{ customPrivacyPolicyURL: 'https://user:secret@acme.test/' }, 'customPrivacyPolicyURL', 'Please enter a web address'],
      [{ redirectUrl: 'data:text/html,hi' }, 'redirectUrl', 'Please enter a web address'],
      [{ enableRedirectUrl: true, redirectUrl: '' }, 'redirectUrl', 'Please enter the URL to send users to'],
      [{ failedSignInsBeforeCooldown: 5, failedSignInsBeforeLockout: 5 }, 'failedSignInsBeforeLockout', 'Lockout must take more'],
      [{ userEmailWhitelist: ['not an address'] }, 'userEmailWhitelist', 'is neither an email address nor a pattern'],
      [{ userEmailWhitelist: ['/(unclosed/'] }, 'userEmailWhitelist', 'is not a valid pattern'],
      [{ userEmailWhitelist: ['/(a+)\\1/'] }, 'userEmailWhitelist', 'back-references or look-around'],
      [{ userEmailWhitelist: ['/(?=a)b/'] }, 'userEmailWhitelist', 'back-references or look-around'],
      // JavaScript compiles this, RE2 does not (repeat counts are capped at 1000): refused on the server.
      [{ userEmailWhitelist: ['/a{1001}/'] }, 'userEmailWhitelist', 'cannot be checked in safe, linear time'],
      [{ supportMessage: 'x'.repeat(2001) }, 'supportMessage', 'Please use 2000 characters or fewer'],
    ];
    for (const [changes, field, message] of cases) {
      const res = await save(changes);
      expect(res.status, JSON.stringify(changes)).toBe(400);
      expect(errorsOf(res)[field]?.message, JSON.stringify(changes)).toContain(message);
    }
    expect(await settings()).toEqual(before);
  });

  it('takes a logo, background, hero and tab icon checked by content, serves them as images only, and replaces or deletes them', async () => {
    const res = await saveMultipart({}, [
      png('logo'),
      { name: 'backgroundImage', filename: 'bg.jpg', type: 'image/jpeg', data: makeJpeg() },
      { name: 'hero', filename: 'hero.gif', type: 'image/gif', data: makeGif() },
      { name: 'favicon', filename: 'favicon.ico', type: 'image/x-icon', data: makeIco() },
    ]);
    expect(res.status).toBe(200);
    const view = res.json<OrganisationAdminView>();
    const anyone = server.client('acme');
    for (const [kind, id, type, data] of [
      ['logo', view.logoID, 'image/png', makePng(4, 4)],
      ['background', view.backgroundImageID, 'image/jpeg', makeJpeg()],
      ['hero', view.heroImageID, 'image/gif', makeGif()],
      ['favicon', view.favicon, 'image/x-icon', makeIco()],
    ] as const) {
      expect(id).toBeTruthy();
      const image = await anyone.get(`/api/organisation/assets/${kind}?id=${id}`);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(Number(image.headers['content-length'])).toBe(data.length);
      const latest = await anyone.get(`/api/organisation/assets/${kind}`);
      expect(latest.status).toBe(302);
      expect(latest.headers.location).toBe(`/api/organisation/assets/${kind}?id=${id}`);
    }
    // An id of another kind is not found under this kind.
    expect((await anyone.get(`/api/organisation/assets/logo?id=${view.heroImageID}`)).status).toBe(404);

    const replaced = (await saveMultipart({}, [png('logo', makePng(8, 8))])).json<OrganisationAdminView>();
    expect(replaced.logoID).not.toBe(view.logoID);
    expect(replaced.heroImageID).toBe(view.heroImageID);
    expect((await anyone.get(`/api/organisation/assets/logo?id=${view.logoID}`)).status).toBe(404);
    expect((await anyone.get(`/api/organisation/assets/logo?id=${replaced.logoID}`)).status).toBe(200);

    const deleted = (await save({ deleteLogo: true, deleteHero: true })).json<OrganisationAdminView>();
    expect(deleted).toMatchObject({ logoID: null, heroImageID: null, backgroundImageID: view.backgroundImageID, favicon: view.favicon });
    expect((await anyone.get(`/api/organisation/assets/logo?id=${replaced.logoID}`)).status).toBe(404);
    expect((await anyone.get(`/api/organisation/assets/hero?id=${view.heroImageID}`)).status).toBe(404);
    expect((await anyone.get('/api/organisation/assets/logo')).status).toBe(404);
  });

  it('refuses an upload of the wrong type, disguised or too large, storing nothing and changing nothing', async () => {
    const before = await settings();
    const assetsBefore = await countAssets();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [MultipartFile, string, string][] = [
      [{ name: 'logo', filename: 'logo.png', type: 'image/png', data: svg }, 'logo', 'must be a PNG, JPEG, GIF image'],
      [{ name: 'logo', filename: 'logo.ico', type: 'image/x-icon', data: makeIco() }, 'logo', 'must be a PNG, JPEG, GIF image'],
      [png('favicon'), 'favicon', 'must be an ICO image'],
      [
        { name: 'hero', filename: 'hero.png', type: 'image/png', data: Buffer.concat([makePng(), Buffer.from('<html>')]) },
        'hero',
        'must be',
      ],
      [png('logo', Buffer.concat([makePng(), Buffer.alloc(UPLOADS.logo.maxBytes)])), 'logo', 'The file is too large: the limit is 1024 KB'],
    ];
    for (const [file, field, message] of cases) {
      // A good image alongside: nothing of a refused form is stored.
      const res = await saveMultipart({ colour: 'Red' }, [file, png(field === 'logo' ? 'hero' : 'logo')]);
      expect(res.status, file.filename).toBe(400);
      expect(errorsOf(res)[field]?.message).toContain(message);
    }
    expect(await settings()).toEqual(before);
    expect(await countAssets()).toBe(assetsBefore);
  });

  it('previews unsaved settings with their style and score, images nulled, saving nothing', async () => {
    await saveMultipart({}, [png('logo')]);
    const before = await settings();
    const res = await admin.post('/api/organisation/preview', {
      form: settingsForm(before, {
        colour: 'Teal',
        buttonStyle: 'Rounded',
        displayName: 'Preview Co',
        requireTwoStep: false,
        passwordMinLength: 8,
      }),
    });
    expect(res.status).toBe(200);
    const preview = res.json<OrganisationPreview>();
    expect(preview.organisation).toMatchObject({
      colour: 'Teal',
      displayName: 'Preview Co',
      logoID: null,
      heroImageID: null,
      favicon: null,
    });
    expect(preview.style['--colour-primary']).toBe(COLOUR_VALUES.Teal.primary);
    expect(preview.style['--button-radius']).toBe('999px');
    expect(preview.settingsScore).toBeLessThan(before.settingsScore);
    expect(await settings()).toEqual(before);

    const invalid = await admin.post('/api/organisation/preview', { form: settingsForm(before, { passwordMinLength: 2 }) });
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid).passwordMinLength?.message).toBe('Please enter a number of at least 8');
  });

  it('refuses a settings change sent from another site', async () => {
    const res = await admin.put('/api/organisation', {
      form: settingsForm(await settings(), { colour: 'Red' }),
      headers: { origin: 'http://evil.test' },
    });
    expect(res.status).toBe(403);
    expect((await settings()).colour).not.toBe('Red');
  });

  async function countAssets(): Promise<number> {
    const row = await server.ctx.db.kysely
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
