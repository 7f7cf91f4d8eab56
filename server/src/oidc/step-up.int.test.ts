/**
 * Step-up and pushed authorization requests per application, through a certified relying party
 * (openid-client): the acr asserted for each level, acr_values and the claims parameter, an
 * application's minimum met by asking a signed-in person for the missing factor (a passkey) without
 * their password, a floor nobody can reach refused with unmet_authentication_requirements, and PAR
 * required (RFC 9126): a plain authorization request refused, a pushed one accepted.
 */
import { ACR_MFA, ACR_PASSWORD, ACR_PHISHING_RESISTANT } from '@gatehouse/common/acr';
import { SECOND_STEP_PARAMETER } from '@gatehouse/common/connections';
import type { SignInChallenge } from '@gatehouse/common/schemas/mfa';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { type Authenticator, enrolAuthenticator } from '../testing/mfa.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { SoftwareAuthenticator } from '../testing/webauthn.ts';

const CALLBACK = 'https://wiki.example.com/callback';

describe.each(testDialects())('step-up and PAR on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  let wiki: CreatedApplication;
  let vault: CreatedApplication;
  let pushed: CreatedApplication;
  const plain = { email: 'plain@acme.test', password: DEFAULT_PASSWORD };
  const coded = { email: 'coded@acme.test', password: DEFAULT_PASSWORD };
  const keyed = { email: 'keyed@acme.test', password: DEFAULT_PASSWORD };
  let codedApp: Authenticator;
  let keyedApp: Authenticator;
  const device = new SoftwareAuthenticator();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK] });
    vault = await createApplication(admin, { name: 'Vault', redirectURIs: [CALLBACK], minimumAcr: ACR_PHISHING_RESISTANT });
    pushed = await createApplication(admin, { name: 'Pushed', redirectURIs: [CALLBACK], requirePushedAuthorizationRequests: true });
    const apps = [wiki.id, vault.id, pushed.id];
    for (const who of [plain, coded, keyed]) {
      const user = await createUser(server, acmeId, { email: who.email });
      await grantAccess(server, acmeId, user.id, apps);
    }
    codedApp = await enrolAuthenticator(server, await signedIn(server, 'acme', coded.email));
    // keyed: an authenticator app, and a passkey as a second factor beside it.
    const keyedClient = await signedIn(server, 'acme', keyed.email);
    keyedApp = await enrolAuthenticator(server, keyedClient);
    const options = (await keyedClient.post('/api/passkeys/options')).json<PublicKeyCredentialCreationOptionsJSON>();
    const registered = await keyedClient.post('/api/passkeys', {
      json: { name: 'Laptop', credential: device.create(options, keyedClient.origin) },
    });
    expect(registered.status).toBe(200);
  });
  afterAll(() => server?.close());

  /** An authorization request of `app` with PKCE; answers the URL and what checks its answer. */
  async function request(app: CreatedApplication, extra: Record<string, string> = {}) {
    const rp = await relyingParty(server, 'acme', app.id, app.secret);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const params = {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    };
    return { rp, params, url: client.buildAuthorizationUrl(rp, params), check: { pkceCodeVerifier: verifier, expectedState: state } };
  }

  const idTokenOf = async (req: Awaited<ReturnType<typeof request>>, callback: URL) =>
    (await client.authorizationCodeGrant(req.rp, callback, req.check)).claims()!;

  it('publishes the levels and the claims parameter in discovery', async () => {
    const { rp } = await request(wiki);
    const metadata = rp.serverMetadata();
    expect(metadata.acr_values_supported).toEqual([ACR_PASSWORD, ACR_MFA, ACR_PHISHING_RESISTANT]);
    expect(metadata.claims_parameter_supported).toBe(true);
    expect(metadata.pushed_authorization_request_endpoint).toBe(`${issuerOf(server, 'acme')}/oidc/par`);
  });

  it('asserts acr for a password alone and for two factors; a voluntary level out of reach is passed over', async () => {
    const byPassword = await request(wiki);
    const a = await idTokenOf(byPassword, await signInThroughSpa(new TestBrowser(server.port), byPassword.url, plain));
    expect(a.acr).toBe(ACR_PASSWORD);

    // acr_values asks for a passkey; this person has none, so two factors it is.
    const byCode = await request(wiki, { acr_values: `${ACR_PHISHING_RESISTANT} ${ACR_MFA}` });
    const b = await idTokenOf(
      byCode,
      await signInThroughSpa(new TestBrowser(server.port), byCode.url, { ...coded, code: () => codedApp.code(1) }),
    );
    expect(b).toMatchObject({ acr: ACR_MFA, amr: ['pwd', 'otp', 'mfa'] });
  });

  it('refuses an essential acr the person cannot reach with unmet_authentication_requirements', async () => {
    const claims = JSON.stringify({ id_token: { acr: { essential: true, values: [ACR_PHISHING_RESISTANT] } } });
    const req = await request(wiki, { claims });
    const callback = await signInThroughSpa(new TestBrowser(server.port), req.url, { ...coded, code: () => codedApp.recoveryCodes[0]! });
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    expect(callback.searchParams.get('error')).toBe('unmet_authentication_requirements');
  });

  it("asks a signed-in person for the passkey an application's minimum needs, not for the password again", async () => {
    const browser = new TestBrowser(server.port);
    const issuer = issuerOf(server, 'acme');
    // Signed in with the password and the authenticator app: two factors.
    const first = await browser.request('POST', `${issuer}/api/authenticate`, { form: keyed });
    const challenge = JSON.parse(first.body) as SignInChallenge;
    expect(challenge.authType).toBe('code');
    expect(
      (
        await browser.request('POST', `${issuer}/api/authenticate`, {
          form: { signInStateID: challenge.signInStateID, code: keyedApp.code(1) },
        })
      ).status,
    ).toBe(200);

    // Wiki takes two factors as they are.
    const easy = await request(wiki);
    const toWiki = await signInThroughSpa(browser, easy.url, keyed);
    expect((await idTokenOf(easy, toWiki)).acr).toBe(ACR_MFA);

    // Vault needs a passkey: prompt=none cannot ask for it, and without it the interaction ends at the
    // code step for it, for this session.
    const silentVault = await request(vault, { prompt: 'none' });
    const { url: refused } = await browser.navigate(silentVault.url);
    expect(refused.searchParams.get('error')).toBe('login_required');
    const hard = await request(vault);
    const { url: redirecting } = await browser.navigate(hard.url);
    expect(redirecting.pathname).toBe('/redirecting');
    const finish = new URL(redirecting.searchParams.get('redirecturl')!, redirecting);
    const { url: stepPage } = await browser.navigate(finish);
    expect(stepPage.pathname).toBe('/');
    const stateId = stepPage.searchParams.get(SECOND_STEP_PARAMETER)!;
    const step = JSON.parse(
      (await browser.request('GET', `${issuer}/api/authenticate/step?signInStateID=${stateId}`)).body,
    ) as SignInChallenge;
    expect(step.data).toMatchObject({ passkeyOnly: true, otherMethods: [] });
    // A code, even an unused recovery code, does not make a sign-in phishing-resistant.
    const byCode = await browser.request('POST', `${issuer}/api/authenticate`, {
      form: { signInStateID: stateId, code: keyedApp.recoveryCodes[0]! },
    });
    expect(byCode.status).toBe(400);

    const options = JSON.parse(
      (await browser.request('POST', `${issuer}/api/authenticate/passkey/options`, { json: { signInStateID: stateId } })).body,
    ) as PublicKeyCredentialRequestOptionsJSON;
    const answered = await browser.request('POST', `${issuer}/api/authenticate/passkey`, {
      json: { signInStateID: stateId, credential: device.get(options, issuer), returnurl: finish.pathname + finish.search },
    });
    expect(answered.status).toBe(200);
    const { url: callback } = await browser.navigate(finish);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const claims = await idTokenOf(hard, callback);
    expect(claims.acr).toBe(ACR_PHISHING_RESISTANT);
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa', 'hwk', 'user']);

    // The raised session answers an essential two-factor claim with the value asked for, silently
    // (prompt=none: no interaction only to restate the acr).
    const value = await request(wiki, {
      prompt: 'none',
      claims: JSON.stringify({ id_token: { acr: { essential: true, value: ACR_MFA } } }),
    });
    const { url: silent } = await browser.navigate(value.url);
    expect(silent.origin + silent.pathname).toBe(CALLBACK);
    expect((await idTokenOf(value, silent)).acr).toBe(ACR_MFA);
    const strongest = await request(wiki, { prompt: 'none' });
    const { url: silentAgain } = await browser.navigate(strongest.url);
    expect((await idTokenOf(strongest, silentAgain)).acr).toBe(ACR_PHISHING_RESISTANT);
  });

  it('refuses a plain authorization request of an application that requires PAR, and accepts a pushed one', async () => {
    const plainRequest = await request(pushed);
    const { url: refused } = await new TestBrowser(server.port).navigate(plainRequest.url);
    expect(refused.origin + refused.pathname).toBe(CALLBACK);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toMatch(/pushed authorization request/i);

    const pushedRequest = await request(pushed);
    const url = await client.buildAuthorizationUrlWithPAR(pushedRequest.rp, pushedRequest.params);
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, plain);
    expect((await idTokenOf(pushedRequest, callback)).acr).toBe(ACR_PASSWORD);
  });

  it('keeps the settings on the application as the management API answers it', async () => {
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const res = await admin.get(`/api/clients/${vault.id}`);
    expect(res.json()).toMatchObject({ minimumAcr: ACR_PHISHING_RESISTANT, requirePushedAuthorizationRequests: false });
    expect((await admin.get(`/api/clients/${pushed.id}`)).json()).toMatchObject({
      minimumAcr: null,
      requirePushedAuthorizationRequests: true,
    });
  });
});
