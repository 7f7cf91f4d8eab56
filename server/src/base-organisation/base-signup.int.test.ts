import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findUserByEmail } from '../accounts/store.ts';
import { HOUR, MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { latestMailTo, linkIn, mailTo } from '../testing/accounts.ts';
import { ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { demoCleanup } from './demo-cleanup.ts';

const DEMO = 'demo@example.com';

describe.each(testDialects())('the base organisation sign-up on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    await server.createOrganisation('acme');
  });
  afterAll(() => server?.close());

  const base = () => server.client();
  const db = () => server.ctx.db.kysely;
  const organisation = (name: string) => findOrganisationByName(db(), name);

  /** The email step and the emailed link's sign-up id. */
  async function emailStep(email: string): Promise<string> {
    const res = await base().post('/api/basesignupemail', { form: { email, consent: 'true' } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ email, baseSignUpID: null });
    return linkIn((await latestMailTo(server, email)).body).searchParams.get('signupid')!;
  }

  async function demoStep(): Promise<string> {
    const res = await base().post('/api/basesignupemail', { form: { email: DEMO, consent: 'on' } });
    expect(res.status).toBe(200);
    return res.json<{ baseSignUpID: string }>().baseSignUpID;
  }

  const finish = (baseSignUpID: string, organisationName: string) =>
    base().post('/api/basesignuporg', { form: { baseSignUpID, organisationName } });

  /** Follows the hand-over link as the browser does: on the new host, keeping its cookies. */
  async function followHandover(handoverURL: string, browser?: TestClient) {
    const url = new URL(handoverURL);
    const client = browser ?? server.client(url.hostname.split('.')[0]);
    const res = await client.get(url.pathname + url.search);
    return { client, res };
  }

  it('verifies the address by an emailed link, makes the organisation with its admin and keys, and signs them in there', async () => {
    const signupid = await emailStep('founder@newco.test');
    const mail = await latestMailTo(server, 'founder@newco.test');
    expect(mail.subject).toBe('Set up your organisation on Gatehouse');
    const link = linkIn(mail.body);
    expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:${server.port}/getstarted`);
    // Nothing exists before the link is used.
    expect(await organisation('newco')).toBeUndefined();

    const info = await base().get(`/api/basesignup?signupid=${signupid}`);
    expect(info.status).toBe(200);
    expect(info.json()).toEqual({ baseSignUpID: signupid, email: 'founder@newco.test', demo: false, baseHostname: 'localhost' });
    // Opening the link again resumes the same sign-up.
    expect((await base().get(`/api/basesignup?signupid=${signupid}`)).status).toBe(200);

    const done = await finish(signupid, 'NewCo');
    expect(done.status).toBe(200);
    const { hostname, handoverURL } = done.json<{ hostname: string; handoverURL: string }>();
    expect(hostname).toBe('newco.localhost');
    expect(handoverURL).toMatch(new RegExp(`^http://newco\\.localhost:${server.port}/api/handover\\?token=[A-Za-z0-9_-]{43}$`));

    const org = (await organisation('newco'))!;
    expect(org).toMatchObject({ is_demo: false, demo_expires_at: null, tier: 'starter' });
    const admin = (await findUserByEmail(scoped(db(), org.id), 'founder@newco.test'))!;
    expect(admin).toMatchObject({ role: 'OrganisationAdministrator', status: 'SignedUp', password_hash: null, password_set_date: null });
    expect(admin.email_verified_date).not.toBeNull();
    expect(admin.terms_accepted_at).not.toBeNull();
    const keys = await db().selectFrom('oidc_keys').select('alg').where('organisation_id', '=', org.id).execute();
    // A signing key of each kind, and the next one of each, published before it signs.
    expect(keys.map((k) => k.alg).sort()).toEqual(['ES256', 'ES256', 'RS256', 'RS256']);

    const { client, res } = await followHandover(handoverURL);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard?signupcomplete=true');
    expect(res.headers['cache-control']).toBe('no-store');
    const account = await client.get('/api/account');
    expect(account.status).toBe(200);
    expect(account.json()).toMatchObject({ email: 'founder@newco.test', role: 'OrganisationAdministrator', passwordSetDate: null });
    // The new organisation is an OpenID Provider at once.
    const discovery = await client.get('/.well-known/openid-configuration');
    expect(discovery.json()).toMatchObject({ issuer: `http://newco.localhost:${server.port}` });
    // Without a password yet, the admin chooses one with no current password.
    const password = 'a quiet harbour at dawn';
    const changed = await client.post('/api/changepassword', { form: { password, confirmPassword: password } });
    expect(changed.status).toBe(200);
    expect((await server.client('newco').post('/api/authenticate', { form: { email: 'founder@newco.test', password } })).status).toBe(200);
  });

  it('uses a sign-up id once: a second organisation, a second finish or a resume all fail', async () => {
    const signupid = await emailStep('twice@example.test');
    const [a, b] = await Promise.all([finish(signupid, 'racer-one'), finish(signupid, 'racer-two')]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const made = [await organisation('racer-one'), await organisation('racer-two')].filter(Boolean);
    expect(made).toHaveLength(1);
    const again = await finish(signupid, 'racer-three');
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'BASE_SIGNUP_INVALID',
      message: 'This sign-up link has expired or has already been used. Please start again.',
    });
    expect(await organisation('racer-three')).toBeUndefined();
    expect((await base().get(`/api/basesignup?signupid=${signupid}`)).status).toBe(400);
  });

  it('lets the emailed link expire after 24 hours', async () => {
    const signupid = await emailStep('late@example.test');
    clock.advance(24 * HOUR - MINUTE);
    expect((await base().get(`/api/basesignup?signupid=${signupid}`)).status).toBe(200);
    clock.advance(MINUTE);
    expect((await base().get(`/api/basesignup?signupid=${signupid}`)).json()).toMatchObject({ code: 'BASE_SIGNUP_INVALID' });
    expect((await finish(signupid, 'too-late')).status).toBe(400);
    expect(await organisation('too-late')).toBeUndefined();
  });

  it('refuses names that are no DNS label, reserved or taken, with a clear message, and keeps the sign-up for another try', async () => {
    const signupid = await emailStep('names@example.test');
    const format = 'Use 1 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit';
    const cases: [string, string][] = [
      ['', 'Please provide the name of your organisation'],
      ['-acme', format],
      ['acme-', format],
      ['ac_me', format],
      ['ac.me', format],
      ['acmé', format],
      ['a'.repeat(64), format],
      ['www', 'That name is reserved, please choose another'],
      ['api', 'That name is reserved, please choose another'],
      ['Admin', 'That name is reserved, please choose another'],
      ['base', 'That name is reserved, please choose another'],
    ];
    for (const [name, message] of cases) {
      const res = await finish(signupid, name);
      expect(res.status, name).toBe(400);
      expect(res.json().validation, name).toEqual({ errors: { organisationName: { message } } });
    }
    const taken = await finish(signupid, 'ACME');
    expect(taken.status).toBe(409);
    expect(taken.json().validation).toEqual({
      errors: { organisationName: { message: 'That name is already taken, please choose another' } },
    });

    const ok = await finish(signupid, ` ${'b'.repeat(63)} `);
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ hostname: `${'b'.repeat(63)}.localhost` });
  });

  it('asks for consent and a valid address, and sends at most 5 links an hour to one address with the same answer', async () => {
    const noConsent = await base().post('/api/basesignupemail', { form: { email: 'someone@example.test' } });
    expect(noConsent.status).toBe(400);
    expect(noConsent.json().validation).toEqual({ errors: { consent: { message: 'This field is required' } } });
    const badEmail = await base().post('/api/basesignupemail', { form: { email: 'not-an-address', consent: 'true' } });
    expect(badEmail.json().validation).toEqual({ errors: { email: { message: 'Please enter a valid email address' } } });

    for (let i = 0; i < 6; i++) {
      const res = await base().post('/api/basesignupemail', { form: { email: 'eager@example.test', consent: 'true' } });
      expect(res.json()).toEqual({ email: 'eager@example.test', baseSignUpID: null });
    }
    expect(await mailTo(server, 'eager@example.test')).toHaveLength(5);
  });

  it('signs the new admin in once with the hand-over token, only on its own host and within a minute', async () => {
    const first = (await finish(await emailStep('one@example.test'), 'handover-one')).json<{ handoverURL: string }>();
    const second = (await finish(await emailStep('two@example.test'), 'handover-two')).json<{ handoverURL: string }>();

    // Another organisation's host does not know the token, and using it there spends nothing.
    const elsewhere = server.client('handover-two');
    const url = new URL(first.handoverURL);
    const wrongHost = await elsewhere.get(url.pathname + url.search);
    expect(wrongHost.status).toBe(303);
    expect(wrongHost.headers.location).toBe('/');
    expect((await elsewhere.get('/api/account')).status).toBe(401);

    const browsers = [server.client('handover-one'), server.client('handover-one')];
    const results = await Promise.all(browsers.map((browser) => followHandover(first.handoverURL, browser)));
    expect(results.map(({ res }) => res.headers.location).sort()).toEqual(['/', '/dashboard?signupcomplete=true']);
    const accounts = await Promise.all(browsers.map((browser) => browser.get('/api/account')));
    expect(accounts.map((a) => a.status).sort()).toEqual([200, 401]);
    const replay = await followHandover(first.handoverURL);
    expect(replay.res.headers.location).toBe('/');
    expect((await replay.client.get('/api/account')).status).toBe(401);

    clock.advance(61_000);
    const expired = await followHandover(second.handoverURL);
    expect(expired.res.headers.location).toBe('/');
    expect((await expired.client.get('/api/account')).status).toBe(401);
    expect((await server.client('handover-two').get('/api/handover?token=not-a-token')).headers.location).toBe('/');
  });

  it('makes a demo organisation for the fixed demo address at once, marked as demo, and the clean-up deletes it in time', async () => {
    const [one, two] = [await demoStep(), await demoStep()];
    // No email goes to the demo address; each visitor's demo sign-up stands on its own.
    expect(await mailTo(server, DEMO)).toEqual([]);
    expect((await base().get(`/api/basesignup?signupid=${one}`)).json()).toMatchObject({ email: DEMO, demo: true });

    const started = clock.now();
    const made = await finish(one, 'demo-alpha');
    expect(made.status).toBe(200);
    expect((await finish(two, 'demo-beta')).status).toBe(200);
    const org = (await organisation('demo-alpha'))!;
    expect(org).toMatchObject({ is_demo: true, demo_expires_at: started + 24 * HOUR });
    expect(await findUserByEmail(scoped(db(), org.id), DEMO)).toMatchObject({ role: 'OrganisationAdministrator', status: 'SignedUp' });
    const { client, res } = await followHandover(made.json<{ handoverURL: string }>().handoverURL);
    expect(res.headers.location).toBe('/dashboard?signupcomplete=true');
    expect((await client.get('/api/account')).json()).toMatchObject({ email: DEMO });

    clock.advance(24 * HOUR - MINUTE);
    await runJobOnce(server.ctx, demoCleanup, { force: true });
    expect(await organisation('demo-alpha')).toBeDefined();
    clock.advance(MINUTE);
    const told: string[] = [];
    server.ctx.organisationChanged.add((id) => told.push(id));
    expect(await runJobOnce(server.ctx, demoCleanup, { force: true })).toEqual({
      status: 'ran',
      result: 'deleted 2 expired demo organisations',
      warnings: [],
    });
    expect(await organisation('demo-alpha')).toBeUndefined();
    expect(await db().selectFrom('users').select('id').where('organisation_id', '=', org.id).execute()).toEqual([]);
    expect(await db().selectFrom('oidc_keys').select('kid').where('organisation_id', '=', org.id).execute()).toEqual([]);
    // Real organisations are never touched.
    expect(await organisation('acme')).toBeDefined();
    expect(await organisation('newco')).toBeDefined();
    // Each deleted organisation's notice: this process's organisation and provider caches forget it at once.
    expect(told).toHaveLength(2);
    expect(told).toContain(org.id);
    expect((await client.get('/api/account')).status).toBe(404);
  });

  it('finds an organisation by name for the organisation sign-in, and says plainly when there is none', async () => {
    const found = await base().get('/api/orgexists?name=Acme');
    expect(found.status).toBe(200);
    expect(found.json()).toEqual({ hostname: 'acme.localhost', url: `http://acme.localhost:${server.port}/` });
    expect((await base().get('/api/orgexists?name=acme.localhost')).json()).toMatchObject({ hostname: 'acme.localhost' });

    // Regression: a NUL in the name reached PostgreSQL, which refuses it in text (a 500, found by the fuzz test).
    // NUL is now refused in any input before a handler runs (http/input-hygiene.ts).
    for (const name of ['acme\u0000', '\u0000']) {
      const refused = await base().get(`/api/orgexists?name=${encodeURIComponent(name)}`);
      expect(refused.status, name).toBe(400);
      expect(refused.json(), name).toMatchObject({ code: 'BAD_REQUEST' });
    }
    for (const name of ['nobody', 'localhost', 'acme.example.com', 'base', 'x y']) {
      const unknown = await base().get(`/api/orgexists?name=${encodeURIComponent(name)}`);
      expect(unknown.status, name).toBe(404);
      expect(unknown.json(), name).toMatchObject({
        code: 'ORGANISATION_UNKNOWN',
        validation: { errors: { name: { message: "We couldn't find an organisation with that name. Please check it and try again." } } },
      });
    }
    expect((await base().get('/api/orgexists?name=')).json().validation).toEqual({
      errors: { name: { message: 'This field is required' } },
    });
  });

  it('offers sign-up and the organisation lookup only on the base host, and no signed-in use of the base organisation', async () => {
    const acme = server.client('acme');
    expect((await acme.post('/api/basesignupemail', { form: { email: 'x@example.test', consent: 'true' } })).status).toBe(404);
    expect((await acme.post('/api/basesignupemail', { form: { email: DEMO, consent: 'true' } })).status).toBe(404);
    expect((await acme.get('/api/orgexists?name=acme')).status).toBe(404);
    const signupid = await emailStep('host@example.test');
    expect((await acme.get(`/api/basesignup?signupid=${signupid}`)).status).toBe(404);
    expect((await acme.post('/api/basesignuporg', { form: { baseSignUpID: signupid, organisationName: 'sneaky' } })).status).toBe(404);
    expect(await organisation('sneaky')).toBeUndefined();

    const signIn = await base().post('/api/authenticate', { form: { email: 'host@example.test', password: 'whatever it is' } });
    expect(signIn.status).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'BASE_ORGANISATION' });
    expect((await base().post('/api/signup', { form: { email: 'host@example.test', consent: 'true' } })).status).toBe(403);
    expect((await base().post('/api/accountrecovery', { form: { email: 'host@example.test' } })).status).toBe(403);
    expect((await base().get('/api/account')).status).toBe(401);
  });
});
