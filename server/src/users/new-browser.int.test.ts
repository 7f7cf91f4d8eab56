/**
 * The new-browser notice through real HTTP and a real SMTP server, on both databases: off by default;
 * once the organisation turns it on, a sign-in from a browser the person has not used before emails
 * them (in their own language, else the one they signed in in) with the time, browser, address and a "This wasn't me"
 * link, and a sign-in from a known browser, or from a person's first browser, does not. The link works
 * once: every session ends, the next sign-in asks for a new password, and it is audited.
 */
import type { Account } from '@gatehouse/common/schemas/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken } from '../crypto/tokens.ts';
import { createUser, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { saveSettings } from '../testing/organisations.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { newBrowserNoticesIdle } from './new-browser.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(testDialects())('the new-browser notice on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let acmeId: string;
  let admin: TestClient;
  let people = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(dialect, { config: { mail: { smtpUrl: smtp.url, from: 'gatehouse@example.test' } } });
    acmeId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** Signs `email` in with `client` (a browser: it keeps its cookies), as `agent`. */
  async function signIn(client: TestClient, email: string, headers: Record<string, string> = {}) {
    const res = await client.post('/api/authenticate', {
      form: { email, password: DEFAULT_PASSWORD },
      headers: { 'user-agent': FIREFOX_LINUX, ...headers },
    });
    expect(res.status, res.text).toBe(200);
    await newBrowserNoticesIdle(server.ctx);
    return res;
  }

  /** The new-browser notices queued for this address (the outbox rows, written with the notice). */
  const notices = async (to: string) =>
    server.ctx.db.kysely.selectFrom('mail_outbox').select('id').where('kind', '=', 'newBrowser').where('recipient', '=', to).execute();

  async function person() {
    const user = await createUser(server, acmeId, { email: `person${++people}@acme.test` });
    const laptop = server.client('acme');
    await signIn(laptop, user.email);
    return { user, laptop };
  }

  it('is off by default: a new browser is not told', async () => {
    expect((await admin.get('/api/organisation')).json()).toMatchObject({ newBrowserNotice: false });
    const { user } = await person();
    await signIn(server.client('acme'), user.email, { 'user-agent': CHROME_WINDOWS });
    expect(await notices(user.email)).toEqual([]);
  });

  describe('turned on', () => {
    beforeAll(async () => {
      const saved = await saveSettings(admin, { newBrowserNotice: 'true' });
      expect(saved.status, saved.text).toBe(200);
      expect((await admin.get('/api/organisation')).json()).toMatchObject({ newBrowserNotice: true });
    });

    it("emails the time, browser, address and a link for a new browser, and nothing for a known one or a person's first", async () => {
      const { user, laptop } = await person();
      // The first browser the person ever signs in from is not news.
      expect(await notices(user.email)).toEqual([]);
      await signIn(laptop, user.email);
      expect(await notices(user.email)).toEqual([]);

      await signIn(server.client('acme'), user.email, { 'user-agent': CHROME_WINDOWS });
      const mail = await smtp.waitFor(user.email);
      expect(mail.subject).toBe('New sign-in to your acme account');
      expect(mail.text).toContain('Browser: Chrome 131, Windows 10. Address: 127.0.0.1.');
      expect(mail.text).toMatch(/When: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(mail.text).toContain("This wasn't me:");
      expect(mail.text).toMatch(/http:\/\/acme\.localhost:\d+\/notme\?token=[A-Za-z0-9_-]{43}/);
      // The laptop again is known: one notice in all.
      await signIn(laptop, user.email);
      expect(await notices(user.email)).toHaveLength(1);
    });

    it('speaks the language the person signed in in', async () => {
      const { user } = await person();
      await signIn(server.client('acme'), user.email, { 'accept-language': 'de-DE,de;q=0.9' });
      const mail = await smtp.waitFor(user.email);
      expect(mail.subject).toBe('Neue Anmeldung bei Ihrem Konto bei acme');
      expect(mail.text).toContain('Das war ich nicht:');
    });

    it("speaks the person's own language over the browser's", async () => {
      const { user, laptop } = await person();
      expect((await laptop.put('/api/account/language', { form: { locale: 'fr' } })).status).toBe(200);
      await signIn(server.client('acme'), user.email, { 'accept-language': 'de-DE,de;q=0.9' });
      const mail = await smtp.waitFor(user.email);
      expect(mail.subject).toBe('Nouvelle connexion à votre compte acme');
    });

    it('signs the person out everywhere with the link, once, asks for a new password and audits it', async () => {
      const { user, laptop } = await person();
      const phone = server.client('acme');
      await signIn(phone, user.email, { 'user-agent': CHROME_WINDOWS });
      const token = /\/notme\?token=([A-Za-z0-9_-]+)/.exec((await smtp.waitFor(user.email)).text)![1]!;
      // Only the token's hash is kept.
      const kept = await server.ctx.db.kysely
        .selectFrom('email_tokens')
        .select('id')
        .where('purpose', '=', 'notme')
        .where('user_id', '=', user.id)
        .execute();
      expect(kept).toEqual([{ id: hashToken(token) }]);

      const stranger = server.client('acme');
      expect((await stranger.post('/api/notme', { form: { token } })).status).toBe(204);
      expect((await laptop.get('/api/account')).status).toBe(401);
      expect((await phone.get('/api/account')).status).toBe(401);
      const again = await stranger.post('/api/notme', { form: { token } });
      expect(again.status).toBe(400);
      expect(again.json()).toMatchObject({ code: 'TOKEN_INVALID' });
      expect((await stranger.post('/api/notme', { form: { token: 'x'.repeat(43) } })).status).toBe(400);

      const audited = await server.ctx.db.kysely
        .selectFrom('audit_events')
        .select(['type', 'actor_id'])
        .where('subject_id', '=', user.id)
        .where('type', '=', 'user.sign_in_disowned')
        .execute();
      expect(audited).toEqual([{ type: 'user.sign_in_disowned', actor_id: user.id }]);
      // The next sign-in must choose a new password first.
      const next = await signIn(server.client('acme'), user.email);
      expect(next.json<{ user: Account }>().user).toMatchObject({ requiresNewPassword: true });
    });
  });
});
