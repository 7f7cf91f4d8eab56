import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../clock.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { latestMailTo, linkIn, mailTo, organisationId, setPolicy, signIn } from '../testing/accounts.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { endOfGrace } from './inactivity.ts';
import { findUserByEmail } from './store.ts';

const inactivityJob = JOBS.find((job) => job.name === 'account-inactivity')!;
const PASSWORD = 'the second administrator';

describe.each(testDialects())('inactivity on %s', (dialect) => {
  let server: TestServer;
  // Midday UTC, so "the end of the day" is a known distance away.
  const clock = new ManualClock(Date.UTC(2027, 0, 4, 12));

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(() => server?.close());

  const run = () => runJobOnce(server.ctx, inactivityJob, { force: true });
  const statusOf = async (org: string, email: string) =>
    (await findUserByEmail(server.ctx.db.kysely, await organisationId(server, org), email))?.status;

  /** An organisation with a second Organisation Admin (who enables the first one again). */
  async function organisation(name: string, policy: Parameters<typeof setPolicy>[2]) {
    await server.createOrganisation(name);
    await setPolicy(server, name, policy);
    const admin = await signIn(server, name, `admin@${name}.test`, DEFAULT_PASSWORD);
    await admin.post('/api/users', { form: { firstName: 'Two', email: `two@${name}.test`, role: 'OrganisationAdministrator' } });
    const invitationID = linkIn((await latestMailTo(server, `two@${name}.test`)).body).searchParams.get('invitationID')!;
    await server
      .client(name)
      .post('/api/completesignup', { form: { invitationID, password: PASSWORD, confirmPassword: PASSWORD, consent: 'true' } });
  }

  it('warns inactivityNotificationEmailDays before, then makes the user Inactive and ends their sessions', async () => {
    await organisation('idle', { inactivity_expiry_days: 60, inactivity_notification_email_days: 7 });
    const session = await signIn(server, 'idle', 'admin@idle.test', DEFAULT_PASSWORD);
    const signedInAt = clock.now();

    clock.advance(53 * DAY - HOUR);
    await run();
    expect(await mailTo(server, 'admin@idle.test')).toHaveLength(0);
    clock.advance(HOUR);
    expect(await run()).toMatchObject({ result: expect.stringContaining('warned 2') });
    const warning = await latestMailTo(server, 'admin@idle.test');
    expect(warning.subject).toBe('Your idle account will be deactivated soon');
    expect(warning.body).toContain(
      `yours will be on ${new Date(signedInAt + 60 * DAY).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
    );
    await run();
    expect(await mailTo(server, 'admin@idle.test')).toHaveLength(1);

    clock.advance(7 * DAY);
    expect(await run()).toMatchObject({ result: 'warned 0, deactivated 2, deleted 0 users' });
    expect(await statusOf('idle', 'admin@idle.test')).toBe('Inactive');
    expect((await session.get('/api/account')).status).toBe(401);
    const refused = await server
      .client('idle')
      .post('/api/authenticate', { form: { email: 'admin@idle.test', password: DEFAULT_PASSWORD } });
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_UNAVAILABLE' });
  });

  it('gives an enabled Inactive user reactivationGracePeriodDays (to the end of that day) to sign in', async () => {
    await setPolicy(server, 'idle', { reactivation_grace_period_days: 3 });
    // Both admins are Inactive: an operator-level fix brings one back, who enables the other.
    const orgId = await organisationId(server, 'idle');
    await server.ctx.db.kysely
      .updateTable('users')
      .set({ status: 'SignedUp', last_sign_in: clock.now() })
      .where('organisation_id', '=', orgId)
      .where('email', '=', 'two@idle.test')
      .execute();
    const two = await signIn(server, 'idle', 'two@idle.test', PASSWORD);
    const admin = (await findUserByEmail(server.ctx.db.kysely, orgId, 'admin@idle.test'))!;
    const enabled = await two.post(`/api/users/${admin.id}/enable`);
    expect(enabled.json()).toMatchObject({ user: { status: 'SignedUp' } });
    const enabledAt = clock.now();

    await run();
    expect(await statusOf('idle', 'admin@idle.test')).toBe('SignedUp');
    clock.set(endOfGrace(enabledAt, 3) - 1);
    await run();
    expect(await statusOf('idle', 'admin@idle.test')).toBe('SignedUp');
    clock.set(endOfGrace(enabledAt, 3));
    await run();
    expect(await statusOf('idle', 'admin@idle.test')).toBe('Inactive');

    // Enabled again, the user signs in within the grace period and stays active.
    const again = await signIn(server, 'idle', 'two@idle.test', PASSWORD);
    await again.post(`/api/users/${admin.id}/enable`);
    await signIn(server, 'idle', 'admin@idle.test', DEFAULT_PASSWORD);
    clock.advance(10 * DAY);
    await run();
    expect(await statusOf('idle', 'admin@idle.test')).toBe('SignedUp');
  });

  it('makes a grace period of 0 last until the end of the same day', () => {
    const noon = Date.UTC(2027, 2, 1, 12);
    expect(endOfGrace(noon, 0)).toBe(Date.UTC(2027, 2, 2));
    expect(endOfGrace(noon, 3)).toBe(Date.UTC(2027, 2, 5));
  });

  it('deletes users Inactive for inactivityDeletionDays', async () => {
    await organisation('gone', { inactivity_expiry_days: 10, inactivity_notification_email_days: 0, inactivity_deletion_days: 30 });
    clock.advance(10 * DAY);
    expect(await run()).toMatchObject({ result: expect.stringContaining('deactivated 2') });
    clock.advance(30 * DAY - 1);
    await run();
    expect(await statusOf('gone', 'admin@gone.test')).toBe('Inactive');
    clock.advance(1);
    expect(await run()).toMatchObject({ result: expect.stringContaining('deleted 2 users') });
    expect(await statusOf('gone', 'admin@gone.test')).toBeUndefined();
  });

  it('does nothing when inactivityExpiryDays is 0', async () => {
    await organisation('busy', { inactivity_expiry_days: 0 });
    clock.advance(1000 * DAY);
    await run();
    expect(await statusOf('busy', 'admin@busy.test')).toBe('SignedUp');
  });
});
