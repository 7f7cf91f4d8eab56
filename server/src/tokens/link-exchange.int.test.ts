/**
 * Issue 19, finding 2: live link tokens were written to the log, and a log line alone was enough to
 * complete an invitation with a chosen password. Logged URLs are now redacted, and a link's token is
 * exchanged on first load for a handle that works only with this browser's HttpOnly link key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { latestMailTo, linkIn, signIn } from '../testing/accounts.ts';
import { createUser } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';

const PASSWORD = 'a chosen passphrase of mine';

describe.each(testDialects())('link tokens out of logs on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let orgId: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { logLines, config: { logLevel: 'info' } });
    orgId = (await server.createOrganisation('acme')).id;
    admin = await signIn(server, 'acme', 'admin@acme.test', DEFAULT_PASSWORD);
  });
  afterAll(() => server?.close());

  const linkOf = async (email: string, param: string) => linkIn((await latestMailTo(server, email)).body).searchParams.get(param)!;
  const exchange = (browser: TestClient, token: string) => browser.post('/api/linktoken', { form: { token } });

  it('never logs a link token, on the page load or on the API calls that carry it', async () => {
    await admin.post('/api/users', { form: { firstName: 'Lo', email: 'logged@acme.test', role: 'EndUser' } });
    const token = await linkOf('logged@acme.test', 'invitationID');
    const browser = server.client('acme');
    logLines.length = 0;
    await browser.get(`/completesignup?invitationID=${token}`);
    await browser.get(`/api/completesignup?invitationID=${token}`);
    await browser.get(`/oidc/auth?client_id=x&login_hint=logged%40acme.test&id_token_hint=eyJhbGciOi.secret.sig`);
    const logged = logLines.join('\n');
    expect(logged).toContain('/completesignup?invitationID=[redacted]');
    expect(logged).toContain('login_hint=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('logged%40acme.test');
    expect(logged).not.toContain('eyJhbGciOi');
  });

  it('exchanges an invitation once: the link token stops working, and the handle works only with this browser', async () => {
    await admin.post('/api/users', { form: { firstName: 'In', email: 'invited@acme.test', role: 'EndUser' } });
    const token = await linkOf('invited@acme.test', 'invitationID');
    const browser = server.client('acme');
    const exchanged = await exchange(browser, token);
    expect(exchanged.status).toBe(200);
    const handle = exchanged.json<{ token: string }>().token;
    expect(handle).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(exchanged.headers['set-cookie']?.join(';')).toMatch(/gatehouse_links=.*HttpOnly/i);

    // Whoever read the link in a log: the token is used up, and the handle alone is nothing.
    const attacker = server.client('acme');
    expect((await exchange(attacker, token)).status).toBe(400);
    expect((await attacker.get(`/api/completesignup?invitationID=${token}`)).status).toBe(400);
    expect((await attacker.get(`/api/completesignup?invitationID=${handle}`)).status).toBe(400);
    const stolen = await attacker.post('/api/completesignup', {
      form: { invitationID: handle, password: PASSWORD, confirmPassword: PASSWORD, consent: 'true' },
    });
    expect(stolen.status).toBe(400);

    // The invitee's browser goes on with the handle.
    expect((await browser.get(`/api/completesignup?invitationID=${handle}`)).json()).toMatchObject({ email: 'invited@acme.test' });
    const done = await browser.post('/api/completesignup', {
      form: { invitationID: handle, password: PASSWORD, confirmPassword: PASSWORD, consent: 'true' },
    });
    expect(done.status).toBe(200);
    await signIn(server, 'acme', 'invited@acme.test', PASSWORD);
  });

  it('exchanges sign-up verification and reset links the same way', async () => {
    const browser = server.client('acme');
    await browser.post('/api/signup', { form: { email: 'self@acme.test', consent: 'true' } });
    const verification = await linkOf('self@acme.test', 'verificationID');
    const handle = (await exchange(browser, verification)).json<{ token: string }>().token;
    expect((await server.client('acme').post('/api/verifyemail', { form: { verificationID: verification } })).status).toBe(400);
    expect((await browser.post('/api/verifyemail', { form: { verificationID: handle } })).json()).toMatchObject({
      outcome: 'completeSignUp',
    });

    const user = await createUser(server, orgId, { email: 'reset@acme.test' });
    expect((await admin.post(`/api/users/${user.id}/resetpassword`)).status).toBe(200);
    const resetID = await linkOf('reset@acme.test', 'resetID');
    const resetBrowser = server.client('acme');
    const resetHandle = (await exchange(resetBrowser, resetID)).json<{ token: string }>().token;
    expect((await server.client('acme').post('/api/accountrecovery/verify', { form: { resetID: resetHandle } })).status).toBe(400);
    expect((await resetBrowser.post('/api/accountrecovery/verify', { form: { resetID: resetHandle } })).status).toBe(200);
  });

  it('exchanges a trial sign-up link on the base host, and the handle finishes it', async () => {
    const base = server.client('');
    await base.post('/api/basesignupemail', { form: { email: 'founder@newco.test', consent: 'true' } });
    const signupid = await linkOf('founder@newco.test', 'signupid');
    const handle = (await exchange(base, signupid)).json<{ token: string }>().token;
    expect((await server.client('').get(`/api/basesignup?signupid=${handle}`)).status).toBe(400);
    expect((await base.get(`/api/basesignup?signupid=${handle}`)).json()).toMatchObject({
      baseSignUpID: handle,
      email: 'founder@newco.test',
    });
    const made = await base.post('/api/basesignuporg', { form: { baseSignUpID: handle, organisationName: 'newco' } });
    expect(made.status).toBe(200);
  });
});
