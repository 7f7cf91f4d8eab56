import { describe, expect, it } from 'vitest';

import { redirectUriProblem, webUrlProblem } from './applications.ts';
import { clientIdOfRedirectUrl } from './client-sign-in.ts';
import { updateApplicationRequest } from './schemas/applications.ts';

describe('redirect URI rules', () => {
  it.each([
    'https://app.example.com/callback',
    'https://app.example.com:8443/cb?x=1',
    'http://localhost:3000/callback',
    'http://127.0.0.1/cb',
    'http://[::1]:8080/cb',
    'http://app.localhost:5173/cb',
  ])('accepts %s', (uri) => expect(redirectUriProblem(uri)).toBeNull());

  it.each([
    ['plain http to another host', 'http://app.example.com/callback', /https/],
    ['a wildcard', 'https://*.example.com/callback', /Wildcards/],
    ['a fragment', 'https://app.example.com/cb#x', /fragment/],
    ['javascript:', 'javascript:alert(1)', /https/],
    ['data:', 'data:text/html,hi', /https/],
    ['a relative path', '/callback', /absolute/],
    ['user info', 'https://user:pw@app.example.com/cb', /user name/],
    ['spaces', 'https://app.example.com/a b', /spaces/],
    // Issue 19, finding 9: stored as typed, and never matched what the application sends.
    ['a single slash after the scheme', 'https:/rp.example.com/x', /in full/],
    ['no slash after the scheme', 'https:rp.example.com/x', /in full/],
    ['a backslash', 'https:\\\\rp.example.com\\x', /backslash/],
  ])('refuses %s', (_name, uri, message) => expect(redirectUriProblem(uri)).toMatch(message));

  it('accepts only web addresses as landing and policy pages', () => {
    expect(webUrlProblem('https://example.com/privacy')).toBeNull();
    expect(webUrlProblem('javascript:alert(1)')).not.toBeNull();
    expect(webUrlProblem('ftp://example.com')).not.toBeNull();
  });
});

describe('the redirect URL of an application sign-in', () => {
  it('names its client, and nothing else is one', () => {
    expect(clientIdOfRedirectUrl('/oidc/interaction/AbC_123-xyz456789/finish?client_id=wiki_1')).toBe('wiki_1');
    expect(clientIdOfRedirectUrl('/dashboard')).toBeNull();
    expect(clientIdOfRedirectUrl('https://evil.example.com/oidc/interaction/AbC_123-xyz456789/finish?client_id=x')).toBeNull();
    expect(clientIdOfRedirectUrl('/oidc/interaction/AbC_123-xyz456789/finish?client_id=x&next=https://evil')).toBeNull();
    expect(clientIdOfRedirectUrl(null)).toBeNull();
    // A SAML sign-in's continue address (regression: it was taken for a page of the SPA, which has none there).
    expect(clientIdOfRedirectUrl('/saml-idp/continue/af6p4jyhEzEwH2C8ZGvzzC3bkURXClsA?client_id=DYRE0O-Lhqt2q-bRaKZzhg')).toBe(
      'DYRE0O-Lhqt2q-bRaKZzhg',
    );
    expect(clientIdOfRedirectUrl('/saml-idp/continue/af6p4jyhEzEwH2C8ZGvzzC3bkURXClsA/x?client_id=y')).toBeNull();
  });
});

describe('the application form schema', () => {
  const valid = {
    name: ' Wiki ',
    clientType: 'confidential',
    redirectURIs: ['https://wiki.example.com/cb', '  '],
    postLogoutRedirectURIs: 'https://wiki.example.com/',
    idTokenSignedResponseAlg: 'RS256',
    canInvite: 'on',
    landingURL: '',
  };

  it('reads form encodings: lists drop blank entries, a single value is a list, ticks are booleans', () => {
    const parsed = updateApplicationRequest.parse(valid);
    expect(parsed).toMatchObject({
      name: 'Wiki',
      redirectURIs: ['https://wiki.example.com/cb'],
      postLogoutRedirectURIs: ['https://wiki.example.com/'],
      canInvite: true,
      scimEnabled: false,
      deleteLogo: false,
    });
    expect(parsed.landingURL).toBeUndefined();
  });

  it('names the bad entry of a list', () => {
    const result = updateApplicationRequest.safeParse({ ...valid, redirectURIs: ['https://ok.example.com/', 'http://bad.example.com/'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['redirectURIs', 1]);
  });
});
