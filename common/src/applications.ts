/**
 * Applications (OpenID Connect clients): their kinds, the rules for their addresses, and every text of
 * the application screens and the client sign-in steps. Pure: shared by the SPA and the server.
 */

export const CLIENT_TYPES = ['confidential', 'public', 'machine', 'device'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  confidential: 'Web application (server side, with a client secret)',
  public: 'Single-page or native application (no secret, PKCE)',
  machine: 'Machine to machine (client credentials)',
  device: 'Device / CLI (device authorization, no secret)',
};

export const ID_TOKEN_SIGNING_ALGS = ['RS256', 'ES256'] as const;
export type IdTokenSigningAlg = (typeof ID_TOKEN_SIGNING_ALGS)[number];

/** Where relying parties discover an organisation's provider (OpenID Connect Discovery 1.0). */
export const OPENID_CONFIGURATION_PATH = '/.well-known/openid-configuration';
/** RFC 8414 authorization server metadata: the same document as OpenID discovery, at its own well-known path. */
export const OAUTH_AUTHORIZATION_SERVER_PATH = '/.well-known/oauth-authorization-server';

export const APPLICATION_LIMITS = {
  nameMax: 100,
  urlMax: 2000,
  redirectUrisMax: 20,
  jwksMax: 20_000,
} as const;

/**
 * How a confidential or machine application authenticates at the token endpoint (public ones use
 * none): its registered method is the only one accepted. The JWT methods are RFC 7523 client
 * assertions: client_secret_jwt signs with the secret (HMAC), private_key_jwt with the application's
 * own key, published as a JWKS or at a JWKS URI.
 */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'client_secret_jwt', 'private_key_jwt'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
export const TOKEN_ENDPOINT_AUTH_METHOD_LABELS: Record<TokenEndpointAuthMethod, string> = {
  client_secret_basic: 'Client secret, HTTP Basic (client_secret_basic)',
  client_secret_post: 'Client secret in the request body (client_secret_post)',
  client_secret_jwt: 'JWT signed with the client secret (client_secret_jwt)',
  private_key_jwt: 'JWT signed with your private key (private_key_jwt)',
};
/** The algorithms a client assertion may be signed with (discovery's token_endpoint_auth_signing_alg_values_supported). */
export const CLIENT_ASSERTION_ALGS = ['RS256', 'PS256', 'ES256', 'EdDSA', 'HS256'] as const;

/** Token lifetimes an application may choose, in seconds: the default, and the bounds. */
export const TOKEN_LIFETIMES = {
  accessToken: { default: 15 * 60, min: 60, max: 24 * 60 * 60 },
  idToken: { default: 60 * 60, min: 60, max: 24 * 60 * 60 },
  refreshToken: { default: 14 * 24 * 60 * 60, min: 60 * 60, max: 90 * 24 * 60 * 60 },
} as const;
export type TokenLifetime = keyof typeof TOKEN_LIFETIMES;

export const JWKS_REQUIRED = 'private_key_jwt needs your public keys: paste a JWKS or give its URI';
export const JWKS_ONE_OF = 'Give either a JWKS or a JWKS URI, not both';

/** Why a JWKS (JSON text) is not one of public keys for signing client assertions, or null. */
export function jwksProblem(value: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'Please paste a JWKS: a JSON object with a "keys" list';
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) return 'Please paste a JWKS: a JSON object with a "keys" list';
  for (const key of keys as Record<string, unknown>[]) {
    if (typeof key !== 'object' || key === null || !['RSA', 'EC', 'OKP'].includes(String(key.kty)))
      return 'Each key must be an RSA, EC or OKP public key';
    // Private members (and symmetric keys) must never be registered: they would sit in our database.
    if (['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].some((member) => member in key)) return 'Paste public keys only: a key has private members';
  }
  return null;
}

/** An address Gatehouse's server calls (a JWKS URI, a back-channel logout URI): https, or http on loopback for development. */
export function serverCallUrlProblem(value: string): string | null {
  const problem = webUrlProblem(value);
  if (problem) return problem;
  const url = parseUrl(value)!;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'Use https:// (http:// is allowed only for localhost)';
  return null;
}

export const APPLICATION_MESSAGES = {
  // /applications
  manageApplications: 'Manage your Applications',
  add: 'Add',
  addFirstApplication: 'Add an application so that your users can sign in to it.',
  filterLabel: 'Filter applications',
  noMatchingApplications: 'No matching applications were found',
  // /applications/add
  addApplicationTitle: 'Add an application',
  name: 'Name',
  redirectUri: 'Redirect URI',
  save: 'Save',
  cancel: 'Cancel',
  applicationAdded: 'Application added',
  secretNotice: 'This client secret is viewable only once and cannot be seen after leaving this page.',
  secretNotShown: 'The client secret was shown once, when it was made. Regenerate it to get a new one.',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  backToApplications: 'Back to applications',
  openSettings: 'Application settings',
  // /applications/{id}
  logo: 'Logo',
  logoHint: 'A PNG, JPEG or GIF image',
  deleteLogo: 'Delete logo',
  logoCurrent: 'The current logo',
  noLogo: 'No logo yet',
  logoChosen: 'The new logo is saved with the application',
  logoRemoved: 'The logo is deleted when you save',
  landingUrl: 'Landing page URL',
  policyUrl: 'Privacy policy URL',
  canInvite: 'Can send sign up invitations',
  scimEnabled: 'Enable user management via SCIM API',
  scimTitle: 'SCIM provisioning',
  scimBaseUrl: 'Base URL',
  scimToken: 'SCIM token',
  generateScimToken: 'Generate SCIM token',
  scimTokenNotice: 'Copy the token now: it is shown only once. Generating a new one stops the old one at once.',
  scimTokenNone: 'No SCIM token yet.',
  scimTokenSince: (date: string) => `The current token was generated on ${date}.`,
  scimAdminOnly: 'Only a signed-in Organisation Admin can turn SCIM on or change an application that has it on',
  allowsUnverifiedAccess: 'Allow users with unverified emails to authenticate',
  clientType: 'Application type',
  idTokenSigningAlg: 'ID token signing algorithm',
  tokensHeading: 'Client authentication and tokens',
  tokenEndpointAuthMethod: 'Client authentication',
  tokenEndpointAuthMethodHint: 'How the application proves itself at the token endpoint; no other way is accepted.',
  jwks: 'Public keys (JWKS)',
  jwksHint: 'Paste the JSON Web Key Set of your public signing keys, or give its URI below.',
  clientJwksUri: 'JWKS URI',
  jwksUriHint: 'Where your application publishes its public keys (https).',
  needsNewSecret:
    'Regenerate the client secret to start using client_secret_jwt: Gatehouse keeps a secret it can check signatures with only from then on.',
  accessTokenLifetime: 'Access token lifetime (seconds)',
  idTokenLifetime: 'ID token lifetime (seconds)',
  refreshTokenLifetime: 'Refresh token lifetime (seconds)',
  lifetimeHint: (defaultSeconds: number, min: number, max: number) => `Default ${defaultSeconds}; from ${min} to ${max}.`,
  refreshWithoutConsent: 'Issue refresh tokens without asking for offline access (first-party applications)',
  registeredAuthMethod: 'Client authentication',
  authSigningAlgs: 'Assertion signing algorithms',
  parEndpoint: 'Pushed authorization request endpoint',
  requirePar: 'Require pushed authorization requests (PAR, RFC 9126): other authorization requests are refused',
  minimumAcr: 'Minimum sign-in strength',
  minimumAcrHint:
    'People signed in with less are asked for the missing factor before they continue. The ID token says what the sign-in reached (acr).',
  minimumAcrNone: 'Any sign-in',
  minimumAcrMfa: 'This application needs two factors',
  minimumAcrPhishingResistant: 'This application needs a phishing-resistant factor (a passkey)',
  backchannelLogoutUri: 'Back-channel logout URI',
  backchannelLogoutUriHint:
    'Gatehouse posts a signed logout token here when a user who signed in to this application signs out or loses access (https).',
  redirectUris: 'Redirect URIs',
  postLogoutRedirectUris: 'Post-logout redirect URIs',
  postLogoutRedirectUri: 'Post-logout redirect URI',
  addUri: 'Add',
  removeUri: (uri: string) => `Remove ${uri}`,
  noUris: 'None yet',
  regenerateSecret: 'Regenerate secret',
  regenerateHeader: 'Regenerate the client secret?',
  regenerateText: 'The current secret stops working at once. The application needs the new secret to sign users in.',
  regenerateConfirmation: 'I understand that the current secret stops working',
  newSecret: 'New client secret',
  deleteApplication: 'Delete application',
  deleteHeader: 'Delete confirmation',
  deleteText: 'Are you sure you want to delete?',
  deleteConfirmation: 'I understand that users can no longer sign in to this application',
  deleteButton: 'Delete',
  applicationDeleted: 'Application deleted',
  oidcSettings: 'OpenID Connect settings',
  issuer: 'Issuer',
  discoveryUrl: 'Discovery URL',
  authorizationEndpoint: 'Authorization endpoint',
  tokenEndpoint: 'Token endpoint',
  userinfoEndpoint: 'Userinfo endpoint',
  jwksUri: 'JWKS URI',
  endSessionEndpoint: 'End session endpoint',
  revocationEndpoint: 'Revocation endpoint',
  introspectionEndpoint: 'Introspection endpoint',
  scopesSupported: 'Scopes',
  // Client sign-in steps
  redirecting: 'Redirecting to application...',
  noAccessTitle: 'You do not have access to this application',
  noAccessText: 'Ask your administrator to give you access, then sign in again.',
  returnToApplication: 'Return to the application',
  policyIntro: (orgName: string, clientName: string) =>
    `${orgName} asks you to accept the privacy policy of ${clientName} before you continue.`,
  policyLink: 'Read the privacy policy',
  acceptPolicy: 'I accept the privacy policy.',
  continue: 'Continue',
  // Protocol pages served by the provider
  signOutQuestion: (orgName: string) => `Do you want to sign out of ${orgName}?`,
  signOutYes: 'Yes, sign me out',
  signingOut: 'Signing you out…',
  // The device authorization grant's pages (RFC 8628), on the organisation's host
  deviceTitle: 'Connect a device',
  deviceIntro: 'Enter the code shown on your device or command line.',
  deviceCode: 'Code',
  deviceWrongCode: 'That code is not right, or it has expired. Check it and try again.',
  deviceAborted: 'The sign-in was cancelled on this device.',
  deviceFailed: 'The code could not be checked, please try again.',
  deviceContinue: 'Continue',
  deviceConfirmTitle: (app: string) => `Sign in to ${app}?`,
  deviceConfirmText: 'Check that your device shows this code. If it does not, or you did not start this, cancel.',
  deviceConfirm: 'Yes, continue',
  deviceCancel: 'Cancel',
  deviceSuccessTitle: 'Your device is signed in',
  deviceSuccessText: (app: string) => `You can close this page and go back to ${app}.`,
  deviceAuthorizationEndpoint: 'Device authorization endpoint',
  deviceVerificationUri: 'Device verification page',
  signOutNo: 'No, stay signed in',
  signedOut: 'You have signed out',
  signedOutText: 'You can close this window.',
  signInRequestExpired: 'This sign-in request has expired or was already used. Please return to the application and sign in again.',
} as const;

/**
 * A private-use URI scheme of a native application (RFC 8252 7.1): a reverse domain name, so it has a
 * period (com.example.app:/callback). This also leaves out javascript:, data:, file: and the like.
 */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:/i;

export function isPrivateUseRedirect(value: string): boolean {
  return PRIVATE_USE_SCHEME.test(value) && !/^https?:/i.test(value);
}

/** The loopback IP literals a native application listens on (RFC 8252 7.3): any port of theirs matches. */
export function isLoopbackIpRedirect(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]');
}

/**
 * Why a redirect URI is refused, or null: exact absolute https URIs, or http only on this machine
 * (loopback); with `allowPrivateUse`, also a native application's private-use scheme (only public
 * clients may register one: see the application schema).
 */
export function redirectUriProblem(value: string, allowPrivateUse = false): string | null {
  if (value.length > APPLICATION_LIMITS.urlMax) return `Please use ${APPLICATION_LIMITS.urlMax} characters or fewer`;
  if (/\s/.test(value)) return 'A redirect URI cannot contain spaces';
  if (value.includes('*')) return 'Wildcards are not allowed: register each redirect URI exactly';
  if (value.includes('#')) return 'A redirect URI cannot contain a fragment (#)';
  if (value.includes('\\')) return 'A redirect URI cannot contain a backslash';
  const url = parseUrl(value);
  if (!url) return 'Please enter an absolute URI such as https://app.example.com/callback';
  // https:/rp.example.com/x parses as https://rp.example.com/x, but an application would send it as
  // typed and never match: web addresses must be written in full.
  if ((url.protocol === 'https:' || url.protocol === 'http:') && !/^https?:\/\/[^/]/i.test(value))
    return 'Please write the address in full, such as https://app.example.com/callback';
  if (url.username || url.password) return 'A redirect URI cannot contain a user name or password';
  if (url.protocol === 'https:') return null;
  if (allowPrivateUse && isPrivateUseRedirect(value)) return null;
  if (url.protocol === 'http:') return isLoopbackHost(url.hostname) ? null : 'Use https:// (http:// is allowed only for localhost)';
  return 'Use an https:// address (http:// is allowed only for localhost)';
}

/** The message for a private-use scheme on an application that is not a single-page or native one. */
export const PRIVATE_USE_NOT_PUBLIC = 'Only single-page or native applications can use their own URI scheme';
/** The message for an http://localhost address next to a private-use scheme (RFC 8252 8.3). */
export const NATIVE_LOOPBACK_LITERAL = 'A native application listens on http://127.0.0.1 or http://[::1], not localhost';

/** Why a landing page or privacy policy URL is refused, or null: web addresses only. */
export function webUrlProblem(value: string): string | null {
  if (value.length > APPLICATION_LIMITS.urlMax) return `Please use ${APPLICATION_LIMITS.urlMax} characters or fewer`;
  const url = parseUrl(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || /\s/.test(value)) {
    return 'Please enter a web address such as https://app.example.com/';
  }
  if (url.username || url.password) return 'A web address here cannot contain a user name or password';
  return null;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
