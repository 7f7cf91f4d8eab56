import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HOUR } from '../clock.ts';
import { signIn } from '../testing/accounts.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

const SUPPORT = 'support@gatehouse.test';

describe.each(testDialects())('the contact form on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(dialect, {
      clock,
      config: { mail: { smtpUrl: smtp.url, from: 'Gatehouse <no-reply@gatehouse.test>' } },
    });
    await server.createOrganisation('acme');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const supportRows = () =>
    server.ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', SUPPORT).orderBy('id', 'desc').execute();

  it("sends a visitor's message from the base host to the support address, with replies going to the visitor", async () => {
    const res = await server.client().post('/api/support', {
      form: { email: 'Visitor@Example.test', message: 'How do I move my users over?\nWe have 40 of them.' },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ message: 'Message sent' });
    const mail = await smtp.waitFor(SUPPORT);
    expect(mail.subject).toBe('Support request from visitor@example.test');
    expect(mail.raw).toMatch(/^Reply-To: visitor@example\.test/m);
    expect(mail.text).toContain('From: visitor@example.test (not signed in: the address is unconfirmed)');
    expect(mail.text).toContain(`Organisation: Gatehouse (localhost)`);
    expect(mail.text).toContain('How do I move my users over?');
    expect(mail.text).toContain('We have 40 of them.');
  });

  it('asks a signed-out visitor for their address, and checks the message', async () => {
    const base = server.client();
    const noEmail = await base.post('/api/support', { form: { message: 'Hello' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json().validation).toEqual({ errors: { email: { message: 'This field is required' } } });
    const badEmail = await base.post('/api/support', { form: { email: 'nobody', message: 'Hello' } });
    expect(badEmail.json().validation).toEqual({ errors: { email: { message: 'Please enter a valid email address' } } });
    const empty = await base.post('/api/support', { form: { email: 'a@example.test', message: '   ' } });
    expect(empty.json().validation).toEqual({ errors: { message: { message: 'This field is required' } } });
    const long = await base.post('/api/support', { form: { email: 'a@example.test', message: 'x'.repeat(501) } });
    expect(long.json().validation).toEqual({ errors: { message: { message: 'Please use 500 characters or fewer' } } });
    expect((await base.post('/api/support', { form: { email: 'a@example.test', message: 'x'.repeat(500) } })).status).toBe(200);
    // NUL is refused in any input (PostgreSQL cannot store it); other control characters are dropped; line breaks are kept.
    const nul = await base.post('/api/support', { form: { email: 'nul@example.test', message: 'Line\u0000 one' } });
    expect(nul.status).toBe(400);
    const controls = await base.post('/api/support', { form: { email: 'nul@example.test', message: 'Line one\u0007\nLine two' } });
    expect(controls.status).toBe(200);
    const delivered = () => smtp.received.find((m) => m.subject === 'Support request from nul@example.test');
    await expect.poll(delivered).toBeDefined();
    expect(delivered()!.text).toMatch(/^Line one\n\nLine two$/m);
    // A header injection attempt is no address at all.
    const injected = await base.post('/api/support', { form: { email: 'a@example.test\r\nBcc: victim@example.test', message: 'Hi' } });
    expect(injected.status).toBe(400);
  });

  it("takes a signed-in user's address from their account, and refuses signed-out visitors of an organisation", async () => {
    const signedOut = await server.client('acme').post('/api/support', { form: { email: 'someone@example.test', message: 'Hi' } });
    expect(signedOut.status).toBe(401);

    const admin = await signIn(server, 'acme', 'admin@acme.test', DEFAULT_PASSWORD);
    const res = await admin.post('/api/support', { form: { email: 'spoofed@example.test', message: 'Our SCIM sync stopped.' } });
    expect(res.status).toBe(200);
    const [row] = await supportRows();
    expect(row).toMatchObject({ reply_to: 'admin@acme.test', subject: 'Support request from admin@acme.test' });
    const delivered = () => smtp.received.find((m) => m.subject === 'Support request from admin@acme.test');
    await expect.poll(delivered).toBeDefined();
    const mail = delivered()!;
    expect(mail.text).toContain('From: admin@acme.test (signed in, Organisation admin)');
    expect(mail.text).toContain(`Organisation: acme (acme.localhost)`);
  });

  it('lets one sender send 5 messages an hour', async () => {
    const base = server.client();
    for (let i = 0; i < 5; i++) {
      expect((await base.post('/api/support', { form: { email: 'chatty@example.test', message: `Message ${i}` } })).status).toBe(200);
    }
    const sixth = await base.post('/api/support', { form: { email: 'chatty@example.test', message: 'One more' } });
    expect(sixth.status).toBe(429);
    expect((await base.post('/api/support', { form: { email: 'quiet@example.test', message: 'Hello' } })).status).toBe(200);
    clock.advance(HOUR + 1000);
    expect((await base.post('/api/support', { form: { email: 'chatty@example.test', message: 'Later' } })).status).toBe(200);
  });

  it('answers the deployment facts the public pages show', async () => {
    const res = await server.client('acme').get('/api/serviceinfo');
    expect(res.json()).toEqual({ dataController: 'Gatehouse Test Ltd', supportEmail: SUPPORT, demoLifetimeHours: 24 });
  });
});
