import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findUserByEmail } from '../accounts/store.ts';
import { HOUR, MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { insertFillerUsers, latestMailTo, linkIn, mailTo, organisationId, setPolicy, signUp } from '../testing/accounts.ts';
import { ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

const PASSWORD = 'a long and quiet river';

describe.each(testDialects())('self sign-up on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
  });
  afterAll(() => server?.close());

  const user = async (org: string, email: string) =>
    findUserByEmail(scoped(server.ctx.db.kysely, await organisationId(server, org)), email);

  it('signs up through the emailed link: verify, choose a password, signed in', async () => {
    const browser = server.client('acme');
    const start = await browser.post('/api/signup', { form: { email: 'New.Person@Example.test', consent: 'on' } });
    expect(start.status).toBe(200);
    expect(await user('acme', 'new.person@example.test')).toBeUndefined();

    const mail = await latestMailTo(server, 'new.person@example.test');
    expect(mail.subject).toBe('Confirm your email address for acme');
    expect(mail.status).toBe('outbox');
    const link = linkIn(mail.body);
    expect(link.origin).toBe(`http://acme.localhost:${server.port}`);
    expect(link.pathname).toBe('/verifyemail');

    const verify = await browser.post('/api/verifyemail', { form: { verificationID: link.searchParams.get('verificationID')! } });
    expect(verify.status).toBe(200);
    expect(verify.json()).toEqual({ outcome: 'completeSignUp', email: 'new.person@example.test' });
    const pending = await user('acme', 'new.person@example.test');
    expect(pending).toMatchObject({ status: 'Pending', role: 'EndUser', password_hash: null });
    expect(pending!.email_verified_date).not.toBeNull();
    expect(pending!.terms_accepted_at).not.toBeNull();

    const complete = await browser.post('/api/completesignup', { form: { password: PASSWORD, confirmPassword: PASSWORD } });
    expect(complete.status).toBe(200);
    expect(complete.json()).toMatchObject({ user: { email: 'new.person@example.test', status: 'SignedUp' } });
    expect((await browser.get('/api/account')).status).toBe(200);
    const signedIn = await server
      .client('acme')
      .post('/api/authenticate', { form: { email: 'new.person@example.test', password: PASSWORD } });
    expect(signedIn.status).toBe(200);
  });

  it('uses a link once only', async () => {
    const browser = server.client('acme');
    await browser.post('/api/signup', { form: { email: 'once@example.test', consent: 'true' } });
    const verificationID = linkIn((await latestMailTo(server, 'once@example.test')).body).searchParams.get('verificationID')!;
    const [a, b] = await Promise.all([
      browser.post('/api/verifyemail', { form: { verificationID } }),
      server.client('acme').post('/api/verifyemail', { form: { verificationID } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const again = await browser.post('/api/verifyemail', { form: { verificationID } });
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'Token unrecognised or has expired, please request a new verification token from the dashboard page.',
    });
  });

  it('answers a repeat sign-up the same way, and its link says the account already exists', async () => {
    await signUp(server, 'acme', 'repeat@example.test', PASSWORD);
    const again = await server.client('acme').post('/api/signup', { form: { email: 'repeat@example.test', consent: 'true' } });
    expect(again.status).toBe(200);
    expect(again.json()).toEqual({ email: 'repeat@example.test' });
    const verificationID = linkIn((await latestMailTo(server, 'repeat@example.test')).body).searchParams.get('verificationID')!;
    const verify = await server.client('acme').post('/api/verifyemail', { form: { verificationID } });
    expect(verify.json()).toEqual({ outcome: 'alreadySignedUp', email: 'repeat@example.test' });
    // Nothing about the account changed: the password still works.
    expect(
      (await server.client('acme').post('/api/authenticate', { form: { email: 'repeat@example.test', password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('refuses completing sign-up without a verified address, or with a weak or mismatched password', async () => {
    const stranger = await server.client('acme').post('/api/completesignup', { form: { password: PASSWORD, confirmPassword: PASSWORD } });
    expect(stranger.status).toBe(400);
    expect(stranger.json()).toMatchObject({ code: 'TOKEN_INVALID' });

    const browser = server.client('acme');
    await browser.post('/api/signup', { form: { email: 'weak@example.test', consent: 'true' } });
    const verificationID = linkIn((await latestMailTo(server, 'weak@example.test')).body).searchParams.get('verificationID')!;
    await browser.post('/api/verifyemail', { form: { verificationID } });
    const mismatch = await browser.post('/api/completesignup', {
      form: { password: PASSWORD, confirmPassword: 'something else entirely' },
    });
    expect(mismatch.json()).toMatchObject({ validation: { errors: { confirmPassword: { message: 'The passwords do not match' } } } });
    const common = await browser.post('/api/completesignup', { form: { password: 'password123', confirmPassword: 'password123' } });
    expect(common.status).toBe(400);
    expect(common.json<{ validation: { errors: { password: { message: string } } } }>().validation.errors.password.message).toContain(
      'one of the most commonly used passwords',
    );
    // The refusals did not use the completion up.
    const ok = await browser.post('/api/completesignup', { form: { password: PASSWORD, confirmPassword: PASSWORD } });
    expect(ok.status).toBe(200);
    // And it is used up now.
    const twice = await browser.post('/api/completesignup', { form: { password: PASSWORD, confirmPassword: PASSWORD } });
    expect(twice.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('expires the link after 24 hours and the completion after an hour', async () => {
    const browser = server.client('acme');
    await browser.post('/api/signup', { form: { email: 'late@example.test', consent: 'true' } });
    const old = linkIn((await latestMailTo(server, 'late@example.test')).body).searchParams.get('verificationID')!;
    clock.advance(24 * HOUR + 1);
    expect((await browser.post('/api/verifyemail', { form: { verificationID: old } })).json()).toMatchObject({ code: 'TOKEN_INVALID' });

    await browser.post('/api/signup', { form: { email: 'late@example.test', consent: 'true' } });
    const fresh = linkIn((await latestMailTo(server, 'late@example.test')).body).searchParams.get('verificationID')!;
    expect((await browser.post('/api/verifyemail', { form: { verificationID: fresh } })).status).toBe(200);
    clock.advance(60 * MINUTE + 1);
    const complete = await browser.post('/api/completesignup', { form: { password: PASSWORD, confirmPassword: PASSWORD } });
    expect(complete.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it("never accepts one organisation's link on another organisation's host", async () => {
    await server.client('acme').post('/api/signup', { form: { email: 'cross@example.test', consent: 'true' } });
    const verificationID = linkIn((await latestMailTo(server, 'cross@example.test')).body).searchParams.get('verificationID')!;
    const elsewhere = await server.client('globex').post('/api/verifyemail', { form: { verificationID } });
    expect(elsewhere.status).toBe(400);
    expect(await user('globex', 'cross@example.test')).toBeUndefined();
    // Still good where it belongs.
    expect((await server.client('acme').post('/api/verifyemail', { form: { verificationID } })).status).toBe(200);
  });

  it('takes over a Pending account when its address is verified: earlier holds on it end', async () => {
    const org = await organisationId(server, 'acme');
    const first = server.client('acme');
    await first.post('/api/signup', { form: { email: 'contested@example.test', consent: 'true' } });
    const firstID = linkIn((await latestMailTo(server, 'contested@example.test')).body).searchParams.get('verificationID')!;
    await first.post('/api/verifyemail', { form: { verificationID: firstID } });
    // The owner signs up again from another browser and verifies there: the first browser's completion is dead.
    const owner = server.client('acme');
    await owner.post('/api/signup', { form: { email: 'contested@example.test', consent: 'true' } });
    const ownerID = linkIn((await latestMailTo(server, 'contested@example.test')).body).searchParams.get('verificationID')!;
    expect((await owner.post('/api/verifyemail', { form: { verificationID: ownerID } })).json()).toMatchObject({
      outcome: 'completeSignUp',
    });
    expect((await first.post('/api/completesignup', { form: { password: PASSWORD, confirmPassword: PASSWORD } })).status).toBe(400);
    expect((await owner.post('/api/completesignup', { form: { password: PASSWORD, confirmPassword: PASSWORD } })).status).toBe(200);
    const rows = await server.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', org)
      .where('email', '=', 'contested@example.test')
      .execute();
    expect(rows).toHaveLength(1);
    // The take-over is a change with its event (whose subscriber ended the earlier holds): the owner proved the address.
    const audited = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('organisation_id', '=', org)
      .where('subject_id', '=', rows[0]!.id)
      .where('type', '=', 'user.email_verified')
      .execute();
    expect(audited.map((r) => JSON.parse(r.details) as unknown)).toEqual([{ email: 'contested@example.test' }]);
  });

  it('refuses sign-up when the organisation prevents it, and outside its email whitelist', async () => {
    await setPolicy(server, 'globex', { prevent_self_sign_up: true });
    const prevented = await server.client('globex').post('/api/signup', { form: { email: 'x@example.test', consent: 'true' } });
    expect(prevented.status).toBe(403);
    expect(prevented.json()).toMatchObject({ code: 'SELF_SIGN_UP_DISABLED' });

    await setPolicy(server, 'globex', {
      prevent_self_sign_up: false,
      user_email_whitelist: JSON.stringify(['boss@else.test', '/@globex\\.test$/']),
    });
    const outside = await server.client('globex').post('/api/signup', { form: { email: 'x@example.test', consent: 'true' } });
    expect(outside.status).toBe(400);
    expect(outside.json()).toMatchObject({
      code: 'EMAIL_NOT_ALLOWED',
      validation: { errors: { email: { message: 'This email address cannot be used to sign up here' } } },
    });
    expect((await server.client('globex').post('/api/signup', { form: { email: 'Worker@Globex.test', consent: 'true' } })).status).toBe(
      200,
    );
    expect((await server.client('globex').post('/api/signup', { form: { email: 'BOSS@else.test', consent: 'true' } })).status).toBe(200);
    await setPolicy(server, 'globex', { user_email_whitelist: JSON.stringify(['/.*/']) });
  });

  it('needs the email and the consent, and refuses the base organisation', async () => {
    const missing = await server.client('acme').post('/api/signup', { form: { email: 'no-consent@example.test' } });
    expect(missing.json()).toMatchObject({ validation: { errors: { consent: { message: 'This field is required' } } } });
    const base = await server.client('').post('/api/signup', { form: { email: 'x@example.test', consent: 'true' } });
    expect(base.status).toBe(403);
  });

  it('sends at most five sign-up emails an hour to one address', async () => {
    for (let i = 0; i < 7; i++) {
      expect((await server.client('acme').post('/api/signup', { form: { email: 'flood@example.test', consent: 'true' } })).status).toBe(
        200,
      );
    }
    expect(await mailTo(server, 'flood@example.test')).toHaveLength(5);
  });

  it("stops self sign-up at the Starter package's 50 users, exactly, even when racing", async () => {
    await server.createOrganisation('full');
    const org = await organisationId(server, 'full');
    await insertFillerUsers(server, org, 48, { prefix: 'filler', domain: 'full.test' });
    // 49 users: two verifications race for the last place.
    const ids = [];
    for (const email of ['racer1@example.test', 'racer2@example.test']) {
      await server.client('full').post('/api/signup', { form: { email, consent: 'true' } });
      ids.push(linkIn((await latestMailTo(server, email)).body).searchParams.get('verificationID')!);
    }
    const results = await Promise.all(
      ids.map((verificationID) => server.client('full').post('/api/verifyemail', { form: { verificationID } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.status === 403)!.json()).toMatchObject({
      code: 'USER_LIMIT_REACHED',
      message: "Your organisation has reached the Starter package's limit of 50 users",
    });
    const full = await server.client('full').post('/api/signup', { form: { email: 'late@example.test', consent: 'true' } });
    expect(full.status).toBe(403);
    expect(full.json()).toMatchObject({ code: 'USER_LIMIT_REACHED' });
  });
});
