import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { freePort, runCli as gatehouse, startServerProcess, unprivileged } from '../testing/process.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'right-token';

/** A Twilio-compatible API that knows one account. */
async function startSmsApi(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20003, message: 'Authenticate' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: SID, status: 'active' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(testDialects())('gatehouse doctor and backup on %s', (dialect) => {
  let server: TestServer;
  let env: Record<string, string>;
  let smtp: TestSmtpServer;
  let strictSmtp: SMTPServer;
  let strictSmtpPort: number;
  let sms: Awaited<ReturnType<typeof startSmsApi>>;
  let closedPort: number;
  const redisUrl = inject('redisUrl');

  beforeAll(async () => {
    server = await startTestServer(dialect);
    env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.ctx.config.dataDir, PORT: String(server.port), LOG_LEVEL: 'silent' };
    smtp = await startSmtpServer();
    strictSmtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    strictSmtpPort = await freePort();
    await new Promise<void>((resolve) => strictSmtp.listen(strictSmtpPort, '127.0.0.1', resolve));
    sms = await startSmsApi();
    closedPort = await freePort();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await new Promise<void>((resolve) => (strictSmtp ? strictSmtp.close(() => resolve()) : resolve()));
    await sms?.close();
  });

  it('finds nothing wrong with a working installation, and says what is not configured', async () => {
    const run = await gatehouse(['doctor'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^ok {4}Database: (SQLite|PostgreSQL) at .+ answers; \d+ migrations applied\.$/m);
    expect(run.stdout).toContain('off   SMTP: not configured (SMTP_URL, MAIL_FROM): email stays in the development outbox.');
    expect(run.stdout).toContain('off   SMS: not configured');
    expect(run.stdout).toMatch(/No problems found/);
    expect(run.code).toBe(0);
  });

  it('checks SMTP, SMS and Redis that are configured, and says plainly which fail', async () => {
    const good = await gatehouse(['doctor'], {
      ...env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Gatehouse <no-reply@example.test>',
      SMS_API_URL: sms.url,
      SMS_ACCOUNT_SID: SID,
      SMS_AUTH_TOKEN: TOKEN,
      SMS_FROM: '+15005550006',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
    expect(good.stdout).toContain(`ok    SMTP: 127.0.0.1:${smtp.port} accepts connections.`);
    expect(good.stdout).toContain(`ok    SMS: ${sms.url} accepts the account ${SID}.`);
    if (redisUrl) expect(good.stdout).toContain('ok    Redis: answers.');
    expect(good.code).toBe(0);
    expect(smtp.received).toEqual([]); // nothing was sent

    const bad = await gatehouse(['doctor'], {
      ...env,
      SMTP_URL: `smtp://gatehouse:wrong@127.0.0.1:${strictSmtpPort}`,
      MAIL_FROM: 'no-reply@example.test',
      SMS_API_URL: sms.url,
      SMS_ACCOUNT_SID: SID,
      SMS_AUTH_TOKEN: 'wrong-token',
      SMS_FROM: '+15005550006',
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
    });
    expect(bad.stdout).toContain(`FAIL  SMTP: 127.0.0.1:${strictSmtpPort}: it refused the user name or password in SMTP_URL.`);
    expect(bad.stdout).toContain('FAIL  SMS: The SMS provider refused SMS_ACCOUNT_SID and SMS_AUTH_TOKEN: check both.');
    expect(bad.stdout).toMatch(/^FAIL {2}Redis: cannot be reached or refused us: .+$/m);
    expect(bad.stdout).toContain('3 problems found.');
    expect(bad.stdout).not.toContain('wrong-token');
    expect(bad.code).toBe(1);

    const unreachable = await gatehouse(['doctor'], {
      ...env,
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      MAIL_FROM: 'no-reply@example.test',
    });
    expect(unreachable.stdout).toContain(`FAIL  SMTP: 127.0.0.1:${closedPort}: it cannot be reached`);
    expect(unreachable.code).toBe(1);
  });

  it('takes a DATA_DIR that does not exist yet as one the server creates, and creates nothing (issue 39)', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'gatehouse-doctor-'));
    try {
      const dataDir = path.join(parent, 'not', 'yet');
      const run = await gatehouse(['doctor'], {
        ...env,
        DATA_DIR: dataDir,
        COOKIE_SECRET: server.ctx.config.cookieSecret,
        KEY_ENCRYPTION_KEY: server.ctx.config.keyEncryptionKey,
      });
      expect(run.stdout).toContain(
        `ok    Configuration: DATA_DIR ${dataDir} does not exist yet; the server creates it when it first starts.`,
      );
      expect(run.stdout).toContain('ok    Keys: KEY_ENCRYPTION_KEY opens the keys');
      expect(run.stdout).toMatch(/No problems found/);
      expect(run.code).toBe(0);
      expect(existsSync(path.join(parent, 'not'))).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('prints every check when this user cannot use DATA_DIR, naming it (issue 39: it stopped with "Failed: EACCES")', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'gatehouse-doctor-'));
    try {
      const locked = path.join(parent, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o500);
      const run = await gatehouse(['doctor'], { ...env, DATA_DIR: locked }, unprivileged);
      expect(run.stderr).not.toContain('Failed');
      expect(run.stdout).toMatch(
        new RegExp(`^FAIL {2}Configuration: DATA_DIR ${locked} .*(not writable|cannot be reached) by this user`, 'm'),
      );
      expect(run.stdout).toMatch(/^\w+ +Database: /m);
      expect(run.stdout).toMatch(/^\w+ +Redis: /m);
      expect(run.stdout).toMatch(/problems? found\./);
      expect(run.code).toBe(1);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('names a bad variable and stops there', async () => {
    const run = await gatehouse(['doctor'], { ...env, PUBLIC_SCHEME: 'gopher' });
    expect(run.stdout).toContain('FAIL  Configuration: The environment variable PUBLIC_SCHEME is not valid');
    expect(run.stdout).toContain('nothing else was checked');
    expect(run.code).toBe(1);
  });

  it('sees a database that a newer version migrated', async () => {
    await server.ctx.db.kysely
      .insertInto('kysely_migration' as never)
      .values({ name: '9999-from-the-future', timestamp: new Date().toISOString() } as never)
      .execute();
    try {
      const run = await gatehouse(['doctor'], env);
      expect(run.stdout).toContain('FAIL  Database: the database was migrated by a newer Gatehouse (9999-from-the-future)');
      expect(run.code).toBe(1);
    } finally {
      await server.ctx.db.kysely
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '9999-from-the-future' as never)
        .execute();
    }
  });

  it.runIf(dialect === 'postgres')('says to use pg_dump for PostgreSQL', async () => {
    const run = await gatehouse(['backup', path.join(tmpdir(), 'never-written.db')], env);
    expect(run.stderr).toContain('This installation uses PostgreSQL: back it up with PostgreSQL');
    expect(run.stderr).toContain('pg_dump --format=custom');
    expect(run.code).toBe(1);
  });

  it.runIf(dialect === 'sqlite')('backs up SQLite while the server runs, and the copy serves sign-ins', async () => {
    await server.createOrganisation('saved');
    const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-backup-'));
    try {
      const file = path.join(dir, 'gatehouse-backup.db');
      const run = await gatehouse(['backup', file], env);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^Backed up .+ to .+gatehouse-backup\.db \(\d+ pages, [\d.]+ MB\); SQLite's integrity check passed\.$/m);
      expect(run.code).toBe(0);
      expect(existsSync(`${file}.partial`)).toBe(false);

      const again = await gatehouse(['backup', file], env);
      expect(again.stderr).toContain('already exists: give a new file name.');
      expect(again.code).toBe(1);

      // Restore: a server on the copy (with the same data directory, which holds the key-encryption key).
      const restored = await startServerProcess({ DATABASE_URL: `sqlite:${file}`, DATA_DIR: server.ctx.config.dataDir });
      try {
        const signIn = await restored
          .client('saved')
          .post('/api/authenticate', { form: { email: 'admin@saved.test', password: DEFAULT_PASSWORD } });
        expect(signIn.status).toBe(200);
      } finally {
        await restored.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
