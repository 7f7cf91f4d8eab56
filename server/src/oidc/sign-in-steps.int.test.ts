/**
 * The sign-in step list (common/sign-in-steps.ts) is applied by every entry point, in the same order: a
 * person is put in each state, and what each entry point then demands (the page of the step it stops
 * at, or nothing) is compared with the first pending step of the list:
 * - `requireUser`, through an ordinary signed-in endpoint (GET /api/clientauthsteps): its refusal;
 * - the SPA: its guard on /redirecting with the account GET /api/session answers, then /redirecting's
 *   choice from GET /api/clientauthsteps;
 * - the protocol: the provider's interaction policy (whether an authorization request of a browser
 *   already signed in to the application is sent to the interaction at all), and the interaction's
 *   finish (where it sends the browser instead of answering the application).
 * requireUser knows no application: it is compared with the sign-in and account stages only.
 */
import { guardRoute, matchRoute, type RouteName } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import {
  applicationStep,
  pendingStep,
  SIGN_IN_STEPS,
  type SignInFacts,
  type SignInStep,
  type SignInStepId,
} from '@gatehouse/common/sign-in-steps';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, type CreatedApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';

const CALLBACK = 'https://wiki.example.com/callback';
const POLICY = 'https://wiki.example.com/privacy';

const DONE: SignInFacts = {
  signedIn: true,
  lockedOut: false,
  secondFactorPending: false,
  requiresNewPassword: false,
  requiresTwoStep: false,
  application: { requiresAppPolicyConsent: false, requiresEmailVerification: false },
};

type Change = 'signOut' | 'lock' | 'unprovenFactor' | 'newPassword' | 'mfaRequired' | 'policyChanged' | 'unverified';

/** Each state: how a person signed in to the application gets into it, and the facts it means. */
const STATES: {
  name: string;
  changes: Change[];
  facts: Partial<SignInFacts> & { app?: Partial<NonNullable<SignInFacts['application']>> };
}[] = [
  { name: 'nothing left to do', changes: [], facts: {} },
  { name: 'signed out', changes: ['signOut'], facts: { signedIn: false } },
  { name: 'locked out', changes: ['lock'], facts: { lockedOut: true } },
  { name: 'a second factor the session has not proven', changes: ['unprovenFactor'], facts: { secondFactorPending: true } },
  // Regression: the provider's policy let a browser already signed in to the application through to a code
  // with an expired password (it asked about MFA set-up and the application's steps only).
  { name: 'password expired', changes: ['newPassword'], facts: { requiresNewPassword: true } },
  { name: 'MFA set-up required', changes: ['mfaRequired'], facts: { requiresTwoStep: true } },
  {
    name: 'password expired and MFA set-up required',
    changes: ['mfaRequired', 'newPassword'],
    facts: { requiresNewPassword: true, requiresTwoStep: true },
  },
  { name: "the application's policy to accept", changes: ['policyChanged'], facts: { app: { requiresAppPolicyConsent: true } } },
  { name: 'an unverified email', changes: ['unverified'], facts: { app: { requiresEmailVerification: true } } },
  {
    name: 'the policy and an unverified email',
    changes: ['unverified', 'policyChanged'],
    facts: { app: { requiresAppPolicyConsent: true, requiresEmailVerification: true } },
  },
  {
    name: 'MFA set-up and the policy',
    changes: ['policyChanged', 'mfaRequired'],
    facts: { requiresTwoStep: true, app: { requiresAppPolicyConsent: true } },
  },
  {
    name: 'locked out with a new password and the policy due',
    changes: ['policyChanged', 'newPassword', 'lock'],
    facts: { lockedOut: true, requiresNewPassword: true, app: { requiresAppPolicyConsent: true } },
  },
];

const stepRoute = (id: string | null): RouteName | null => (id === null ? null : SIGN_IN_STEPS.find((s) => s.id === id)!.route);
const STEPS: readonly SignInStep[] = SIGN_IN_STEPS;
const refusalRoute = (code: string): RouteName | string => STEPS.find((s) => s.refusal === code)?.route ?? `refused ${code}`;

describe.each(testDialects())('the sign-in step list at every entry point on %s', (dialect) => {
  let server: TestServer;
  let orgId: string;
  let wiki: CreatedApplication;
  let rp: client.Configuration;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    orgId = (await server.createOrganisation('acme')).id;
    origin = `http://acme.localhost:${server.port}`;
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    wiki = await createApplication(admin, { name: 'Wiki', redirectURIs: [CALLBACK], policyURL: POLICY });
    rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
  });
  afterAll(() => server?.close());

  function authorizationUrl(): URL {
    return client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: client.randomState(),
    });
  }

  async function change(browser: TestBrowser, userId: string, what: Change): Promise<void> {
    const db = server.ctx.db.kysely;
    const set = (fields: Record<string, unknown>) =>
      db.updateTable('users').set(fields).where('organisation_id', '=', orgId).where('id', '=', userId).execute();
    if (what === 'signOut') expect((await browser.request('POST', `${origin}/api/signout`)).status).toBe(200);
    if (what === 'lock') await set({ status: 'LockedOut' });
    // A factor held without the session having shown it (accounts/session.ts never makes such a session).
    if (what === 'unprovenFactor') await set({ has_second_factor: true });
    if (what === 'newPassword') await set({ requires_new_password: true });
    if (what === 'mfaRequired') await set({ multi_factor_auth_required: true });
    if (what === 'unverified') await set({ email_verified_date: null });
    if (what === 'policyChanged')
      await db
        .deleteFrom('client_policy_acceptances')
        .where('organisation_id', '=', orgId)
        .where('user_id', '=', userId)
        .where('client_id', '=', wiki.id)
        .execute();
  }

  /** requireUser: what an ordinary signed-in endpoint refuses with. */
  async function requireUserDemands(browser: TestBrowser): Promise<RouteName | string | null> {
    const answer = await browser.request('GET', `${origin}/api/clientauthsteps?client_id=${wiki.id}`);
    if (answer.status === 200) return null;
    return refusalRoute((JSON.parse(answer.body) as { code: string }).code);
  }

  /** The SPA: the guard on /redirecting with the account it is given, then /redirecting's own choice. */
  async function spaDemands(browser: TestBrowser): Promise<RouteName | string | null> {
    const { account } = JSON.parse((await browser.request('GET', `${origin}/api/session`)).body) as { account: Account | null };
    const decision = guardRoute('/redirecting', account, false);
    if (decision.kind === 'redirect') return matchRoute(decision.to)!.name;
    const answer = await browser.request('GET', `${origin}/api/clientauthsteps?client_id=${wiki.id}`);
    if (answer.status !== 200) return `refused ${answer.status}`;
    return applicationStep(JSON.parse(answer.body) as Parameters<typeof applicationStep>[0])?.route ?? null;
  }

  /**
   * The protocol: an authorization request followed through the provider. Whether its policy sent the
   * browser to the interaction, and then where the interaction's finish sends it instead of answering.
   */
  async function protocolDemands(browser: TestBrowser): Promise<{ prompted: boolean; demanded: RouteName | string | null }> {
    let url = authorizationUrl();
    let prompted = false;
    let redirectUrl: string | null = null;
    for (let hop = 0; hop < 10 && !redirectUrl; hop++) {
      if (url.origin !== origin) return { prompted, demanded: null };
      prompted ||= url.pathname.startsWith('/oidc/interaction/');
      const answer = await browser.request('GET', url);
      expect(answer.status, url.pathname).toBeGreaterThanOrEqual(300);
      url = new URL(answer.headers.location!, url);
      redirectUrl = url.searchParams.get('returnurl') ?? url.searchParams.get('redirecturl');
    }
    // The SPA would walk its pages and then open the redirect URL: the interaction checks everything again.
    const finish = await browser.request('GET', new URL(redirectUrl!, origin));
    const next = new URL(finish.headers.location!, origin);
    if (next.pathname === '/redirecting') return { prompted, demanded: stepRoute(next.searchParams.get('step') ?? 'none') };
    if (next.origin === origin && !next.pathname.startsWith('/oidc/'))
      return { prompted, demanded: matchRoute(next.pathname)?.name ?? next.pathname };
    const { url: end } = await browser.navigate(next);
    return { prompted, demanded: end.origin === origin ? end.pathname : null };
  }

  it.each(STATES.map((state, i) => [state.name, state, i] as const))('%s', async (_name, state, i) => {
    const email = `person${i}@acme.test`;
    const { id } = await createUser(server, orgId, { email });
    await grantAccess(server, orgId, id, [wiki.id]);
    // Signed in to the application once, with its policy accepted: the provider has a session to mirror.
    const browser = new TestBrowser(server.port);
    const callback = await signInThroughSpa(browser, authorizationUrl(), { email, password: DEFAULT_PASSWORD, acceptPolicy: true });
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    for (const what of state.changes) await change(browser, id, what);

    const { app, ...facts } = state.facts;
    const all: SignInFacts = { ...DONE, ...facts, application: { ...DONE.application!, ...app } };
    const expected = pendingStep(all);
    const expectedOfAccount = pendingStep(all, { stages: ['sign-in', 'account'] });

    const protocol = await protocolDemands(browser);
    expect({
      requireUser: await requireUserDemands(browser),
      spa: await spaDemands(browser),
      protocolPolicyPrompts: protocol.prompted,
      protocolFinish: protocol.demanded,
    }).toEqual({
      requireUser: expectedOfAccount?.route ?? null,
      spa: expected?.route ?? null,
      protocolPolicyPrompts: expected !== null,
      protocolFinish: expected?.route ?? null,
    });
  });

  it('names every step it tests, so a new step of the list needs a state here', () => {
    const reached = new Set<SignInStepId>();
    for (const state of STATES) {
      const { app, ...facts } = state.facts;
      const step = pendingStep({ ...DONE, ...facts, application: { ...DONE.application!, ...app } });
      if (step) reached.add(step.id as SignInStepId);
    }
    // The sign-in stage's steps are told apart only on the sign-in page: each is a state above all the same.
    expect([...reached].sort()).toEqual(SIGN_IN_STEPS.map((s) => s.id).sort());
  });
});
