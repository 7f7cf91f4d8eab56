/**
 * The request's language reaches what the server says: error answers of the browser API in the
 * switcher's or the browser's language, and discovery lists the languages (ui_locales_supported).
 */
import { SUPPORTED_LOCALES } from '@gatehouse/common/i18n/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

describe('the language of the answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(testDialects()[0]!);
    await server.createOrganisation('acme');
  });
  afterAll(() => server?.close());

  const refusedSignIn = async (headers: Record<string, string>) => {
    const res = await server
      .client('acme')
      .post('/api/authenticate', { form: { email: 'nobody@acme.test', password: 'not the password' }, headers });
    expect(res.status).toBe(401);
    return res.json<{ code: string; message: string }>();
  };

  it('answers errors in the language of Accept-Language, of the switcher cookie before it, and in English otherwise', async () => {
    expect((await refusedSignIn({})).message).toBe('The email address or password is incorrect');
    expect((await refusedSignIn({ 'accept-language': 'de-DE,de;q=0.9' })).message).toBe('Die E-Mail-Adresse oder das Passwort ist falsch');
    const french = await refusedSignIn({ 'accept-language': 'de', cookie: 'gatehouse_lang=fr' });
    expect(french).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'L’adresse e-mail ou le mot de passe est incorrect' });
    expect((await refusedSignIn({ 'accept-language': 'xx' })).message).toBe('The email address or password is incorrect');
  });

  it('lists the sign-in languages and the claims languages in discovery', async () => {
    const res = await server.client('acme').get('/.well-known/openid-configuration');
    const discovery = res.json<{ ui_locales_supported: string[]; claims_locales_supported: string[] }>();
    expect(discovery.ui_locales_supported).toEqual(SUPPORTED_LOCALES);
    expect(discovery.claims_locales_supported).toEqual(SUPPORTED_LOCALES);
    expect(discovery.ui_locales_supported).not.toContain('en-XA');
  });
});
