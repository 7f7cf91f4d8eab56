import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { latestMailTo, setPolicy } from '../testing/accounts.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { runCli } from '../testing/process.ts';

describe.each(testDialects())('the development outbox on %s', (dialect) => {
  let server: TestServer;
  let cliEnv: Record<string, string>;

  const gatehouse = (args: string[]) => runCli(args, cliEnv);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    cliEnv = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.ctx.config.dataDir, PORT: String(server.port), LOG_LEVEL: 'silent' };
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    await server.client('acme').post('/api/signup', { form: { email: 'dev@example.test', consent: 'true' } });
    await server.client('globex').post('/api/signup', { form: { email: 'other@example.test', consent: 'true' } });
  });
  afterAll(() => server?.close());

  it('keeps messages instead of sending them when no SMTP server is configured', async () => {
    expect(await latestMailTo(server, 'dev@example.test')).toMatchObject({ status: 'outbox', attempts: 0 });
  });

  it('shows each message with working links at /dev/outbox on the base host, filtered by organisation', async () => {
    const page = await server.client('').get('/dev/outbox?org=acme');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Confirm your email address for acme');
    expect(page.text).toMatch(new RegExp(`<a href="http://acme\\.localhost:${server.port}/verifyemail\\?verificationID=[A-Za-z0-9_-]+">`));
    expect(page.text).not.toContain('other@example.test');

    const { id } = await latestMailTo(server, 'dev@example.test');
    const html = await server.client('').get(`/dev/outbox/${id}`);
    expect(html.status).toBe(200);
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.text).toContain('Confirm and choose a password');
  });

  it("is nothing on an organisation's host", async () => {
    expect((await server.client('acme').get('/dev/outbox')).status).toBe(404);
    const { id } = await latestMailTo(server, 'dev@example.test');
    expect((await server.client('acme').get(`/dev/outbox/${id}`)).status).toBe(404);
  });

  it('lists messages with their text and links with `gatehouse outbox`', async () => {
    const run = await gatehouse(['outbox', '--org', 'acme']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('outbox  [acme]  to dev@example.test');
    expect(run.stdout).toContain('Subject: Confirm your email address for acme');
    expect(run.stdout).toMatch(new RegExp(`http://acme\\.localhost:${server.port}/verifyemail\\?verificationID=`));
    expect(run.stdout).not.toContain('other@example.test');
    expect((await gatehouse(['outbox'])).stdout).toContain('other@example.test');
    const unknown = await gatehouse(['outbox', '--org', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no organisation named "nope"');
  });

  it('queues messages that failed again with `gatehouse outbox --retry-failed`', async () => {
    await server.ctx.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: 10 })
      .where('recipient', '=', 'other@example.test')
      .execute();
    const run = await gatehouse(['outbox', '--org', 'globex', '--retry-failed']);
    expect(run.stdout).toContain('Queued 1 undelivered messages again');
    expect(await latestMailTo(server, 'other@example.test')).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('uses the organisation name, logo and colour in the HTML', async () => {
    await setPolicy(server, 'acme', { display_name: 'Acme Corp', colour: 'Plum', logo_id: 'logo-1' });
    await server.client('acme').post('/api/signup', { form: { email: 'branded@example.test', consent: 'true' } });
    const mail = await latestMailTo(server, 'branded@example.test');
    expect(mail.subject).toBe('Confirm your email address for Acme Corp');
    expect(mail.html).toContain('#7b2d63');
    expect(mail.html).toContain(`<img src="http://acme.localhost:${server.port}/api/organisation/assets/logo?id=logo-1" alt="Acme Corp"`);
    expect(mail.body).toContain('This email was sent by Acme Corp (acme.localhost).');
  });
});
