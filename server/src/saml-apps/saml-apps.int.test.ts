/**
 * SAML applications through real parts on either database: @node-saml/node-saml is the service
 * provider. It is registered from its own metadata, sends AuthnRequests by HTTP-Redirect and HTTP-POST
 * (signed, where the application requires it), the browser signs in through the SPA's API, and
 * node-saml validates the signed Response Gatehouse posts to the registered ACS URL. Hostile requests
 * (an ACS URL not registered, a replayed ID, unsigned where signing is required, an entity declaration,
 * an oversized request) are refused with a page and an audit event, and nothing is posted.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';

import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import { type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoped } from '../db/scoped.ts';
import { createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { makeGif, makePng } from '../testing/images.ts';
import { enrolAuthenticator } from '../testing/mfa.ts';
import { multipartBody, type MultipartFile } from '../testing/multipart.ts';
import { issuerOf, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { testKeyPair } from '../testing/saml-idp.ts';
import { auditDetails, idpCertificate, newTestSp, nodeSamlSp, postedForm, registerTestSp, type TestSp } from '../testing/saml-sp.ts';

const SP_ORIGIN = 'https://sp.example.test';
/** The addresses newTestSp gives the SP under SP_ORIGIN, as the hostile requests below name them. */
const SP_ENTITY = `${SP_ORIGIN}/saml/metadata`;
const ACS = `${SP_ORIGIN}/saml/acs`;

describe.each(testDialects())('SAML applications on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  let acmeAdmin: TestClient;
  let appId: string;
  let spKey: string;
  let spCertPem: string;
  let idpCertPem: string;
  let acme: string;

  let testSp: TestSp;

  const sp = (options: Partial<SamlConfig> = {}) => nodeSamlSp({ origin: acme, certificate: idpCertPem }, testSp, options);

  const auditOf = (type: string) => auditDetails(server, acmeId, type);

  /** Signs in as `email` from an authorize URL; answers the form posted back to the SP (or nothing when none came). */
  async function signIn(start: URL, email = 'admin@acme.test', browser = new TestBrowser(server.port)) {
    const url = await signInThroughSpa(browser, start, { email, password: DEFAULT_PASSWORD });
    return { url, browser, form: postedForm(browser.lastResponse?.body ?? ''), status: browser.lastResponse?.status };
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    acme = issuerOf(server, 'acme');
    acmeAdmin = await signedIn(server, 'acme', 'admin@acme.test');
    testSp = await newTestSp(SP_ORIGIN);
    [spKey, spCertPem] = [testSp.key, testSp.certificate];
    appId = await registerTestSp(acmeAdmin, 'Test SP', testSp, {
      attributes: { email: 'email', givenName: 'firstName', surname: 'lastName', groups: 'groups' },
    });
    idpCertPem = await idpCertificate(server, 'acme');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads the SP metadata into the application and publishes the IdP metadata with the current and next certificates', async () => {
    const app = await acmeAdmin.get(`/api/samlapps/${appId}`);
    expect(app.status).toBe(200);
    expect(app.json()).toMatchObject({
      name: 'Test SP',
      entityID: SP_ENTITY,
      assertionConsumerServices: [{ url: ACS, binding: 'post', index: 1 }],
      nameIDFormat: 'email',
      identityProvider: { entityID: `${acme}${SAML_IDP_PATHS.metadata}`, ssoURL: `${acme}${SAML_IDP_PATHS.sso}` },
    });
    const metadata = await server.client('acme').get(SAML_IDP_PATHS.metadata);
    expect(metadata.status).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.text).toContain(`entityID="${acme}${SAML_IDP_PATHS.metadata}"`);
    // The signing key's certificate and the next key's, published before it signs.
    expect(metadata.text.match(/<ds:X509Certificate>/g)).toHaveLength(2);
    // The same document every time (certificates made the same from their keys).
    expect((await server.client('acme').get(SAML_IDP_PATHS.metadata)).text).toBe(metadata.text);
    // Not an OpenID application: the OpenID endpoints do not know it.
    expect((await acmeAdmin.get(`/api/clients/${appId}`)).status).toBe(404);
    expect((await acmeAdmin.get('/api/clients')).json<{ id: string }[]>().map((c) => c.id)).not.toContain(appId);
    // Another organisation's host knows nothing of it.
    const globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    expect((await globexAdmin.get(`/api/samlapps/${appId}`)).status).toBe(404);
  });

  it('signs in SP-initiated by HTTP-Redirect: node-saml accepts the signed assertion with RelayState and attributes', async () => {
    for (const name of ['Wiki admins', 'Auditors']) {
      const group = (await acmeAdmin.post('/api/groups', { form: { name } })).json<{ id: string }>();
      await acmeAdmin.post(`/api/groups/${group.id}/members`, { form: { email: 'admin@acme.test' } });
    }
    const saml = sp();
    const start = new URL(await saml.getAuthorizeUrlAsync('relay-1', undefined, {}));
    const { form } = await signIn(start);
    expect(form.action).toBe(ACS);
    expect(form.RelayState).toBe('relay-1');
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    expect(profile?.nameID).toBe('admin@acme.test');
    expect(profile?.issuer).toBe(`${acme}${SAML_IDP_PATHS.metadata}`);
    expect(profile?.email).toBe('admin@acme.test');
    // The groups attribute: one value per group.
    expect(profile?.groups).toEqual(['Auditors', 'Wiki admins']);
    expect((await auditOf('saml.assertion_issued')).at(-1)).toMatchObject({
      application: 'Test SP',
      secondFactor: false,
      initiatedBy: 'sp',
    });
  });

  it('signs in SP-initiated by HTTP-POST, and a browser already signed in gets its answer without a page', async () => {
    const saml = sp({ authnRequestBinding: 'HTTP-POST' });
    const html = await saml.getAuthorizeFormAsync('relay-2');
    const samlRequest = /name="SAMLRequest" value="([^"]+)"/.exec(html)![1]!;
    const browser = new TestBrowser(server.port);
    const posted = await browser.request('POST', `${acme}${SAML_IDP_PATHS.sso}`, {
      form: { SAMLRequest: samlRequest, RelayState: 'relay-2' },
      headers: { origin: 'https://sp.example.test' },
    });
    expect(posted.status, posted.body).toBe(303);
    const { form } = await signIn(new URL(String(posted.headers.location), acme), 'admin@acme.test', browser);
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    expect(profile?.nameID).toBe('admin@acme.test');
    expect(form.RelayState).toBe('relay-2');

    // Single sign-on: the same browser's next request is answered at once.
    const again = await browser.navigate(new URL(await saml.getAuthorizeUrlAsync('relay-3', undefined, {})));
    const second = postedForm(again.response!.body);
    expect(second.RelayState).toBe('relay-3');
    expect((await saml.validatePostResponseAsync({ SAMLResponse: second.SAMLResponse! })).profile?.nameID).toBe('admin@acme.test');
  });

  it('answers IsPassive with NoPassive for a signed-out browser, and ForceAuthn sends a signed-in one to sign in again', async () => {
    const saml = sp({ passive: true });
    const browser = new TestBrowser(server.port);
    const passive = await browser.navigate(new URL(await saml.getAuthorizeUrlAsync('', undefined, {})));
    const form = postedForm(passive.response!.body);
    expect(form.action).toBe(ACS);
    // node-saml reads a NoPassive answer as 'nobody signed in' (no profile, no error).
    expect(Buffer.from(form.SAMLResponse!, 'base64').toString('utf8')).toContain('urn:oasis:names:tc:SAML:2.0:status:NoPassive');
    expect(await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).toMatchObject({ profile: null });

    const { browser: signedInBrowser } = await signIn(new URL(await sp().getAuthorizeUrlAsync('', undefined, {})));
    const forced = await signedInBrowser.navigate(new URL(await sp({ forceAuthn: true }).getAuthorizeUrlAsync('', undefined, {})));
    expect(forced.url.pathname).toBe('/');
    expect(forced.url.searchParams.get('prompt')).toBe('login');
  });

  it('refuses an End user without access to the application with RequestDenied, and signs them in once given access', async () => {
    const user = await createUser(server, acmeId, { email: 'end@acme.test' });
    const saml = sp();
    const denied = await signIn(new URL(await saml.getAuthorizeUrlAsync('', undefined, {})), user.email);
    await expect(saml.validatePostResponseAsync({ SAMLResponse: denied.form.SAMLResponse! })).rejects.toThrow(/RequestDenied/);
    expect((await auditOf('saml.refused')).at(-1)).toMatchObject({ status: 'RequestDenied', application: 'Test SP' });
    await grantAccess(server, acmeId, user.id, [appId]);
    const allowed = await signIn(new URL(await saml.getAuthorizeUrlAsync('', undefined, {})), user.email);
    expect((await saml.validatePostResponseAsync({ SAMLResponse: allowed.form.SAMLResponse! })).profile?.nameID).toBe(user.email);
  });

  it('signs in IdP-initiated from the tile: the dashboard links it, the Response has no InResponseTo', async () => {
    const browser = new TestBrowser(server.port);
    const tile = `${SAML_IDP_PATHS.start}/${appId}`;
    const { form } = await signIn(new URL(tile, acme), 'admin@acme.test', browser);
    expect(form.action).toBe(ACS);
    const xml = Buffer.from(form.SAMLResponse!, 'base64').toString('utf8');
    expect(xml).not.toContain('InResponseTo');
    // An SP that accepts unsolicited answers signs the person in.
    const unsolicited = sp({ validateInResponseTo: ValidateInResponseTo.never });
    expect((await unsolicited.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).profile?.nameID).toBe('admin@acme.test');
    const account = await browser.request('GET', `${acme}/api/account`);
    const clients = (JSON.parse(account.body) as { clients: { id: string; landingURL: string }[] }).clients;
    expect(clients.find((c) => c.id === appId)?.landingURL).toBe(tile);
  });

  it("takes a logo checked by its content, shows it on the person's tile, and removes it with the application's", async () => {
    const upload = async (file?: MultipartFile) =>
      acmeAdmin.put(`/api/samlapps/${appId}/logo`, await multipartBody({}, file ? [file] : []));
    const png = { name: 'logo', filename: 'logo.png', type: 'image/png', data: makePng(8, 8) };
    const saved = await upload(png);
    expect(saved.status, saved.text).toBe(200);
    const logoID = saved.json<{ logoID: string }>().logoID;
    expect(logoID).toEqual(expect.any(String));
    const served = await server.client('acme').get(`/api/organisation/assets/clientlogo?id=${logoID}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The person's dashboard tile (their account's applications) carries it; the list and the page too.
    const account = (await acmeAdmin.get('/api/account')).json<{ clients: { id: string; logoID: string | null }[] }>();
    expect(account.clients.find((c) => c.id === appId)?.logoID).toBe(logoID);
    expect((await acmeAdmin.get('/api/samlapps')).json<{ id: string; logoID: string }[]>().find((a) => a.id === appId)?.logoID).toBe(
      logoID,
    );
    expect((await auditOf('application.updated')).at(-1)).toMatchObject({ logoId: { to: logoID } });

    // Not an image by its content, or no file at all: refused at the field, the logo kept.
    const svg = await upload({
      ...png,
      filename: 'logo.gif',
      type: 'image/gif',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(svg.status).toBe(400);
    expect(svg.json()).toMatchObject({ validation: { errors: { logo: {} } } });
    expect((await upload()).json()).toMatchObject({ validation: { errors: { logo: { message: 'This field is required' } } } });
    expect((await acmeAdmin.get(`/api/samlapps/${appId}`)).json()).toMatchObject({ logoID });
    // Another organisation's admin cannot set it, nor see it.
    const globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    expect((await globexAdmin.put(`/api/samlapps/${appId}/logo`, await multipartBody({}, [png]))).status).toBe(404);
    expect((await server.client('globex').get(`/api/organisation/assets/clientlogo?id=${logoID}`)).status).toBe(404);

    // Replaced: the old image is gone; removed: the tile shows the initial again.
    const replaced = (await upload({ ...png, filename: 'logo.gif', type: 'image/gif', data: makeGif() })).json<{ logoID: string }>().logoID;
    expect(replaced).not.toBe(logoID);
    expect((await server.client('acme').get(`/api/organisation/assets/clientlogo?id=${logoID}`)).status).toBe(404);
    const removed = await acmeAdmin.delete(`/api/samlapps/${appId}/logo`);
    expect(removed.status).toBe(200);
    expect(removed.json()).toMatchObject({ logoID: null });
    expect((await server.client('acme').get(`/api/organisation/assets/clientlogo?id=${replaced}`)).status).toBe(404);

    // Deleting an application deletes its logo.
    const other = await newTestSp('https://logo-sp.example.test');
    const otherId = await registerTestSp(acmeAdmin, 'Logo SP', other);
    const otherLogo = (await acmeAdmin.put(`/api/samlapps/${otherId}/logo`, await multipartBody({}, [png]))).json<{ logoID: string }>()
      .logoID;
    expect((await acmeAdmin.delete(`/api/samlapps/${otherId}`)).status).toBe(204);
    expect((await server.client('acme').get(`/api/organisation/assets/clientlogo?id=${otherLogo}`)).status).toBe(404);
  });

  it('encrypts the assertion to the SP certificate when asked, and signs the Response too: node-saml decrypts and accepts it', async () => {
    const app = (await acmeAdmin.get(`/api/samlapps/${appId}`)).json<Record<string, unknown>>();
    const { id: _id, identityProvider: _idp, createdAt: _c, updatedAt: _u, ...settings } = app;
    const saved = await acmeAdmin.put(`/api/samlapps/${appId}`, {
      json: { ...settings, encryptAssertions: true, encryptionCertificate: spCertPem, signing: 'both' },
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      const saml = sp({ decryptionPvk: spKey, wantAuthnResponseSigned: true });
      const { form } = await signIn(new URL(await saml.getAuthorizeUrlAsync('', undefined, {})));
      const xml = Buffer.from(form.SAMLResponse!, 'base64').toString('utf8');
      expect(xml).toContain('EncryptedAssertion');
      expect(xml).not.toContain('admin@acme.test');
      expect((await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).profile?.nameID).toBe('admin@acme.test');
    } finally {
      await acmeAdmin.put(`/api/samlapps/${appId}`, { json: settings });
    }
  });

  it('gives a persistent NameID that stays the same for the person and is not their email', async () => {
    const app = (await acmeAdmin.get(`/api/samlapps/${appId}`)).json<Record<string, unknown>>();
    const { id: _id, identityProvider: _idp, createdAt: _c, updatedAt: _u, ...settings } = app;
    expect((await acmeAdmin.put(`/api/samlapps/${appId}`, { json: { ...settings, nameIDFormat: 'persistent' } })).status).toBe(200);
    try {
      const saml = sp({ identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' });
      const ids = [];
      for (let i = 0; i < 2; i++) {
        const { form } = await signIn(new URL(await saml.getAuthorizeUrlAsync('', undefined, {})));
        const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
        expect(profile?.nameIDFormat).toBe('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent');
        ids.push(profile?.nameID);
      }
      expect(ids[0]).toBe(ids[1]);
      expect(ids[0]).not.toContain('@');
    } finally {
      await acmeAdmin.put(`/api/samlapps/${appId}`, { json: settings });
    }
  });

  it('binds the continue address to the browser that started the sign-in: another cookie jar gets the expired page', async () => {
    const saml = sp();
    const started = new TestBrowser(server.port);
    const redirect = await started.request('GET', await saml.getAuthorizeUrlAsync('bound', undefined, {}));
    expect(redirect.status).toBe(303);
    expect(redirect.headers['set-cookie']?.join(';')).toMatch(/gatehouse_saml=[^;]+;.*HttpOnly/i);
    const continueUrl = new URL(String(redirect.headers.location), acme);
    // The same address in a second browser (a leaked link, a referrer): no flow, nothing posted.
    const other = new TestBrowser(server.port);
    const stolen = await other.navigate(continueUrl);
    expect(stolen.response?.status).toBe(400);
    expect(stolen.response?.body).toContain('This sign-in has expired');
    const { form } = await signIn(continueUrl, 'admin@acme.test', started);
    expect((await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).profile?.nameID).toBe('admin@acme.test');
  });

  it('steps up to a requested multi-factor context: through the code step, asserting the class asked for; NoAuthnContext without a factor', async () => {
    const MOBILE_TWO_FACTOR = 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract';
    const user = await createUser(server, acmeId, { email: 'twostep@acme.test' });
    await grantAccess(server, acmeId, user.id, [appId]);
    const authenticator = await enrolAuthenticator(server, await signedIn(server, 'acme', user.email));
    const mfaSp = sp({ authnContext: [MOBILE_TWO_FACTOR], racComparison: 'exact' });
    const contextOf = (b64: string) => /AuthnContextClassRef>([^<]+)</.exec(Buffer.from(b64, 'base64').toString('utf8'))?.[1];

    const browser = new TestBrowser(server.port);
    const start = new URL(await mfaSp.getAuthorizeUrlAsync('', undefined, {}));
    // The enrolment took this step's code: the next one (within the drift allowed).
    await signInThroughSpa(browser, start, { email: user.email, password: DEFAULT_PASSWORD, code: () => authenticator.code(1) });
    const first = postedForm(browser.lastResponse!.body);
    expect(contextOf(first.SAMLResponse!)).toBe(MOBILE_TWO_FACTOR);
    expect((await mfaSp.validatePostResponseAsync({ SAMLResponse: first.SAMLResponse! })).profile?.nameID).toBe(user.email);
    expect((await auditOf('saml.assertion_issued')).at(-1)).toMatchObject({ secondFactor: true, authnContext: MOBILE_TWO_FACTOR });

    // A session with the password alone (as one made before the factor was): the code step again, then the class.
    await scoped(server.ctx.db.kysely, acmeId).updateTable('sessions').set({ amr: '["pwd"]' }).where('user_id', '=', user.id).execute();
    const again = await browser.navigate(new URL(await mfaSp.getAuthorizeUrlAsync('', undefined, {})));
    expect(again.url.pathname).toBe('/');
    const returnTo = again.url.searchParams.get('returnurl')!;
    const challenge = await browser.request('POST', new URL('/api/authenticate', acme), {
      form: { email: user.email, password: DEFAULT_PASSWORD, returnurl: returnTo },
    });
    expect(JSON.parse(challenge.body)).toMatchObject({ authType: 'code' });
    const { signInStateID } = JSON.parse(challenge.body) as { signInStateID: string };
    await browser.request('POST', new URL('/api/authenticate', acme), {
      form: { signInStateID, code: authenticator.recoveryCodes[0]!, returnurl: returnTo },
    });
    const stepped = postedForm((await browser.navigate(new URL(returnTo, acme))).response!.body);
    expect(contextOf(stepped.SAMLResponse!)).toBe(MOBILE_TWO_FACTOR);

    // A person without any factor cannot meet it.
    const none = await signIn(new URL(await mfaSp.getAuthorizeUrlAsync('', undefined, {})));
    const xml = Buffer.from(none.form.SAMLResponse!, 'base64').toString('utf8');
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:status:NoAuthnContext');
    expect(xml).not.toContain('Assertion');
  });

  it("keys persistent NameIDs by the organisation's sealed secret; an organisation from before keeps the NameIDs it gave", async () => {
    const app = (await acmeAdmin.get(`/api/samlapps/${appId}`)).json<Record<string, unknown>>();
    const { id: _id, identityProvider: _idp, createdAt: _c, updatedAt: _u, ...settings } = app;
    expect((await acmeAdmin.put(`/api/samlapps/${appId}`, { json: { ...settings, nameIDFormat: 'persistent' } })).status).toBe(200);
    const secrets = () => scoped(server.ctx.db.kysely, acmeId).selectFrom('saml_idp_secrets').select('name_id_secret_sealed');
    try {
      const saml = sp({ identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' });
      const nameIdNow = async () => {
        const { form } = await signIn(new URL(await saml.getAuthorizeUrlAsync('', undefined, {})));
        return (await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).profile?.nameID;
      };
      const adminId = (await acmeAdmin.get('/api/account')).json<{ id: string }>().id;
      // What NameIDs were made from until the organisation had its own secret.
      const legacyKey = Buffer.from(hkdfSync('sha256', server.ctx.config.keyEncryptionKey, acmeId, 'gatehouse saml persistent nameid', 32));
      const legacy = createHmac('sha256', legacyKey).update(`${appId}\n${adminId}`).digest('base64url');

      const fresh = await nameIdNow();
      const [row] = await secrets().execute();
      expect(row?.name_id_secret_sealed).toMatch(/^v1\./);
      expect(fresh).not.toBe(legacy);

      // As migration 0155 leaves an organisation that had SAML applications: its secret is derived once, sealed.
      await scoped(server.ctx.db.kysely, acmeId).updateTable('saml_idp_secrets').set({ name_id_secret_sealed: null }).execute();
      expect(await nameIdNow()).toBe(legacy);
      const [sealed] = await secrets().execute();
      expect(sealed?.name_id_secret_sealed).toMatch(/^v1\./);
      expect(sealed?.name_id_secret_sealed).not.toContain(legacy);
      expect(await nameIdNow()).toBe(legacy);
    } finally {
      await acmeAdmin.put(`/api/samlapps/${appId}`, { json: settings });
    }
  });

  describe('hostile requests', () => {
    const redirectRequest = (xml: string, extra = '') =>
      `${acme}${SAML_IDP_PATHS.sso}?SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}${extra}`;
    const authnRequest = (id: string, acsUrl = ACS, issuer = SP_ENTITY, issuedAt = new Date()) =>
      `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${issuedAt.toISOString()}" AssertionConsumerServiceURL="${acsUrl}"><saml:Issuer>${issuer}</saml:Issuer></samlp:AuthnRequest>`;

    async function refused(url: string, reason: string) {
      const res = await new TestBrowser(server.port).request('GET', url);
      expect(res.status, res.body).toBe(400);
      expect(res.body).not.toContain('SAMLResponse');
      expect((await auditOf('saml.refused')).at(-1)).toMatchObject({ reason });
    }

    it('refuses an ACS URL that is not registered', async () => {
      await refused(
        redirectRequest(authnRequest('_acs1', 'https://evil.example.test/acs')),
        'the assertion consumer service is not registered',
      );
    });

    it('refuses a replayed AuthnRequest ID, and a request older than its ID is remembered', async () => {
      const url = redirectRequest(authnRequest('_replay1'));
      expect((await new TestBrowser(server.port).request('GET', url)).status).toBe(303);
      await refused(url, 'the request ID was used before');
      const old = new Date(Date.now() - 11 * 60_000);
      await refused(redirectRequest(authnRequest('_old1', ACS, SP_ENTITY, old)), 'the request was issued too long ago or in the future');
    });

    it('refuses XML with an entity declaration, and an oversized request', async () => {
      const xml = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "x">]>${authnRequest('_dtd1')}`;
      await refused(redirectRequest(xml), 'the request declares a DTD or an entity');
      const big = authnRequest('_big1').replace('</samlp:AuthnRequest>', `<!--${'x'.repeat(200_000)}--></samlp:AuthnRequest>`);
      await refused(redirectRequest(big), 'the request cannot be decoded or is too large');
    });

    it('refuses an unknown entity ID, and an application of another organisation', async () => {
      await refused(redirectRequest(authnRequest('_unknown1', ACS, 'https://other.example.test')), 'no application has this entity ID');
      const res = await new TestBrowser(server.port).request('GET', redirectRequest(authnRequest('_globex1')).replace('acme.', 'globex.'));
      expect(res.status).toBe(400);
    });

    it('refuses an unsigned request where signing is required, and accepts one node-saml signed', async () => {
      const app = (await acmeAdmin.get(`/api/samlapps/${appId}`)).json<Record<string, unknown>>();
      const { id: _id, identityProvider: _idp, createdAt: _c, updatedAt: _u, ...settings } = app;
      const saved = await acmeAdmin.put(`/api/samlapps/${appId}`, { json: { ...settings, requireSignedRequests: true } });
      expect(saved.status, saved.text).toBe(200);
      try {
        await refused(redirectRequest(authnRequest('_unsigned1')), 'the request is not signed');
        const signedSp = sp({ privateKey: spKey, signatureAlgorithm: 'sha256' });
        const { form } = await signIn(new URL(await signedSp.getAuthorizeUrlAsync('signed', undefined, {})));
        expect((await signedSp.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).profile?.nameID).toBe('admin@acme.test');
        // Signed with another key: refused.
        const [otherKey] = await testKeyPair('CN=someone else');
        await refused(
          await sp({ privateKey: otherKey, signatureAlgorithm: 'sha256' }).getAuthorizeUrlAsync('', undefined, {}),
          'the request signature does not hold',
        );
      } finally {
        await acmeAdmin.put(`/api/samlapps/${appId}`, { json: { ...settings, requireSignedRequests: false } });
      }
    });
  });
});
