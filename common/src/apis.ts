/**
 * Protected APIs (resource servers, RFC 8707): what an organisation registers so that applications get
 * access tokens meant for one API (JWTs per RFC 9068, verifiable offline), and the organisation's own
 * management API, a built-in one whose scopes open the `/api` endpoints to applications' bearer tokens.
 */

/** The id under which the built-in management API appears among the organisation's APIs. */
export const MANAGEMENT_API_ID = 'management';
/** The management API's identifier (the `resource`, or `audience`, to ask for): the organisation's origin and this path. */
export const MANAGEMENT_API_PATH = '/api';

/** The management API's scopes: which `/api` endpoints an application's bearer token may call. */
export const MANAGEMENT_SCOPES = {
  'users:read': 'Read users and search them',
  'users:write': 'Invite, change, disable, enable and delete End users and User Administrators',
  'applications:read': 'Read applications and their settings',
  'applications:write': 'Add, change and delete applications, and regenerate their secrets',
  'organisation:read': "Read the organisation's settings",
  'organisation:write': "Change the organisation's settings",
  'audit:read': 'Read and export the audit log',
} as const;
export type ManagementScope = keyof typeof MANAGEMENT_SCOPES;
export const MANAGEMENT_SCOPE_NAMES = Object.keys(MANAGEMENT_SCOPES) as ManagementScope[];

/** RFC 9728 protected resource metadata: this well-known path goes between an API identifier's host and its path. */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * Where the protected resource metadata of an API with this identifier lives (RFC 9728 3.1): the
 * well-known path inserted between the host and the path and query; a path of "/" alone is dropped (the
 * slash that terminates the host; a slash ending a longer path stays, as oauth4webapi reads the RFC).
 * Null for an identifier that is no https or http URL, or that has a fragment (RFC 9728 2 forbids one).
 */
export function protectedResourceMetadataUrl(identifier: string): string | null {
  const url = URL.parse(identifier);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || identifier.includes('#')) return null;
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.origin}${PROTECTED_RESOURCE_METADATA_PATH}${path}${url.search}`;
}

export const API_LIMITS = {
  nameMax: 100,
  identifierMax: 500,
  scopesMax: 50,
  scopeMax: 100,
  scopeDescriptionMax: 200,
  apisMax: 50,
  /** Access-token lifetime bounds, in seconds: 5 minutes to 24 hours, 15 minutes by default. */
  ttlMin: 5 * 60,
  ttlMax: 24 * 60 * 60,
  ttlDefault: 15 * 60,
} as const;

/** A scope value: no spaces (scopes are space-separated), printable ASCII as RFC 6749 3.3 allows. */
export const SCOPE_PATTERN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** Scopes an API may not define: the OpenID Connect ones, which are the userinfo's. */
export const RESERVED_SCOPES = new Set(['openid', 'offline_access', 'profile', 'email', 'phone', 'address', 'scim', 'groups', 'roles']);

export const API_MESSAGES = {
  intro:
    'Register the APIs your applications call. An application asks for a token for one API (the resource or audience parameter) and gets a signed JWT access token (RFC 9068) that the API verifies offline with the keys at the JWKS endpoint, checking its aud, iss, exp and scope.',
  none: 'No APIs of your own yet: add one below.',
  filterLabel: 'Filter APIs',
  noMatch: 'No API matches this filter.',
  copy: 'Copy',
  settings: 'Settings',
  identifierUse:
    'Applications ask for tokens for this API with resource (or audience) set to this identifier; the API checks that the aud of each token is exactly this value.',
  managementAccessIntro:
    'Which scopes each Machine to machine application may ask for. It then calls the /api endpoints those scopes open, with Authorization: Bearer and the token from client credentials (resource set to the identifier above).',
  add: 'Add an API',
  addHeading: 'Add an API',
  name: 'Name',
  identifier: 'Identifier',
  identifierHint:
    'An absolute URI naming the API, usually its base address, for example https://api.example.com. It is the aud of its tokens and cannot be changed later.',
  ttl: 'Access-token lifetime (seconds)',
  ttlHint: `Between ${API_LIMITS.ttlMin} and ${API_LIMITS.ttlMax} seconds.`,
  scopes: 'Scopes',
  scopeValue: 'Scope',
  scopeDescription: 'Description',
  addScope: 'Add a scope',
  removeScope: 'Remove',
  save: 'Save changes',
  create: 'Add API',
  saved: 'API settings updated',
  delete: 'Delete API',
  deleteConfirm: 'Delete this API? Applications can no longer get tokens for it; tokens already issued stay valid until they expire.',
  builtIn: 'Built in',
  managementName: 'Gatehouse management API',
  managementIntro:
    "Your organisation's own management API: an application given its scopes calls the /api endpoints with a bearer token from the client credentials grant instead of a signed-in session. Every call is recorded in the audit log with the application as its actor. Only Machine to machine applications can be given its scopes.",
  access: 'Application access',
  accessIntro: 'Which scopes each application may ask for in its tokens for this API.',
  accessSaved: 'Access updated',
  noApplications: 'No applications can be given access yet.',
  saveAccess: 'Save access',
  identifierTaken: 'Another API of this organisation already has this identifier',
  identifierInvalid: 'Please enter an absolute URI without a fragment (#)',
  identifierReserved: "This identifier is the organisation's own management API",
  scopeInvalid: 'A scope is one word of printable characters, without spaces or quotes',
  scopeReserved: 'This scope belongs to OpenID Connect or SCIM',
  scopeDuplicate: 'Each scope must be listed once',
  tooMany: `An organisation can have ${API_LIMITS.apisMax} APIs at most`,
  notForApplication: "This application's kind cannot be given these scopes",
  unknownScope: 'This API has no such scope',
  builtInReadOnly: 'The management API cannot be changed or deleted',
} as const;

/** Why `value` cannot be an API's identifier (RFC 8707 2: an absolute URI without a fragment), or null. */
export function apiIdentifierProblem(value: string): string | null {
  const url = URL.parse(value);
  if (!url || value.includes('#') || !/^[a-z][a-z0-9+.-]*:/i.test(value)) return API_MESSAGES.identifierInvalid;
  return null;
}
