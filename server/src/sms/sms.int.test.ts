import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MINUTE } from '../clock.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { latestMailTo, newOrganisation, organisationId } from '../testing/accounts.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { startSmsProvider, type TestSmsProvider } from '../testing/sms-provider.ts';

const deliverMail = JOBS.find((job) => job.name === 'deliver-mail')!;
const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'test-auth-token-secret';

describe.each(testDialects())('SMS through a Twilio-compatible provider on %s', (dialect) => {
  let server: TestServer;
  let provider: TestSmsProvider;
  const clock = new ManualClock();

  beforeAll(async () => {
    provider = await startSmsProvider();
    server = await startTestServer(dialect, {
      clock,
      config: { sms: { apiUrl: `${provider.url}/base`, accountSid: SID, authToken: TOKEN, from: '+15005550006' } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** A signed-in user of a fresh organisation that allows SMS codes. */
  async function smsUser(email: string) {
    const org = await newOrganisation(server, { allow_sms_two_step: true });
    await createUser(server, await organisationId(server, org), { email });
    return signedIn(server, org, email);
  }

  it("posts each text to the provider's Messages API with the account's credentials, and keeps no code afterwards", async () => {
    const client = await smsUser('texted@example.test');
    const res = await client.post('/api/setupsmsotp', { form: { phoneNumber: '+44 7700 900001' } });
    expect(res.status).toBe(200);
    await server.ctx.delivery.idle();
    const received = provider.received.find((m) => m.form.To === '+447700900001')!;
    expect(received.path).toBe(`/base/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(received.credentials).toBe(`${SID}:${TOKEN}`);
    expect(received.form.From).toBe('+15005550006');
    expect(received.form.Body).toMatch(/^\d{6} is your org\d+ code to set up SMS sign-in\. It works for 10 minutes\.$/);
    expect(await latestMailTo(server, '+447700900001')).toMatchObject({ channel: 'sms', status: 'sent', body: null });
  });

  it('answers at once while the provider is down, and delivers the text once when it is back', async () => {
    provider.answer = 'unavailable';
    const client = await smsUser('patient@example.test');
    expect((await client.post('/api/setupsmsotp', { form: { phoneNumber: '+447700900002' } })).status).toBe(200);
    await server.ctx.delivery.idle();
    const waiting = await latestMailTo(server, '+447700900002');
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'The SMS provider answered 503: Service unavailable, code 20503',
    });
    const code = /^(\d{6})/.exec(waiting.body!)![1]!;

    provider.answer = 'accept';
    clock.advance(MINUTE);
    expect(await runJobOnce(server.ctx, deliverMail, { force: true })).toMatchObject({
      status: 'ran',
      result: expect.stringContaining('sms: sent 1'),
    });
    await runJobOnce(server.ctx, deliverMail, { force: true });
    expect(provider.received.filter((m) => m.form.To === '+447700900002')).toHaveLength(1);
    // The error kept for the operator never holds the message.
    expect(JSON.stringify(await latestMailTo(server, '+447700900002'))).not.toContain(code);
  });

  it('gives up on a text whose code expired before the provider took it', async () => {
    provider.answer = 'refuse';
    const client = await smsUser('late@example.test');
    await client.post('/api/setupsmsotp', { form: { phoneNumber: '+447700900003' } });
    await server.ctx.delivery.idle();
    expect((await latestMailTo(server, '+447700900003')).last_error).toContain("The 'To' number is not a valid phone number.");
    provider.answer = 'accept';
    clock.advance(11 * MINUTE);
    await runJobOnce(server.ctx, deliverMail, { force: true });
    expect(await latestMailTo(server, '+447700900003')).toMatchObject({
      status: 'failed',
      last_error: 'expired before it could be delivered',
    });
    expect(provider.received.filter((m) => m.form.To === '+447700900003')).toEqual([]);
  });
});
