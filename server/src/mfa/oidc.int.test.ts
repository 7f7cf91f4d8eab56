import { createHash } from 'node:crypto';

import type { AppSetup } from '@gatehouse/common/schemas/mfa';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoped } from '../db/scoped.ts';
import { bumpRevision } from '../oidc/store.ts';
import { tellOrganisationChanged } from '../tenancy/notice.ts';
import { setPolicy } from '../testing/accounts.ts';
import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { type Authenticator, enrolAuthenticator } from '../testing/mfa.ts';
import { relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { totpCode } from './totp.ts';

const CALLBACK = 'https://wiki.example.com/callback';

describe.each(testDialects())('multi-factor sign-in to applications on %s', (dialect) => {
  let server: TestServer;
  let orgId: string;
  let wiki: CreatedApplication;
  let rp: client.Configuration;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    orgId = (await server.createOrganisation('acme')).id;
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK] });
    rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
  });
  afterAll(() => server?.close());

  async function requireTwoStep(required: boolean): Promise<void> {
    await setPolicy(server, 'acme', { require_two_step: required });
    // Written behind the services' backs: the provider is rebuilt as after a settings change.
    await bumpRevision(scoped(server.ctx.db.kysely, orgId));
    tellOrganisationChanged(server.ctx, orgId);
  }

  async function user(email: string): Promise<void> {
    const { id } = await createUser(server, orgId, { email });
    await grantAccess(server, orgId, id, [wiki.id]);
  }

  /** An authorization request of the wiki; `finish` exchanges the code the callback carries. */
  async function authorization(offline = false) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: offline ? 'openid email offline_access' : 'openid email',
      ...(offline ? { prompt: 'consent' } : {}),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const finish = async (callback: URL) => {
      expect(callback.origin + callback.pathname).toBe(CALLBACK);
      return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    };
    return { url, finish };
  }

  it('issues a code only after the second step, and the ID token says how the user signed in', async () => {
    await user('ada@acme.test');
    const setUp = await signedIn(server, 'acme', 'ada@acme.test');
    const app: Authenticator = await enrolAuthenticator(server, setUp);
    await setUp.post('/api/signout');

    const withoutCode = await authorization();
    const stopped = await signInThroughSpa(new TestBrowser(server.port), withoutCode.url, {
      email: 'ada@acme.test',
      password: DEFAULT_PASSWORD,
    });
    expect(stopped.pathname).toBe('/');

    // A code from the next time step: the set-up used this one.
    const request = await authorization();
    const callback = await signInThroughSpa(new TestBrowser(server.port), request.url, {
      email: 'ada@acme.test',
      password: DEFAULT_PASSWORD,
      code: () => app.code(1),
    });
    const tokens = await request.finish(callback);
    expect(tokens.claims()).toMatchObject({ email: 'ada@acme.test', amr: ['pwd', 'otp', 'mfa'] });
  });

  it('sends a user who must set up MFA to do so before the application gets anything', async () => {
    await user('bob@acme.test');
    await requireTwoStep(true);
    try {
      const browser = new TestBrowser(server.port);
      const request = await authorization();
      const stopped = await signInThroughSpa(browser, request.url, { email: 'bob@acme.test', password: DEFAULT_PASSWORD });
      expect(stopped.pathname).toBe('/redirecting');
      const redirectUrl = stopped.searchParams.get('redirecturl')!;

      // The set-up, as /twostep does it, in this browser.
      const origin = stopped.origin;
      const setup = JSON.parse((await browser.request('POST', `${origin}/api/refreshotp`)).body) as AppSetup;
      const saved = await browser.request('POST', `${origin}/api/saveotp`, {
        form: { type: '0', secret: setup.secret, code: totpCode(setup.secret, server.ctx.clock.now()), password: DEFAULT_PASSWORD },
      });
      expect(saved.status).toBe(200);
      const { url: callback } = await browser.navigate(new URL(redirectUrl, origin));
      const tokens = await request.finish(callback);
      expect(tokens.claims()).toMatchObject({ email: 'bob@acme.test', amr: ['pwd', 'otp', 'mfa'] });
    } finally {
      await requireTwoStep(false);
    }
  });

  it('stops an application signing in silently once the organisation requires MFA the user has not set up', async () => {
    await user('cy@acme.test');
    const browser = new TestBrowser(server.port);
    const first = await authorization();
    await first.finish(await signInThroughSpa(browser, first.url, { email: 'cy@acme.test', password: DEFAULT_PASSWORD }));
    // Signed in at the provider: a second request goes straight through...
    const second = await authorization();
    await second.finish((await browser.navigate(second.url)).url);

    // ...until the organisation requires MFA (the settings save rebuilds the provider, as here).
    await requireTwoStep(true);
    try {
      const third = await authorization();
      const { url } = await browser.navigate(third.url);
      expect(url.pathname).toBe('/redirecting');
    } finally {
      await requireTwoStep(false);
    }
  });

  /** A refresh token of the wiki, got by signing in through the SPA with the password (and a code, when given). */
  async function refreshTokenOf(email: string, code?: () => string): Promise<string> {
    const request = await authorization(true);
    const callback = await signInThroughSpa(new TestBrowser(server.port), request.url, {
      email,
      password: DEFAULT_PASSWORD,
      ...(code ? { code } : {}),
    });
    const tokens = await request.finish(callback);
    expect(tokens.refresh_token).toBeTruthy();
    return tokens.refresh_token!;
  }

  // Issue 19, finding 3: refresh tokens obtained with a password alone outlived MFA.
  it('ends what a password alone obtained once the user turns MFA on', async () => {
    await user('dee@acme.test');
    const refresh = await refreshTokenOf('dee@acme.test');
    expect((await client.refreshTokenGrant(rp, refresh)).claims()).toMatchObject({ amr: ['pwd'] });
    await enrolAuthenticator(server, await signedIn(server, 'acme', 'dee@acme.test'));
    await expect(client.refreshTokenGrant(rp, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a password-only refresh token once the organisation requires MFA, and again after the user sets it up', async () => {
    await user('eve@acme.test');
    const refresh = await refreshTokenOf('eve@acme.test');
    await requireTwoStep(true);
    try {
      await expect(client.refreshTokenGrant(rp, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      await requireTwoStep(false);
    }
    // Set up since, while not required: a grant made with the password alone is still not enough.
    await user('eli@acme.test');
    const refreshed = await refreshTokenOf('eli@acme.test');
    await server.ctx.db.kysely
      .updateTable('users')
      .set({ multi_factor_auth_required: true })
      .where('email', '=', 'eli@acme.test')
      .execute();
    await expect(client.refreshTokenGrant(rp, refreshed)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('ends the grants a user made with their second step when an administrator resets it', async () => {
    await user('fay@acme.test');
    const app = await enrolAuthenticator(server, await signedIn(server, 'acme', 'fay@acme.test'));
    const refresh = await refreshTokenOf('fay@acme.test', () => app.code(1));
    const rotated = await client.refreshTokenGrant(rp, refresh);
    expect(rotated.claims()).toMatchObject({ amr: ['pwd', 'otp', 'mfa'] });
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const fay = await server.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', 'fay@acme.test').executeTakeFirstOrThrow();
    expect((await admin.post(`/api/users/${fay.id}/resettwostep`)).status).toBe(200);
    await expect(client.refreshTokenGrant(rp, rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('puts at_hash of the access token in ID tokens from the token endpoint', async () => {
    await user('gus@acme.test');
    const request = await authorization();
    const tokens = await request.finish(
      await signInThroughSpa(new TestBrowser(server.port), request.url, { email: 'gus@acme.test', password: DEFAULT_PASSWORD }),
    );
    const digest = createHash('sha256').update(tokens.access_token).digest();
    expect(tokens.claims()?.at_hash).toBe(digest.subarray(0, 16).toString('base64url'));
  });
});
