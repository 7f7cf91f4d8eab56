import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { EXPORT_FIELDS, type ImportJob } from '@gatehouse/common/schemas/imports';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findUserByEmail } from '../accounts/store.ts';
import type { UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { newTotpSecret } from '../mfa/totp.ts';
import { signIn } from '../testing/accounts.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { authenticatorFor, signInWithCode } from '../testing/mfa.ts';
import { multipartBody } from '../testing/multipart.ts';
import { runCli as gatehouse } from '../testing/process.ts';

const OLD = 'my old password from before';

describe.each(testDialects())('exporting people and importing them back on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  const ids: Record<string, string> = {};
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-export-'));
  let env: Record<string, string>;
  const totp = newTotpSecret();
  const hash = bcrypt.hashSync(OLD, 4);
  const people = [
    {
      email: 'ana@acme.test',
      externalId: 'kc-1',
      firstName: 'Ana',
      surname: 'Lima, Jr',
      phoneNumber: '+447700900123',
      emailVerified: true,
    },
    {
      email: 'ben@acme.test',
      firstName: '=HYPERLINK("x")',
      surname: 'Says "hi"; bye',
      status: 'disabled',
      lastSignInAt: '2025-03-04T05:06:07.000Z',
    },
    { email: 'cy@acme.test', passwordHash: hash, totpSecret: totp, createdAt: '2024-01-02T03:04:05.000Z' },
  ];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const name of ['acme', 'globex', 'initech', 'umbrella']) ids[name] = (await server.createOrganisation(name)).id;
    admin = await signIn(server, 'acme', 'admin@acme.test', DEFAULT_PASSWORD);
    env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.ctx.config.dataDir, PORT: String(server.port), LOG_LEVEL: 'silent' };
    const job = await imported(admin, people.map((p) => JSON.stringify(p)).join('\n'), 'jsonl');
    expect(job).toMatchObject({ created: 3, refusedCount: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function imported(client: TestClient, file: string, format: string): Promise<ImportJob> {
    const { body, headers } = await multipartBody({ format }, [
      { name: 'file', filename: 'people', type: 'text/plain', data: Buffer.from(file) },
    ]);
    const res = await client.post('/api/imports', { body, headers });
    expect(res.status, res.text).toBe(202);
    await server.settled();
    return (await client.get(`/api/imports/${res.json<ImportJob>().id}`)).json<ImportJob>();
  }

  const usersOf = async (organisation: string) => {
    const found: UserRow[] = [];
    for (const p of people) found.push((await findUserByEmail(scoped(server.ctx.db.kysely, ids[organisation]!), p.email))!);
    return found;
  };
  /** What an export carries of a person, to compare the same people in two organisations. */
  const facts = (u: UserRow) => ({
    email: u.email,
    externalId: u.external_id,
    firstName: u.first_name,
    surname: u.surname,
    phoneNumber: u.phone_number,
    verified: u.email_verified_date !== null,
    disabled: u.status === 'Disabled',
    createdAt: u.created_at,
    lastSignIn: u.last_sign_in,
  });

  it('exports CSV without secrets, safe in a spreadsheet, that another organisation imports with no mapping', async () => {
    const res = await admin.get('/api/users/export?format=csv');
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="people-acme-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...lines] = res.text.trimEnd().split('\r\n');
    expect(header).toBe(EXPORT_FIELDS.join(','));
    expect(lines).toHaveLength(4); // the three imported and the admin
    expect(res.text).not.toContain(hash);
    expect(res.text).not.toContain(totp);
    expect(res.text).not.toMatch(/passwordHash|totpSecret/);
    // A formula and a leading + are not read as formulas by a spreadsheet.
    expect(res.text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.text).toContain("'+447700900123");

    const globex = await signIn(server, 'globex', 'admin@globex.test', DEFAULT_PASSWORD);
    const job = await imported(globex, res.text, 'csv');
    // The admin of acme comes in as an end user of globex; no row is refused.
    expect(job).toMatchObject({ status: 'finished', created: 4, updated: 0, refusedCount: 0 });
    expect((await usersOf('globex')).map(facts)).toEqual((await usersOf('acme')).map(facts));

    // Imported back where it came from, it changes no one and duplicates no one.
    const again = await imported(admin, res.text, 'csv');
    expect(again).toMatchObject({ created: 0, updated: 4, refusedCount: 0 });
    expect((await usersOf('acme')).map(facts)).toEqual((await usersOf('globex')).map(facts));
  });

  it("exports JSON Lines that imports back the same, and only to the organisation's administrators", async () => {
    const res = await admin.get('/api/users/export?format=jsonl');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((l) => l.email === 'ana@acme.test')).toEqual({ ...people[0], status: 'active', createdAt: expect.any(String) });
    expect(lines.find((l) => l.email === 'cy@acme.test')).not.toHaveProperty('passwordHash');

    const initech = await signIn(server, 'initech', 'admin@initech.test', DEFAULT_PASSWORD);
    expect(await imported(initech, res.text, 'jsonl')).toMatchObject({ created: 4, refusedCount: 0 });
    expect((await usersOf('initech')).map(facts)).toEqual((await usersOf('acme')).map(facts));

    expect((await admin.get('/api/users/export?format=xml')).status).toBe(400);
    const cy = await signInWithCode(server, 'acme', 'cy@acme.test', () => authenticatorFor(server, totp).code(), { password: OLD });
    expect((await cy.get('/api/users/export')).status).toBe(403);
  });

  it('exports with hashes and authenticator keys through the CLI only sealed, and they sign in after the import', async () => {
    const passphraseFile = path.join(dir, 'passphrase');
    writeFileSync(passphraseFile, 'a long enough passphrase\n');
    const file = path.join(dir, 'acme-people.sealed');
    const out = await gatehouse(['export-users', 'acme', file, '--with-secrets', '--passphrase-file', passphraseFile], env);
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain(`Exported 4 people of acme to ${file}, sealed, with their secrets.`);
    const sealed = readFileSync(file, 'utf8');
    expect(sealed).not.toContain('cy@acme.test');
    expect(sealed).not.toContain(hash);

    writeFileSync(path.join(dir, 'wrong'), 'not the passphrase at all\n');
    const wrong = await gatehouse(['import-users', 'umbrella', file, '--passphrase-file', path.join(dir, 'wrong')], env);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('The passphrase does not open this file.');

    const run = await gatehouse(['import-users', 'umbrella', file, '--passphrase-file', passphraseFile], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Created 4, updated 0, refused 0');
    await signInWithCode(server, 'umbrella', 'cy@acme.test', () => authenticatorFor(server, totp).code(), { password: OLD });
    // The imported admin of acme keeps their password too.
    await signIn(server, 'umbrella', 'admin@acme.test', DEFAULT_PASSWORD);

    const plain = path.join(dir, 'acme-people.csv');
    const csv = await gatehouse(['export-users', 'acme', plain], env);
    expect(csv.stdout).toContain(`Exported 4 people of acme to ${plain}.`);
    expect(readFileSync(plain, 'utf8')).not.toContain(hash);
    expect((await gatehouse(['export-users', 'acme', plain], env)).stderr).toContain('already exists');
    expect(
      (await gatehouse(['export-users', 'acme', path.join(dir, 'x'), '--with-secrets'], { ...env, GATEHOUSE_TRANSFER_PASSPHRASE: 'short' }))
        .stderr,
    ).toContain('The passphrase must be at least 12 characters long.');
  }, 180_000);
});
