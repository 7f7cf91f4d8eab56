import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HOUR, MINUTE } from '../clock.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { latestMailTo, linkIn, setPolicy } from '../testing/accounts.ts';
import { ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

const deliverMail = JOBS.find((job) => job.name === 'deliver-mail')!;
const FROM = 'Gatehouse <no-reply@gatehouse.test>';

describe.each(testDialects())('email through SMTP on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(dialect, { clock, config: { mail: { smtpUrl: smtp.url, from: FROM } } });
    await server.createOrganisation('acme');
    await setPolicy(server, 'acme', { display_name: 'Acme Corp', colour: 'Teal' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('delivers the sign-up email to the right recipient, with the subject and a link that works', async () => {
    const browser = server.client('acme');
    // A forged X-Forwarded-Host changes nothing: links come from the organisation's configured host.
    const res = await browser.post('/api/signup', {
      form: { email: 'reader@example.test', consent: 'true' },
      headers: { 'x-forwarded-host': 'evil.test' },
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor('reader@example.test');
    expect(mail.from).toBe('no-reply@gatehouse.test');
    expect(mail.subject).toBe('Confirm your email address for Acme Corp');
    expect(mail.raw).toMatch(/^From: Gatehouse <no-reply@gatehouse\.test>/m);
    const link = linkIn(mail.text);
    expect(link.origin).toBe(`http://acme.localhost:${server.port}`);
    expect(mail.html).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('#00796b');
    expect(mail.text).toContain('Acme Corp');

    const verify = await browser.post('/api/verifyemail', { form: { verificationID: link.searchParams.get('verificationID')! } });
    expect(verify.json()).toMatchObject({ outcome: 'completeSignUp', email: 'reader@example.test' });

    // Once delivered, the outbox no longer holds the link.
    await expect.poll(async () => (await latestMailTo(server, 'reader@example.test')).status).toBe('sent');
    const row = await latestMailTo(server, 'reader@example.test');
    expect(row.body).toBeNull();
    expect(row.html).toBeNull();
  });

  it('keeps email off the development outbox page, which lists only the text messages no SMS provider sends', async () => {
    const page = await server.client('').get('/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('No SMS provider is configured');
    expect(page.text).not.toContain('No SMTP server is configured');
    expect(page.text).not.toContain('@example.test');
    const [sent] = await server.ctx.db.kysely.selectFrom('mail_outbox').select('id').where('channel', '=', 'email').execute();
    expect((await server.client('').get(`/dev/outbox/${sent!.id}`)).status).toBe(404);
  });

  it('escapes what organisations and users control in the HTML', async () => {
    await setPolicy(server, 'acme', { display_name: '<script>alert(1)</script> & Co' });
    await server.client('acme').post('/api/signup', { form: { email: 'escape@example.test', consent: 'true' } });
    const mail = await smtp.waitFor('escape@example.test');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    await setPolicy(server, 'acme', { display_name: 'Acme Corp' });
  });
});

describe.each(testDialects())('email when the SMTP server is down on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtpServer | undefined;
  let port: number;
  const clock = new ManualClock();

  beforeAll(async () => {
    // Find a free port, then leave nothing listening on it.
    const probe = await startSmtpServer();
    port = probe.port;
    await probe.close();
    server = await startTestServer(dialect, { clock, config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM } } });
    await server.createOrganisation('acme');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('answers the request at once, keeps the message, and delivers it once when the server is back', async () => {
    const res = await server.client('acme').post('/api/signup', { form: { email: 'patient@example.test', consent: 'true' } });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await latestMailTo(server, 'patient@example.test')).last_error).not.toBeNull();
    const waiting = await latestMailTo(server, 'patient@example.test');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.next_attempt_at).toBe(clock.now() + MINUTE);

    // Not yet due: the job leaves it.
    expect(await runJobOnce(server.ctx, deliverMail, { force: true })).toMatchObject({
      status: 'ran',
      result: expect.stringContaining('sent 0'),
    });

    smtp = await startSmtpServer(port);
    clock.advance(MINUTE);
    expect(await runJobOnce(server.ctx, deliverMail, { force: true })).toMatchObject({
      status: 'ran',
      result: expect.stringContaining('sent 1'),
    });
    clock.advance(HOUR);
    await runJobOnce(server.ctx, deliverMail, { force: true });
    expect(smtp.received.filter((m) => m.to.includes('patient@example.test'))).toHaveLength(1);
    expect((await latestMailTo(server, 'patient@example.test')).status).toBe('sent');
  });

  it('gives up after ten attempts, keeps the message as failed and reports it as an error', async () => {
    await smtp?.close();
    smtp = undefined;
    await server.client('acme').post('/api/signup', { form: { email: 'unlucky@example.test', consent: 'true' } });
    await expect.poll(async () => (await latestMailTo(server, 'unlucky@example.test')).last_error).not.toBeNull();
    let outcome;
    for (let i = 0; i < 9; i++) {
      clock.advance(HOUR);
      outcome = await runJobOnce(server.ctx, deliverMail, { force: true });
    }
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('gave up on') });
    const failed = await latestMailTo(server, 'unlucky@example.test');
    expect(failed).toMatchObject({ status: 'failed', attempts: 10 });
    expect(failed.body).toContain('/verifyemail?verificationID=');
  });
});
