/**
 * Moving an organisation between two installations with the CLI: each installation is a server with
 * its own database and its own KEY_ENCRYPTION_KEY, the commands run as child processes on them.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { EffectiveAccess } from '@gatehouse/common/schemas/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Dialect } from '../db/database.ts';
import { totpCode } from '../mfa/totp.ts';
import { organisationId } from '../testing/accounts.ts';
import { createApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { type Authenticator, enrolAuthenticator, signInWithCode } from '../testing/mfa.ts';
import { runCli } from '../testing/process.ts';
import { endpointSecret } from '../webhooks/secrets.ts';
import { LEFT_BEHIND, MOVED_TABLES, type OrganisationExport, tableColumns } from './transfer.ts';

const PASSPHRASE = 'a long enough transfer passphrase';

const pairs: [Dialect, Dialect][] = testDialects().flatMap((from) => testDialects().map((to) => [from, to] as [Dialect, Dialect]));

const envOf = (server: TestServer) => ({
  DATABASE_URL: server.databaseUrl,
  DATA_DIR: server.ctx.config.dataDir,
  PORT: String(server.port),
  GATEHOUSE_TRANSFER_PASSPHRASE: PASSPHRASE,
});

describe.each(pairs)('export-organisation on %s, import-organisation on %s', (fromDialect, toDialect) => {
  let from: TestServer;
  let to: TestServer;
  let dir: string;
  let file: string;
  let authenticator: Authenticator;
  let machine: { id: string; secret: string };
  let webhookSecret: string;
  let aliceId: string;

  beforeAll(async () => {
    [from, to] = await Promise.all([startTestServer(fromDialect), startTestServer(toDialect)]);
    dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-transfer-'));
    file = path.join(dir, 'acme.json');

    await from.createOrganisation('acme');
    const acme = await organisationId(from, 'acme');
    const admin = await signedIn(from, 'acme', 'admin@acme.test');
    const alice = await createUser(from, acme, { email: 'alice@acme.test' });
    authenticator = await enrolAuthenticator(from, await signedIn(from, 'acme', 'alice@acme.test'));
    machine = await createApplication(admin, { name: 'Reports', clientType: 'machine' });
    const wiki = await createApplication(admin, { name: 'Wiki' });
    // A protected API the machine application may get tokens for.
    const api = await admin.post('/api/apis', {
      json: { name: 'Reports', identifier: 'https://reports.example.com', scopes: [{ value: 'reports:read' }] },
    });
    await admin.put(`/api/apis/${api.json<{ id: string }>().id}/grants/${machine.id}`, { json: { scopes: ['reports:read'] } });
    await grantAccess(from, acme, alice.id, [wiki.id]);
    aliceId = alice.id;
    // A group alice is in, and a role of the API's scope given to the group and to her directly: both must move.
    const team = (await admin.post('/api/groups', { form: { name: 'Analysts' } })).json<{ id: string }>();
    await admin.post(`/api/groups/${team.id}/members`, { form: { userId: alice.id } });
    const role = await admin.post('/api/roles', {
      json: { name: 'Report reader', permissions: [{ apiId: api.json<{ id: string }>().id, scope: 'reports:read' }] },
    });
    expect(role.status, role.text).toBe(201);
    const roleId = role.json<{ id: string }>().id;
    await admin.put(`/api/groups/${team.id}/roles/${roleId}`);
    await admin.put(`/api/users/${alice.id}/roles/${roleId}`);
    const hook = await admin.post('/api/webhooks', { form: { url: 'https://hooks.example.com/in', eventTypes: ['user.created'] } });
    expect(hook.status).toBe(201);
    const endpoint = await from.ctx.db.kysely
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('organisation_id', '=', acme)
      .executeTakeFirstOrThrow();
    webhookSecret = endpointSecret(from.ctx, acme, endpoint);
  });
  afterAll(async () => {
    await Promise.all([from?.close(), to?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the organisation to a file only its operator reads, with its secrets sealed under the passphrase', async () => {
    const run = await runCli(['export-organisation', 'Acme', file], envOf(from));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Exported acme to .*acme\.json: 2 users, 0 assets, 2 clients, 0 saml_applications, 0 saml_idp_secrets, 1 groups, 1 group_members, 1 apis, 1 api_grants, 1 roles, 1 role_permissions, 1 user_roles, 1 group_roles, 1 user_client_access,/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const text = readFileSync(file, 'utf8');
    const document = JSON.parse(text) as OrganisationExport;
    expect(document).toMatchObject({ format: 'gatehouse-organisation-export', version: 1, hostname: 'acme.localhost' });
    // No secret in the clear, and nothing sealed under this installation's key.
    expect(text).not.toContain(authenticator.secret);
    expect(text).not.toContain(webhookSecret);
    expect(text).not.toContain(machine.secret);
    expect(text).not.toContain(from.ctx.config.keyEncryptionKey);
    expect(text).not.toMatch(/"d":"/);
    const stored = await from.ctx.db.kysely.selectFrom('oidc_keys').select('encrypted_jwk').execute();
    for (const { encrypted_jwk } of stored) expect(text).not.toContain(encrypted_jwk);
    expect(Object.keys(document.tables)).not.toContain('sessions');

    const audit = await from.ctx.db.kysely.selectFrom('audit_events').selectAll().where('type', '=', 'organisation.exported').execute();
    expect(audit).toMatchObject([{ actor_kind: 'operator', subject_kind: 'organisation' }]);

    const again = await runCli(['export-organisation', 'acme', file], envOf(from));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists: give a new file name');
  });

  it('refuses a wrong passphrase, a tampered file and a newer schema, changing nothing', async () => {
    const wrong = await runCli(['import-organisation', file], { ...envOf(to), GATEHOUSE_TRANSFER_PASSPHRASE: 'not the passphrase at all' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Nothing was changed. The passphrase does not open this export.');

    const document = JSON.parse(readFileSync(file, 'utf8')) as OrganisationExport;
    await to.createOrganisation('globex');
    document.tables.user_client_access![0]!.organisation_id = await organisationId(to, 'globex');
    const tampered = path.join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(document));
    const refused = await runCli(['import-organisation', tampered], envOf(to));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A row of user_client_access belongs to another organisation.');

    const newer = path.join(dir, 'newer.json');
    writeFileSync(newer, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), migrations: ['9999-from-the-future'] }));
    expect((await runCli(['import-organisation', newer], envOf(to))).stderr).toContain(
      'made by a newer Gatehouse (schema 9999-from-the-future)',
    );

    const unknown = await runCli(['export-organisation', 'nowhere', path.join(dir, 'nowhere.json')], envOf(from));
    expect(unknown.stderr).toContain('Nothing was changed. There is no organisation named "nowhere".');
    expect(await to.ctx.db.kysely.selectFrom('organisations').select('name').where('name', '=', 'acme').execute()).toEqual([]);
  });

  it('recreates it on the other installation: the same passwords, second steps, clients, keys and secrets work there', async () => {
    const run = await runCli(['import-organisation', file], envOf(to));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Imported acme: 2 users, 0 assets, 2 clients, 0 saml_applications, 0 saml_idp_secrets, 1 groups, 1 group_members, 1 apis, 1 api_grants, 1 roles, 1 role_permissions, 1 user_roles, 1 group_roles, 1 user_client_access',
    );
    expect(run.stdout).toContain(`Sign in at http://acme.localhost:${to.port}/`);
    // The installations have different KEY_ENCRYPTION_KEYs: recovery codes, HMACs under it, cannot move.
    expect(run.stdout).toContain('10 recovery codes did not move');

    // The admin signs in with the same password; alice with the same password and authenticator app.
    const admin = await signedIn(to, 'acme', 'admin@acme.test');
    expect((await admin.get('/api/account')).status).toBe(200);
    // alice's group and roles came along: the role with its permission, given directly and through the group.
    const access = (await admin.get(`/api/users/${aliceId}/access`)).json<EffectiveAccess>();
    expect(access.groups.map((g) => g.name)).toEqual(['Analysts']);
    expect(access.roles).toMatchObject([{ name: 'Report reader', sources: [{ kind: 'direct' }, { kind: 'group', group: 'Analysts' }] }]);
    expect((await admin.get('/api/roles')).json()).toMatchObject([
      { name: 'Report reader', permissions: [{ api: 'https://reports.example.com', scope: 'reports:read' }], userCount: 1, groupCount: 1 },
    ]);
    // The step of the code used at enrolment moved too: that code is not accepted twice, a later one is.
    const { last_step: usedStep } = await to.ctx.db.kysely
      .selectFrom('credentials')
      .select('last_step')
      .where('kind', '=', 0)
      .executeTakeFirstOrThrow();
    const enrolledAt = usedStep! * 30_000;
    const replay = to.client('acme');
    const challenge = await replay.post('/api/authenticate', { form: { email: 'alice@acme.test', password: DEFAULT_PASSWORD } });
    const replayed = await replay.post('/api/authenticate', {
      form: {
        signInStateID: challenge.json<{ signInStateID: string }>().signInStateID,
        code: totpCode(authenticator.secret, enrolledAt),
        rememberMe: false,
      },
    });
    expect(replayed.json()).toMatchObject({ code: 'MFA_CODE_INVALID' });
    const sameStep = Math.floor(to.ctx.clock.now() / 30_000) === Math.floor(enrolledAt / 30_000);
    const alice = await signInWithCode(to, 'acme', 'alice@acme.test', () => authenticator.code(sameStep ? 1 : 0));
    const apps = await alice.get('/api/account');
    expect(apps.status).toBe(200);

    // The machine application's client id and secret get tokens, signed with the keys relying parties already hold.
    const token = await to.client('acme').post('/oidc/token', {
      noOrigin: true,
      headers: { authorization: `Basic ${Buffer.from(`${machine.id}:${machine.secret}`).toString('base64')}` },
      form: { grant_type: 'client_credentials' },
    });
    expect(token.status).toBe(200);
    // And tokens for its API, as before.
    const apiToken = await to.client('acme').post('/oidc/token', {
      noOrigin: true,
      headers: { authorization: `Basic ${Buffer.from(`${machine.id}:${machine.secret}`).toString('base64')}` },
      form: { grant_type: 'client_credentials', resource: 'https://reports.example.com', scope: 'reports:read' },
    });
    expect(apiToken.json()).toMatchObject({ scope: 'reports:read', token_type: 'Bearer' });
    const jwks = async (server: TestServer) => (await server.client('acme').get('/oidc/jwks')).json<{ keys: { kid: string }[] }>();
    expect((await jwks(to)).keys.map((k) => k.kid).sort()).toEqual((await jwks(from)).keys.map((k) => k.kid).sort());

    const acme = await organisationId(to, 'acme');
    const endpoint = await to.ctx.db.kysely
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('organisation_id', '=', acme)
      .executeTakeFirstOrThrow();
    expect(endpointSecret(to.ctx, acme, endpoint)).toBe(webhookSecret);
    const audit = await to.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['type', 'actor_kind'])
      .where('organisation_id', '=', acme)
      .execute();
    expect(audit).toContainEqual({ type: 'organisation.imported', actor_kind: 'operator' });
    expect(audit).toContainEqual({ type: 'user.mfa_enrolled', actor_kind: 'user' });

    const twice = await runCli(['import-organisation', file], envOf(to));
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('An organisation named "acme" already exists here: import it under another name with --name.');
    const renamed = await runCli(['import-organisation', file, '--name', 'acme2'], envOf(to));
    expect(renamed.code).toBe(1);
    expect(renamed.stderr).toContain('This installation already holds this organisation (as "acme").');
  });

  it('moves recovery codes to an installation with the same KEY_ENCRYPTION_KEY, and says what a new host breaks', async () => {
    const twin = await startTestServer(toDialect, { config: { keyEncryptionKey: from.ctx.config.keyEncryptionKey } });
    try {
      writeFileSync(path.join(twin.ctx.config.dataDir, 'key-encryption-key'), from.ctx.config.keyEncryptionKey);
      const run = await runCli(['import-organisation', file, '--name', 'newacme'], envOf(twin));
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('10 mfa_recovery_codes');
      expect(run.stdout).not.toContain('did not move');
      expect(run.stdout).toContain('now served at newacme.localhost, not acme.localhost');
      const client = twin.client('newacme');
      const challenge = await client.post('/api/authenticate', { form: { email: 'alice@acme.test', password: DEFAULT_PASSWORD } });
      const answered = await client.post('/api/authenticate', {
        form: {
          signInStateID: challenge.json<{ signInStateID: string }>().signInStateID,
          code: authenticator.recoveryCodes[0]!,
          rememberMe: false,
        },
      });
      expect(answered.status).toBe(200);
    } finally {
      await twin.close();
    }
  });
});

describe.each(testDialects())('what an organisation export covers on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('names every table an organisation owns as moved or left behind, so that a new table is not silently lost', async () => {
    const tables = await tableColumns(server.ctx.db.kysely, dialect);
    const owned = [...tables].filter(([, columns]) => columns.has('organisation_id')).map(([table]) => table);
    const classified = new Set<string>([...MOVED_TABLES, ...Object.keys(LEFT_BEHIND)]);
    expect(owned.filter((table) => !classified.has(table))).toEqual([]);
    expect([...classified].filter((table) => !owned.includes(table))).toEqual([]);
  });
});
