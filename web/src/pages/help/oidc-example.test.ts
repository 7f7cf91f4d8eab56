import { describe, expect, it } from 'vitest';

import { authorizationRequestExample, tokenRequestExample } from './oidc-example.ts';

describe("the help page's OpenID Connect example", () => {
  it('asks for a code with PKCE S256, state and nonce at the organisation’s authorization endpoint', () => {
    const url = new URL(authorizationRequestExample('http://acme.localhost:3000/oidc/auth'));
    expect(`${url.origin}${url.pathname}`).toBe('http://acme.localhost:3000/oidc/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'YOUR_CLIENT_ID',
      redirect_uri: 'https://app.example.com/callback',
      scope: 'openid email profile',
      state: 'RANDOM_STATE',
      nonce: 'RANDOM_NONCE',
      code_challenge: 'BASE64URL_SHA256_OF_THE_CODE_VERIFIER',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code at the token endpoint with the client secret and the verifier', () => {
    const command = tokenRequestExample('http://acme.localhost:3000/oidc/token');
    expect(command.split('\n')[0]).toBe("curl -X POST 'http://acme.localhost:3000/oidc/token' \\");
    expect(command).toContain("-u 'YOUR_CLIENT_ID:YOUR_CLIENT_SECRET'");
    expect(command).toContain('-d grant_type=authorization_code');
    expect(command).toContain('-d redirect_uri=https://app.example.com/callback');
    expect(command).toContain('-d code_verifier=THE_CODE_VERIFIER');
  });
});
