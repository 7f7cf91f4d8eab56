import type { SignInResult } from '@gatehouse/common/schemas/account';
import type { SignInChallenge } from '@gatehouse/common/schemas/mfa';
import type { Passkey, RegisterPasskeyResult } from '@gatehouse/common/schemas/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DAY, MINUTE } from '../clock.ts';
import { newOrganisation, organisationId, setPolicy } from '../testing/accounts.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient, TestResponse } from '../testing/http-client.ts';
import { enrolAuthenticator, passwordStep } from '../testing/mfa.ts';
import { type Overrides, SoftwareAuthenticator } from '../testing/webauthn.ts';

const errorCode = (res: TestResponse) => res.json<{ code: string }>().code;

describe.each(testDialects())('passkeys on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(() => server?.close());

  const sessionAmr = async (userId: string) =>
    (await server.ctx.db.kysely.selectFrom('sessions').select('amr').where('user_id', '=', userId).execute()).map(
      (s) => JSON.parse(s.amr) as string[],
    );

  async function register(client: TestClient, device: SoftwareAuthenticator, name = 'Laptop', overrides: Overrides = {}) {
    const options = (await client.post('/api/passkeys/options')).json<PublicKeyCredentialCreationOptionsJSON>();
    return client.post('/api/passkeys', { json: { name, credential: device.create(options, client.origin, overrides) } });
  }

  /** A fresh organisation with a user who has registered one passkey, signed out. */
  async function passkeyUser() {
    const org = await newOrganisation(server);
    const user = await createUser(server, await organisationId(server, org), { email: 'pk@example.test' });
    const setUp = await signedIn(server, org, user.email);
    const device = new SoftwareAuthenticator();
    const res = await register(setUp, device);
    expect(res.status).toBe(200);
    await setUp.post('/api/signout');
    return { org, user, device, registered: res.json<RegisterPasskeyResult>() };
  }

  async function passkeyOptions(client: TestClient, challenge: SignInChallenge) {
    const res = await client.post('/api/authenticate/passkey/options', { json: { signInStateID: challenge.signInStateID } });
    expect(res.status).toBe(200);
    return res.json<PublicKeyCredentialRequestOptionsJSON>();
  }

  const answer = (client: TestClient, challenge: SignInChallenge, credential: unknown) =>
    client.post('/api/authenticate/passkey', { json: { signInStateID: challenge.signInStateID, credential } });

  it('registers a passkey for the organisation host (attestation none, user verification required) and makes it the second step', async () => {
    const org = await newOrganisation(server);
    const user = await createUser(server, await organisationId(server, org), { email: 'reg@example.test' });
    const client = await signedIn(server, org, user.email);
    const optionsRes = await client.post('/api/passkeys/options');
    expect(optionsRes.status).toBe(200);
    const options = optionsRes.json<PublicKeyCredentialCreationOptionsJSON>();
    expect(options).toMatchObject({
      rp: { id: `${org}.localhost` },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'required', residentKey: 'required' },
      user: { name: user.email },
    });
    const device = new SoftwareAuthenticator();
    const res = await client.post('/api/passkeys', { json: { name: 'My phone', credential: device.create(options, client.origin) } });
    expect(res.status).toBe(200);
    const body = res.json<RegisterPasskeyResult>();
    expect(body.recoveryCodes).toHaveLength(10);
    expect(body.passkeys).toEqual([
      { id: expect.any(String), name: 'My phone', createdAt: clock.now(), lastUsedAt: null, backedUp: false },
    ]);
    expect((await client.get('/api/account')).json()).toMatchObject({ twoStep: { enabled: true, kind: 3 } });
    expect(await sessionAmr(user.id)).toEqual([['pwd', 'hwk', 'user', 'mfa']]);
    const events = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'details'])
      .where('type', '=', 'user.mfa_enrolled')
      .where('subject_id', '=', user.id)
      .execute();
    expect(events.map((e) => JSON.parse(String(e.details)) as unknown)).toEqual([{ method: 'passkey' }]);

    // The same challenge is not taken twice, and the same authenticator is excluded next time.
    const replay = await client.post('/api/passkeys', { json: { name: 'Again', credential: device.create(options, client.origin) } });
    expect(replay.status).toBe(400);
    expect(errorCode(replay)).toBe('PASSKEY_INVALID');
    const next = (await client.post('/api/passkeys/options')).json<PublicKeyCredentialCreationOptionsJSON>();
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([device.id]);
  });

  it('refuses a registration from another origin, for another RP id, or without user verification', async () => {
    const org = await newOrganisation(server);
    const other = await newOrganisation(server);
    const user = await createUser(server, await organisationId(server, org), { email: 'bad@example.test' });
    const client = await signedIn(server, org, user.email);
    for (const overrides of [
      { origin: `http://${other}.localhost` },
      { rpId: `${other}.localhost` },
      { noUserVerification: true },
    ] satisfies Overrides[]) {
      const res = await register(client, new SoftwareAuthenticator(), 'x', overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(errorCode(res)).toBe('PASSKEY_INVALID');
    }
    expect((await client.get('/api/passkeys')).json()).toEqual([]);
    // A challenge of another session is not this one's.
    const second = await signedIn(server, org, user.email);
    const options = (await client.post('/api/passkeys/options')).json<PublicKeyCredentialCreationOptionsJSON>();
    const stolen = await second.post('/api/passkeys', {
      json: { name: 'x', credential: new SoftwareAuthenticator().create(options, client.origin) },
    });
    expect(errorCode(stolen)).toBe('PASSKEY_INVALID');
  });

  it('answers the code step with a passkey: amr hwk and user, the counter and last use kept, the challenge used once', async () => {
    const { org, user, device } = await passkeyUser();
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    expect(challenge.data).toMatchObject({ passkey: true, passkeyOnly: true });
    expect((await browser.get('/api/account')).status).toBe(401);
    const options = await passkeyOptions(browser, challenge);
    expect(options).toMatchObject({ rpId: `${org}.localhost`, userVerification: 'required', allowCredentials: [{ id: device.id }] });
    const assertion = device.get(options, browser.origin);
    const res = await answer(browser, challenge, assertion);
    expect(res.status).toBe(200);
    expect(res.json<SignInResult>().user).toMatchObject({ email: user.email });
    expect(await sessionAmr(user.id)).toEqual([['pwd', 'hwk', 'user', 'mfa']]);
    const [passkey] = (await browser.get('/api/passkeys')).json<Passkey[]>();
    expect(passkey!.lastUsedAt).toBe(clock.now());
    const stored = await server.ctx.db.kysely
      .selectFrom('webauthn_credentials')
      .select('sign_count')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.sign_count)).toBe(1);
    const signedIn = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('type', '=', 'user.signed_in')
      .where('subject_id', '=', user.id)
      .execute();
    expect(signedIn.map((e) => JSON.parse(String(e.details)) as unknown)).toContainEqual({ method: 'password and passkey' });

    // Replayed: the sign-in and its challenge are gone.
    const replay = await answer(browser, challenge, assertion);
    expect(replay.status).toBe(400);
    expect(errorCode(replay)).toBe('SIGN_IN_EXPIRED');
    // Replayed into a new sign-in of the same user: the old challenge is not this sign-in's.
    const again = server.client(org);
    const fresh = await passwordStep(again, user.email);
    await passkeyOptions(again, fresh);
    const replayed = await answer(again, fresh, assertion);
    expect(errorCode(replayed)).toBe('PASSKEY_INVALID');
  });

  it('refuses an assertion for another origin or RP id, and a passkey of another organisation', async () => {
    const { org, user, device } = await passkeyUser();
    const other = await passkeyUser();
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    for (const overrides of [
      { origin: `http://${other.org}.localhost` },
      { rpId: `${other.org}.localhost` },
      { noUserVerification: true },
    ] satisfies Overrides[]) {
      const res = await answer(browser, challenge, device.get(await passkeyOptions(browser, challenge), browser.origin, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(errorCode(res)).toBe('PASSKEY_INVALID');
    }
    // The other organisation's user's passkey, signed for this host, is not this user's.
    const foreign = await answer(browser, challenge, other.device.get(await passkeyOptions(browser, challenge), browser.origin));
    expect(errorCode(foreign)).toBe('PASSKEY_INVALID');
    expect((await browser.get('/api/account')).status).toBe(401);
  });

  it('refuses a challenge past its time', async () => {
    const { org, user, device } = await passkeyUser();
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    const options = await passkeyOptions(browser, challenge);
    clock.advance(6 * MINUTE);
    const res = await answer(browser, challenge, device.get(options, browser.origin));
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('PASSKEY_INVALID');
  });

  it('ends the sign-in of a user disabled after the password step', async () => {
    const { org, user, device } = await passkeyUser();
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    const options = await passkeyOptions(browser, challenge);
    await server.ctx.db.kysely.updateTable('users').set({ status: 'Disabled' }).where('id', '=', user.id).execute();
    const res = await answer(browser, challenge, device.get(options, browser.origin));
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('SIGN_IN_EXPIRED');
    expect(await sessionAmr(user.id)).toEqual([]);
  });

  it('lets a user with an authenticator app add a passkey and use either at the code step', async () => {
    const org = await newOrganisation(server);
    const user = await createUser(server, await organisationId(server, org), { email: 'both@example.test' });
    const client = await signedIn(server, org, user.email);
    await enrolAuthenticator(server, client);
    const device = new SoftwareAuthenticator();
    const res = await register(client, device);
    expect(res.status).toBe(200);
    expect(res.json<RegisterPasskeyResult>().recoveryCodes).toBeNull();
    expect((await client.get('/api/account')).json()).toMatchObject({ twoStep: { kind: 0 } });
    const browser = server.client(org);
    const challenge = await passwordStep(browser, user.email);
    expect(challenge.data).toMatchObject({ passkey: true, passkeyOnly: false });
    expect((await answer(browser, challenge, device.get(await passkeyOptions(browser, challenge), browser.origin))).status).toBe(200);
  });

  it('renames, and removes with the password; the last passkey of a passkey-only user turns the second step off', async () => {
    const { org, user, registered } = await passkeyUser();
    const client = server.client(org);
    const challenge = await passwordStep(client, user.email);
    expect(
      (await client.post('/api/authenticate', { form: { signInStateID: challenge.signInStateID, code: registered.recoveryCodes![0]! } }))
        .status,
    ).toBe(200);
    const id = registered.passkeys[0]!.id;
    const renamed = await client.post(`/api/passkeys/${id}/rename`, { form: { name: 'Work key' } });
    expect(renamed.json<Passkey[]>()).toMatchObject([{ name: 'Work key' }]);
    const wrong = await client.post(`/api/passkeys/${id}/remove`, { json: { password: 'not the password' } });
    expect(wrong.status).toBe(400);
    expect((await client.get('/api/passkeys')).json<Passkey[]>()).toHaveLength(1);
    const removed = await client.post(`/api/passkeys/${id}/remove`, { json: { password: DEFAULT_PASSWORD } });
    expect(removed.status).toBe(200);
    expect(removed.json()).toEqual([]);
    expect((await client.get('/api/account')).json()).toMatchObject({ twoStep: { enabled: false, kind: null } });
    // Both changes are in the audit log, the user's own acts.
    const audited = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'actor_id', 'details'])
      .where('subject_id', '=', user.id)
      .where('type', 'in', ['user.passkey_renamed', 'user.passkey_removed'])
      .orderBy('id')
      .execute();
    expect(audited.map((e) => [e.type, e.actor_id, JSON.parse(e.details)])).toEqual([
      ['user.passkey_renamed', user.id, { passkey: { from: registered.passkeys[0]!.name, to: 'Work key' } }],
      ['user.passkey_removed', user.id, { passkey: 'Work key' }],
    ]);
    // Another user's passkey id is not found.
    const other = await passkeyUser();
    expect((await client.post(`/api/passkeys/${other.registered.passkeys[0]!.id}/rename`, { form: { name: 'x' } })).status).toBe(404);
  });

  it("is counted on the user's page and removed by an administrator MFA reset", async () => {
    const { org, user } = await passkeyUser();
    const admin = await createUser(server, await organisationId(server, org), {
      email: 'admin@example.test',
      role: 'OrganisationAdministrator',
    });
    const adminClient = await signedIn(server, org, admin.email);
    expect((await adminClient.get(`/api/users/${user.id}`)).json()).toMatchObject({ twoStep: { enabled: true, kind: 3, passkeys: 1 } });
    const reset = await adminClient.post(`/api/users/${user.id}/resettwostep`);
    expect(reset.status).toBe(200);
    const left = await server.ctx.db.kysely.selectFrom('webauthn_credentials').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
    expect((await adminClient.get(`/api/users/${user.id}`)).json()).toMatchObject({ twoStep: { passkeys: 0 } });
  });
  describe('passwordless sign-in', () => {
    const passwordlessOptions = async (client: TestClient) => {
      const res = await client.post('/api/authenticate/passwordless/options');
      expect(res.status).toBe(200);
      return res.json<PublicKeyCredentialRequestOptionsJSON>();
    };
    const passwordless = (client: TestClient, credential: unknown, returnurl?: string) =>
      client.post('/api/authenticate/passwordless', { json: { credential, ...(returnurl ? { returnurl } : {}) } });

    /** A passkey user of an organisation that allows passwordless sign-in. */
    async function passwordlessUser() {
      const setUp = await passkeyUser();
      await setPolicy(server, setUp.org, { allow_passwordless: true });
      return setUp;
    }

    it('is refused unless the organisation allows it', async () => {
      const { org, device } = await passkeyUser();
      const browser = server.client(org);
      const res = await browser.post('/api/authenticate/passwordless/options');
      expect(res.status).toBe(403);
      expect(errorCode(res)).toBe('PASSWORDLESS_DISABLED');
      await setPolicy(server, org, { allow_passwordless: true });
      const options = await passwordlessOptions(browser);
      await setPolicy(server, org, { allow_passwordless: false });
      const late = await passwordless(browser, device.get(options, browser.origin));
      expect(late.status).toBe(403);
      expect(errorCode(late)).toBe('PASSWORDLESS_DISABLED');
    });

    it('signs in with a passkey alone: no credentials listed, amr hwk user mfa, the challenge bound to the browser and used once', async () => {
      const { org, user, device } = await passwordlessUser();
      const browser = server.client(org);
      const options = await passwordlessOptions(browser);
      expect(options).toMatchObject({ rpId: `${org}.localhost`, userVerification: 'required' });
      expect(options.allowCredentials ?? []).toEqual([]);
      // Another browser cannot answer this browser's challenge.
      const stranger = server.client(org);
      await passwordlessOptions(stranger);
      const stolen = await passwordless(stranger, device.get(options, browser.origin));
      expect(stolen.status).toBe(400);
      expect(errorCode(stolen)).toBe('PASSKEY_INVALID');

      const fresh = await passwordlessOptions(browser);
      const assertion = device.get(fresh, browser.origin);
      const res = await passwordless(browser, assertion, '/oidc/interaction/abcdefghijkl/finish?client_id=abc');
      expect(res.status).toBe(200);
      expect(res.json<SignInResult>()).toMatchObject({
        user: { email: user.email },
        redirectURL: '/oidc/interaction/abcdefghijkl/finish?client_id=abc',
      });
      expect(await sessionAmr(user.id)).toEqual([['hwk', 'user', 'mfa']]);
      expect((await browser.get('/api/account')).status).toBe(200);
      const [used] = (await browser.get('/api/passkeys')).json<Passkey[]>();
      expect(used!.lastUsedAt).toBe(clock.now());
      // The same answer again is refused: the challenge was taken.
      const replay = await passwordless(server.client(org), assertion);
      expect(replay.status).toBe(400);
      const again = await passwordless(browser, assertion);
      expect(errorCode(again)).toBe('PASSKEY_INVALID');
      // The sign-in is audited as a passkey sign-in (after the set-up's password sign-in).
      const audited = await server.ctx.db.kysely
        .selectFrom('audit_events')
        .select('details')
        .where('subject_id', '=', user.id)
        .where('type', '=', 'user.signed_in')
        .orderBy('id')
        .execute();
      expect(audited.map((e) => JSON.parse(e.details))).toEqual([{ method: 'password' }, { method: 'passkey' }]);
    });

    it("refuses another origin, another RP id, another account's handle and a passkey of another organisation", async () => {
      const { org, device } = await passwordlessUser();
      const other = await passwordlessUser();
      const browser = server.client(org);
      for (const overrides of [
        { origin: `http://${other.org}.localhost` },
        { rpId: `${other.org}.localhost` },
        { userHandle: other.device.userHandle! },
        { noUserVerification: true },
      ]) {
        const res = await passwordless(browser, device.get(await passwordlessOptions(browser), browser.origin, overrides));
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(errorCode(res)).toBe('PASSKEY_INVALID');
      }
      // This organisation's passkey answering the other organisation's challenge, on its host.
      const elsewhere = server.client(other.org);
      const res = await passwordless(elsewhere, device.get(await passwordlessOptions(elsewhere), elsewhere.origin));
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('PASSKEY_INVALID');
      expect(await sessionAmr(other.user.id)).toEqual([]);
    });

    it('refuses a locked or disabled account, and an expired password must still be changed', async () => {
      const { org, user, device } = await passwordlessUser();
      const browser = server.client(org);
      const db = server.ctx.db.kysely;
      for (const [status, code] of [
        ['LockedOut', 'ACCOUNT_LOCKED'],
        ['Disabled', 'ACCOUNT_UNAVAILABLE'],
      ] as const) {
        await db.updateTable('users').set({ status }).where('id', '=', user.id).execute();
        const res = await passwordless(browser, device.get(await passwordlessOptions(browser), browser.origin));
        expect(res.status).toBe(403);
        expect(errorCode(res)).toBe(code);
      }
      expect(await sessionAmr(user.id)).toEqual([]);
      await db
        .updateTable('users')
        .set({ status: 'SignedUp', password_set_date: clock.now() - 100 * DAY })
        .where('id', '=', user.id)
        .execute();
      await setPolicy(server, org, { password_expiry_days: 90 });
      const res = await passwordless(browser, device.get(await passwordlessOptions(browser), browser.origin));
      expect(res.status).toBe(200);
      expect(res.json<SignInResult>().user).toMatchObject({ requiresNewPassword: true });
    });

    it('removes a passkey confirmed with another passkey, never with itself', async () => {
      const { org, user, registered, device } = await passwordlessUser();
      const client = server.client(org);
      expect((await passwordless(client, device.get(await passwordlessOptions(client), client.origin))).status).toBe(200);
      const second = new SoftwareAuthenticator();
      expect((await register(client, second, 'Phone')).status).toBe(200);
      const first = registered.passkeys[0]!.id;
      const optionsRes = await client.post(`/api/passkeys/${first}/confirm/options`);
      expect(optionsRes.status).toBe(200);
      const options = optionsRes.json<PublicKeyCredentialRequestOptionsJSON>();
      expect(options.allowCredentials).toEqual([expect.objectContaining({ id: second.id })]);
      // The passkey being removed cannot confirm its own removal.
      const itself = await client.post(`/api/passkeys/${first}/remove/passkey`, {
        json: { credential: device.get(options, client.origin) },
      });
      expect(itself.status).toBe(400);
      expect(errorCode(itself)).toBe('PASSKEY_INVALID');
      const confirmed = await client.post(`/api/passkeys/${first}/remove/passkey`, {
        json: { credential: second.get((await client.post(`/api/passkeys/${first}/confirm/options`)).json(), client.origin) },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.json<Passkey[]>()).toMatchObject([{ name: 'Phone' }]);
      // The last one has no other passkey to confirm it: the password does.
      const last = confirmed.json<Passkey[]>()[0]!.id;
      const none = await client.post(`/api/passkeys/${last}/confirm/options`);
      expect(none.status).toBe(404);
      expect(errorCode(none)).toBe('PASSKEY_NOT_FOUND');
      expect((await client.get('/api/account')).json()).toMatchObject({ twoStep: { kind: 3 } });
      expect(user.id).toBeTruthy();
    });
  });
});
