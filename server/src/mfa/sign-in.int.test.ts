import type { Account, SignInResult } from '@gatehouse/common/schemas/account';
import type { Factor, SignInChallenge } from '@gatehouse/common/schemas/mfa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findUserByEmail } from '../accounts/store.ts';
import { DAY, MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { codeIn, latestMailTo, newOrganisation, organisationId, setPolicy } from '../testing/accounts.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient, TestResponse } from '../testing/http-client.ts';
import { enrolAuthenticator, enrolByCode, latestCodeTo, passwordStep } from '../testing/mfa.ts';

const codeStep = (client: TestClient, challenge: SignInChallenge, code: string, extra: Record<string, string | boolean> = {}) =>
  client.post('/api/authenticate', { form: { signInStateID: challenge.signInStateID, code, ...extra } });
const sessionAmr = async (server: TestServer, userId: string) =>
  (await server.ctx.db.kysely.selectFrom('sessions').select('amr').where('user_id', '=', userId).execute()).map(
    (s) => JSON.parse(s.amr) as string[],
  );
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');
const errorCode = (res: TestResponse) => res.json<{ code: string }>().code;

describe.each(testDialects())('the sign-in code step on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(() => server?.close());

  /** Sets up email or SMS codes for the user, then signs that set-up browser out. */
  async function codeUser(org: string, email: string, method: Parameters<typeof enrolByCode>[2]) {
    const user = await createUser(server, await organisationId(server, org), { email });
    const setUp = await signedIn(server, org, email);
    await enrolByCode(server, setUp, method);
    await setUp.post('/api/signout');
    return user;
  }

  /** A fresh organisation with a user who has set up an authenticator app. */
  async function appUser(policy: Parameters<typeof newOrganisation>[1] = {}) {
    const org = await newOrganisation(server, policy);
    const orgId = await organisationId(server, org);
    const user = await createUser(server, orgId, { email: 'app@example.test' });
    const setUp = await signedIn(server, org, user.email);
    const app = await enrolAuthenticator(server, setUp);
    await setUp.post('/api/signout');
    // The set-up used this step's code: move on so the next code is a fresh one.
    clock.advance(30_000);
    return { org, orgId, user, app };
  }

  it("offers a person's other factors after the password ('Use another method'), and signs in with any of them", async () => {
    const { org, orgId, user, app } = await appUser({ allow_sms_two_step: true, allow_email_two_step: true });
    const setUp = server.client(org);
    expect((await codeStep(setUp, await passwordStep(setUp, user.email), app.code())).status).toBe(200);
    // A second factor: SMS codes beside the app, no new recovery codes (the first factor's set stays).
    expect(await enrolByCode(server, setUp, { sms: '+15005550007' })).toEqual([]);
    await setUp.post('/api/signout');
    clock.advance(30_000);

    // A stranger learns nothing: the password step answers the same for a wrong password.
    const stranger = server.client(org);
    const refused = await stranger.post('/api/authenticate', { form: { email: user.email, password: 'not the password' } });
    expect(JSON.stringify(refused.json())).not.toMatch(/otherMethods|isSMS/);

    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    // The default is the first factor, the app; SMS is the other.
    expect(challenge.data).toMatchObject({ isSMS: false, isEmail: false, otherMethods: [{ kind: 2, phoneNumber: '•••• 007' }] });
    const switchTo = (kind: number, client = browser, id = challenge.signInStateID) =>
      client.post('/api/authenticate/method', { form: { signInStateID: id, kind } });
    // Email is allowed by the organisation but not one of this person's factors.
    expect(errorCode(await switchTo(1))).toBe('MFA_METHOD_NOT_ALLOWED');
    // Another browser cannot move this sign-in.
    expect(errorCode(await switchTo(2, server.client(org)))).toBe('SIGN_IN_EXPIRED');

    const switched = await switchTo(2);
    expect(switched.status).toBe(200);
    const sms = switched.json<SignInChallenge>();
    expect(sms).toMatchObject({
      signInStateID: challenge.signInStateID,
      data: { isSMS: true, otherMethods: [{ kind: 0, phoneNumber: null }] },
    });
    const texted = await latestCodeTo(server, '+15005550007');
    // The app's code no longer answers this sign-in (the method asked for is SMS), nor does a wrong one.
    expect(errorCode(await codeStep(browser, sms, wrongCode(texted)))).toBe('MFA_CODE_INVALID');
    const right = await codeStep(browser, sms, texted);
    expect(right.status).toBe(200);
    expect(await sessionAmr(server, user.id)).toEqual([['pwd', 'sms', 'mfa']]);
    // The code was used once, and the factors record their use.
    expect(errorCode(await codeStep(browser, sms, texted))).toBe('SIGN_IN_EXPIRED');
    const factors = await server.ctx.db.kysely
      .selectFrom('credentials')
      .select(['kind', 'last_used_at'])
      .where('organisation_id', '=', orgId)
      .where('user_id', '=', user.id)
      .orderBy('kind')
      .execute();
    // The app was used by the sign-in that added SMS.
    expect(factors.map((f) => [f.kind, f.last_used_at !== null])).toEqual([
      [0, true],
      [2, true],
      [4, false],
    ]);

    // Switching does not buy attempts: five wrong SMS codes, then the app's right code is too late.
    const again = server.client(org);
    const second = await passwordStep(again, user.email);
    const toSms = (await switchTo(2, again, second.signInStateID)).json<SignInChallenge>();
    for (let i = 0; i < 5; i++) expect(errorCode(await codeStep(again, toSms, wrongCode(app.code())))).toBe('MFA_CODE_INVALID');
    const back = await switchTo(0, again, second.signInStateID);
    expect(back.json<SignInChallenge>().data).toMatchObject({ isSMS: false, otherMethods: [{ kind: 2 }] });
    expect(errorCode(await codeStep(again, back.json<SignInChallenge>(), app.code()))).toBe('SIGN_IN_EXPIRED');
    // A fresh sign-in with the app.
    const third = server.client(org);
    expect((await codeStep(third, await passwordStep(third, user.email), app.code())).status).toBe(200);
    expect(await sessionAmr(server, user.id)).toContainEqual(['pwd', 'otp', 'mfa']);
  });

  it('lists, orders and removes factors on /twostep; the last one is refused where MFA is required', async () => {
    const { org, orgId, user, app } = await appUser({ allow_sms_two_step: true });
    const browser = server.client(org);
    expect((await codeStep(browser, await passwordStep(browser, user.email), app.code())).status).toBe(200);
    expect(await enrolByCode(server, browser, { sms: '+15005550008' })).toEqual([]);
    const list = async () => (await browser.get('/api/twostep/factors')).json<Factor[]>();
    const [appFactor, sms] = await list();
    expect([appFactor, sms]).toMatchObject([
      { kind: 0, isDefault: true, phoneNumber: null },
      { kind: 2, isDefault: false, phoneNumber: '•••• 008' },
    ]);
    // Another person's factor is not found.
    const other = await createUser(server, orgId, { email: 'other@example.test' });
    const otherBrowser = await signedIn(server, org, other.email);
    expect((await otherBrowser.post(`/api/twostep/factors/${sms!.id}/default`)).status).toBe(404);

    expect((await browser.post(`/api/twostep/factors/${sms!.id}/default`)).json<Factor[]>()).toMatchObject([
      { kind: 2, isDefault: true },
      { kind: 0, isDefault: false },
    ]);
    clock.advance(30_000);
    // The default leads the next sign-in.
    const next = server.client(org);
    expect((await passwordStep(next, user.email)).data).toMatchObject({ isSMS: true, otherMethods: [{ kind: 0 }] });

    const remove = (id: string, password = DEFAULT_PASSWORD) => browser.post(`/api/twostep/factors/${id}/remove`, { form: { password } });
    expect((await remove(sms!.id, 'not my password')).status).toBe(400);
    expect((await remove(sms!.id)).json<Factor[]>()).toMatchObject([{ kind: 0, isDefault: true }]);
    // The organisation now requires MFA: the last factor stays, with the reason.
    await setPolicy(server, org, { require_two_step: true });
    expect((await remove(appFactor!.id)).json()).toMatchObject({
      statusCode: 409,
      code: 'MFA_LAST_FACTOR_REQUIRED',
      message: 'Your organisation requires multi-factor authentication: add another method before you remove your last one',
    });
    expect(await list()).toHaveLength(1);
    // Where it is not required, the last one turns MFA off.
    await setPolicy(server, org, { require_two_step: false });
    expect((await remove(appFactor!.id)).json<Factor[]>()).toEqual([]);
    expect((await findUserByEmail(scoped(server.ctx.db.kysely, orgId), user.email))!.has_second_factor).toBeFalsy();
  });

  it('asks a user with an authenticator app for a code after the password, and signs in only with a right one', async () => {
    const { org, user, app } = await appUser();
    const browser = server.client(org);
    const res = await browser.post('/api/authenticate', { form: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(200);
    const challenge = res.json<SignInChallenge>();
    expect(challenge).toEqual({
      authType: 'code',
      signInStateID: expect.stringMatching(/^[\w-]{43}$/),
      data: {
        digits: 6,
        isEmail: false,
        isSMS: false,
        rememberMeDays: 0,
        phoneNumber: null,
        passkey: false,
        passkeyOnly: false,
        otherMethods: [],
      },
    });
    // No session yet: the password alone reaches nothing.
    expect(String(res.headers['set-cookie'])).not.toContain('gatehouse_session=');
    expect(String(res.headers['set-cookie'])).toMatch(/gatehouse_signin=[^;]+;.*HttpOnly/i);
    expect((await browser.get('/api/account')).status).toBe(401);
    expect(await sessionAmr(server, user.id)).toEqual([]);

    const wrong = await codeStep(browser, challenge, wrongCode(app.code()));
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'MFA_CODE_INVALID',
      validation: { errors: { code: { message: 'That code is not right, please try again' } } },
    });

    const right = await codeStep(browser, challenge, app.code());
    expect(right.status).toBe(200);
    expect(right.json<SignInResult>().user).toMatchObject({ email: user.email, twoStep: { enabled: true, kind: 0 } });
    expect(await sessionAmr(server, user.id)).toEqual([['pwd', 'otp', 'mfa']]);
    expect((await browser.get('/api/account')).status).toBe(200);
    const after = (await findUserByEmail(scoped(server.ctx.db.kysely, await organisationId(server, org)), user.email))!;
    expect(after.last_sign_in).toBe(clock.now());
    expect(after.last_failed_sign_in).toBe(clock.now());

    // The sign-in state is used once.
    expect(errorCode(await codeStep(browser, challenge, app.code()))).toBe('SIGN_IN_EXPIRED');
  });

  it('accepts an authenticator code once, within one step of clock drift', async () => {
    const { org, user, app } = await appUser();
    const code = app.code();
    const first = server.client(org);
    expect((await codeStep(first, await passwordStep(first, user.email), code)).status).toBe(200);
    const replay = server.client(org);
    expect(errorCode(await codeStep(replay, await passwordStep(replay, user.email), code))).toBe('MFA_CODE_INVALID');

    clock.advance(30_000);
    const slow = server.client(org);
    const slowChallenge = await passwordStep(slow, user.email);
    expect(errorCode(await codeStep(slow, slowChallenge, app.code(-2)))).toBe('MFA_CODE_INVALID');
    expect(errorCode(await codeStep(slow, slowChallenge, app.code(2)))).toBe('MFA_CODE_INVALID');
    expect((await codeStep(slow, slowChallenge, app.code(1))).status).toBe(200);
    // The code of the step after the one used is gone; the current one is older: both refused.
    const late = server.client(org);
    expect(errorCode(await codeStep(late, await passwordStep(late, user.email), app.code()))).toBe('MFA_CODE_INVALID');
  });

  it('lets one of two concurrent right answers sign in', async () => {
    const { org, user, app } = await appUser();
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    const code = app.code();
    const results = await Promise.all([codeStep(browser, challenge, code), codeStep(browser, challenge, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await sessionAmr(server, user.id)).toHaveLength(1);
  });

  it('binds the code step to the browser, the organisation and the signInStateID', async () => {
    const { org, user, app } = await appUser();
    const other = await appUser();
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);

    // Another browser with the id, a browser without the cookie, and the cookie with another id.
    expect(errorCode(await codeStep(server.client(org), challenge, app.code()))).toBe('SIGN_IN_EXPIRED');
    expect(errorCode(await codeStep(browser, { ...challenge, signInStateID: 'x'.repeat(43) }, app.code()))).toBe('SIGN_IN_EXPIRED');
    // The same cookie on another organisation's host is nothing there.
    const elsewhere = server.client(other.org);
    for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
    expect(errorCode(await codeStep(elsewhere, challenge, other.app.code()))).toBe('SIGN_IN_EXPIRED');
    expect((await elsewhere.get('/api/account')).status).toBe(401);
    // Missing fields are answered by field, and nothing is used up.
    const blank = await browser.post('/api/authenticate', { form: { signInStateID: challenge.signInStateID, code: '' } });
    expect(blank.json()).toMatchObject({ statusCode: 400, validation: { errors: { code: { message: 'This field is required' } } } });

    expect((await codeStep(browser, challenge, app.code())).status).toBe(200);
  });

  it('ends a sign-in after five wrong codes, and locks the account after ten in a row across sign-ins', async () => {
    const { org, orgId, user, app } = await appUser();
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    for (let i = 0; i < 5; i++) expect(errorCode(await codeStep(browser, challenge, wrongCode(app.code())))).toBe('MFA_CODE_INVALID');
    expect(errorCode(await codeStep(browser, challenge, app.code()))).toBe('SIGN_IN_EXPIRED');

    const again = await passwordStep(browser, user.email);
    for (let i = 0; i < 4; i++) expect(errorCode(await codeStep(browser, again, wrongCode(app.code())))).toBe('MFA_CODE_INVALID');
    const tenth = await codeStep(browser, again, wrongCode(app.code()));
    expect(tenth.json()).toMatchObject({ statusCode: 403, code: 'ACCOUNT_LOCKED' });
    expect((await findUserByEmail(scoped(server.ctx.db.kysely, orgId), user.email))!.status).toBe('LockedOut');
    const locked = await server.client(org).post('/api/authenticate', { form: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(errorCode(locked)).toBe('ACCOUNT_LOCKED');

    // An admin's Clear lockout starts a fresh count: a right code works, and resets it.
    const admin = await signedIn(server, org, `admin@${org}.test`);
    expect((await admin.post(`/api/users/${user.id}/clearlockout`)).status).toBe(200);
    const fresh = server.client(org);
    expect((await codeStep(fresh, await passwordStep(fresh, user.email), app.code())).status).toBe(200);
    const mfa = await server.ctx.db.kysely
      .selectFrom('users')
      .select('failed_code_count')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(mfa.failed_code_count).toBe(0);
  });

  it('signs in once with each recovery code in place of a code', async () => {
    const { org, user, app } = await appUser();
    const [recovery, second] = app.recoveryCodes;
    const browser = server.client(org);
    const res = await codeStep(browser, await passwordStep(browser, user.email), recovery!.toLowerCase().replace(/-/g, ' '));
    expect(res.status).toBe(200);
    expect(await sessionAmr(server, user.id)).toEqual([['pwd', 'otp', 'mfa']]);
    const reuse = server.client(org);
    expect(errorCode(await codeStep(reuse, await passwordStep(reuse, user.email), recovery!))).toBe('MFA_CODE_INVALID');
    expect((await codeStep(reuse, await passwordStep(reuse, user.email), second!)).status).toBe(200);
  });

  it('emails a code valid for 15 minutes, resent at most once a minute, each code replacing the last', async () => {
    const org = await newOrganisation(server, { allow_email_two_step: true });
    const user = await codeUser(org, 'mail@example.test', { email: 'mail@example.test' });

    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    expect(challenge.data).toEqual({
      digits: 6,
      isEmail: true,
      isSMS: false,
      rememberMeDays: 0,
      phoneNumber: null,
      passkey: false,
      passkeyOnly: false,
      otherMethods: [],
    });
    const mail = await latestMailTo(server, user.email);
    expect(mail).toMatchObject({ kind: 'signInCode', subject: `Your ${org} sign-in code` });
    const first = codeIn(mail.body);

    const resend = () => browser.post('/api/authenticate/sendcode', { form: { signInStateID: challenge.signInStateID } });
    expect((await resend()).json()).toMatchObject({ statusCode: 429, code: 'MFA_RESEND_TOO_SOON' });
    clock.advance(MINUTE);
    expect((await resend()).status).toBe(204);
    const second = await latestCodeTo(server, user.email);
    if (second !== first) expect(errorCode(await codeStep(browser, challenge, first))).toBe('MFA_CODE_INVALID');

    clock.advance(15 * MINUTE);
    expect((await codeStep(browser, challenge, second)).json()).toMatchObject({ code: 'SIGN_IN_EXPIRED' });

    const later = server.client(org);
    const laterChallenge = await passwordStep(later, user.email);
    const code = await latestCodeTo(server, user.email);
    clock.advance(15 * MINUTE - 1);
    expect((await codeStep(later, laterChallenge, code)).status).toBe(200);
  });

  it('texts a code valid for 10 minutes to the phone set up, and refuses it after', async () => {
    const org = await newOrganisation(server, { allow_sms_two_step: true });
    const user = await codeUser(org, 'sms@example.test', { sms: '+447700900999' });

    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    expect(challenge.data).toMatchObject({ isSMS: true, isEmail: false, phoneNumber: '•••• 999' });
    const text = await latestMailTo(server, '+447700900999');
    expect(text).toMatchObject({ channel: 'sms', kind: 'smsSignInCode' });
    expect(text.body).toMatch(new RegExp(`^\\d{6} is your ${org} sign-in code\\. It works for 10 minutes\\. Never share it\\.$`));
    clock.advance(10 * MINUTE);
    const expired = await codeStep(browser, challenge, await latestCodeTo(server, '+447700900999'));
    expect(expired.json()).toMatchObject({
      code: 'MFA_CODE_EXPIRED',
      validation: { errors: { code: { message: 'That code has expired, please ask for a new one' } } },
    });

    const again = await passwordStep(browser, user.email);
    clock.advance(10 * MINUTE - 1);
    expect((await codeStep(browser, again, await latestCodeTo(server, '+447700900999'))).status).toBe(200);
    expect(await sessionAmr(server, user.id)).toEqual([['pwd', 'sms', 'mfa']]);
  });

  it('sends at most ten codes an hour to one address, even to someone who knows the password', async () => {
    const org = await newOrganisation(server, { allow_email_two_step: true });
    const user = await codeUser(org, 'flood@example.test', { email: 'flood@example.test' });
    for (let i = 0; i < 9; i++) await passwordStep(server.client(org), user.email);
    const refused = await server.client(org).post('/api/authenticate', { form: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'MFA_TOO_MANY_CODES' });
  });

  it('remembers this browser for rememberMeDays when asked, for this user only, until MFA is reset', async () => {
    const { org, orgId, user, app } = await appUser({ remember_me_days: 0.5 });
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    expect(challenge.data.rememberMeDays).toBe(0.5);
    const res = await codeStep(browser, challenge, app.code(), { rememberMe: true });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/gatehouse_device=[^;]+;\s*Max-Age=43200;.*HttpOnly/i);

    // The same browser signs in with the password alone; the session says a second factor stood behind it.
    clock.advance(30_000);
    const skipped = await browser.post('/api/authenticate', { form: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(skipped.json<SignInResult>().user.email).toBe(user.email);
    expect(await sessionAmr(server, user.id)).toContainEqual(['pwd', 'mfa']);
    // Another browser, and another user of this browser, still get the code step.
    expect((await passwordStep(server.client(org), user.email)).authType).toBe('code');
    const colleague = await createUser(server, orgId, { email: 'colleague@example.test' });
    const colleagueBrowser = await signedIn(server, org, colleague.email);
    await enrolAuthenticator(server, colleagueBrowser);
    for (const [name, value] of browser.cookies) colleagueBrowser.cookies.set(name, value);
    expect((await passwordStep(colleagueBrowser, colleague.email)).authType).toBe('code');

    // Half a day later, or once an admin reset the user's MFA, the browser is no longer remembered.
    clock.advance(DAY / 2);
    expect((await passwordStep(browser, user.email)).authType).toBe('code');
    const second = server.client(org);
    await codeStep(second, await passwordStep(second, user.email), app.code(), { rememberMe: true });
    const admin = await signedIn(server, org, `admin@${org}.test`);
    await admin.post(`/api/users/${user.id}/resettwostep`);
    const reenrol = await enrolAuthenticator(server, await signedIn(server, org, user.email));
    clock.advance(30_000);
    expect((await passwordStep(second, user.email)).authType).toBe('code');
    expect(reenrol.secret).not.toBe(app.secret);
  });

  it('ignores the remember-me tick and remembered browsers when the organisation offers no remember-me', async () => {
    const { org, user, app } = await appUser({ remember_me_days: 1 });
    const browser = server.client(org);
    await codeStep(browser, await passwordStep(browser, user.email), app.code(), { rememberMe: true });
    await setPolicy(server, org, { remember_me_days: 0 });
    expect((await passwordStep(browser, user.email)).authType).toBe('code');
    const res = await codeStep(browser, await passwordStep(server.client(org), user.email), app.code(1), { rememberMe: true });
    expect(String(res.headers['set-cookie'])).not.toContain('gatehouse_device=');
  });

  it('keeps the code step after account recovery: a new password is no way around the second step', async () => {
    const { org, user, app } = await appUser();
    const browser = server.client(org);
    await browser.post('/api/accountrecovery', { form: { email: user.email } });
    const recoveryCode = codeIn((await latestMailTo(server, user.email)).body);
    expect((await browser.post('/api/accountrecovery/verify', { form: { code: recoveryCode } })).status).toBe(200);
    const newPassword = 'a brand new passphrase 42';
    expect((await browser.post('/api/resetpassword', { form: { password: newPassword, confirmPassword: newPassword } })).status).toBe(204);
    expect((await browser.get('/api/account')).status).toBe(401);
    const challenge = await passwordStep(browser, user.email, newPassword);
    expect((await codeStep(browser, challenge, app.code())).status).toBe(200);
  });

  it('keeps what the session proved across a password change', async () => {
    const { org, user, app } = await appUser();
    const browser = server.client(org);
    await codeStep(browser, await passwordStep(browser, user.email), app.code());
    const newPassword = 'another long passphrase 7';
    const res = await browser.post('/api/changepassword', {
      form: { currentPassword: DEFAULT_PASSWORD, password: newPassword, confirmPassword: newPassword },
    });
    expect(res.status).toBe(200);
    expect(await sessionAmr(server, user.id)).toEqual([['pwd', 'otp', 'mfa']]);
    expect((await browser.get('/api/account')).json<Account>().twoStep.enabled).toBe(true);
  });
});
