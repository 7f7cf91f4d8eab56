import type { Account } from '@gatehouse/common/schemas/account';
import type { AppSetup, SaveTwoStepResult } from '@gatehouse/common/schemas/mfa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findUserByEmail } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { mailTo, newOrganisation, organisationId, setPolicy } from '../testing/accounts.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient, TestResponse } from '../testing/http-client.ts';
import { enrolAuthenticator, enrolByCode, latestCodeTo } from '../testing/mfa.ts';
import { saveSettings } from '../testing/organisations.ts';
import { totpCode } from './totp.ts';

const errorsOf = (res: TestResponse) => res.json<{ validation: { errors: Record<string, { message: string }> } }>().validation.errors;
const account = async (client: TestClient) => (await client.get('/api/account')).json<Account>();

describe.each(testDialects())('setting up multi-factor authentication on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(() => server?.close());

  /** The kinds of a user's credentials rows: their factors, default first, then the recovery-code set (4). */
  const factorKinds = async (userId: string) =>
    (
      await server.ctx.db.kysely
        .selectFrom('credentials')
        .select('kind')
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('kind')
        .execute()
    ).map((r) => r.kind);

  /** A fresh organisation (with the given policy) and a signed-in end user of it. */
  async function newUser(policy: Parameters<typeof newOrganisation>[1] = {}, email = 'user@example.test') {
    const org = await newOrganisation(server, policy);
    const orgId = await organisationId(server, org);
    const user = await createUser(server, orgId, { email });
    return { org, orgId, user, client: await signedIn(server, org, email) };
  }

  it('sets up an authenticator app with the password and a code, and shows ten recovery codes once', async () => {
    const { org, user, client } = await newUser();
    const other = await signedIn(server, org, user.email);

    const res = await client.post('/api/refreshotp');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const setup = res.json<AppSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.digits).toBe(6);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.+\?/);
    expect(new URL(setup.uri).searchParams.get('secret')).toBe(setup.secret);
    expect(setup.uri).toContain(encodeURIComponent(user.email));
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);

    const code = totpCode(setup.secret, clock.now());
    const wrongPassword = await client.post('/api/saveotp', { form: { type: 0, secret: setup.secret, code, password: 'not my password' } });
    expect(wrongPassword.status).toBe(400);
    expect(errorsOf(wrongPassword).password?.message).toBe('The current password is incorrect');
    const wrongCode = await client.post('/api/saveotp', {
      form: { type: 0, secret: setup.secret, code: code === '000000' ? '111111' : '000000', password: DEFAULT_PASSWORD },
    });
    expect(wrongCode.status).toBe(400);
    expect(errorsOf(wrongCode).code?.message).toBe('That code is not right, please try again');
    expect(Object.keys(errorsOf(await client.post('/api/saveotp', { form: { type: 0, secret: setup.secret } })))).toEqual([
      'code',
      'password',
    ]);
    const noKey = await client.post('/api/saveotp', { form: { type: 0, code, password: DEFAULT_PASSWORD } });
    expect(errorsOf(noKey).secret?.message).toBe('This field is required');

    const saved = await client.post('/api/saveotp', { form: { type: 0, secret: setup.secret, code, password: DEFAULT_PASSWORD } });
    expect(saved.status).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    const { user: after, recoveryCodes } = saved.json<SaveTwoStepResult>();
    expect(after.twoStep).toEqual({ enabled: true, required: false, kind: 0, passkeys: 0 });
    expect(after.requiresTwoStep).toBe(false);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    // At rest: the key is encrypted and the recovery codes are HMACs; nothing stored gives them away.
    const mfa = await server.ctx.db.kysely
      .selectFrom('credentials')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('kind', '=', 0)
      .executeTakeFirstOrThrow();
    expect(mfa).toMatchObject({ is_default: expect.anything(), last_step: expect.any(Number) });
    expect(mfa.secret).not.toContain(setup.secret);
    const stored = await server.ctx.db.kysely.selectFrom('mfa_recovery_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const recovery of recoveryCodes) {
      expect(storedText).not.toContain(recovery);
      expect(storedText).not.toContain(recovery.replace(/-/g, ''));
    }

    // This session proved a code; the session made with the password alone elsewhere is over.
    const session = await server.ctx.db.kysely.selectFrom('sessions').select('amr').where('user_id', '=', user.id).execute();
    expect(session.map((s) => JSON.parse(s.amr) as string[])).toEqual([['pwd', 'otp', 'mfa']]);
    expect((await other.get('/api/account')).status).toBe(401);
    expect((await account(client)).twoStep.enabled).toBe(true);
    // The audit row says what was set up and nothing of the session the change kept (the event's
    // endsOtherAccess is for its subscribers alone).
    const audited = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('subject_id', '=', user.id)
      .where('type', '=', 'user.mfa_enrolled')
      .execute();
    expect(audited.map((r) => JSON.parse(r.details) as unknown)).toEqual([{ method: 'app' }]);
    // Another authenticator app may be added (issue 30); email codes only once.
    expect((await client.post('/api/refreshotp')).status).toBe(200);
  });

  it('confirms only the key shown last, within five codes and thirty minutes', async () => {
    const { client } = await newUser();
    const first = (await client.post('/api/refreshotp')).json<AppSetup>();
    const second = (await client.post('/api/refreshotp')).json<AppSetup>();
    const replaced = await client.post('/api/saveotp', {
      form: { type: 0, secret: first.secret, code: totpCode(first.secret, clock.now()), password: DEFAULT_PASSWORD },
    });
    expect(replaced.json()).toMatchObject({ statusCode: 400, code: 'MFA_SETUP_EXPIRED' });

    const right = totpCode(second.secret, clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) {
      const res = await client.post('/api/saveotp', { form: { type: 0, secret: second.secret, code: wrong, password: DEFAULT_PASSWORD } });
      expect(res.json()).toMatchObject({ code: 'MFA_CODE_INVALID' });
    }
    const used = await client.post('/api/saveotp', { form: { type: 0, secret: second.secret, code: right, password: DEFAULT_PASSWORD } });
    expect(used.json()).toMatchObject({ code: 'MFA_SETUP_EXPIRED' });

    const third = (await client.post('/api/refreshotp')).json<AppSetup>();
    clock.advance(16 * MINUTE);
    await client.get('/api/account');
    clock.advance(15 * MINUTE);
    const late = await client.post('/api/saveotp', {
      form: { type: 0, secret: third.secret, code: totpCode(third.secret, clock.now()), password: DEFAULT_PASSWORD },
    });
    expect(late.json()).toMatchObject({ code: 'MFA_SETUP_EXPIRED' });
    expect((await account(client)).twoStep.enabled).toBe(false);
  });

  it('sets up SMS codes only where the organisation allows them, with a 60-second resend and a code sent to the phone', async () => {
    const { org, client } = await newUser();
    expect((await client.post('/api/setupsmsotp', { form: { phoneNumber: '+44 7700 900123' } })).json()).toMatchObject({
      statusCode: 403,
      code: 'MFA_METHOD_NOT_ALLOWED',
    });
    await setPolicy(server, org, { allow_sms_two_step: true });

    const bad = await client.post('/api/setupsmsotp', { form: { phoneNumber: '07700 900123' } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad).phoneNumber?.message).toBe(
      'Please enter your mobile number in international format, starting with + and the country code',
    );

    const sent = await client.post('/api/setupsmsotp', { form: { phoneNumber: '+44 (7700) 900-123' } });
    expect(sent.status).toBe(200);
    expect(sent.json()).toEqual({ sentTo: '•••• 123', digits: 6 });
    const [text] = await mailTo(server, '+447700900123');
    expect(text).toMatchObject({ channel: 'sms', status: 'outbox', kind: 'smsSetupCode', html: null });
    expect(text!.body).toMatch(/^\d{6} is your org\d+ code to set up SMS sign-in\. It works for 10 minutes\.$/);

    expect((await client.post('/api/setupsmsotp', { form: { phoneNumber: '+447700900123' } })).json()).toMatchObject({
      statusCode: 429,
      code: 'MFA_RESEND_TOO_SOON',
    });
    clock.advance(MINUTE);
    expect((await client.post('/api/setupsmsotp', { form: { phoneNumber: '+447700900123' } })).status).toBe(200);
    const older = text!.body!.slice(0, 6);
    const newest = await latestCodeTo(server, '+447700900123');
    if (older !== newest) {
      expect((await client.post('/api/saveotp', { form: { type: 2, code: older, password: DEFAULT_PASSWORD } })).json()).toMatchObject({
        code: 'MFA_CODE_INVALID',
      });
    }
    const saved = await client.post('/api/saveotp', { form: { type: 2, code: newest, password: DEFAULT_PASSWORD } });
    expect(saved.status).toBe(200);
    expect(saved.json<SaveTwoStepResult>().user.twoStep).toEqual({ enabled: true, required: false, kind: 2, passkeys: 0 });
  });

  it('sets up email codes with a code emailed to the account, which also verifies the address', async () => {
    const { org, orgId, client } = await newUser({ allow_email_two_step: true }, 'unverified@example.test');
    await server.ctx.db.kysely
      .updateTable('users')
      .set({ email_verified_date: null })
      .where('email', '=', 'unverified@example.test')
      .execute();
    const sent = await client.post('/api/setupemailotp');
    expect(sent.json()).toEqual({ sentTo: 'unverified@example.test', digits: 6 });
    const [mail] = await mailTo(server, 'unverified@example.test');
    expect(mail).toMatchObject({ kind: 'twoStepSetupCode', subject: `Your ${org} code to set up sign-in codes by email` });
    const code = await latestCodeTo(server, 'unverified@example.test');
    const saved = await client.post('/api/saveotp', { form: { type: 1, code, password: DEFAULT_PASSWORD } });
    expect(saved.json<SaveTwoStepResult>().user.twoStep).toEqual({ enabled: true, required: false, kind: 1, passkeys: 0 });
    const user = (await findUserByEmail(scoped(server.ctx.db.kysely, orgId), 'unverified@example.test'))!;
    expect(user.has_second_factor).toBeTruthy();
    expect(await factorKinds(user.id)).toEqual([1, 4]);
    expect(user.email_verified_date).not.toBeNull();
  });

  it('disables with the password, forgetting the method, its recovery codes and remembered devices', async () => {
    const { org, orgId, user, client } = await newUser();
    await enrolAuthenticator(server, client);
    const wrong = await client.post('/api/disableotp', { form: { password: 'not my password' } });
    expect(errorsOf(wrong).password?.message).toBe('The current password is incorrect');
    const res = await client.post('/api/disableotp', { form: { password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json<Account>().twoStep).toEqual({ enabled: false, required: false, kind: null, passkeys: 0 });
    // Nothing left to disable: refused before the password is tried (no attempt counted).
    const failedBefore = (await findUserByEmail(scoped(server.ctx.db.kysely, orgId), user.email))!.last_failed_sign_in;
    const nothing = await client.post('/api/disableotp', { form: { password: 'not my password' } });
    expect(nothing.json()).toMatchObject({ statusCode: 409, code: 'MFA_NOT_ENABLED' });
    expect((await findUserByEmail(scoped(server.ctx.db.kysely, orgId), user.email))!.last_failed_sign_in).toBe(failedBefore);
    for (const table of ['credentials', 'mfa_recovery_codes', 'mfa_remembered_devices'] as const) {
      expect(await server.ctx.db.kysely.selectFrom(table).selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    }
    // The password alone signs in again.
    const again = await server.client(org).post('/api/authenticate', { form: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(again.json()).toHaveProperty('user');
  });

  it('keeps a user who must set up MFA to the account and set-up calls until they have, and Reset sends them back', async () => {
    const { org, client } = await newUser({ require_two_step: true });
    const me = await account(client);
    expect(me).toMatchObject({ requiresTwoStep: true, twoStep: { enabled: false, required: true, kind: null } });
    for (const [method, path] of [
      ['PUT', '/api/account'],
      ['GET', '/api/clientauthsteps?client_id=x'],
      ['POST', '/api/account/resendverification'],
      ['POST', '/api/disableotp'],
    ] as const) {
      const res = await client.request(method, path, method === 'GET' ? {} : { form: { firstName: 'X', password: DEFAULT_PASSWORD } });
      expect(res.json(), `${method} ${path}`).toMatchObject({ statusCode: 403, code: 'TWO_STEP_REQUIRED' });
    }
    await enrolAuthenticator(server, client);
    expect(await account(client)).toMatchObject({ requiresTwoStep: false, twoStep: { enabled: true, required: true, kind: 0 } });
    expect((await client.put('/api/account', { form: { firstName: 'Ada' } })).status).toBe(200);

    // 'Reset' when required is the same call: the method goes and the user must set one up again.
    const reset = await client.post('/api/disableotp', { form: { password: DEFAULT_PASSWORD } });
    expect(reset.json<Account>()).toMatchObject({ requiresTwoStep: true, twoStep: { enabled: false, required: true } });
    expect((await client.put('/api/account', { form: { firstName: 'Ada' } })).json()).toMatchObject({ code: 'TWO_STEP_REQUIRED' });
    expect((await server.client(org).get('/api/account')).status).toBe(401);
  });

  it("lets an admin reset another user's MFA in their organisation only, never their own or a higher role's", async () => {
    const { org, orgId, user, client } = await newUser({ allow_sms_two_step: true });
    await enrolByCode(server, client, { sms: '+15005550006' });
    const admin = await signedIn(server, org, `admin@${org}.test`);
    const userAdmin = await createUser(server, orgId, { email: 'ua@example.test', role: 'UserAdministrator' });
    const userAdminClient = await signedIn(server, org, userAdmin.email);
    const adminId = (await findUserByEmail(scoped(server.ctx.db.kysely, orgId), `admin@${org}.test`))!.id;

    const other = await newUser();
    const otherAdmin = await signedIn(server, other.org, `admin@${other.org}.test`);
    expect((await otherAdmin.post(`/api/users/${user.id}/resettwostep`)).status).toBe(404);
    expect((await client.post(`/api/users/${user.id}/resettwostep`)).status).toBe(403);
    expect((await userAdminClient.post(`/api/users/${adminId}/resettwostep`)).status).toBe(403);
    expect((await admin.post(`/api/users/${adminId}/resettwostep`)).json()).toMatchObject({
      statusCode: 403,
      message: 'You cannot reset your own multi-factor authentication here: use the MFA page',
    });
    expect(await factorKinds(user.id)).toEqual([2, 4]);

    const res = await userAdminClient.put(`/api/users/${user.id}/resettwostep`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Multi-factor authentication reset', user: { twoStep: { enabled: false, kind: null } } });
    expect(await factorKinds(user.id)).toEqual([]);
    expect((await findUserByEmail(scoped(server.ctx.db.kysely, orgId), user.email))!.has_second_factor).toBeFalsy();
  });

  it('takes email and SMS codes away from users when the organisation stops allowing them; app users keep theirs', async () => {
    const org = await newOrganisation(server, { allow_sms_two_step: true, allow_email_two_step: true });
    const orgId = await organisationId(server, org);
    const users = {
      app: await createUser(server, orgId, { email: 'app@example.test' }),
      email: await createUser(server, orgId, { email: 'email@example.test' }),
      sms: await createUser(server, orgId, { email: 'sms@example.test' }),
    };
    await enrolAuthenticator(server, await signedIn(server, org, users.app.email));
    await enrolByCode(server, await signedIn(server, org, users.email.email), { email: users.email.email });
    await enrolByCode(server, await signedIn(server, org, users.sms.email), { sms: '+15005550007' });

    const admin = await signedIn(server, org, `admin@${org}.test`);
    const save = (changes: Record<string, boolean>) => saveSettings(admin, changes);
    expect((await save({ allowEmailTwoStep: false, allowSMSTwoStep: true })).status).toBe(200);
    const kind = async (email: string) =>
      (await factorKinds((await findUserByEmail(scoped(server.ctx.db.kysely, orgId), email))!.id))[0] ?? null;
    expect([await kind(users.app.email), await kind(users.email.email), await kind(users.sms.email)]).toEqual([0, null, 2]);
    expect((await save({ allowEmailTwoStep: false, allowSMSTwoStep: false })).status).toBe(200);
    expect([await kind(users.app.email), await kind(users.email.email), await kind(users.sms.email)]).toEqual([0, null, null]);
    const recovery = await server.ctx.db.kysely
      .selectFrom('mfa_recovery_codes')
      .select('user_id')
      .distinct()
      .where('organisation_id', '=', orgId)
      .execute();
    expect(recovery.map((r) => r.user_id)).toEqual([users.app.id]);
  });
});
