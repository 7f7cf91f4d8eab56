/** The worked example of the help page's OpenID Connect entry, built from the organisation's own endpoints. */

export const EXAMPLE = {
  clientId: 'YOUR_CLIENT_ID',
  clientSecret: 'YOUR_CLIENT_SECRET',
  redirectUri: 'https://app.example.com/callback',
} as const;

/** Where the application sends the browser: an authorization request with PKCE (S256), state and nonce. */
export function authorizationRequestExample(authorizationEndpoint: string): string {
  const url = new URL(authorizationEndpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: EXAMPLE.clientId,
    redirect_uri: EXAMPLE.redirectUri,
    scope: 'openid email profile',
    state: 'RANDOM_STATE',
    nonce: 'RANDOM_NONCE',
    code_challenge: 'BASE64URL_SHA256_OF_THE_CODE_VERIFIER',
    code_challenge_method: 'S256',
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** How the application's server exchanges the code (client_secret_basic), as a curl command. */
export function tokenRequestExample(tokenEndpoint: string): string {
  return [
    `curl -X POST '${tokenEndpoint}' \\`,
    `  -u '${EXAMPLE.clientId}:${EXAMPLE.clientSecret}' \\`,
    '  -d grant_type=authorization_code \\',
    '  -d code=THE_CODE \\',
    `  -d redirect_uri=${EXAMPLE.redirectUri} \\`,
    '  -d code_verifier=THE_CODE_VERIFIER',
  ].join('\n');
}
