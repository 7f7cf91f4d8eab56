import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DAY, HOUR } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
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
    (await findUserByEmail(scoped(server.ctx.db.kysely, await organisationId(server, org)), email))?.status;

  /** An organisation whose admin invites `two@` (an end user, or a second Organisation Admin), who signs up. */
  async function organisation(name: string, policy: Parameters<typeof setPolicy>[2], role = 'EndUser') {
    await server.createOrganisation(name);
    await setPolicy(server, name, policy);
    const admin = await signIn(server, name, `admin@${name}.test`, DEFAULT_PASSWORD);
    await admin.post('/api/users', { form: { firstName: 'Two', email: `two@${name}.test`, role } });
    const invitationID = linkIn((await latestMailTo(server, `two@${name}.test`)).body).searchParams.get('invitationID')!;
    await server
      .client(name)
      .post('/api/completesignup', { form: { invitationID, password: PASSWORD, confirmPassword: PASSWORD, consent: 'true' } });
  }

  it('warns inactivityNotificationEmailDays before, then makes the user Inactive and ends their sessions', async () => {
    await organisation('idle', { inactivity_expiry_days: 60, inactivity_notification_email_days: 7 });
    const session = await signIn(server, 'idle', 'two@idle.test', PASSWORD);
    // The admin reads German: their warning's date is written the German way.
    const admin = await signIn(server, 'idle', 'admin@idle.test', DEFAULT_PASSWORD);
    expect((await admin.put('/api/account/language', { form: { locale: 'de' } })).status).toBe(200);
    const signedInAt = clock.now();

    clock.advance(53 * DAY - HOUR);
    await run();
    expect(await mailTo(server, 'two@idle.test')).toHaveLength(1); // the invitation
    clock.advance(HOUR);
    expect(await run()).toMatchObject({ result: expect.stringContaining('warned 2') });
    const warning = await latestMailTo(server, 'two@idle.test');
    expect(warning.subject).toBe('Your idle account will be deactivated soon');
    expect(new Date(signedInAt + 60 * DAY).toISOString()).toMatch(/^2027-03-05/);
    expect(warning.body).toContain('yours will be on 5 March 2027');
    const german = (await mailTo(server, 'admin@idle.test')).find((m) => m.kind === 'inactivityWarning');
    expect(german?.body).toContain('5. März 2027');
    expect(german?.body).not.toContain('March');
    await run();
    expect(await mailTo(server, 'two@idle.test')).toHaveLength(2);

    clock.advance(7 * DAY);
    const deactivation = await run();
    expect(deactivation).toMatchObject({ result: 'warned 0, deactivated 1, deleted 0 users' });
    expect(await statusOf('idle', 'two@idle.test')).toBe('Inactive');
    expect((await session.get('/api/account')).status).toBe(401);
    const refused = await server.client('idle').post('/api/authenticate', { form: { email: 'two@idle.test', password: PASSWORD } });
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_UNAVAILABLE' });
    // Issue 19, finding 8: the only Organisation Admin was deactivated too, and nobody could enable anyone.
    expect(await statusOf('idle', 'admin@idle.test')).toBe('SignedUp');
    expect(deactivation).toMatchObject({
      warnings: [expect.stringContaining('kept admin@idle.test, the only active Organisation Admin of idle')],
    });
    expect((await latestMailTo(server, 'admin@idle.test')).subject).toBe('Ihr Administratorkonto bei idle bleibt aktiv');
    await run();
    expect((await mailTo(server, 'admin@idle.test')).filter((m) => m.kind === 'lastAdminKeptActive')).toHaveLength(1);
  });

  it('gives an enabled Inactive user reactivationGracePeriodDays (to the end of that day) to sign in', async () => {
    await setPolicy(server, 'idle', { reactivation_grace_period_days: 3 });
    // two@ is Inactive; the admin (kept active) enables them.
    const orgId = await organisationId(server, 'idle');
    const admin = await signIn(server, 'idle', 'admin@idle.test', DEFAULT_PASSWORD);
    const two = (await findUserByEmail(scoped(server.ctx.db.kysely, orgId), 'two@idle.test'))!;
    const enabled = await admin.post(`/api/users/${two.id}/enable`);
    expect(enabled.json()).toMatchObject({ user: { status: 'SignedUp' } });
    const enabledAt = clock.now();

    await run();
    expect(await statusOf('idle', 'two@idle.test')).toBe('SignedUp');
    clock.set(endOfGrace(enabledAt, 3) - 1);
    await run();
    expect(await statusOf('idle', 'two@idle.test')).toBe('SignedUp');
    clock.set(endOfGrace(enabledAt, 3));
    await run();
    expect(await statusOf('idle', 'two@idle.test')).toBe('Inactive');

    // Enabled again, the user signs in within the grace period and stays active.
    const again = await signIn(server, 'idle', 'admin@idle.test', DEFAULT_PASSWORD);
    await again.post(`/api/users/${two.id}/enable`);
    await signIn(server, 'idle', 'two@idle.test', PASSWORD);
    clock.advance(10 * DAY);
    await run();
    expect(await statusOf('idle', 'two@idle.test')).toBe('SignedUp');
  });

  it('makes a grace period of 0 last until the end of the same day', () => {
    const noon = Date.UTC(2027, 2, 1, 12);
    expect(endOfGrace(noon, 0)).toBe(Date.UTC(2027, 2, 2));
    expect(endOfGrace(noon, 3)).toBe(Date.UTC(2027, 2, 5));
  });

  it('deletes users Inactive for inactivityDeletionDays', async () => {
    await organisation('gone', { inactivity_expiry_days: 10, inactivity_notification_email_days: 0, inactivity_deletion_days: 30 });
    clock.advance(10 * DAY);
    expect(await run()).toMatchObject({ result: expect.stringContaining('deactivated 1') });
    clock.advance(30 * DAY - 1);
    await run();
    expect(await statusOf('gone', 'two@gone.test')).toBe('Inactive');
    clock.advance(1);
    expect(await run()).toMatchObject({ result: expect.stringContaining('deleted 1 users') });
    expect(await statusOf('gone', 'two@gone.test')).toBeUndefined();
    expect(await statusOf('gone', 'admin@gone.test')).toBe('SignedUp');
  });

  it('deactivates an idle Organisation Admin while another admin is active, but never the last one, nor deletes them', async () => {
    await organisation(
      'pair',
      { inactivity_expiry_days: 10, inactivity_notification_email_days: 0, inactivity_deletion_days: 5 },
      'OrganisationAdministrator',
    );
    clock.advance(10 * DAY);
    await run();
    const statuses = [await statusOf('pair', 'admin@pair.test'), await statusOf('pair', 'two@pair.test')];
    expect(statuses.toSorted()).toEqual(['Inactive', 'SignedUp']);
    // Whoever stayed is now the last one: kept, however long they stay idle; the Inactive one is deleted.
    clock.advance(100 * DAY);
    await run();
    const after = [await statusOf('pair', 'admin@pair.test'), await statusOf('pair', 'two@pair.test')];
    expect(after.filter(Boolean)).toEqual(['SignedUp']);
  });

  it('does nothing when inactivityExpiryDays is 0', async () => {
    await organisation('busy', { inactivity_expiry_days: 0 });
    clock.advance(1000 * DAY);
    await run();
    expect(await statusOf('busy', 'admin@busy.test')).toBe('SignedUp');
  });
});
