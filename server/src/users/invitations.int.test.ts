import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HOUR } from '../clock.ts';
import { latestMailTo, linkIn, mailTo, organisationId, setPolicy, signIn } from '../testing/accounts.ts';
import { createApplication } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';

const PASSWORD = 'an invited guest arrives';

describe.each(testDialects())('invitations and user actions on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    admin = await signIn(server, 'acme', 'admin@acme.test', DEFAULT_PASSWORD);
  });
  afterAll(() => server?.close());

  const invite = (by: TestClient, form: Record<string, string | string[]>) => by.post('/api/users', { form });
  const invitationOf = async (email: string) => linkIn((await latestMailTo(server, email)).body).searchParams.get('invitationID')!;
  const accept = (org: string, invitationID: string, extra: Record<string, string> = { consent: 'true' }) =>
    server.client(org).post('/api/completesignup', { form: { invitationID, password: PASSWORD, confirmPassword: PASSWORD, ...extra } });

  /** An invited user who has accepted, signed in: returns their id and browser. */
  async function member(email: string, role = 'EndUser') {
    const { id } = (await invite(admin, { firstName: 'M', email, role })).json<{ id: string }>();
    const browser = await accept('acme', await invitationOf(email));
    expect(browser.status).toBe(200);
    return { id, browser: await signIn(server, 'acme', email, PASSWORD) };
  }

  it('invites a Pending user with every field, and emails a link on the organisation host', async () => {
    const apps = [(await createApplication(admin, { name: 'Wiki' })).id, (await createApplication(admin, { name: 'Payroll' })).id];
    const res = await invite(admin, {
      firstName: 'Ada',
      surname: 'Lovelace',
      email: 'Ada@Example.test',
      role: 'UserAdministrator',
      multiFactorAuthRequired: 'true',
      clients: apps,
      returnurl: '/users',
    });
    expect(res.status).toBe(201);
    expect(res.json<{ accessibleClientIDs: string[] }>().accessibleClientIDs.toSorted()).toEqual(apps.toSorted());
    expect(res.json()).toMatchObject({
      email: 'ada@example.test',
      firstName: 'Ada',
      surname: 'Lovelace',
      role: 'UserAdministrator',
      status: 'Pending',
      multiFactorAuthRequired: true,
      emailVerifiedDate: null,
    });
    const mail = await latestMailTo(server, 'ada@example.test');
    expect(mail.subject).toBe('You have been invited to acme');
    expect(mail.body).toContain('admin@acme.test has invited you');
    const link = linkIn(mail.body);
    expect(`${link.origin}${link.pathname}`).toBe(`http://acme.localhost:${server.port}/completesignup`);

    const info = await server.client('acme').get(`/api/completesignup?invitationID=${link.searchParams.get('invitationID')}`);
    expect(info.json()).toEqual({ email: 'ada@example.test' });
  });

  it("refuses applications that are not the organisation's, and invites nobody then", async () => {
    const theirs = (await createApplication(await signIn(server, 'globex', 'admin@globex.test', DEFAULT_PASSWORD), { name: 'Theirs' })).id;
    for (const clients of [['no-such-app'], [theirs]]) {
      const res = await invite(admin, { firstName: 'Eve', email: 'eve@example.test', role: 'EndUser', clients });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({
        validation: { errors: { clients: { message: 'Please choose applications of this organisation only' } } },
      });
    }
    expect(await mailTo(server, 'eve@example.test')).toEqual([]);
  });

  it('accepts an invitation with consent: SignedUp, verified, signed in, and the link is used up', async () => {
    await invite(admin, { firstName: 'Bo', email: 'bo@example.test' });
    const invitationID = await invitationOf('bo@example.test');
    const noConsent = await accept('acme', invitationID, {});
    expect(noConsent.json()).toMatchObject({ validation: { errors: { consent: { message: 'This field is required' } } } });
    const accepted = await accept('acme', invitationID);
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toMatchObject({ user: { email: 'bo@example.test', status: 'SignedUp', role: 'EndUser' } });
    expect(accepted.json<{ user: { emailVerifiedDate: string | null } }>().user.emailVerifiedDate).not.toBeNull();
    expect((await accept('acme', invitationID)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await server.client('acme').get(`/api/completesignup?invitationID=${invitationID}`)).status).toBe(400);
  });

  it('expires invitations after invitationExpiryHours, and a resend makes a new link and kills the old one', async () => {
    await setPolicy(server, 'acme', { invitation_expiry_hours: 2 });
    const { id } = (await invite(admin, { firstName: 'Cy', email: 'cy@example.test' })).json<{ id: string }>();
    const first = await invitationOf('cy@example.test');
    clock.advance(2 * HOUR);
    expect((await accept('acme', first)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    // The admin's session went idle meanwhile.
    admin = await signIn(server, 'acme', 'admin@acme.test', DEFAULT_PASSWORD);

    const resent = await admin.post(`/api/users/${id}/resendverification`);
    expect(resent.json()).toMatchObject({ message: 'Invitation email resent', user: { status: 'Pending' } });
    const second = await invitationOf('cy@example.test');
    expect(second).not.toBe(first);
    await admin.post(`/api/users/${id}/resendverification`);
    const third = await invitationOf('cy@example.test');
    expect((await accept('acme', second)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await accept('acme', third)).status).toBe(200);
    await setPolicy(server, 'acme', { invitation_expiry_hours: 168 });
  });

  it('lets a User Admin invite users and user admins but never an Organisation Admin', async () => {
    const { browser: userAdmin } = await member('ua@example.test', 'UserAdministrator');
    expect((await invite(userAdmin, { firstName: 'E', email: 'e@example.test', role: 'EndUser' })).status).toBe(201);
    expect((await invite(userAdmin, { firstName: 'F', email: 'f@example.test', role: 'UserAdministrator' })).status).toBe(201);
    const above = await invite(userAdmin, { firstName: 'G', email: 'g@example.test', role: 'OrganisationAdministrator' });
    expect(above.status).toBe(403);
    expect(above.json()).toMatchObject({ validation: { errors: { role: { message: 'You cannot give a user a role above your own' } } } });
    expect(await mailTo(server, 'g@example.test')).toHaveLength(0);
    // Nor act on one.
    const adminId = (await admin.get('/api/account')).json<{ id: string }>().id;
    expect((await userAdmin.post(`/api/users/${adminId}/disable`)).status).toBe(403);
    // An end user may not invite at all.
    const { browser: endUser } = await member('plain@example.test');
    expect((await invite(endUser, { firstName: 'H', email: 'h@example.test' })).status).toBe(403);
  });

  it('checks every field and refuses an address that already has an account', async () => {
    const bad = await invite(admin, { firstName: 'x'.repeat(51), email: 'nope', role: 'Emperor' });
    expect(bad.status).toBe(400);
    const errors = bad.json<{ validation: { errors: Record<string, { message: string }> } }>().validation.errors;
    expect(errors.firstName?.message).toBe('Please use 50 characters or fewer');
    expect(errors.email?.message).toBe('Please enter a valid email address');
    expect(errors.role?.message).toBe('Please choose a role');
    const taken = await invite(admin, { firstName: 'A', email: 'admin@acme.test' });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ validation: { errors: { email: { message: 'A user with this email address already exists' } } } });
  });

  it("answers 404 and changes nothing for another organisation's users", async () => {
    const globexAdmin = await signIn(server, 'globex', 'admin@globex.test', DEFAULT_PASSWORD);
    const { id } = (await invite(admin, { firstName: 'Io', email: 'io@example.test' })).json<{ id: string }>();
    for (const action of ['resendverification', 'enable', 'disable', 'clearlockout', 'resetpassword']) {
      const res = await globexAdmin.post(`/api/users/${id}/${action}`);
      expect(res.status, action).toBe(404);
    }
    expect(await mailTo(server, 'io@example.test')).toHaveLength(1);
    const orgId = await organisationId(server, 'acme');
    const row = await server.ctx.db.kysely
      .selectFrom('users')
      .select('status')
      .where('organisation_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.status).toBe('Pending');
  });

  it('disables a user at once (sessions end, no sign-in) and enables them again; never oneself', async () => {
    const { id, browser } = await member('dee@example.test');
    const disabled = await admin.post(`/api/users/${id}/disable`);
    expect(disabled.json()).toMatchObject({ message: 'User details updated', user: { status: 'Disabled' } });
    expect((await browser.get('/api/account')).status).toBe(401);
    expect(
      (await server.client('acme').post('/api/authenticate', { form: { email: 'dee@example.test', password: PASSWORD } })).json(),
    ).toMatchObject({
      code: 'ACCOUNT_UNAVAILABLE',
    });
    expect((await admin.put(`/api/users/${id}/enable`)).json()).toMatchObject({ user: { status: 'SignedUp' } });
    expect(
      (await server.client('acme').post('/api/authenticate', { form: { email: 'dee@example.test', password: PASSWORD } })).status,
    ).toBe(200);
    const self = (await admin.get('/api/account')).json<{ id: string }>().id;
    expect((await admin.post(`/api/users/${self}/disable`)).status).toBe(403);
  });

  it('resends the verification email of a signed-up user whose address is unverified', async () => {
    const { id } = await member('ver@example.test');
    expect((await admin.post(`/api/users/${id}/resendverification`)).status).toBe(409);
    const orgId = await organisationId(server, 'acme');
    await server.ctx.db.kysely
      .updateTable('users')
      .set({ email_verified_date: null })
      .where('organisation_id', '=', orgId)
      .where('id', '=', id)
      .execute();
    const sent = await admin.post(`/api/users/${id}/resendverification`);
    expect(sent.json()).toMatchObject({ message: 'Verification email sent' });
    const verificationID = linkIn((await latestMailTo(server, 'ver@example.test')).body).searchParams.get('verificationID')!;
    expect((await server.client('acme').post('/api/verifyemail', { form: { verificationID } })).json()).toEqual({
      outcome: 'verified',
      email: 'ver@example.test',
    });
  });

  it("stops invitations at the Starter package's 50 users with a clear message", async () => {
    await server.createOrganisation('small');
    const small = await signIn(server, 'small', 'admin@small.test', DEFAULT_PASSWORD);
    for (let i = 0; i < 49; i++) expect((await invite(small, { firstName: 'U', email: `u${i}@small.test` })).status).toBe(201);
    const over = await invite(small, { firstName: 'U', email: 'one-too-many@small.test' });
    expect(over.status).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'USER_LIMIT_REACHED',
      message: "Your organisation has reached the Starter package's limit of 50 users",
    });
    await setPolicy(server, 'small', { tier: 'free' });
    expect((await invite(small, { firstName: 'U', email: 'one-too-many@small.test' })).status).toBe(201);
  });
});
