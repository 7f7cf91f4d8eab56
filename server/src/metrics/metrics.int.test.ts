/**
 * GET /api/metrics through real HTTP on a real database: who may read it, what each figure counts, the
 * 24-hour window, one organisation's activity never in another's figures, and counters that lose no
 * increment under concurrency.
 */
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { Metrics } from '@gatehouse/common/schemas/metrics';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DAY, MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { TTL } from '../lifetimes.ts';
import { signIn } from '../testing/accounts.ts';
import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { enrolAuthenticator, passwordStep } from '../testing/mfa.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { newTestSp, postedForm, registerTestSp } from '../testing/saml-sp.ts';
import { incrementMetric, sumMetrics } from './store.ts';

const CALLBACK = 'https://wiki.example.com/callback';

describe.each(testDialects())('organisation metrics on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  let globexId: string;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    acmeId = (await server.createOrganisation('acme')).id;
    globexId = (await server.createOrganisation('globex')).id;
  });
  afterAll(() => server?.close());

  const metricsOf = async (admin: TestClient) => {
    const res = await admin.get('/api/metrics');
    expect(res.status).toBe(200);
    return res.json<Metrics>();
  };
  const wrongPassword = (org: string, email: string) =>
    server.client(org).post('/api/authenticate', { form: { email, password: 'not the password at all' } });

  it('answers administrators only: 401 signed out, 403 for an end user, no application figures for a User Admin', async () => {
    await createUser(server, acmeId, { email: 'ursula@acme.test', role: 'UserAdministrator' });
    await createUser(server, acmeId, { email: 'eve@acme.test' });
    expect((await server.client('acme').get('/api/metrics')).status).toBe(401);
    const endUser = await signedIn(server, 'acme', 'eve@acme.test');
    expect((await endUser.get('/api/metrics')).status).toBe(403);

    const userAdmin = await metricsOf(await signedIn(server, 'acme', 'ursula@acme.test'));
    expect(Object.keys(userAdmin).sort()).toEqual(
      ['abandonedSignIns', 'failedSignIns', 'mfaByKind', 'mfaUsers', 'pendingUsers', 'registeredUsers', 'signIns', 'signedUpUsers'].sort(),
    );
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const res = await admin.get('/api/metrics');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'abandonedSignIns',
        'authCodeFlows',
        'clients',
        'failedSignIns',
        'mfaByKind',
        'mfaUsers',
        'pendingUsers',
        'registeredUsers',
        'signIns',
        'signedUpUsers',
        'unusedCodes',
      ].sort(),
    );
  });

  it("counts the accounts of all time: registered, signed up and pending (the starter package's figure)", async () => {
    const org = await server.createOrganisation('census');
    await createUser(server, org.id, { email: 'a@census.test' });
    await createUser(server, org.id, { email: 'p1@census.test', status: 'Pending' });
    await createUser(server, org.id, { email: 'p2@census.test', status: 'Pending' });
    await createUser(server, org.id, { email: 'l@census.test', status: 'LockedOut' });
    const admin = await signedIn(server, 'census', 'admin@census.test');
    expect(await metricsOf(admin)).toMatchObject({ registeredUsers: 5, signedUpUsers: 2, pendingUsers: 2 });
    // Another organisation's users are not counted.
    expect((await metricsOf(await signedIn(server, 'globex', 'admin@globex.test'))).registeredUsers).toBe(1);
  });

  it('keeps the account figures as users are invited, change status and are deleted (counters kept by the database)', async () => {
    const org = await server.createOrganisation('movers');
    const a = await createUser(server, org.id, { email: 'a@movers.test' });
    const pending = await createUser(server, org.id, { email: 'p@movers.test', status: 'Pending' });
    const admin = await signedIn(server, 'movers', 'admin@movers.test');
    expect(await metricsOf(admin)).toMatchObject({ registeredUsers: 3, signedUpUsers: 2, pendingUsers: 1 });
    const invited = await admin.post('/api/users', { form: { firstName: 'Ivy', email: 'ivy@movers.test', role: 'EndUser' } });
    expect(invited.status).toBe(201);
    expect(await metricsOf(admin)).toMatchObject({ registeredUsers: 4, signedUpUsers: 2, pendingUsers: 2 });
    expect((await admin.post(`/api/users/${a.id}/disable`)).status).toBe(200);
    // A change that is not of status (a name) leaves the figures as they are.
    expect((await admin.put(`/api/users/${pending.id}`, { form: { firstName: 'Pat' } })).status).toBe(200);
    expect(await metricsOf(admin)).toMatchObject({ registeredUsers: 4, signedUpUsers: 1, pendingUsers: 2 });
    expect((await admin.delete(`/api/users/${pending.id}`)).status).toBe(204);
    expect(await metricsOf(admin)).toMatchObject({ registeredUsers: 3, signedUpUsers: 1, pendingUsers: 1 });
    // The counters are exactly the users of each status, and go with their organisation.
    const counted = () =>
      server.ctx.db.kysely.selectFrom('user_counts').select(['status', 'count']).where('organisation_id', '=', org.id).execute();
    const actual = await server.ctx.db.kysely
      .selectFrom('users')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('organisation_id', '=', org.id)
      .groupBy('status')
      .execute();
    expect(Object.fromEntries((await counted()).filter((r) => r.count > 0).map((r) => [r.status, r.count]))).toEqual(
      Object.fromEntries(actual.map((r) => [r.status, Number(r.n)])),
    );
    await server.ctx.db.kysely.deleteFrom('organisations').where('id', '=', org.id).execute();
    expect(await counted()).toEqual([]);
    expect((await metricsOf(await signedIn(server, 'globex', 'admin@globex.test'))).registeredUsers).toBe(1);
  });

  it('counts sign-ins and failed sign-ins (wrong password, unknown email, wrong code) over the last 24 hours', async () => {
    // Start on a minute's first second, so the day's window edge falls at a known place among the counters.
    clock.set(clock.now() - (clock.now() % MINUTE) + MINUTE + 1000);
    const org = await server.createOrganisation('activity');
    await createUser(server, org.id, { email: 'bob@activity.test' });
    const admin = await signIn(server, 'activity', 'admin@activity.test', DEFAULT_PASSWORD);
    expect(await metricsOf(admin)).toMatchObject({ signIns: 1, failedSignIns: 0 });

    await signIn(server, 'activity', 'bob@activity.test', DEFAULT_PASSWORD);
    expect((await wrongPassword('activity', 'bob@activity.test')).status).toBe(401);
    expect((await wrongPassword('activity', 'nobody@activity.test')).status).toBe(401);
    // A malformed request is no sign-in attempt.
    expect((await server.client('activity').post('/api/authenticate', { form: { email: 'bob@activity.test' } })).status).toBe(400);
    // A wrong second-step code is a failed sign-in; the right one a sign-in.
    const mfaUser = await signIn(server, 'activity', 'bob@activity.test', DEFAULT_PASSWORD);
    const authenticator = await enrolAuthenticator(server, mfaUser);
    const browser = server.client('activity');
    const challenge = await passwordStep(browser, 'bob@activity.test');
    const wrongCode = await browser.post('/api/authenticate', { form: { signInStateID: challenge.signInStateID, code: '000000' } });
    expect(wrongCode.status).toBe(400);
    clock.advance(MINUTE);
    const rightCode = await browser.post('/api/authenticate', {
      form: { signInStateID: challenge.signInStateID, code: authenticator.code() },
    });
    expect(rightCode.status).toBe(200);
    expect(await metricsOf(admin)).toMatchObject({ signIns: 4, failedSignIns: 3 });

    // Nothing of this shows in another organisation's figures.
    expect(await metricsOf(await signedIn(server, 'globex', 'admin@globex.test'))).toMatchObject({ failedSignIns: 0 });

    // The window moves on: a day after the first minute only the code sign-in of the second minute, a new
    // failure and the admin's new sign-in (sessions idle out meanwhile) count.
    clock.advance(DAY - 30 * 1000);
    expect((await wrongPassword('activity', 'admin@activity.test')).status).toBe(401);
    expect(await metricsOf(await signedIn(server, 'activity', 'admin@activity.test'))).toMatchObject({ signIns: 2, failedSignIns: 1 });
    clock.advance(DAY);
    expect(await metricsOf(await signedIn(server, 'activity', 'admin@activity.test'))).toMatchObject({ signIns: 1, failedSignIns: 0 });
  });

  it('counts applications signed in to, authorization-code flows, unused codes and abandoned sign-ins', async () => {
    await server.createOrganisation('flows');
    const admin = await signedIn(server, 'flows', 'admin@flows.test');
    const wiki = await createApplication(admin, { redirectURIs: [CALLBACK] });
    const rp = await relyingParty(server, 'flows', wiki.id, wiki.secret);
    const url = () => client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid', state: client.randomState() });
    // Two flows that reach the application with a code nobody redeems, and one left at the sign-in page.
    for (let i = 0; i < 2; i++) {
      const landed = await signInThroughSpa(new TestBrowser(server.port), url(), { email: 'admin@flows.test', password: DEFAULT_PASSWORD });
      expect(landed.searchParams.get('code')).toBeTruthy();
    }
    await new TestBrowser(server.port).navigate(url());
    // And one whose code the application redeems.
    const verifier = client.randomPKCECodeVerifier();
    const redeemed = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), redeemed, {
      email: 'admin@flows.test',
      password: DEFAULT_PASSWORD,
    });
    await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
    expect(await metricsOf(admin)).toMatchObject({ clients: 1, authCodeFlows: 3, unusedCodes: 0, abandonedSignIns: 0, signIns: 4 });
    // Counted once every sign-in of their minute could have ended: the interaction's lifetime and a minute on.
    clock.advance(TTL.Interaction * 1000 + 2 * MINUTE);
    expect(await metricsOf(await signedIn(server, 'flows', 'admin@flows.test'))).toMatchObject({
      clients: 1,
      authCodeFlows: 3,
      unusedCodes: 2,
      abandonedSignIns: 1,
    });
    // Another organisation sees none of it.
    expect(await metricsOf(await signedIn(server, 'globex', 'admin@globex.test'))).toMatchObject({
      clients: 0,
      authCodeFlows: 0,
      unusedCodes: 0,
      abandonedSignIns: 0,
    });
  });

  it('counts a SAML application signed in to and its sign-ins as an OpenID one: an assertion ends one, a page left abandons one', async () => {
    await server.createOrganisation('samlflows');
    const admin = await signedIn(server, 'samlflows', 'admin@samlflows.test');
    const testSp = await newTestSp('https://metrics-sp.example.test');
    const id = await registerTestSp(admin, 'Metrics SP', testSp);
    // Started from the tile (no AuthnRequest, whose IssueInstant would be read against the test's clock).
    const start = async () => new URL(`${SAML_IDP_PATHS.start}/${id}`, issuerOf(server, 'samlflows'));
    const browser = new TestBrowser(server.port);
    await signInThroughSpa(browser, await start(), { email: 'admin@samlflows.test', password: DEFAULT_PASSWORD });
    expect(postedForm(browser.lastResponse!.body).action).toBe(testSp.acs);
    // One left at the sign-in page.
    await new TestBrowser(server.port).navigate(await start());
    expect(await metricsOf(admin)).toMatchObject({ clients: 1, authCodeFlows: 0, abandonedSignIns: 0 });
    clock.advance(TTL.Interaction * 1000 + 2 * MINUTE);
    expect(await metricsOf(await signedIn(server, 'samlflows', 'admin@samlflows.test'))).toMatchObject({ clients: 1, abandonedSignIns: 1 });
  });

  it("answers an administrator's session on another organisation's host as signed out", async () => {
    const acmeAdmin = await signedIn(server, 'acme', 'admin@acme.test');
    const onGlobex = acmeAdmin.forHost(`globex.localhost:${server.port}`);
    for (const [name, value] of acmeAdmin.cookies) onGlobex.cookies.set(name, value);
    expect((await onGlobex.get('/api/metrics')).status).toBe(401);
  });

  it('loses no increment when many land on one counter at once, and forgets counters after 30 days', async () => {
    const bucket = clock.now() - (clock.now() % MINUTE);
    await Promise.all(Array.from({ length: 50 }, () => incrementMetric(scoped(server.ctx.db.kysely, globexId), 'sign_in_failed', bucket)));
    expect(await sumMetrics(scoped(server.ctx.db.kysely, globexId), ['sign_in_failed'], bucket)).toEqual({ sign_in_failed: 50 });
    expect(await sumMetrics(scoped(server.ctx.db.kysely, acmeId), ['sign_in_failed'], bucket)).toEqual({ sign_in_failed: 0 });

    clock.advance(31 * DAY);
    const job = JOBS.find((j) => j.name === 'metrics-cleanup')!;
    expect(await runJobOnce(server.ctx, job, { force: true })).toMatchObject({ status: 'ran' });
    expect(await sumMetrics(scoped(server.ctx.db.kysely, globexId), ['sign_in_failed'], 0)).toEqual({ sign_in_failed: 0 });
  });
});
