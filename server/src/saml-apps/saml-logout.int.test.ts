/**
 * Single logout through real parts on either database: @node-saml/node-saml is the service provider.
 * Its LogoutRequest by HTTP-Redirect (signed, as an application with a certificate must) ends the
 * Gatehouse session it names and gets a signed LogoutResponse node-saml accepts; an unsigned one is
 * refused and ends nothing. Signing out of Gatehouse sends the SAML application the session signed in
 * to a signed LogoutRequest (front-channel, to its registered SLO URL) that node-saml accepts, and its
 * LogoutResponse brings the browser back to the sign-in page. The IdP metadata names the SLO endpoints.
 */
import { SAML_BINDINGS, SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import { generateServiceProviderMetadata, type Profile, SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { issuerOf, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { testKeyPair } from '../testing/saml-idp.ts';
import { SAML_SCHEMA_FILES, xsdProblems } from '../testing/saml-schema.ts';
import { idpCertificateOf, postedForm } from '../testing/saml-sp.ts';

const XMLLINT = inject('xmllintPath');
const PROTOCOL_SCHEMA = SAML_SCHEMA_FILES.protocol;

const SP_ENTITY = 'https://logout-sp.example.test/saml/metadata';
const ACS = 'https://logout-sp.example.test/saml/acs';
const SP_SLO = 'https://logout-sp.example.test/saml/slo';

describe.each(testDialects())('SAML single logout on %s', (dialect) => {
  let server: TestServer;
  let acme: string;
  let acmeId: string;
  let spKey: string;
  let idpCertPem: string;

  const sp = (options: Partial<SamlConfig> = {}) =>
    new SAML({
      entryPoint: `${acme}${SAML_IDP_PATHS.sso}`,
      logoutUrl: `${acme}${SAML_IDP_PATHS.slo}`,
      logoutCallbackUrl: SP_SLO,
      issuer: SP_ENTITY,
      callbackUrl: ACS,
      audience: SP_ENTITY,
      idpCert: idpCertPem,
      privateKey: spKey,
      signatureAlgorithm: 'sha256',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.never,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      ...options,
    });

  async function auditOf(type: string) {
    const rows = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['details'])
      .where('organisation_id', '=', acmeId)
      .where('type', '=', type)
      .orderBy('id')
      .execute();
    return rows.map((r) => JSON.parse(r.details) as Record<string, unknown>);
  }

  /** A browser signed in to Gatehouse and, through it, to the SP: the SP's profile of the person. */
  async function signedInToSp(): Promise<{ browser: TestBrowser; profile: Profile }> {
    const browser = new TestBrowser(server.port);
    const start = new URL(await sp().getAuthorizeUrlAsync('', undefined, {}));
    await signInThroughSpa(browser, start, { email: 'admin@acme.test', password: DEFAULT_PASSWORD });
    const form = postedForm(browser.lastResponse!.body);
    const { profile } = await sp().validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    return { browser, profile: profile! };
  }

  const gatehouseSession = async (browser: TestBrowser) => (await browser.request('GET', `${acme}/api/account`)).status;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    acme = issuerOf(server, 'acme');
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    let spCertPem: string;
    [spKey, spCertPem] = await testKeyPair('CN=logout SP');
    const metadata = generateServiceProviderMetadata({
      issuer: SP_ENTITY,
      callbackUrl: ACS,
      logoutCallbackUrl: SP_SLO,
      publicCerts: spCertPem,
      wantAssertionsSigned: true,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    });
    const created = await admin.post('/api/samlapps', {
      json: { name: 'Logout SP', metadataXML: metadata, settings: { signingCertificate: spCertPem } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json()).toMatchObject({ singleLogoutURL: SP_SLO, signingCertificate: expect.any(String) });
    const idpMetadata = await server.client('acme').get(SAML_IDP_PATHS.metadata);
    idpCertPem = idpCertificateOf(idpMetadata.text);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('publishes the SLO endpoint for both bindings in the IdP metadata', async () => {
    const metadata = (await server.client('acme').get(SAML_IDP_PATHS.metadata)).text;
    for (const binding of Object.values(SAML_BINDINGS))
      expect(metadata).toContain(`<md:SingleLogoutService Binding="${binding}" Location="${acme}${SAML_IDP_PATHS.slo}"/>`);
  });

  it.skipIf(!XMLLINT)('publishes IdP metadata that validates against the SAML 2.0 metadata schema (xmllint)', async () => {
    const metadata = (await server.client('acme').get(SAML_IDP_PATHS.metadata)).text;
    expect(await xsdProblems(XMLLINT, metadata)).toEqual([]);
    // The check can fail: the same document with its elements out of the schema's order does not validate.
    const reordered = metadata
      .replace(/(<md:NameIDFormat>[^<]*<\/md:NameIDFormat>)/, '')
      .replace('</md:IDPSSODescriptor>', '<md:NameIDFormat>x</md:NameIDFormat></md:IDPSSODescriptor>');
    expect((await xsdProblems(XMLLINT, reordered)).join('\n')).toMatch(/NameIDFormat.*not expected/);
  });

  it("ends the Gatehouse session on the SP's signed LogoutRequest by HTTP-Redirect and answers a signed LogoutResponse", async () => {
    const { browser, profile } = await signedInToSp();
    expect(await gatehouseSession(browser)).toBe(200);
    const logout = await browser.navigate(new URL(await sp().getLogoutUrlAsync(profile, 'bye', {})));
    const form = postedForm(logout.response!.body);
    expect(form.action).toBe(SP_SLO);
    expect(form.RelayState).toBe('bye');
    const xml = Buffer.from(form.SAMLResponse!, 'base64').toString('utf8');
    expect(xml).toContain('<samlp:LogoutResponse');
    expect(xml).toContain('<ds:Signature');
    expect(await sp().validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).toMatchObject({ loggedOut: true });
    if (XMLLINT) expect(await xsdProblems(XMLLINT, xml, PROTOCOL_SCHEMA)).toEqual([]);
    expect(await gatehouseSession(browser)).toBe(401);
    expect((await auditOf('saml.logged_out')).at(-1)).toMatchObject({ application: 'Logout SP', initiatedBy: 'sp', sessionEnded: true });
  });

  it('refuses an unsigned LogoutRequest from an application that has a certificate, and a replayed one: the session stays', async () => {
    const { browser, profile } = await signedInToSp();
    const unsigned = await browser.navigate(new URL(await sp({ privateKey: undefined }).getLogoutUrlAsync(profile, '', {})));
    expect(unsigned.response?.status).toBe(400);
    expect((await auditOf('saml.refused')).at(-1)).toMatchObject({ reason: 'the request is not signed' });
    expect(await gatehouseSession(browser)).toBe(200);

    const signed = await sp().getLogoutUrlAsync(profile, '', {});
    expect((await new TestBrowser(server.port).navigate(new URL(signed))).response?.status).toBe(200);
    expect(await gatehouseSession(browser)).toBe(401);
    expect((await new TestBrowser(server.port).navigate(new URL(signed))).response?.status).toBe(400);
    expect((await auditOf('saml.refused')).at(-1)).toMatchObject({ reason: 'the request ID was used before' });
  });

  it('tells the SP when the person signs out of Gatehouse: a signed LogoutRequest to its SLO URL, its answer back to the sign-in page', async () => {
    const { browser, profile } = await signedInToSp();
    expect((await browser.request('POST', `${acme}/api/signout`)).status).toBe(204);
    expect(await gatehouseSession(browser)).toBe(401);

    const told = await browser.navigate(new URL(SAML_IDP_PATHS.logout, acme));
    const form = postedForm(told.response!.body);
    expect(form.action).toBe(SP_SLO);
    if (XMLLINT) expect(await xsdProblems(XMLLINT, Buffer.from(form.SAMLRequest!, 'base64').toString('utf8'), PROTOCOL_SCHEMA)).toEqual([]);
    const received = await sp().validatePostRequestAsync({ SAMLRequest: form.SAMLRequest! });
    expect(received.loggedOut).toBe(true);
    expect(received.profile).toMatchObject({ nameID: 'admin@acme.test', sessionIndex: profile.sessionIndex });
    expect((await auditOf('saml.logged_out')).at(-1)).toMatchObject({ application: 'Logout SP', initiatedBy: 'idp' });

    // The SP answers by HTTP-Redirect (signed); the browser goes on, and with nobody left to tell, to the sign-in page.
    const answer = await sp().getLogoutResponseUrlAsync(received.profile!, '', {}, true);
    const back = await browser.navigate(new URL(answer));
    expect(back.url.pathname).toBe('/');
    expect(back.url.origin).toBe(acme);
    // Nothing more to do for this browser: the logout address goes straight to the sign-in page.
    expect((await browser.navigate(new URL(SAML_IDP_PATHS.logout, acme))).url.pathname).toBe('/');
    // A LogoutResponse to no request of a sign-out is refused.
    expect((await new TestBrowser(server.port).navigate(new URL(answer))).response?.status).toBe(400);
  });
});
