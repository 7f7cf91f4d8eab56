/**
 * samlify as a second service provider (beside node-saml in saml-apps.int.test.ts), on either database:
 * registered from its own metadata, it signs in SP-initiated by HTTP-Redirect and by HTTP-POST (its
 * requests signed, as the application requires) and signs out by a signed HTTP-POST LogoutRequest.
 * samlify checks every answer against the SAML 2.0 protocol schema with xmllint compiled to
 * WebAssembly (@authenio/samlify-xmllint-wasm: no Java, no native addon), then its signature.
 */
import * as samlifyValidator from '@authenio/samlify-xmllint-wasm';
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { issuerOf, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { testKeyPair } from '../testing/saml-idp.ts';
import { postedForm } from '../testing/saml-sp.ts';

samlify.setSchemaValidator(samlifyValidator);

const SP_ENTITY = 'https://samlify-sp.example.test/metadata';
const ACS = 'https://samlify-sp.example.test/acs';
const SP_SLO = 'https://samlify-sp.example.test/slo';
const { binding } = samlify.Constants.namespace;

/** What samlify's createLoginRequest and createLogoutRequest answer for the HTTP-POST binding. */
type PostBinding = { id: string; context: string; entityEndpoint: string };

describe.each(testDialects())('samlify as a service provider on %s', (dialect) => {
  let server: TestServer;
  let acme: string;
  let sp: ReturnType<typeof samlify.ServiceProvider>;
  let idp: ReturnType<typeof samlify.IdentityProvider>;

  interface Extract {
    nameID?: string;
    sessionIndex?: { sessionIndex?: string };
    attributes?: Record<string, string>;
  }
  const login = async (form: ReturnType<typeof postedForm>) =>
    (await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: form.SAMLResponse!, RelayState: form.RelayState } }))
      .extract as Extract;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    acme = issuerOf(server, 'acme');
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const [privateKey, signingCert] = await testKeyPair('CN=samlify SP');
    sp = samlify.ServiceProvider({
      entityID: SP_ENTITY,
      authnRequestsSigned: true,
      wantAssertionsSigned: true,
      wantLogoutResponseSigned: true,
      privateKey,
      signingCert,
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
      assertionConsumerService: [{ Binding: binding.post, Location: ACS }],
      singleLogoutService: [{ Binding: binding.post, Location: SP_SLO }],
    });
    const created = await admin.post('/api/samlapps', {
      json: {
        name: 'samlify SP',
        metadataXML: sp.getMetadata(),
        settings: { signingCertificate: signingCert, requireSignedRequests: true, attributes: { email: 'email' } },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json()).toMatchObject({ entityID: SP_ENTITY, singleLogoutURL: SP_SLO, requireSignedRequests: true });
    // One metadata serves every application of the organisation, so it says WantAuthnRequestsSigned="false";
    // samlify refuses to sign for an IdP that says so, and this application requires signed requests: its
    // operator tells samlify so (docs/saml-applications.md).
    const metadata = (await server.client('acme').get(SAML_IDP_PATHS.metadata)).text;
    expect(metadata).toContain('WantAuthnRequestsSigned="false"');
    // Gatehouse requires a LogoutRequest signed when the application has a certificate, as this one has.
    idp = samlify.IdentityProvider({
      metadata: metadata.replace('WantAuthnRequestsSigned="false"', 'WantAuthnRequestsSigned="true"'),
      wantLogoutRequestSigned: true,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs in SP-initiated by a signed HTTP-Redirect request: samlify validates the answer against the schema and its signature', async () => {
    const { context } = sp.createLoginRequest(idp, 'redirect', { relayState: 'samlify-1' });
    const browser = new TestBrowser(server.port);
    await signInThroughSpa(browser, new URL(context), { email: 'admin@acme.test', password: DEFAULT_PASSWORD });
    const form = postedForm(browser.lastResponse!.body);
    expect(form.action).toBe(ACS);
    expect(form.RelayState).toBe('samlify-1');
    const extract = await login(form);
    expect(extract.nameID).toBe('admin@acme.test');
    expect(extract.attributes?.email).toBe('admin@acme.test');
  });

  it('signs in by a signed HTTP-POST request and signs out by a signed HTTP-POST LogoutRequest: the session ends', async () => {
    const request = sp.createLoginRequest(idp, 'post', { relayState: 'samlify-2' }) as PostBinding;
    expect(request.entityEndpoint).toBe(`${acme}${SAML_IDP_PATHS.sso}`);
    const browser = new TestBrowser(server.port);
    const posted = await browser.request('POST', request.entityEndpoint, {
      form: { SAMLRequest: request.context, RelayState: 'samlify-2' },
      headers: { origin: 'https://samlify-sp.example.test' },
    });
    expect(posted.status, posted.body).toBe(303);
    await signInThroughSpa(browser, new URL(String(posted.headers.location), acme), {
      email: 'admin@acme.test',
      password: DEFAULT_PASSWORD,
    });
    const extract = await login(postedForm(browser.lastResponse!.body));
    expect(extract.nameID).toBe('admin@acme.test');
    expect((await browser.request('GET', `${acme}/api/account`)).status).toBe(200);

    const logout = sp.createLogoutRequest(idp, 'post', {
      logoutNameID: extract.nameID,
      sessionIndex: extract.sessionIndex?.sessionIndex,
    }) as PostBinding;
    expect(logout.entityEndpoint).toBe(`${acme}${SAML_IDP_PATHS.slo}`);
    // A cross-site POST: no session cookie comes with it; the NameID and SessionIndex name the session.
    const answered = await new TestBrowser(server.port).request('POST', logout.entityEndpoint, {
      form: { SAMLRequest: logout.context },
      headers: { origin: 'https://samlify-sp.example.test' },
    });
    expect(answered.status, answered.body).toBe(200);
    const form = postedForm(answered.body);
    expect(form.action).toBe(SP_SLO);
    const parsed = await sp.parseLogoutResponse(idp, 'post', { body: { SAMLResponse: form.SAMLResponse! } });
    expect(parsed.extract).toMatchObject({ response: { inResponseTo: logout.id } });
    expect((await browser.request('GET', `${acme}/api/account`)).status).toBe(401);
  });
});
