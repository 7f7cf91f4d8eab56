import type { Metrics } from '@gatehouse/common/schemas/metrics';
import type { Factor, RecoveryCodesResult, SignInChallenge } from '@gatehouse/common/schemas/mfa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newOrganisation, organisationId } from '../testing/accounts.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { enrolAuthenticator, enrolByCode, passwordStep } from '../testing/mfa.ts';
import { totpCode } from './totp.ts';

const codeStep = (client: TestClient, challenge: SignInChallenge, code: string) =>
  client.post('/api/authenticate', { form: { signInStateID: challenge.signInStateID, code } });

describe.each(testDialects())("/twostep's factors and an administrator's view of them on %s", (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(() => server?.close());

  /** A fresh organisation allowing SMS codes, with a signed-in person holding an authenticator app and SMS codes. */
  async function twoFactorUser(policy: Parameters<typeof newOrganisation>[1] = {}) {
    const org = await newOrganisation(server, { allow_sms_two_step: true, ...policy });
    const orgId = await organisationId(server, org);
    const user = await createUser(server, orgId, { email: 'two@example.test' });
    const browser = await signedIn(server, org, user.email);
    const app = await enrolAuthenticator(server, browser);
    expect(await enrolByCode(server, browser, { sms: '+15005550010' })).toEqual([]);
    clock.advance(30_000);
    const list = async (client = browser) => (await client.get('/api/twostep/factors')).json<Factor[]>();
    return { org, orgId, user, browser, app, list };
  }

  const audited = async (subjectId: string, types: string[]) =>
    (
      await server.ctx.db.kysely
        .selectFrom('audit_events')
        .select(['type', 'actor_id', 'details'])
        .where('subject_id', '=', subjectId)
        .where('type', 'in', types)
        .orderBy('id')
        .execute()
    ).map((e) => [e.type, e.actor_id, JSON.parse(e.details) as unknown]);

  it('names an app when it is set up, renames any factor, and audits the names and the default', async () => {
    const { org, orgId, user, browser, list } = await twoFactorUser();
    // A second app, named as it is set up.
    const setup = await browser.post('/api/refreshotp');
    const { secret } = setup.json<{ secret: string }>();
    const saved = await browser.post('/api/saveotp', {
      form: { type: 0, secret, code: totpCode(secret, clock.now()), password: DEFAULT_PASSWORD, name: '  Work phone ' },
    });
    expect(saved.status).toBe(200);
    const [first, sms, second] = await list();
    expect([first, sms, second]).toMatchObject([
      { kind: 0, name: null, isDefault: true },
      { kind: 2, name: null },
      { kind: 0, name: 'Work phone', isDefault: false, lastUsedAt: null },
    ]);

    const rename = (id: string, name: string, client = browser) => client.post(`/api/twostep/factors/${id}/rename`, { form: { name } });
    expect((await rename(sms!.id, 'Mobile')).json<Factor[]>()).toMatchObject([{ name: null }, { name: 'Mobile' }, { name: 'Work phone' }]);
    // The name is checked by the shared schema; another person's factor is not found.
    expect((await rename(sms!.id, ' ')).status).toBe(400);
    expect((await rename(sms!.id, 'x'.repeat(65))).status).toBe(400);
    const other = await createUser(server, orgId, { email: 'other@example.test' });
    expect((await rename(sms!.id, 'Mine', await signedIn(server, org, other.email))).status).toBe(404);
    expect((await browser.post(`/api/twostep/factors/${second!.id}/default`)).status).toBe(200);

    expect(await audited(user.id, ['user.mfa_factor_renamed', 'user.mfa_default_changed'])).toEqual([
      ['user.mfa_factor_renamed', user.id, { method: 'sms', name: 'Mobile' }],
      ['user.mfa_default_changed', user.id, { method: 'app' }],
    ]);
  });

  it('makes new recovery codes with the password, and the old set stops working', async () => {
    const { org, user, browser, app } = await twoFactorUser();
    const regenerate = (password: string) => browser.post('/api/twostep/recoverycodes', { form: { password } });
    expect((await regenerate('not my password')).status).toBe(400);
    const res = await regenerate(DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    const { recoveryCodes } = res.json<RecoveryCodesResult>();
    expect(recoveryCodes).toHaveLength(app.recoveryCodes.length);
    expect(recoveryCodes).not.toContain(app.recoveryCodes[0]);

    const old = server.client(org);
    expect((await codeStep(old, await passwordStep(old, user.email), app.recoveryCodes[0]!)).json()).toMatchObject({
      code: 'MFA_CODE_INVALID',
    });
    const fresh = server.client(org);
    expect((await codeStep(fresh, await passwordStep(fresh, user.email), recoveryCodes[0]!)).status).toBe(200);
    expect(await audited(user.id, ['user.recovery_codes_regenerated'])).toEqual([['user.recovery_codes_regenerated', user.id, {}]]);

    // Someone without a factor has no codes to replace.
    const plain = await createUser(server, await organisationId(server, org), { email: 'plain@example.test' });
    const none = await (
      await signedIn(server, org, plain.email)
    ).post('/api/twostep/recoverycodes', { form: { password: DEFAULT_PASSWORD } });
    expect(none.json()).toMatchObject({ code: 'MFA_NOT_ENABLED' });
  });

  it('of removals at once under required MFA, all but one succeed and the last factor stays', async () => {
    const { browser, list } = await twoFactorUser({ require_two_step: true });
    // Four factors, all removed at once: without the person's row lock, the last two removals could
    // each see the other's factor and leave none.
    await enrolAuthenticator(server, browser);
    await enrolAuthenticator(server, browser);
    const factors = await list();
    expect(factors).toHaveLength(4);
    const remove = (id: string) => browser.post(`/api/twostep/factors/${id}/remove`, { form: { password: DEFAULT_PASSWORD } });
    const answers = await Promise.all(factors.map((f) => remove(f.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409]);
    expect(answers.find((a) => a.status === 409)!.json()).toMatchObject({ code: 'MFA_LAST_FACTOR_REQUIRED' });
    expect(await list()).toHaveLength(1);
    expect((await browser.get('/api/account')).json()).toMatchObject({ twoStep: { enabled: true }, requiresTwoStep: false });
  });

  it("lets the person's administrators list and remove their factors (audited), counted on the dashboard", async () => {
    const { org, orgId, user, list } = await twoFactorUser();
    const admin = await signedIn(server, org, `admin@${org}.test`);
    const metrics = async () => (await admin.get('/api/metrics')).json<Metrics>();
    expect(await metrics()).toMatchObject({ mfaUsers: 1, mfaByKind: { app: 1, email: 0, sms: 1, passkey: 0 } });

    const listed = await admin.get(`/api/users/${user.id}/factors`);
    expect(listed.status).toBe(200);
    const [appFactor, sms] = listed.json<Factor[]>();
    expect([appFactor, sms]).toMatchObject([
      { kind: 0, isDefault: true, lastUsedAt: null },
      { kind: 2, isDefault: false, phoneNumber: '•••• 010' },
    ]);
    expect(Date.parse(appFactor!.createdAt)).not.toBeNaN();

    // Not an end user's to see, nor another organisation's administrator's; not one's own here.
    const endUser = await createUser(server, orgId, { email: 'end@example.test' });
    expect((await (await signedIn(server, org, endUser.email)).get(`/api/users/${user.id}/factors`)).status).toBe(403);
    const elsewhere = await newOrganisation(server);
    const otherAdmin = await signedIn(server, elsewhere, `admin@${elsewhere}.test`);
    expect((await otherAdmin.get(`/api/users/${user.id}/factors`)).status).toBe(404);
    expect((await otherAdmin.post(`/api/users/${user.id}/factors/${sms!.id}/remove`)).status).toBe(404);
    const adminId = (await admin.get('/api/account')).json<{ id: string }>().id;
    expect((await admin.post(`/api/users/${adminId}/factors/${sms!.id}/remove`)).status).toBe(403);
    expect((await admin.post(`/api/users/${user.id}/factors/not-a-factor/remove`)).json()).toMatchObject({ code: 'MFA_FACTOR_NOT_FOUND' });

    const removed = await admin.post(`/api/users/${user.id}/factors/${sms!.id}/remove`);
    expect(removed.json<Factor[]>()).toMatchObject([{ kind: 0 }]);
    expect(await list()).toMatchObject([{ kind: 0, isDefault: true }]);
    expect(await metrics()).toMatchObject({ mfaUsers: 1, mfaByKind: { app: 1, sms: 0 } });
    // The last one resets the person's MFA, as Reset does.
    expect((await admin.post(`/api/users/${user.id}/factors/${appFactor!.id}/remove`)).json<Factor[]>()).toEqual([]);
    expect(await metrics()).toMatchObject({ mfaUsers: 0, mfaByKind: { app: 0, sms: 0 } });
    expect(await audited(user.id, ['user.mfa_factor_removed', 'user.mfa_reset'])).toEqual([
      ['user.mfa_factor_removed', adminId, { method: 'sms' }],
      ['user.mfa_reset', adminId, {}],
    ]);
  });

  it('refuses removing the last factor with the reason where an administrator requires MFA of the person', async () => {
    const { orgId, user, browser, list } = await twoFactorUser();
    const [appFactor, sms] = await list();
    await server.ctx.db.kysely
      .updateTable('users')
      .set({ multi_factor_auth_required: true })
      .where('organisation_id', '=', orgId)
      .where('id', '=', user.id)
      .execute();
    const remove = (id: string) => browser.post(`/api/twostep/factors/${id}/remove`, { form: { password: DEFAULT_PASSWORD } });
    expect((await remove(sms!.id)).status).toBe(200);
    expect((await remove(appFactor!.id)).json()).toMatchObject({
      statusCode: 409,
      message: 'Your organisation requires multi-factor authentication: add another method before you remove your last one',
    });
  });
});
