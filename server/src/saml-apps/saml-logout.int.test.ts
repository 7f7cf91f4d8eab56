/**
 * Single logout through real parts on either database: @node-saml/node-saml plays the service
 * providers. An SP's LogoutRequest by HTTP-Redirect (signed, as an application with a certificate must)
 * ends the Gatehouse session it names; the session's other SAML applications get a signed LogoutRequest
 * each (front-channel) and its OpenID applications a logout token (back-channel), and then the SP gets a
 * signed LogoutResponse node-saml accepts (PartialLogout when one could not be told). An unsigned one is
 * refused and ends nothing. Signing out of Gatehouse answers where the browser goes to tell the
 * session's SAML applications; each gets a signed LogoutRequest that node-saml accepts, and the last
 * LogoutResponse brings the browser back to the sign-in page. The IdP metadata names the SLO endpoints.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';

import { SAML_BINDINGS, SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import { type Profile, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createApplication, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { SAML_SCHEMA_FILES, xsdProblems } from '../testing/saml-schema.ts';
import { auditDetails, idpCertificate, newTestSp, nodeSamlSp, postedForm, registerTestSp, type TestSp } from '../testing/saml-sp.ts';

const XMLLINT = inject('xmllintPath');
const PROTOCOL_SCHEMA = SAML_SCHEMA_FILES.protocol;
const CALLBACK = 'https://notes.example.test/callback';

/** An OpenID application's back-channel logout endpoint on loopback: keeps the logout tokens it is posted. */
async function startReceiver() {
  const tokens: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      tokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { tokens, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}') as Record<string, unknown>;
const xmlOf = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');

describe.each(testDialects())('SAML single logout on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acme: string;
  let acmeId: string;
  let idpCertPem: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let notes: { id: string; secret: string };
  /** The SP most tests sign out of, and another one of the same session. */
  let logoutSp: TestSp;
  let otherSp: TestSp;

  const sp = (of: TestSp = logoutSp, options: Partial<SamlConfig> = {}) =>
    nodeSamlSp({ origin: acme, certificate: idpCertPem }, of, {
      privateKey: of.key,
      signatureAlgorithm: 'sha256',
      validateInResponseTo: ValidateInResponseTo.never,
      ...options,
    });

  const auditOf = (type: string) => auditDetails(server, acmeId, type);

  /** A browser signed in to Gatehouse and, through it, to the SP: the SP's profile of the person. */
  async function signedInToSp(
    of: TestSp = logoutSp,
    browser = new TestBrowser(server.port),
  ): Promise<{ browser: TestBrowser; profile: Profile }> {
    const start = new URL(await sp(of).getAuthorizeUrlAsync('', undefined, {}));
    if (browser.cookieValue('gatehouse_session')) await browser.navigate(start);
    else await signInThroughSpa(browser, start, { email: 'admin@acme.test', password: DEFAULT_PASSWORD });
    const form = postedForm(browser.lastResponse!.body);
    expect(form.action).toBe(of.acs);
    const { profile } = await sp(of).validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    return { browser, profile: profile! };
  }

  /** Signs a new browser in to Gatehouse through Notes over OpenID Connect: the sid Notes was told. */
  async function signedInToNotes(browser: TestBrowser): Promise<string> {
    const rp = await relyingParty(server, 'acme', notes.id, notes.secret);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await signInThroughSpa(browser, url, { email: 'admin@acme.test', password: DEFAULT_PASSWORD });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, idTokenExpected: true });
    return tokens.claims()!.sid as string;
  }

  const gatehouseSession = async (browser: TestBrowser) => (await browser.request('GET', `${acme}/api/account`)).status;

  beforeAll(async () => {
    server = await startTestServer(dialect, { config: { webhooksAllowPrivate: true } });
    acmeId = (await server.createOrganisation('acme')).id;
    acme = issuerOf(server, 'acme');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    receiver = await startReceiver();
    notes = await createApplication(admin, {
      name: 'Notes',
      redirectURIs: [CALLBACK],
      backchannelLogoutURI: `http://127.0.0.1:${receiver.port}/logout`,
    });
    logoutSp = await newTestSp('https://logout-sp.example.test', { slo: true });
    otherSp = await newTestSp('https://other-sp.example.test', { slo: true });
    const logoutSpId = await registerTestSp(admin, 'Logout SP', logoutSp);
    await registerTestSp(admin, 'Other SP', otherSp);
    expect((await admin.get(`/api/samlapps/${logoutSpId}`)).json()).toMatchObject({
      singleLogoutURL: logoutSp.slo,
      signingCertificate: expect.any(String),
    });
    idpCertPem = await idpCertificate(server, 'acme');
  });
  afterAll(async () => {
    receiver?.close();
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
    expect(form.action).toBe(logoutSp.slo);
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
    const unsigned = await browser.navigate(new URL(await sp(logoutSp, { privateKey: undefined }).getLogoutUrlAsync(profile, '', {})));
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
    const signOut = await browser.request('POST', `${acme}/api/signout`);
    expect(signOut.status).toBe(200);
    // The SPA goes where the answer says: the logout address.
    expect(JSON.parse(signOut.body)).toEqual({ samlLogout: SAML_IDP_PATHS.logout });
    expect(await gatehouseSession(browser)).toBe(401);

    const told = await browser.navigate(new URL(SAML_IDP_PATHS.logout, acme));
    const form = postedForm(told.response!.body);
    expect(form.action).toBe(logoutSp.slo);
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
  it("tells the session's other SAML applications and its OpenID applications, then answers the SP that asked with Success", async () => {
    const browser = new TestBrowser(server.port);
    const sid = await signedInToNotes(browser);
    const { profile } = await signedInToSp(logoutSp, browser);
    const { profile: otherProfile } = await signedInToSp(otherSp, browser);

    const request = await sp().getLogoutUrlAsync(profile, 'relay-a', {});
    // HTTP-Redirect: the request deflated, then base64.
    const requestXml = inflateRawSync(Buffer.from(new URL(request).searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    const requestId = /ID="([^"]+)"/.exec(requestXml)![1]!;
    const told = await browser.navigate(new URL(request));
    // The other SP first: a signed LogoutRequest naming the person as it knows them.
    const toOther = postedForm(told.response!.body);
    expect(toOther.action).toBe(otherSp.slo);
    const received = await sp(otherSp).validatePostRequestAsync({ SAMLRequest: toOther.SAMLRequest! });
    expect(received.profile).toMatchObject({ nameID: 'admin@acme.test', sessionIndex: otherProfile.sessionIndex });
    expect(await gatehouseSession(browser)).toBe(401);

    // Its answer (HTTP-Redirect, signed) brings the browser back; the SP that asked gets its LogoutResponse.
    const back = await browser.navigate(new URL(await sp(otherSp).getLogoutResponseUrlAsync(received.profile!, '', {}, true)));
    const answer = postedForm(back.response!.body);
    expect(answer.action).toBe(logoutSp.slo);
    expect(answer.RelayState).toBe('relay-a');
    const xml = xmlOf(answer.SAMLResponse!);
    expect(xml).toContain(`InResponseTo="${requestId}"`);
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(xml).not.toContain('PartialLogout');
    expect(await sp().validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse! })).toMatchObject({ loggedOut: true });
    if (XMLLINT) expect(await xsdProblems(XMLLINT, xml, PROTOCOL_SCHEMA)).toEqual([]);

    // Notes gets its logout token for that session (back-channel, in the background).
    const deadline = Date.now() + 5000;
    const notesToken = () => receiver.tokens.find((t) => claimsOf(t).sid === sid);
    while (!notesToken() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    expect(claimsOf(notesToken()!)).toMatchObject({ aud: notes.id, sid });
    expect((await auditOf('user.sessions_ended')).at(-1)).toMatchObject({ which: 'one', sessions: 1 });
    expect((await auditOf('saml.logged_out')).slice(-2)).toMatchObject([
      { application: 'Logout SP', initiatedBy: 'sp' },
      { application: 'Other SP', initiatedBy: 'idp' },
    ]);
  });

  it("answers PartialLogout when one of the session's other SAML applications could not sign the person out", async () => {
    const { browser, profile } = await signedInToSp();
    await signedInToSp(otherSp, browser);
    const told = await browser.navigate(new URL(await sp().getLogoutUrlAsync(profile, '', {})));
    const received = await sp(otherSp).validatePostRequestAsync({ SAMLRequest: postedForm(told.response!.body).SAMLRequest! });
    // The other SP answers that it failed (Requester, not Success).
    const back = await browser.navigate(new URL(await sp(otherSp).getLogoutResponseUrlAsync(received.profile!, '', {}, false)));
    const answer = postedForm(back.response!.body);
    expect(answer.action).toBe(logoutSp.slo);
    expect(xmlOf(answer.SAMLResponse!)).toContain('urn:oasis:names:tc:SAML:2.0:status:PartialLogout');
    expect(await gatehouseSession(browser)).toBe(401);
  });
});
