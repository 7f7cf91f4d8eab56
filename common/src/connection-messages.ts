/**
 * Texts of sign-in connections: the Sign-in connections screen (OpenID Connect and SAML 2.0),
 * its validation messages, and what the sign-in page says of a connection.
 */
import { CONNECTION_REFUSALS, type ConnectionClientAuth } from './connections.ts';
import { liveRecord, liveTexts, textsOf } from './i18n/runtime.ts';
import { CONNECTION_LIMITS } from './policy.ts';

/**
 * The English texts a person sees on the sign-in page (ICU MessageFormat): the catalog's
 * `connection.*` keys. The Sign-in connections screen's own texts below are still English only.
 */
export const CONNECTION_EN = {
  continueWith: 'Continue with {name}',
  orDivider: 'or',
  homeRealm: 'Your organisation signs you in with {name}.',
  passwordNotAllowedAny: 'Your organisation signs you in with its identity provider, not with a password.',
  usePassword: 'Use my password instead',
  passwordNotAllowed: 'Your organisation signs you in with {name}. Use "Continue with {name}" instead of a password.',
  reference: 'Reference: {id}',
  'refusals.provider_refused': 'The identity provider did not sign you in. Try again, or sign in with your password.',
  'refusals.not_verified': "The identity provider's answer could not be verified, so you were not signed in. Please try again.",
  'refusals.expired': 'The sign-in took too long or was started in another browser. Please start again.',
  'refusals.domain_not_allowed': 'This identity provider cannot sign in accounts with your email domain here.',
  'refusals.no_account':
    'There is no account for you here, and this organisation does not create accounts on first sign-in. Ask your administrator for an invitation.',
  'refusals.account_unavailable': 'Your account cannot sign in at the moment. Contact your administrator.',
  'refusals.email_taken':
    'An account with your email already exists and is not linked to this identity provider. Sign in with your password, or ask your administrator.',
  'refusals.email_not_verified':
    'The identity provider did not confirm your email address, so no account here could be made or linked for you. Ask your administrator.',
  'refusals.user_limit': 'This organisation cannot take more users at the moment. Contact your administrator.',
  'refusals.second_step_required':
    'Your account needs its second step, which the identity provider did not confirm. Sign in with your password instead.',
  'refusals.unavailable': 'The identity provider could not be reached. Please try again later.',
  'refusals.connection_unavailable': 'This sign-in connection is no longer available. Sign in another way, or contact your administrator.',
} as const;

const t = textsOf('connection', CONNECTION_EN);

/** The sign-in page's texts live in the active language; the screen's texts are English only. */
export const CONNECTION_MESSAGES = liveTexts('connection', CONNECTION_EN, {
  continueWith: (name: string) => t('continueWith', { name }),
  homeRealm: (name: string) => t('homeRealm', { name }),
  passwordNotAllowed: (name: string) => t('passwordNotAllowed', { name }),
  reference: (id: string) => t('reference', { id }),
  refusals: liveRecord(CONNECTION_REFUSALS, (reason) => t(`refusals.${reason}`)),
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
  callbackUrl: 'Redirect URI to register at the provider',
  secretKept: 'Leave empty to keep the current secret.',
  invalidIssuer: 'Use the https:// address of the provider (http:// is allowed only for localhost)',
  invalidDomain: 'Enter domains such as example.com',
  tooManyDomains: `At most ${CONNECTION_LIMITS.domainsMax} domains`,
  invalidClaim: 'Use a claim name such as email',
  invalidScopes: 'Separate scopes with single spaces',
  jitDomainsOutside: "Just-in-time domains must be among the connection's email domains",
  tenantIdInvalid: 'Enter the directory (tenant) id: 36 characters like 00000000-0000-0000-0000-000000000000',
  oktaDomainInvalid: 'Enter your Okta domain, such as example.okta.com',
  tooMany: `An organisation can have at most ${CONNECTION_LIMITS.perOrganisation} connections.`,
  wouldLockOutAdmins:
    'Not saved: every Organisation Admin has an email in the domains of a connection that allows no password, so if the identity provider failed nobody could sign in to manage the organisation. Let people of these domains sign in with a password instead, or first give an Organisation Admin an email outside these domains.',
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
});

export const SAML_MESSAGES = {
  addHeading: 'Add a SAML connection',
  add: 'Add SAML connection',
  spHeading: 'Give these to the identity provider',
  idpHeading: 'Read from its metadata',
  metadataUrl: 'IdP metadata URL',
  metadataXml: 'IdP metadata (XML)',
  metadataHint: "Paste the identity provider's federation metadata, or give its address.",
  metadataOne: 'Give the metadata address or paste the metadata, not both',
  metadataMissing: "Give the identity provider's metadata address or paste its metadata",
  metadataInvalid: 'This is not SAML identity provider metadata with a sign-in address (HTTP-Redirect binding) and a signing certificate',
  metadataUnreachable: 'The metadata could not be read from this address',
  invalidAttribute: 'Use an attribute name such as email or http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  entityId: 'Entity ID (Identifier)',
  acsUrl: 'Reply URL (Assertion Consumer Service URL)',
  spMetadataUrl: 'Our metadata URL',
  idpEntityId: "The identity provider's entity ID",
  ssoUrl: "The identity provider's sign-in URL",
  certificates: "The identity provider's signing certificates",
  certificateLine: (subject: string, notAfter: string, fingerprint: string) =>
    `${subject}, valid until ${notAfter} (SHA-256 ${fingerprint})`,
  attributeEmail: 'Email attribute',
  attributeFirstName: 'First name attribute',
  attributeSurname: 'Surname attribute',
  attributeGroups: 'Groups attribute',
} as const;
