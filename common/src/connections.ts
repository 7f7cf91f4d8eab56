/**
 * Sign-in connections (issue 32): an organisation's people sign in through the identity provider they
 * already have. The presets, the limits, and every text the screens and the sign-in page show.
 */

export const CONNECTION_KINDS = ['oidc', 'saml'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export const CONNECTION_PRESETS = ['entra', 'google', 'okta', 'custom'] as const;

/** How Gatehouse authenticates at the provider's token endpoint: the client secret, or a JWT signed with the connection's own key. */
export const CONNECTION_CLIENT_AUTH = ['client_secret_basic', 'private_key_jwt'] as const;
export type ConnectionClientAuth = (typeof CONNECTION_CLIENT_AUTH)[number];

/** Where a connection's public keys are published for the provider (private_key_jwt). */
export const connectionJwksPath = (id: string) => `/signin/connections/${encodeURIComponent(id)}/jwks`;
export type ConnectionPreset = (typeof CONNECTION_PRESETS)[number];

export const CONNECTION_PRESET_LABELS: Record<ConnectionPreset, string> = {
  entra: 'Microsoft Entra ID',
  google: 'Google',
  okta: 'Okta',
  custom: 'Other OpenID Connect provider',
};

/**
 * The issuer a preset fills in from what the admin knows: Entra ID's directory (tenant) id, Okta's
 * domain; Google's issuer is fixed. Null when the value is not usable yet.
 */
export function presetIssuer(preset: ConnectionPreset, value: string): string | null {
  const v = value.trim();
  if (preset === 'google') return 'https://accounts.google.com';
  if (preset === 'entra') return /^[0-9a-f-]{36}$/i.test(v) ? `https://login.microsoftonline.com/${v.toLowerCase()}/v2.0` : null;
  if (preset === 'okta') {
    const host = v.replace(/^https:\/\//i, '').replace(/\/+$/, '');
    return /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(host) ? `https://${host.toLowerCase()}` : null;
  }
  return null;
}

/** The default claim names (OIDC Core 5.1 standard claims; groups is no standard claim but the common one). */
export const DEFAULT_CLAIM_MAPPING = { email: 'email', firstName: 'given_name', surname: 'family_name', groups: 'groups' } as const;
export const DEFAULT_SCOPES = 'openid email profile';

export const CONNECTION_LIMITS = {
  perOrganisation: 20,
  nameMax: 60,
  urlMax: 500,
  clientIdMax: 300,
  secretMax: 1000,
  scopesMax: 300,
  claimMax: 100,
  domainsMax: 50,
  domainMax: 253,
  /** How long a sign-in sent upstream may take before its state expires. */
  flowMinutes: 10,
  /** Outbound limits for discovery, JWKS and token requests. */
  fetchTimeoutMs: 5000,
  fetchMaxBytes: 256 * 1024,
  /** The upstream groups kept per link: how many, and how long each. */
  groupsMax: 100,
  groupMax: 256,
  /** How long a provider's discovered metadata is reused. */
  discoveryCacheMs: 10 * 60 * 1000,
} as const;

/** Why an upstream sign-in ended without a session: each has a sentence for the person (CONNECTION_MESSAGES.refusals). */
export const CONNECTION_REFUSALS = [
  'provider_refused',
  'not_verified',
  'expired',
  'domain_not_allowed',
  'no_account',
  'account_unavailable',
  'email_taken',
  'email_not_verified',
  'user_limit',
  'second_step_required',
  'unavailable',
] as const;
export type ConnectionRefusal = (typeof CONNECTION_REFUSALS)[number];

/** The sign-in page's query parameters after a refused upstream sign-in. */
export const CONNECTION_ERROR_PARAMETER = 'connection_error';
export const CORRELATION_PARAMETER = 'ref';
/** The sign-in page's query parameter after an upstream sign-in that needs Gatehouse's second step: the signInStateID. */
export const SECOND_STEP_PARAMETER = 'signinstep';

/** Where the browser goes to sign in through a connection, and where the provider sends it back. */
export const connectionStartPath = (id: string) => `/signin/connections/${encodeURIComponent(id)}`;
export const CONNECTION_CALLBACK_PATH = '/signin/callback';

const M_CONTINUE = 'Continue with ';

export const CONNECTION_MESSAGES = {
  screenTitle: 'Sign-in connections',
  intro:
    "Let people sign in with the identity provider your organisation already uses. Gatehouse sends them there and trusts the provider's answer for the email domains you list.",
  none: 'No sign-in connections yet.',
  add: 'Add connection',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  created: 'The connection was added.',
  updated: 'The connection was saved.',
  deleted: 'The connection was deleted.',
  confirmDelete: (name: string) =>
    `Delete the connection "${name}"? People who sign in through it will have to use their password, and the links to their upstream accounts are removed.`,
  continueWith: (name: string) => `${M_CONTINUE}${name}`,
  orDivider: 'or',
  homeRealm: (name: string) => `Your organisation signs you in with ${name}.`,
  passwordNotAllowedAny: 'Your organisation signs you in with its identity provider, not with a password.',
  callbackUrl: 'Redirect URI to register at the provider',
  secretKept: 'Leave empty to keep the current secret.',
  invalidIssuer: 'Use the https:// address of the provider (http:// is allowed only for localhost)',
  invalidDomain: 'Enter domains such as example.com',
  jitDomainsOutside: "Just-in-time domains must be among the connection's email domains",
  tenantIdInvalid: 'Enter the directory (tenant) id: 36 characters like 00000000-0000-0000-0000-000000000000',
  oktaDomainInvalid: 'Enter your Okta domain, such as example.okta.com',
  tooMany: `An organisation can have at most ${CONNECTION_LIMITS.perOrganisation} connections.`,
  refusals: {
    provider_refused: 'The identity provider did not sign you in. Try again, or sign in with your password.',
    not_verified: "The identity provider's answer could not be verified, so you were not signed in. Please try again.",
    expired: 'The sign-in took too long or was started in another browser. Please start again.',
    domain_not_allowed: 'This identity provider cannot sign in accounts with your email domain here.',
    no_account:
      'There is no account for you here, and this organisation does not create accounts on first sign-in. Ask your administrator for an invitation.',
    account_unavailable: 'Your account cannot sign in at the moment. Contact your administrator.',
    email_taken:
      'An account with your email already exists and is not linked to this identity provider. Sign in with your password, or ask your administrator.',
    email_not_verified:
      'The identity provider did not confirm your email address, so no account here could be made or linked for you. Ask your administrator.',
    user_limit: 'This organisation cannot take more users at the moment. Contact your administrator.',
    second_step_required:
      'Your account needs its second step, which the identity provider did not confirm. Sign in with your password instead.',
    unavailable: 'The identity provider could not be reached. Please try again later.',
  } satisfies Record<ConnectionRefusal, string>,
  reference: (id: string) => `Reference: ${id}`,
  addHeading: 'Add a connection',
  provider: 'Identity provider',
  name: 'Name on the sign-in button',
  tenantId: 'Directory (tenant) id',
  oktaDomain: 'Okta domain',
  issuer: 'Issuer URL',
  issuerHint: "Gatehouse reads the provider's settings from this address (/.well-known/openid-configuration).",
  clientId: 'Client id',
  clientSecret: 'Client secret',
  clientAuth: 'Client authentication',
  clientAuthLabels: {
    client_secret_basic: 'Client secret',
    private_key_jwt: 'Private key JWT (a key pair of this connection)',
  } satisfies Record<ConnectionClientAuth, string>,
  jwksUrl: 'Public keys (JWKS) URL to register at the provider',
  jwksPaste: 'Or paste these public keys at the provider',
  keyMadeOnSave: 'Gatehouse makes the key pair when you save; its public keys then show here.',
  emailDomains: 'Email domains',
  domainsHint: 'Separate domains with commas, such as example.com, example.org',
  showButton: 'Show a button on the sign-in page',
  jitEnabled: 'Create an account when someone signs in for the first time',
  jitDomains: 'Only for these domains (empty: all of the email domains)',
  linkExisting: 'Link an existing account with the same email (only when the provider says the email is verified)',
  trustMfa: "Trust the provider's multi-factor authentication",
  allowPassword: 'Let people of these domains sign in with a password instead',
  usePassword: 'Use my password instead',
  passwordNotAllowed: (name: string) => `Your organisation signs you in with ${name}. Use "${M_CONTINUE}${name}" instead of a password.`,
  enabled: 'Enabled',
  advanced: 'Scopes and claims',
  scopes: 'Scopes',
  claimEmail: 'Email claim',
  claimFirstName: 'First name claim',
  claimSurname: 'Surname claim',
  claimGroups: 'Groups claim',
  claimGroupsHint: "Shown on the person's page as sent at their last sign-in; it grants nothing.",
  status: 'Status',
  disabled: 'Disabled',
  linkedUsers: 'Linked users',
  userConnectionsTitle: 'Sign-in connections',
  userConnection: 'Connection',
  userGroups: 'Groups from the provider',
  userNoGroups: 'None sent',
  userLastUsed: 'Last sign-in through it',
  domainsLabel: 'Domains',
} as const;

/** The connection serving an email's domain, for home-realm discovery; undefined when none does. */
export function connectionForEmail<T extends { emailDomains: readonly string[] }>(connections: readonly T[], email: string): T | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return connections.find((c) => c.emailDomains.includes(domain));
}
