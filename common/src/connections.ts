/**
 * Sign-in connections: an organisation's people sign in through the identity provider they
 * already have. The kinds, the presets and the paths; the texts are in connection-messages.ts.
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
  'connection_unavailable',
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
