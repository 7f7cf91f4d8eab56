import { pbkdf2Sync, randomBytes } from 'node:crypto';

import type { ImportJob } from '@gatehouse/common/schemas/imports';
import { IMPORT_MESSAGES } from '@gatehouse/common/schemas/imports';
import bcrypt from 'bcryptjs';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findUserByEmail } from '../accounts/store.ts';
import { scoped } from '../db/scoped.ts';
import { newTotpSecret } from '../mfa/totp.ts';
import { HASH_REFUSALS } from '../passwords/foreign.ts';
import { operatorScope } from '../scope/scope.ts';
import { setPolicy, signIn } from '../testing/accounts.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { authenticatorFor, signInWithCode } from '../testing/mfa.ts';
import { multipartBody } from '../testing/multipart.ts';
import { resumeImports, runImport, startImport } from './service.ts';

const OLD = 'my old password from before';
const base32Of = (bytes: Buffer) => new Secret({ buffer: new Uint8Array(bytes).buffer }).base32;
const bcryptOf = (password: string) => bcrypt.hashSync(password, 4);
const djangoOf = (password: string) =>
  `pbkdf2_sha256$10000$saltysalt$${pbkdf2Sync(password, 'saltysalt', 10000, 32, 'sha256').toString('base64')}`;

describe.each(testDialects())('importing people on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let globexId: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    globexId = (await server.createOrganisation('globex')).id;
    admin = await signIn(server, 'acme', 'admin@acme.test', DEFAULT_PASSWORD);
  });
  afterAll(() => server?.close());

  async function upload(client: TestClient, file: Buffer | string, fields: Record<string, string | boolean>) {
    const { body, headers } = await multipartBody(fields, [
      { name: 'file', filename: 'people', type: 'text/plain', data: Buffer.isBuffer(file) ? file : Buffer.from(file) },
    ]);
    return client.post('/api/imports', { body, headers });
  }

  /** Starts the import and answers the job once its run (after the answer) is done. */
  async function imported(file: Buffer | string, fields: Record<string, string | boolean>, client = admin): Promise<ImportJob> {
    const res = await upload(client, file, fields);
    expect(res.status, res.text).toBe(202);
    await server.settled();
    const job = await client.get(`/api/imports/${res.json<ImportJob>().id}`);
    expect(job.status).toBe(200);
    return job.json<ImportJob>();
  }

  const user = (email: string) => findUserByEmail(scoped(server.ctx.db.kysely, acmeId), email);

  it('reports every refused row in a dry run and changes nothing, then imports; the person signs in with the old password', async () => {
    const totp = newTotpSecret();
    const csv = [
      'E-mail;Given name;Family;Hash;Verified;Key;Password',
      `ana@acme.test;Ana;Lima;${bcryptOf(OLD)};yes;${totp};`,
      `ben@acme.test;Ben;"Okafor; Jr";${djangoOf(OLD)};no;;`,
      'plain@acme.test;Pl;Ain;;yes;;hunter2hunter2',
      'md5@acme.test;Md;Five;5f4dcc3b5aa765d61d8327deb882cf99;;;',
      `ANA@acme.test;Ana;Again;${bcryptOf(OLD)};;;`,
      'not-an-email;X;Y;;;;',
      'short;row',
    ].join('\r\n');
    const latin1 = Buffer.concat([Buffer.from(csv + '\r\n'), Buffer.from('jos\xe9@acme.test;Jos\xe9;;;;;\r\n', 'latin1')]);
    const mapping = JSON.stringify({
      email: 'E-mail',
      firstName: 'Given name',
      surname: 'Family',
      passwordHash: 'Hash',
      emailVerified: 'Verified',
      totpSecret: 'Key',
    });

    const dry = await imported(latin1, { format: 'csv', dryRun: true, mapping });
    expect(dry).toMatchObject({ status: 'finished', dryRun: true, created: 2, updated: 0, refusedCount: 6 });
    const reasons = Object.fromEntries(dry.refused.map((r) => [r.row, r.reason]));
    expect(reasons[4]).toBe(IMPORT_MESSAGES.plainPassword);
    expect(reasons[5]).toBe(HASH_REFUSALS.unknown);
    expect(reasons[6]).toBe(IMPORT_MESSAGES.duplicateEmail(2));
    expect(reasons[7]).toMatch(/^email: /);
    expect(reasons[8]).toMatch(/it has 2 fields and the header 7/);
    expect(reasons[9]).toBe(IMPORT_MESSAGES.notUtf8);
    expect(await user('ana@acme.test')).toBeUndefined();

    const refusedCsv = await admin.get(`/api/imports/${dry.id}/refused`);
    expect(refusedCsv.status).toBe(200);
    expect(refusedCsv.headers['content-type']).toMatch(/^text\/csv/);
    expect(refusedCsv.text.split('\r\n')[0]).toBe('row,email,reason,E-mail,Given name,Family,Hash,Verified,Key,Password');
    expect(refusedCsv.text).toContain(
      `4,plain@acme.test,${IMPORT_MESSAGES.plainPassword.includes(',') ? `"${IMPORT_MESSAGES.plainPassword}"` : IMPORT_MESSAGES.plainPassword}`,
    );

    const run = await imported(latin1, { format: 'csv', mapping });
    expect(run).toMatchObject({ status: 'finished', dryRun: false, created: 2, updated: 0, refusedCount: 6 });
    const ana = (await user('ana@acme.test'))!;
    expect(ana).toMatchObject({ first_name: 'Ana', surname: 'Lima', status: 'SignedUp', has_second_factor: true });
    expect(ana.email_verified_date).not.toBeNull();
    expect(ana.password_hash).toMatch(/^\$2b\$04\$/);
    expect((await user('ben@acme.test'))!.surname).toBe('Okafor; Jr');

    // The old password and the old authenticator's code; the hash is Gatehouse's argon2id afterwards.
    await signInWithCode(server, 'acme', 'ana@acme.test', () => authenticatorFor(server, totp).code(), { password: OLD });
    expect((await user('ana@acme.test'))!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await signIn(server, 'acme', 'ben@acme.test', OLD);
    expect((await user('ben@acme.test'))!.password_hash).toMatch(/^\$argon2id\$/);
    const wrong = await server.client('acme').post('/api/authenticate', { form: { email: 'ben@acme.test', password: 'not it' } });
    expect(wrong.status).toBe(401);

    // The same file again: everyone matched and updated, nobody doubled, and re-hashed passwords kept.
    const again = await imported(latin1, { format: 'csv', mapping });
    expect(again).toMatchObject({ created: 0, updated: 2, refusedCount: 6 });
    expect((await user('ana@acme.test'))!.password_hash).toMatch(/^\$argon2id\$/);
    await signIn(server, 'acme', 'ben@acme.test', OLD);
  });

  it('matches a re-run by external id even when the email changed, and JSON Lines carries status and dates', async () => {
    const lines = [
      JSON.stringify({
        email: 'cy@acme.test',
        externalId: 'legacy-1',
        firstName: 'Cy',
        createdAt: '2019-05-01T10:00:00Z',
        lastSignInAt: 1_700_000_000_000,
        passwordHash: bcryptOf(OLD),
      }),
      JSON.stringify({ email: 'dee@acme.test', externalId: 'legacy-2', status: 'disabled', passwordHash: bcryptOf(OLD) }),
      '{"email": broken',
    ].join('\n');
    const first = await imported(lines, { format: 'jsonl' });
    expect(first).toMatchObject({ created: 2, refusedCount: 1 });
    expect(first.refused[0]).toMatchObject({ row: 3, reason: IMPORT_MESSAGES.malformed('it is not JSON') });
    const cy = (await user('cy@acme.test'))!;
    expect(Number(cy.created_at)).toBe(Date.parse('2019-05-01T10:00:00Z'));
    expect(Number(cy.last_sign_in)).toBe(1_700_000_000_000);
    expect((await user('dee@acme.test'))!.status).toBe('Disabled');

    const renamed = await imported(JSON.stringify({ email: 'cy.new@acme.test', externalId: 'legacy-1' }), { format: 'jsonl' });
    expect(renamed).toMatchObject({ created: 0, updated: 1 });
    expect(await user('cy@acme.test')).toBeUndefined();
    expect((await user('cy.new@acme.test'))!.id).toBe(cy.id);
  });

  it('imports a Keycloak realm export with PBKDF2 and argon2 credentials and OTP keys, reporting what it cannot carry', async () => {
    const salt = randomBytes(16);
    const otpText = 'kc-otp-secret-0123456789'; // Keycloak keeps the key as text
    const realm = {
      id: 'a1b2c3',
      realm: 'acme',
      enabled: true,
      users: [
        {
          id: '5b0e6d3c-2f0a-4c1e-9c8d-1f2e3d4c5b6a',
          createdTimestamp: 1_718_000_000_000,
          username: 'kira',
          enabled: true,
          totp: true,
          emailVerified: true,
          firstName: 'Kira',
          lastName: 'Nakamura',
          email: 'kira@acme.test',
          attributes: { phoneNumber: ['+44 20 7946 0000'] },
          credentials: [
            {
              id: 'c1',
              type: 'password',
              userLabel: 'My password',
              createdDate: 1_718_000_000_000,
              secretData: JSON.stringify({
                value: pbkdf2Sync(OLD, salt, 210000, 64, 'sha512').toString('base64'),
                salt: salt.toString('base64'),
                additionalParameters: {},
              }),
              credentialData: JSON.stringify({ hashIterations: 210000, algorithm: 'pbkdf2-sha512', additionalParameters: {} }),
            },
            {
              id: 'c2',
              type: 'otp',
              userLabel: 'Phone',
              createdDate: 1_718_000_000_000,
              secretData: JSON.stringify({ value: otpText }),
              credentialData: JSON.stringify({ subType: 'totp', digits: 6, counter: 0, period: 30, algorithm: 'HmacSHA1' }),
            },
          ],
          disableableCredentialTypes: [],
          requiredActions: [],
          realmRoles: ['default-roles-acme', 'manager'],
          notBefore: 0,
          groups: ['/staff'],
        },
        { id: 'svc', username: 'service-account-app', enabled: true, serviceAccountClientId: 'app', credentials: [], realmRoles: [] },
      ],
    };
    const job = await imported(JSON.stringify(realm), { format: 'keycloak' });
    expect(job).toMatchObject({
      created: 1,
      refusedCount: 0,
      notCarried: { 'service accounts': 1, 'group memberships': 1, 'role assignments': 1 },
    });
    const kira = (await user('kira@acme.test'))!;
    expect(kira).toMatchObject({
      first_name: 'Kira',
      external_id: '5b0e6d3c-2f0a-4c1e-9c8d-1f2e3d4c5b6a',
      phone_number: '+44 20 7946 0000',
    });
    expect(JSON.parse(kira.password_hash!)).toEqual({
      secretData: realm.users[0]!.credentials[0]!.secretData,
      credentialData: realm.users[0]!.credentials[0]!.credentialData,
    });
    // The authenticator shows Keycloak's text key in base 32, as Keycloak's QR code did.
    const appKey = base32Of(Buffer.from(otpText));
    await signInWithCode(server, 'acme', 'kira@acme.test', () => authenticatorFor(server, appKey).code(), { password: OLD });
    expect((await user('kira@acme.test'))!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('imports an Auth0 bulk export and then its password-hash export onto the same people', async () => {
    const users = [
      JSON.stringify({
        user_id: 'auth0|60425da93519d90068f82966',
        email: 'ola@acme.test',
        email_verified: true,
        given_name: 'Ola',
        family_name: 'Nordmann',
        created_at: '2021-03-05T16:43:23.441Z',
        last_login: '2024-01-02T03:04:05.000Z',
        identities: [{ provider: 'auth0', connection: 'Username-Password-Authentication', isSocial: false }],
      }),
      JSON.stringify({
        user_id: 'google-oauth2|1234',
        email: 'gus@acme.test',
        email_verified: true,
        identities: [{ provider: 'google-oauth2', isSocial: true }],
      }),
    ].join('\n');
    const first = await imported(users, { format: 'auth0' });
    expect(first).toMatchObject({ created: 2, notCarried: { 'social and enterprise identities': 1 } });
    expect((await user('ola@acme.test'))!.status).toBe('Pending');
    const hashes = JSON.stringify({
      _id: { $oid: '60425da93519d90068f82966' },
      email_verified: true,
      email: 'ola@acme.test',
      passwordHash: bcrypt.hashSync(OLD, 10),
      password_set_date: { $date: '2021-03-05T16:43:23.441Z' },
      tenant: 'dev-acme',
      connection: 'Username-Password-Authentication',
      _tmp_is_unique: true,
    });
    const second = await imported(hashes, { format: 'auth0' });
    expect(second).toMatchObject({ created: 0, updated: 1 });
    expect((await user('ola@acme.test'))!.status).toBe('SignedUp');
    await signIn(server, 'acme', 'ola@acme.test', OLD);
  });

  it("checks the Starter package's user limit before the run and imports nobody past it", async () => {
    await setPolicy(server, 'globex', { tier: 'starter' });
    const globex = await signIn(server, 'globex', 'admin@globex.test', DEFAULT_PASSWORD);
    const many = Array.from({ length: 50 }, (_, n) => JSON.stringify({ email: `p${n}@globex.test` })).join('\n');
    const res = await upload(globex, many, { format: 'jsonl' });
    expect(res.status).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.userLimit(49, 50));
    expect(await findUserByEmail(scoped(server.ctx.db.kysely, globexId), 'p0@globex.test')).toBeUndefined();
    // Another organisation's job is not there.
    const acmeJob = await imported(JSON.stringify({ email: 'eve@acme.test' }), { format: 'jsonl', dryRun: true });
    expect((await globex.get(`/api/imports/${acmeJob.id}`)).status).toBe(404);
    expect((await globex.get(`/api/imports/${acmeJob.id}/refused`)).status).toBe(404);
  });

  it('refuses UTF-16 files and files without an email column as a whole', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('email\r\nx@acme.test\r\n', 'utf16le')]);
    const res = await upload(admin, utf16, { format: 'csv' });
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.fileEncoding);
    const noEmail = await upload(admin, 'name\r\nx\r\n', { format: 'csv' });
    expect(noEmail.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.noEmailColumn);
  });

  it('resumes a job whose process stopped from its last settled row, and two processes never run it twice', async () => {
    await setPolicy(server, 'acme', { tier: 'free' });
    const org = await server.ctx.db.kysely.selectFrom('organisations').selectAll().where('id', '=', acmeId).executeTakeFirstOrThrow();
    const { toOrganisation } = await import('../tenancy/organisation.ts');
    const organisation = toOrganisation(server.ctx.config, org);
    const scope = operatorScope(server.ctx.db.kysely, organisation);
    const file = Buffer.from(
      Array.from({ length: 1200 }, (_, n) => JSON.stringify({ email: `r${n}@acme.test`, passwordHash: '$2b$04$' + 'a'.repeat(53) })).join(
        '\n',
      ),
    );
    const job = await startImport(server.ctx, scope, { format: 'jsonl', dryRun: false, mapping: {}, file });
    const db = scoped(server.ctx.db.kysely, acmeId);
    // A process settled the first 500 rows (as its batch would) and stopped: its lease ran out.
    const first = await startImport(server.ctx, scope, {
      format: 'jsonl',
      dryRun: false,
      mapping: {},
      file: Buffer.from(file.toString().split('\n').slice(0, 500).join('\n')),
    });
    expect(await runImport(server.ctx, organisation, first.id)).toBe(true);
    await db
      .updateTable('import_jobs')
      .set({ next_row: 500, status: 'running', locked_by: 'gone', locked_until: server.ctx.clock.now() - 1 })
      .where('id', '=', job.id)
      .execute();

    const [a, b] = await Promise.all([runImport(server.ctx, organisation, job.id), runImport(server.ctx, organisation, job.id)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await resumeImports(server.ctx)).toBe('finished 0 import jobs');
    const done = (await admin.get(`/api/imports/${job.id}`)).json<ImportJob>();
    expect(done).toMatchObject({ status: 'finished', created: 700, updated: 0, refusedCount: 0 });
    const count = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', 'r%@acme.test')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1200);
  });
});
