import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { enrolAuthenticator } from '../testing/mfa.ts';
import { runCli as gatehouse } from '../testing/process.ts';

describe.each(testDialects())('the gatehouse CLI on %s', (dialect) => {
  let server: TestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.ctx.config.dataDir, PORT: String(server.port), LOG_LEVEL: 'silent' };
  });
  afterAll(() => server?.close());

  it('creates an organisation whose admin can sign in at once on the running server', async () => {
    const run = await gatehouse(
      ['create-organisation', 'acme', '--admin-email', 'Admin@Acme.test', '--admin-password', DEFAULT_PASSWORD],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created organisation acme with admin admin@acme.test.');
    expect(run.stdout).toContain(`http://acme.localhost:${server.port}/`);
    const signIn = await server
      .client('acme')
      .post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    expect(signIn.status).toBe(200);
    expect(signIn.json()).toMatchObject({ user: { role: 'OrganisationAdministrator' } });
  });

  it('says plainly when the name is taken', async () => {
    const run = await gatehouse(['create-organisation', 'acme', '--admin-email', 'x@acme.test', '--admin-password', DEFAULT_PASSWORD], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('That name is already taken, please choose another');
  });

  it('says plainly when the password is weak, and creates nothing', async () => {
    const run = await gatehouse(['create-organisation', 'weakling', '--admin-email', 'x@w.test', '--admin-password', 'sh0rt~'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The password is too weak: Use at least 10 characters.');
    expect((await server.client('weakling').get('/api/organisation')).status).toBe(404);
  });

  it('refuses reserved and malformed names', async () => {
    const reserved = await gatehouse(
      ['create-organisation', 'www', '--admin-email', 'x@w.test', '--admin-password', DEFAULT_PASSWORD],
      env,
    );
    expect(reserved.code).toBe(1);
    expect(reserved.stderr).toContain('That name is reserved');
    const malformed = await gatehouse(
      ['create-organisation', '-bad-', '--admin-email', 'x@w.test', '--admin-password', DEFAULT_PASSWORD],
      env,
    );
    expect(malformed.code).not.toBe(0);
  });

  it('explains its usage when options are missing', async () => {
    const run = await gatehouse(['create-organisation', 'nameonly'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--admin-email');
  });

  it('runs the scheduled jobs on demand, and names an unknown job', async () => {
    const run = await gatehouse(['run-jobs'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/expire-sessions: deleted \d+ expired sessions/);
    const unknown = await gatehouse(['run-jobs', '--job', 'nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no job named "nope"');
  });

  it('says its version, and migrate says what it applied: all on a new database, nothing on a migrated one', async () => {
    const version = await gatehouse(['version'], env);
    expect(version.stdout).toMatch(/^Gatehouse \d+\.\d+\.\d+ on Node\.js 24\.\d+\.\d+$/m);
    expect(version.code).toBe(0);
    const current = await gatehouse(['migrate'], env);
    expect(current.stderr).toBe('');
    expect(current.stdout).toMatch(/^Nothing to migrate: the database has every migration of Gatehouse \S+ \(\d+\)\.$/m);
    expect(current.code).toBe(0);
    const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-migrate-'));
    try {
      const fresh = await gatehouse(['migrate'], { ...env, DATABASE_URL: `sqlite:${path.join(dir, 'new.db')}`, DATA_DIR: dir });
      expect(fresh.stderr).toBe('');
      expect(fresh.stdout).toMatch(/^Applied \d+ migrations for Gatehouse \S+: \S+/m);
      expect(fresh.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the variable when the configuration is bad', async () => {
    const run = await gatehouse(['create-organisation', 'x1', '--admin-email', 'x@w.test', '--admin-password', DEFAULT_PASSWORD], {
      ...env,
      PORT: 'eighty',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PORT');
  });

  it("resets a user's multi-factor authentication, and names a user that does not exist", async () => {
    await server.createOrganisation('mfaorg');
    const admin = server.client('mfaorg');
    await admin.post('/api/authenticate', { form: { email: 'admin@mfaorg.test', password: DEFAULT_PASSWORD } });
    await enrolAuthenticator(server, admin);
    const run = await gatehouse(['reset-mfa', 'MfaOrg', '--email', 'Admin@mfaorg.test'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Multi-factor authentication reset for admin@mfaorg.test of mfaorg.');
    const signIn = await server
      .client('mfaorg')
      .post('/api/authenticate', { form: { email: 'admin@mfaorg.test', password: DEFAULT_PASSWORD } });
    expect(signIn.json()).toMatchObject({ user: { twoStep: { enabled: false } } });

    const unknown = await gatehouse(['reset-mfa', 'mfaorg', '--email', 'nobody@mfaorg.test'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no user nobody@mfaorg.test in an organisation named "mfaorg".');
  });

  it('enables a user an organisation can no longer enable itself, and names a user that does not exist', async () => {
    await server.createOrganisation('locked');
    await server.ctx.db.kysely
      .updateTable('users')
      .set({ status: 'Inactive', inactive_since: Date.now() })
      .where('email', '=', 'admin@locked.test')
      .execute();
    const refused = await server
      .client('locked')
      .post('/api/authenticate', { form: { email: 'admin@locked.test', password: DEFAULT_PASSWORD } });
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_UNAVAILABLE' });

    const run = await gatehouse(['enable-user', 'locked', '--email', 'Admin@locked.test'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Enabled admin@locked.test of locked (status now SignedUp).');
    const signIn = await server
      .client('locked')
      .post('/api/authenticate', { form: { email: 'admin@locked.test', password: DEFAULT_PASSWORD } });
    expect(signIn.status).toBe(200);

    const again = await gatehouse(['enable-user', 'locked', '--email', 'admin@locked.test'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'There is no Disabled, Inactive or locked-out user admin@locked.test in an organisation named "locked".',
    );
  });

  it('turns off a connection that left nobody able to sign in with a password (issue 39)', async () => {
    const org = await server.createOrganisation('ssoonly');
    const admin = await signedIn(server, 'ssoonly', 'admin@ssoonly.test');
    const created = await admin.post('/api/connections', {
      json: {
        name: 'Corp IdP',
        issuer: 'https://idp.example.com',
        clientId: 'c',
        clientSecret: 's',
        emailDomains: ['ssoonly.test'],
        allowPassword: true,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json<{ id: string }>().id;
    // As saved before the screen refused it: the provider is the only way in, and it is broken.
    await server.ctx.db.kysely.updateTable('sign_in_connections').set({ allow_password: false }).where('id', '=', id).execute();
    const password = () =>
      server.client('ssoonly').post('/api/authenticate', { form: { email: 'admin@ssoonly.test', password: DEFAULT_PASSWORD } });
    expect((await password()).json()).toMatchObject({ code: 'PASSWORD_SIGN_IN_NOT_ALLOWED' });

    const unknown = await gatehouse(['disable-connection', 'ssoonly', 'Nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`Organisation ssoonly has no connection "Nope". Its connections:\n  ${id}  Corp IdP`);
    const run = await gatehouse(['disable-connection', 'SsoOnly', 'corp idp'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Disabled the connection "Corp IdP" (${id}) of ssoonly`);
    expect((await password()).status).toBe(200);
    const event = await server.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['actor_kind', 'details'])
      .where('organisation_id', '=', org.id)
      .where('type', '=', 'connection.updated')
      .executeTakeFirstOrThrow();
    expect(event.actor_kind).toBe('operator');
    expect(JSON.parse(event.details)).toMatchObject({ name: 'Corp IdP', enabled: false });
    expect((await gatehouse(['disable-connection', 'nosuchorg', id], env)).stderr).toContain('There is no organisation named "nosuchorg".');
  });
});
