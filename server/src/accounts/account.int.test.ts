import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DAY, MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { latestMailTo, linkIn, mailTo, newOrganisation, organisationId, setPolicy, signIn } from '../testing/accounts.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { findUserByEmail } from './store.ts';

describe.each(testDialects())('the signed-in account on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(() => server?.close());

  async function organisation(policy: Parameters<typeof newOrganisation>[1] = {}) {
    const name = await newOrganisation(server, policy);
    return { name, email: `admin@${name}.test`, browser: await signIn(server, name, `admin@${name}.test`, DEFAULT_PASSWORD) };
  }
  const change = (browser: TestClient, currentPassword: string | undefined, password: string) =>
    browser.post('/api/changepassword', { form: { currentPassword, password, confirmPassword: password } });

  it('changes the password with the current one, ends other sessions and keeps this browser signed in', async () => {
    const { name, email, browser } = await organisation();
    const other = await signIn(server, name, email, DEFAULT_PASSWORD);
    const missing = await change(browser, undefined, 'a different long phrase');
    expect(missing.json()).toMatchObject({ validation: { errors: { currentPassword: { message: 'The current password is incorrect' } } } });
    const res = await change(browser, DEFAULT_PASSWORD, 'a different long phrase');
    expect(res.status).toBe(200);
    expect(res.json<{ user: { passwordSetDate: string } }>().user.passwordSetDate).toBe(new Date(clock.now()).toISOString());
    expect((await browser.get('/api/account')).status).toBe(200);
    expect((await other.get('/api/account')).status).toBe(401);
    expect((await server.client(name).post('/api/authenticate', { form: { email, password: 'a different long phrase' } })).status).toBe(
      200,
    );
  });

  it('forces a new password once passwordExpiryDays have passed: only the account and the change are allowed', async () => {
    const { name, email } = await organisation({ password_expiry_days: 30 });
    clock.advance(30 * DAY);
    const browser = await signIn(server, name, email, DEFAULT_PASSWORD);
    const account = await browser.get('/api/account');
    expect(account.json()).toMatchObject({ requiresNewPassword: true });
    const blocked = await browser.put('/api/account', { form: { firstName: 'Ann' } });
    expect(blocked.status).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', message: 'Please choose a new password to continue' });
    expect((await browser.post('/api/users', { form: { firstName: 'X', email: 'x@example.test' } })).status).toBe(403);
    expect((await change(browser, DEFAULT_PASSWORD, 'an unexpired password')).status).toBe(200);
    expect((await browser.get('/api/account')).json()).toMatchObject({ requiresNewPassword: false });
    expect((await browser.put('/api/account', { form: { firstName: 'Ann' } })).status).toBe(200);
  });

  it('refuses the last 13 passwords when enforcePasswordHistory is on, and only then', async () => {
    const { name, browser } = await organisation({ enforce_password_history: true });
    const passwords = Array.from({ length: 14 }, (_, i) => `history password number ${i}`);
    let current = DEFAULT_PASSWORD;
    for (const next of passwords) {
      expect((await change(browser, current, next)).status).toBe(200);
      current = next;
    }
    // Now the current is #13; #1..#13 are the last 13 passwords, #0 is older.
    const reused = await change(browser, current, passwords[1]!);
    expect(reused.json()).toMatchObject({
      validation: {
        errors: {
          password: { message: 'You have used this password recently, please choose one you have not used for your last 13 passwords' },
        },
      },
    });
    expect((await change(browser, current, passwords[0]!)).status).toBe(200);
    current = passwords[0]!;
    await setPolicy(server, name, { enforce_password_history: false });
    expect((await change(browser, current, passwords[5]!)).status).toBe(200);
  });

  it('replaces a hash made with weaker parameters at the next sign-in', async () => {
    const { name, email } = await organisation();
    const orgId = await organisationId(server, name);
    const weaker = await hash(DEFAULT_PASSWORD, { algorithm: 2, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    await server.ctx.db.kysely.updateTable('users').set({ password_hash: weaker }).where('organisation_id', '=', orgId).execute();
    await signIn(server, name, email, DEFAULT_PASSWORD);
    const user = await findUserByEmail(scoped(server.ctx.db.kysely, orgId), email);
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("edits details ('Details updated'); a new phone number needs the current password", async () => {
    const { browser } = await organisation();
    const saved = await browser.put('/api/account', { form: { firstName: 'Grace', surname: 'Hopper', phoneNumber: '' } });
    expect(saved.json()).toMatchObject({ message: 'Details updated', firstName: 'Grace', surname: 'Hopper', phoneNumber: null });
    const tooLong = await browser.put('/api/account', { form: { firstName: 'G'.repeat(51) } });
    expect(tooLong.json()).toMatchObject({ validation: { errors: { firstName: { message: 'Please use 50 characters or fewer' } } } });
    const noPassword = await browser.put('/api/account', { form: { firstName: 'Grace', phoneNumber: '+44 20 7946 0000' } });
    expect(noPassword.json()).toMatchObject({
      validation: { errors: { currentPassword: { message: 'The current password is incorrect' } } },
    });
    const badPhone = await browser.put('/api/account', { form: { phoneNumber: 'call me' } });
    expect(badPhone.status).toBe(400);
    const withPassword = await browser.put('/api/account', {
      form: { firstName: 'Grace', phoneNumber: '+44 20 7946 0000', currentPassword: DEFAULT_PASSWORD },
    });
    expect(withPassword.json()).toMatchObject({ phoneNumber: '+44 20 7946 0000' });
    // Keeping the same number needs no password.
    expect((await browser.put('/api/account', { form: { firstName: 'G', phoneNumber: '+44 20 7946 0000' } })).status).toBe(200);
  });

  it("resends the signed-in user's verification email, at most once a minute, and not when verified", async () => {
    const { name, email, browser } = await organisation();
    expect((await browser.post('/api/account/resendverification')).json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
    const orgId = await organisationId(server, name);
    await server.ctx.db.kysely.updateTable('users').set({ email_verified_date: null }).where('organisation_id', '=', orgId).execute();
    const sent = await browser.post('/api/account/resendverification');
    expect(sent.json()).toEqual({ message: 'Confirmation email sent' });
    expect((await browser.post('/api/account/resendverification')).status).toBe(200);
    expect(await mailTo(server, email)).toHaveLength(1);
    clock.advance(MINUTE);
    await browser.post('/api/account/resendverification');
    expect(await mailTo(server, email)).toHaveLength(2);
    const verificationID = linkIn((await latestMailTo(server, email)).body).searchParams.get('verificationID')!;
    expect((await server.client(name).post('/api/verifyemail', { form: { verificationID } })).json()).toMatchObject({
      outcome: 'verified',
    });
    expect((await browser.get('/api/account')).json<{ emailVerifiedDate: string | null }>().emailVerifiedDate).not.toBeNull();
  });

  describe('remember-me', () => {
    it('remembers nothing while rememberMeDays is 0', async () => {
      const { name } = await organisation();
      const browser = await signIn(server, name, `admin@${name}.test`, DEFAULT_PASSWORD);
      expect(browser.cookies.has('gatehouse_remember')).toBe(false);
      expect((await browser.get('/api/rememberme')).json()).toEqual({ email: null });
    });

    it('remembers the email for rememberMeDays after signing in, in an HttpOnly cookie, until Forget me', async () => {
      const { name, email } = await organisation({ remember_me_days: 30 });
      const browser = server.client(name);
      const res = await browser.post('/api/authenticate', { form: { email, password: DEFAULT_PASSWORD } });
      const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('gatehouse_remember='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Max-Age=2592000/);
      await browser.post('/api/signout');
      expect((await browser.get('/api/rememberme')).json()).toEqual({ email });
      // Another organisation's host knows nothing of it.
      const other = await organisation({ remember_me_days: 30 });
      const elsewhere = server.client(other.name);
      elsewhere.cookies.set('gatehouse_remember', browser.cookies.get('gatehouse_remember')!);
      expect((await elsewhere.get('/api/rememberme')).json()).toEqual({ email: null });

      expect((await browser.post('/api/rememberme')).status).toBe(204);
      expect((await browser.get('/api/rememberme')).json()).toEqual({ email: null });
    });

    it('forgets when the organisation turns remember-me off, and refuses a forged cookie', async () => {
      const { name, email } = await organisation({ remember_me_days: 7 });
      const browser = await signIn(server, name, email, DEFAULT_PASSWORD);
      const forged = server.client(name);
      forged.cookies.set('gatehouse_remember', 'someone-else');
      expect((await forged.get('/api/rememberme')).json()).toEqual({ email: null });
      await setPolicy(server, name, { remember_me_days: 0 });
      expect((await browser.get('/api/rememberme')).json()).toEqual({ email: null });
      expect(browser.cookies.has('gatehouse_remember')).toBe(false);
    });
  });
});
