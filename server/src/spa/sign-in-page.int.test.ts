import { existsSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { COLOUR_VALUES } from '@gatehouse/common/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { makePng } from '../testing/images.ts';
import { multipartBody } from '../testing/multipart.ts';
import { settingsForm } from '../testing/organisations.ts';
import { WEB_DIST } from './static.ts';

// The page is rendered by the SPA's own server renderer, which `npm run build` makes (the suite builds first).
const built = existsSync(fileURLToPath(new URL('../dist-ssr/server-render.js', `file://${WEB_DIST}`)));

/** `/` as a browser asks for it, the body's bytes as sent. */
function rawGet(port: number, org: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { host: `${org}.localhost:${port}`, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe.skipIf(!built).each(testDialects())('the sign-in page rendered on the server, on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    admin = server.client('acme');
    expect((await admin.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } })).status).toBe(200);
  });
  afterAll(() => server?.close());

  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));

  it("carries the organisation's name, logo, stylesheet and form, and changes when its settings do", async () => {
    const visitor = server.client('acme');
    const before = await visitor.get('/', { headers: { accept: 'text/html' } });
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/html/);
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(before.headers.vary).toMatch(/cookie/i);
    expect(before.text).toContain('<title>Sign in - acme</title>');
    // Both stylesheets inline (the build's and the organisation's theme): the first paint waits for no request.
    expect(before.text).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(before.text).toContain(`<style id="organisation-style">:root {\n  --colour-primary: ${COLOUR_VALUES.Blue.primary};`);
    expect(before.text).toMatch(/<style>[^<]*\.public-header/);
    const root = rootOf(before.text);
    expect(root).toContain('<span class="brand-name">acme</span>');
    expect(root).toMatch(/<form[^>]*method="post"/);
    expect(root).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(root).toMatch(/<input[^>]*name="password"/);
    expect(root).toContain('<script type="application/json" id="gatehouse-first-paint">');

    const view = (await admin.get('/api/organisation')).json<Record<string, unknown>>();
    const { body, headers } = await multipartBody(settingsForm(view, { displayName: 'Acme <Harbour> & Co', colour: 'Green' }), [
      { name: 'logo', filename: 'logo.png', type: 'image/png', data: makePng(8, 8) },
    ]);
    const saved = await admin.put('/api/organisation', { body, headers });
    expect(saved.status).toBe(200);
    const logoID = saved.json<{ logoID: string }>().logoID;

    const after = await rawGet(server.port, 'acme', { 'accept-encoding': 'gzip, deflate, br' });
    expect(after.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(after.body).toString();
    expect(html).toContain('<title>Sign in - Acme &lt;Harbour&gt; &amp; Co</title>');
    expect(rootOf(html)).toContain('<span class="brand-name">Acme &lt;Harbour&gt; &amp; Co</span>');
    expect(rootOf(html)).toContain(`<img class="brand-logo" src="/api/organisation/assets/logo?id=${logoID}"`);
    // The state travels as JSON that no value can break out of.
    expect(html).toContain('"displayName":"Acme \\u003cHarbour> & Co"');
    expect(html).toContain(`--colour-primary: ${COLOUR_VALUES.Green.primary};`);
  });

  it('renders the base organisation’s page too, and sends a signed-in browser the plain page', async () => {
    const base = await server.client('').get('/');
    expect(base.status).toBe(200);
    expect(rootOf(base.text)).toMatch(/<form[^>]*method="post"/);
    expect(rootOf(base.text)).toContain('Organisation name');

    const signedIn = await admin.get('/');
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toContain('<div id="root"></div>');
    expect(signedIn.text).not.toContain('gatehouse-first-paint');
  });

  it('answers a form posted before the script ran with the page again and a notice, keeping its fields out of the address', async () => {
    const visitor = server.client('acme');
    const posted = await visitor.post('/?returnurl=%2Faccount', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/?returnurl=%2Faccount&notsent=1');
    expect(posted.headers['set-cookie']).toBeUndefined();
    const page = await visitor.get(posted.headers.location!);
    expect(page.status).toBe(200);
    expect(rootOf(page.text)).toContain(ACCOUNT_MESSAGES.signInNotSent);
    // Nobody was signed in by it.
    expect((await visitor.get('/api/session')).json<{ account: unknown }>().account).toBeNull();

    // Other pages' forms come back to their page; paths that are no page stay not found.
    expect((await visitor.post('/signup', { form: { email: 'x@acme.test' } })).headers.location).toBe('/signup?notsent=1');
    expect((await visitor.post('/no-such-page', { form: { a: 'b' } })).status).toBe(404);
  });

  it("renders the page in the request's language, kept apart per language, with <html lang dir>", async () => {
    const inLanguage = async (headers: Record<string, string>) => {
      const res = await server.client('acme').get('/', { headers: { accept: 'text/html', ...headers } });
      expect(res.headers.vary).toMatch(/accept-language/i);
      return res.text;
    };
    // German and French at once: renderings take turns, so neither borrows the other's texts.
    const [german, french] = await Promise.all([inLanguage({ 'accept-language': 'de' }), inLanguage({ cookie: 'gatehouse_lang=fr' })]);
    expect(german).toMatch(/<html lang="de" dir="ltr">/);
    expect(german).toMatch(/<title>Anmelden - [^<]*<\/title>/);
    expect(rootOf(german)).toContain('Passwort vergessen?');
    expect(french).toMatch(/<html lang="fr" dir="ltr">/);
    expect(rootOf(french)).toContain('Mot de passe oublié ?');
    const english = await inLanguage({});
    expect(english).toMatch(/<html lang="en-GB" dir="ltr">/);
    expect(rootOf(english)).toContain('Forgot password?');
  });
});
