import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { IMPORT_MESSAGES } from '@gatehouse/common/schemas/imports';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn } from '../testing/accounts.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { runCli as gatehouse } from '../testing/process.ts';

describe.each(testDialects())('gatehouse import-users on %s', (dialect) => {
  let server: TestServer;
  let env: Record<string, string>;
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-import-'));
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    await server.ctx.db.kysely.updateTable('organisations').set({ tier: 'free' }).where('name', '=', 'acme').execute();
    env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.ctx.config.dataDir, PORT: String(server.port), LOG_LEVEL: 'silent' };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a CSV with a column mapping, prints plain progress and the refused rows, and the people sign in', async () => {
    const file = path.join(dir, 'people.csv');
    writeFileSync(file, `Mail,Hash,Password\nzoe@acme.test,${bcrypt.hashSync('zoe old password', 4)},\nyan@acme.test,,plaintext1234\n`);
    const dry = await gatehouse(
      ['import-users', 'acme', file, '--format', 'csv', '--map', 'email=Mail', '--map', 'passwordHash=Hash', '--dry-run'],
      env,
    );
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toContain('Read 2 rows');
    expect(dry.stdout).toContain('Would create 1, would update 0, refused 1');
    expect(dry.stdout).toContain(`Row 3 (yan@acme.test): ${IMPORT_MESSAGES.plainPassword}`);

    const run = await gatehouse(
      ['import-users', 'acme', file, '--format', 'csv', '--map', 'email=Mail', '--map', 'passwordHash=Hash'],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created 1, updated 0, refused 1');
    await signIn(server, 'acme', 'zoe@acme.test', 'zoe old password');
  });

  it('explains a wrong format or mapping, and names an unknown organisation', async () => {
    const file = path.join(dir, 'x.jsonl');
    writeFileSync(file, '{"email":"a@acme.test"}\n');
    expect((await gatehouse(['import-users', 'acme', file, '--format', 'xml'], env)).stderr).toContain(
      'Give --format as one of csv, jsonl, keycloak, auth0.',
    );
    expect((await gatehouse(['import-users', 'acme', file, '--format', 'csv', '--map', 'mail'], env)).stderr).toContain(
      '--map mail: give <field>=<column>',
    );
    expect((await gatehouse(['import-users', 'nowhere', file, '--format', 'jsonl'], env)).stderr).toContain(
      'There is no organisation named "nowhere".',
    );
  });
});
