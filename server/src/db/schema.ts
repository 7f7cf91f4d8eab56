/**
 * Table types for Kysely. Times are epoch milliseconds (BIGINT), booleans are BOOLEAN, JSON is TEXT.
 * Every tenant table carries organisation_id and every query filters by it.
 */
import type { ClientType, IdTokenSigningAlg as SigningAlg, TokenEndpointAuthMethod } from '@gatehouse/common/applications';
import type { ButtonStyle, Colour, Font, InputStyle, Role, Tier, TwoStepKind, UserStatus } from '@gatehouse/common/policy';
import type { NameIdFormat, SamlSigning } from '@gatehouse/common/saml-apps';
import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

export interface OrganisationsTable {
  id: string;
  name: string;
  display_name: string;
  is_base: boolean;
  is_demo: boolean;
  demo_expires_at: number | null;
  tier: Tier;
  hide_organisation_name: boolean;
  prevent_self_sign_up: boolean;
  require_sign_up_challenge: boolean;
  /** JSON array of plain addresses and /regex/ entries. */
  user_email_whitelist: string;
  invitation_expiry_hours: number;
  password_expiry_days: number;
  password_min_length: number;
  password_upper: boolean;
  password_lower: boolean;
  password_digit: boolean;
  password_special: boolean;
  use_password_list: boolean;
  enforce_password_history: boolean;
  /** Password fields offer to show what is typed. */
  password_visibility: boolean;
  require_two_step: boolean;
  allow_sms_two_step: boolean;
  allow_email_two_step: boolean;
  /** Passkeys may sign in without a password (and without typing the email). */
  allow_passwordless: boolean;
  /** Email a person when they sign in from a browser they have not used before (migration 0151). */
  new_browser_notice: boolean;
  enable_redirect_url: boolean;
  redirect_url: string | null;
  dashboard_redirect: boolean;
  failed_sign_ins_before_cooldown: number;
  cooldown_duration_minutes: number;
  failed_sign_ins_before_lockout: number;
  reactivation_grace_period_days: number;
  inactivity_expiry_days: number;
  inactivity_deletion_days: number;
  inactivity_notification_email_days: number;
  /** Days; a fraction means hours (0.5 is 12 hours). */
  remember_me_days: number;
  colour: Colour;
  font: Font;
  button_style: ButtonStyle;
  input_style: InputStyle;
  logo_id: string | null;
  background_image_id: string | null;
  hero_image_id: string | null;
  favicon_id: string | null;
  support_message: string | null;
  custom_privacy_policy_url: string | null;
  custom_terms_conditions_url: string | null;
  custom_help_page_url: string | null;
  created_at: number;
  updated_at: number;
  /** Raised when the organisation's clients, keys or provider settings change (oidc/registry.ts). */
  oidc_revision: Generated<number>;
  /** The language when no wish names an offered one (migration 0160). */
  default_locale: Generated<string>;
  /** JSON array of the language tags offered; empty offers every supported one (migration 0160). */
  offered_locales: Generated<string>;
}

export interface UsersTable {
  id: string;
  organisation_id: string;
  /** Lower-cased; unique within the organisation. */
  email: string;
  first_name: string | null;
  surname: string | null;
  phone_number: string | null;
  role: Role;
  status: UserStatus;
  password_hash: string | null;
  password_set_date: number | null;
  requires_new_password: boolean;
  previous_sign_in: number | null;
  last_sign_in: number | null;
  last_failed_sign_in: number | null;
  email_verified_date: number | null;
  failed_auth_count: number;
  multi_factor_auth_required: boolean;
  created_at: number;
  updated_at: number;
  /** Sign-in attempts are refused until then (failedSignInsBeforeCooldown reached). */
  cooldown_until: number | null;
  /** When the user became Inactive; inactivityDeletionDays count from here. */
  inactive_since: number | null;
  /** When the inactivity warning email was sent for the current stretch of inactivity. */
  inactivity_warned_at: number | null;
  /** When an administrator re-enabled an Inactive user; the reactivation grace period counts from here. */
  reactivated_at: number | null;
  /** When the user accepted the terms and privacy policy (at sign-up or accepting an invitation). */
  terms_accepted_at: number | null;
  /**
   * Whether the user holds a second factor (a credentials row other than recovery codes): the answer the
   * per-request checks read, kept by mfa/store.ts (syncSecondFactor) in the transaction of every credential change.
   */
  has_second_factor: Generated<boolean>;
  /** Consecutive wrong codes at sign-in, over every factor; MFA.failedCodesBeforeLockout locks the account. */
  failed_code_count: Generated<number>;
  /** first_name and surname lower-cased for the /users prefix search (migration 0009); accounts/store.ts writes them. */
  first_name_search: Generated<string | null>;
  surname_search: Generated<string | null>;
  /** The SCIM client's own id for the user (externalId, migration 0080). */
  external_id: Generated<string | null>;
  /** SCIM userName in the case the provider gave it; `email` is its lower-cased, unique copy (migration 0124). */
  scim_user_name: Generated<string | null>;
  /** SCIM phoneNumbers' primary as the provider gave it; null when not said (shown as primary). */
  scim_phone_primary: Generated<boolean | null>;
  /** The application with SCIM that provisions the user; its fields are read-only on the admin screens. */
  scim_client_id: Generated<string | null>;
  /** The person's own language (a supported tag), or null to follow the browser (migration 0160). */
  locale: Generated<string | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's random token: a leaked table holds no usable session. */
  id: string;
  organisation_id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** JSON array of authentication methods used (RFC 8176), e.g. ["pwd"]. */
  amr: string;
  user_agent: string | null;
  /** The id screens and APIs name the session by (migration 0145); `id` never leaves the server. */
  public_id: string;
  /** The address the session was signed in from. */
  address: string | null;
}

export type AssetKind = 'logo' | 'background' | 'hero' | 'favicon' | 'clientlogo';

export interface AssetsTable {
  id: string;
  organisation_id: string;
  kind: AssetKind;
  content_type: string;
  data: Uint8Array;
  size: number;
  created_at: number;
}

/** One row per scheduled job: a lease so that one process runs it at a time, and its last outcome. */
export interface JobRunsTable {
  name: string;
  locked_until: number;
  locked_by: string | null;
  last_started_at: number | null;
  last_finished_at: number | null;
  last_error: string | null;
}

export type MailStatus = 'queued' | 'sent' | 'failed' | 'outbox';

/** Every message sent, queued for background delivery; without SMTP it stays here as the development outbox. */
export interface MailOutboxTable {
  /** Increasing: the order messages were written in. */
  id: Generated<number>;
  organisation_id: string;
  /**
   * 'email', 'sms', 'webhook' (recipient: the endpoint's id; subject: the event type; body: the JSON
   * payload) or 'logout' (recipient: the client id; body: the logout's sub and sid, signed when sent).
   */
  channel: 'email' | 'sms' | 'webhook' | 'logout';
  /** Which template made it (MailKind), for the outbox listing. */
  kind: string;
  recipient: string;
  subject: string;
  /** Bodies are blanked once an SMTP server has accepted the message: links and codes are not kept. */
  html: string | null;
  body: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: number;
  /** A delivery attempt's lease, so one process sends a message at a time. */
  locked_until: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** Where replies go (the sender of a contact form message); null for our own notices. */
  reply_to: string | null;
}

export interface WebhookEndpointsTable {
  id: string;
  organisation_id: string;
  url: string;
  description: string;
  /** JSON array of event types; ["*"] for all. */
  event_types: string;
  secret_encrypted: string;
  enabled: boolean;
  created_at: number;
  updated_at: number;
  /** Failed delivery attempts in a row (webhooks/delivery.ts); reset by a success. */
  failures: Generated<number>;
  /** While the circuit is open: no attempt before this time; null when closed. */
  circuit_open_until: number | null;
}
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export interface AuditEventsTable {
  id: Generated<number>;
  organisation_id: string;
  at: number;
  type: string;
  /** 'user', 'application', 'operator' (the CLI), 'system' (a scheduled job) or 'anonymous'. */
  actor_kind: string;
  actor_id: string | null;
  /** 'user', 'application', 'organisation' or 'webhook'. */
  subject_kind: string | null;
  subject_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The request's correlation id (shown on the error page and in the logs). */
  request_id: string | null;
  /** JSON object: what changed (never a secret). */
  details: string;
}
export type AuditEventRow = Selectable<AuditEventsTable>;

export type EmailTokenPurpose =
  | 'signup'
  | 'verify'
  | 'invitation'
  | 'completion'
  | 'reset'
  /** A base organisation sign-up (trial or demo), on the base organisation. */
  | 'basesignup'
  /** The one-time sign-in of a new organisation's admin on its host, after a base sign-up. */
  | 'handover'
  /** The "this wasn't me" link of a new-browser notice: signs the person out everywhere. */
  | 'notme';

/** Emailed link tokens: only the SHA-256 of the token is kept; each is used once, then deleted. */
export interface EmailTokensTable {
  id: string;
  organisation_id: string;
  purpose: EmailTokenPurpose;
  user_id: string | null;
  email: string;
  created_at: number;
  expires_at: number;
}

/** An account recovery request, held by the browser in a cookie; the emailed code is kept as an HMAC. */
export interface RecoveryFlowsTable {
  id: string;
  organisation_id: string;
  /** Null when the email has no account that may recover: the flow then never succeeds. */
  user_id: string | null;
  code_hash: string;
  attempts: number;
  verified_at: number | null;
  created_at: number;
  expires_at: number;
}

export interface PasswordHistoryTable {
  /** Increasing: the newest password has the highest id. */
  id: Generated<number>;
  organisation_id: string;
  user_id: string;
  password_hash: string;
  created_at: number;
}

/** Failed sign-ins for emails without an account, counted like a user's. */
export interface SignInThrottleTable {
  organisation_id: string;
  email: string;
  failed_count: number;
  cooldown_until: number | null;
  updated_at: number;
}

/** An application (OpenID Connect client) of an organisation. */
/** A protected API (resource server) of an organisation. */
export interface ApisTable {
  id: string;
  organisation_id: string;
  name: string;
  /** The resource indicator (RFC 8707) and audience of its tokens; unique per organisation. */
  identifier: string;
  /** JSON array of {value, description}. */
  scopes: string;
  access_token_ttl: number;
  created_at: number;
  updated_at: number;
}

/** Which scopes of an API (an `apis` id, or `management`) one application may ask for. */
export interface ApiGrantsTable {
  organisation_id: string;
  client_id: string;
  api_id: string;
  /** Space-separated. */
  scopes: string;
}

export interface ClientsTable {
  /** The client_id. */
  id: string;
  organisation_id: string;
  name: string;
  /** 'saml': a SAML application (saml_applications), which the OpenID provider never loads. */
  client_type: ClientType | typeof SAML_CLIENT_TYPE;
  /** SHA-256 of the random client secret; the secret itself is shown once and never stored. */
  secret_hash: string;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  /** JSON array of exact post-logout redirect URIs. */
  post_logout_redirect_uris: string;
  logo_id: string | null;
  landing_url: string | null;
  policy_url: string | null;
  can_invite: boolean;
  scim_enabled: boolean;
  allows_unverified_access: boolean;
  id_token_signing_alg: SigningAlg;
  created_at: number;
  updated_at: number;
  /** When the application last had an authorization code issued (the metrics' applications in use). */
  last_code_at: number | null;
  /** SHA-256 of the application's SCIM bearer token (migration 0080); null until one is generated. */
  scim_token_hash: Generated<string | null>;
  scim_token_created_at: Generated<number | null>;
  /** The one method the token endpoint accepts from a confidential or machine client (0117). */
  token_endpoint_auth_method: Generated<TokenEndpointAuthMethod>;
  /** private_key_jwt: the application's public keys (a JWKS as JSON), or where to fetch them. */
  jwks: Generated<string | null>;
  jwks_uri: Generated<string | null>;
  /** client_secret_jwt only: the secret sealed under KEY_ENCRYPTION_KEY (HMAC needs it); null otherwise. */
  secret_sealed: Generated<string | null>;
  /** Lifetimes in seconds. */
  access_token_ttl: Generated<number>;
  id_token_ttl: Generated<number>;
  refresh_token_ttl: Generated<number>;
  /** A first-party application gets refresh tokens without asking for offline_access with prompt=consent. */
  refresh_without_consent: Generated<boolean>;
  /** Back-channel logout: where logout tokens (always with sid) are posted (0118). */
  backchannel_logout_uri: Generated<string | null>;
  /** The claim an application reads the person's groups from; null: `groups` (0165). */
  groups_claim: Generated<string | null>;
  /** The groups come in the ID token and userinfo without the application asking for the `groups` scope. */
  groups_always: Generated<boolean>;
  /** The claim an application reads the person's roles from; null: `roles` (0185). */
  roles_claim: Generated<string | null>;
  /** The roles come in the ID token and userinfo without the application asking for the `roles` scope. */
  roles_always: Generated<boolean>;
  /** The application must push its authorization requests (RFC 9126; 0207). */
  require_par: Generated<boolean>;
  /** The weakest sign-in the application accepts (common/acr.ts); null: any (0207). */
  minimum_acr: Generated<string | null>;
}

/** A group of an organisation's people (0165); `version` rises with every change to it or its members. */
export interface GroupsTable {
  id: string;
  organisation_id: string;
  name: string;
  /** The name compared without case: unique in the organisation. */
  name_key: string;
  /** SCIM's externalId, as the provisioning client sent it. */
  external_id: string | null;
  /** The application that provisions the group over SCIM; the screens show the group read-only while set. */
  scim_client_id: string | null;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface GroupMembersTable {
  organisation_id: string;
  group_id: string;
  user_id: string;
  added_at: number;
}

export interface RolesTable {
  id: string;
  organisation_id: string;
  name: string;
  /** The name compared without case: unique in the organisation. */
  name_key: string;
  description: Generated<string>;
  /** Given to every person added to the organisation from then on. */
  is_default: Generated<boolean>;
  created_at: number;
  updated_at: number;
}

/** A scope of one of the organisation's APIs that a role holds. */
export interface RolePermissionsTable {
  organisation_id: string;
  role_id: string;
  api_id: string;
  scope: string;
}

export interface UserRolesTable {
  organisation_id: string;
  role_id: string;
  user_id: string;
  added_at: number;
}

export interface GroupRolesTable {
  organisation_id: string;
  role_id: string;
  group_id: string;
  added_at: number;
}

/** Which applications an end user may sign in to (admins may use all). */
export interface UserClientAccessTable {
  organisation_id: string;
  user_id: string;
  client_id: string;
  created_at: number;
}

/** A user's acceptance of an application's privacy policy, for the policy URL it had then. */
export interface ClientPolicyAcceptancesTable {
  organisation_id: string;
  user_id: string;
  client_id: string;
  policy_url: string;
  accepted_at: number;
}

/** An organisation's token signing key: a private JWK encrypted with the key-encryption key. */
export interface OidcKeysTable {
  organisation_id: string;
  kid: string;
  alg: SigningAlg;
  encrypted_jwk: string;
  created_at: number;
  /** When the key started signing; null for the next key, published in the JWKS before it signs (migration 0090). */
  activated_at: number | null;
  /** When a newer key took over signing; retired keys stay published for verification for a while. */
  retired_at: number | null;
}

/** The provider's stored artefacts (sessions, interactions, grants, codes, tokens). */
export interface OidcArtefactsTable {
  organisation_id: string;
  /** oidc-provider's model name, e.g. AuthorizationCode. */
  model: string;
  /** SHA-256 of the artefact's id (for tokens, the token itself). */
  id: string;
  /** JSON payload without its id. */
  payload: string;
  grant_id: string | null;
  account_id: string | null;
  client_id: string | null;
  /** A session's uid (sessions are also found by it). */
  uid: string | null;
  /** On a provider session: the id of the Gatehouse session it mirrors (migration 0150). */
  session_id: Generated<string | null>;
  created_at: number;
  expires_at: number | null;
  consumed_at: number | null;
}

export type OidcEventKind = 'sign_in_started' | 'sign_in_completed' | 'sign_in_denied' | 'code_issued' | 'code_redeemed';

/** Protocol events kept for the metrics (counted per organisation over 24 hours). */
export interface OidcEventsTable {
  id: string;
  organisation_id: string;
  kind: OidcEventKind;
  client_id: string | null;
  /** What the event is about: an interaction uid, or a code's hashed id. */
  subject: string | null;
  created_at: number;
}

/** What the metrics count per minute (metrics/store.ts). */
/**
 * Counted per minute: sign-ins and failed sign-ins of the organisation's own pages, and the protocol's
 * codes and application sign-ins. An ending (`code_redeemed`, `app_sign_in_ended`) is counted in the
 * minute its code or sign-in started, so what never ended is a difference of two sums.
 */
export type MetricName = 'sign_in' | 'sign_in_failed' | 'code_issued' | 'code_redeemed' | 'app_sign_in_started' | 'app_sign_in_ended';

/** A counter: how many `metric` events an organisation had in the minute starting at bucket_start. */
export interface MetricCountsTable {
  organisation_id: string;
  metric: MetricName;
  bucket_start: number;
  count: number;
}

/** The organisation's users per status, kept by triggers on users (migration 0121). */
export interface UserCountsTable {
  organisation_id: string;
  status: UserStatus;
  count: number;
}

/** The secret material of a user's second step; the row exists while the method is on. */
/** Kinds of a credentials row: a second-step method (common/src/policy.ts TWO_STEP_KINDS) or the recovery-code set. */
export type CredentialKind = TwoStepKind | 4;

/** One second factor a person holds; several per person, one of them the default. */
export interface CredentialsTable {
  id: string;
  organisation_id: string;
  user_id: string;
  kind: CredentialKind;
  /** The person's name for it (an authenticator app); a passkey's name is in webauthn_credentials. */
  name: string | null;
  /** The authenticator app's key, sealed under the key-encryption key (bound to organisation and user); null otherwise. */
  secret: string | null;
  /** Where SMS codes go (E.164); null for the other kinds. */
  phone_number: string | null;
  /** The passkey this row stands for (removed with it). */
  passkey_id: string | null;
  /** The last authenticator time step accepted: a code is never accepted twice. */
  last_step: number | null;
  /** The factor sign-in asks for first. */
  is_default: boolean;
  created_at: number;
  last_used_at: number | null;
}

/** A method being set up on /twostep: the app's new key, or the code sent to a phone or email address. */
export interface MfaEnrolmentsTable {
  organisation_id: string;
  user_id: string;
  kind: TwoStepKind;
  secret: string | null;
  phone_number: string | null;
  /** HMAC of the code sent (email and SMS). */
  code_hash: string | null;
  code_sent_at: number | null;
  attempts: number;
  created_at: number;
  expires_at: number;
}

/** Single-use recovery codes, kept as HMACs under a key derived from the key-encryption key. */
export interface MfaRecoveryCodesTable {
  organisation_id: string;
  user_id: string;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** A browser that may skip the code step for a while (the code step's remember-me). */
/** A browser a person has signed in from: the SHA-256 of the random id in its long-lived signed cookie. */
export interface KnownBrowsersTable {
  organisation_id: string;
  user_id: string;
  id: string;
  created_at: number;
}

export interface MfaRememberedDevicesTable {
  /** SHA-256 of the random token in the browser's cookie. */
  id: string;
  organisation_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

/** A sign-in whose password was right and whose code is awaited; bound to the browser by a cookie. */
export interface SignInStatesTable {
  /** SHA-256 of the random token in the browser's cookie. */
  id: string;
  organisation_id: string;
  user_id: string;
  /** The signInStateID the SPA holds; it must match the cookie's state. */
  state_id: string;
  kind: TwoStepKind;
  /** HMAC of the emailed or texted code. */
  code_hash: string | null;
  code_sent_at: number | null;
  code_expires_at: number | null;
  attempts: number;
  created_at: number;
  expires_at: number;
  /** The sign-in connection whose upstream sign-in came first (then the amr says `fed`, not `pwd`); null after a password (migration 0127). */
  connection_id: string | null;
  /** A step-up of a live session: the level it raises the session to, and the session's methods (JSON) it adds to (0207). */
  step_up_acr: Generated<string | null>;
  step_up_amr: Generated<string | null>;
}

/** What a query runs on: the database, or a transaction of it. */
/** A user's passkey (WebAuthn credential); RP id is the organisation's host. */
export interface WebauthnCredentialsTable {
  id: string;
  organisation_id: string;
  user_id: string;
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  sign_count: number;
  /** Comma-separated AuthenticatorTransport values. */
  transports: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge handed out: its SHA-256, bound to a session ('register') or a sign-in state ('sign-in'), taken once. */
export interface WebauthnChallengesTable {
  id: string;
  organisation_id: string;
  user_id: string;
  /** 'confirm' is bound to a session: a passkey confirming the removal of another. */
  purpose: 'register' | 'sign-in' | 'confirm';
  binding: string;
  expires_at: number;
}

/** A challenge of a passwordless sign-in: its SHA-256, bound to the SHA-256 of the asking browser's cookie, taken once. */
export interface WebauthnPasswordlessChallengesTable {
  id: string;
  organisation_id: string;
  binding: string;
  expires_at: number;
}

export interface SignInConnectionsTable {
  id: string;
  organisation_id: string;
  kind: 'oidc' | 'saml';
  name: string;
  preset: 'entra' | 'google' | 'okta' | 'custom';
  issuer: string;
  /** The client id Gatehouse has at the upstream provider (not one of our applications). */
  upstream_client_id: string;
  /** Sealed under KEY_ENCRYPTION_KEY (crypto/sealed-columns.ts); null for a public client. */
  client_secret_sealed: string | null;
  /** Space-separated, as OAuth writes them. */
  scopes: string;
  /** JSON: { email, firstName, surname, groups } upstream claim names. */
  claim_mapping: string;
  /** JSON array of lower-case domains. */
  email_domains: string;
  show_button: boolean;
  jit_enabled: boolean;
  /** JSON array of lower-case domains; empty: every domain of email_domains. */
  jit_domains: string;
  link_existing: boolean;
  trust_mfa: boolean;
  enabled: boolean;
  /** Whether people of its email domains may still sign in with a password (migration 0127). */
  allow_password: boolean;
  /** How Gatehouse authenticates at the token endpoint (migration 0127). */
  client_auth: 'client_secret_basic' | 'private_key_jwt';
  /** private_key_jwt: the connection's private JWK, sealed under KEY_ENCRYPTION_KEY (crypto/sealed-columns.ts). */
  private_key_sealed: string | null;
  /** private_key_jwt: the public JWK (with kid, alg, use), published for the provider. */
  public_jwk: string | null;
  created_at: number;
  updated_at: number;
}
export type SignInConnectionRow = Selectable<SignInConnectionsTable>;

export interface ConnectionLinksTable {
  organisation_id: string;
  connection_id: string;
  /** The upstream `sub`. */
  subject: string;
  user_id: string;
  created_at: number;
  last_used_at: number;
  /** JSON array: the upstream's groups (the connection's groups claim) at the last sign-in; null when it sent none (migration 0127). */
  groups: string | null;
}

export interface ConnectionFlowsTable {
  /** SHA-256 of the random token in the browser's cookie. */
  id: string;
  organisation_id: string;
  connection_id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_url: string | null;
  created_at: number;
  expires_at: number;
}
export type ConnectionFlowRow = Selectable<ConnectionFlowsTable>;

/** A SAML connection's identity provider, read from its metadata (connections/saml.ts). */
export interface SamlConnectionsTable {
  organisation_id: string;
  connection_id: string;
  metadata_url: string | null;
  metadata_xml: string;
  sso_url: string;
  /** JSON array of base64 DER certificates. */
  idp_certificates: string;
  metadata_read_at: number;
}
export type SamlConnectionRow = Selectable<SamlConnectionsTable>;

/** A SAML answer posted across sites, kept until the same browser's GET takes it. */
export interface SamlResponsesTable {
  id: string;
  organisation_id: string;
  connection_id: string;
  response: string;
  /** The AuthnRequest it answers (a live flow's state); null only for rows from before migration 0131. */
  request_id: string | null;
  /** The address that posted it. */
  address: string | null;
  created_at: number;
  expires_at: number;
}

/** Accepted assertion IDs, until they expire: a replay is refused. */
export interface SamlAssertionsTable {
  organisation_id: string;
  assertion_id: string;
  expires_at: number;
}

/** A SAML application's service provider (saml-apps/). */
export interface SamlApplicationsTable {
  organisation_id: string;
  client_id: string;
  entity_id: string;
  /** JSON array of { url, binding, index, isDefault }. */
  acs: string;
  slo_url: string | null;
  /** Base64 DER. */
  signing_certificate: string | null;
  encryption_certificate: string | null;
  require_signed_requests: boolean;
  signing: SamlSigning;
  encrypt_assertions: boolean;
  name_id_format: NameIdFormat;
  /** JSON object: source -> attribute name. */
  attributes: string;
}
export type SamlApplicationRow = Selectable<SamlApplicationsTable>;

/** An AuthnRequest (or a tile's click) being answered while the browser signs in. */
export interface SamlSignInFlowsTable {
  id: string;
  organisation_id: string;
  client_id: string;
  request_id: string | null;
  acs_url: string;
  relay_state: string | null;
  force_authn: boolean;
  is_passive: boolean;
  /** JSON { comparison, classes }; null when none was asked for. */
  requested_context: string | null;
  created_at: number;
  expires_at: number;
}
export type SamlSignInFlowRow = Selectable<SamlSignInFlowsTable>;

/** Accepted AuthnRequest IDs per application, until they expire: a replay is refused. */
export interface SamlRequestIdsTable {
  organisation_id: string;
  client_id: string;
  request_id: string;
  expires_at: number;
}

/** The organisation's secret persistent NameIDs are made from (sealed); null until an organisation from before derives it. */
export interface SamlIdpSecretsTable {
  organisation_id: string;
  name_id_secret_sealed: string | null;
}

/** A SAML application a Gatehouse session signed in to, with what it was told: single logout names the session by it. */
export interface SamlSessionApplicationsTable {
  organisation_id: string;
  session_id: string;
  client_id: string;
  name_id: string;
  name_id_format: NameIdFormat;
  session_index: string;
  expires_at: number;
}
export type SamlSessionApplicationRow = Selectable<SamlSessionApplicationsTable>;

/** A browser's sign-out going from SAML application to application. */
export interface SamlLogoutFlowsTable {
  id: string;
  organisation_id: string;
  /** JSON array of { clientId, nameId, nameIdFormat, sessionIndex }. */
  pending: string;
  request_id: string | null;
  /** JSON { clientId, requestId, relayState, partial }: the application whose LogoutRequest started it, answered at the end. */
  respond_to: Generated<string | null>;
  expires_at: number;
}

export type Executor = Kysely<Database> | Transaction<Database>;

/** An import of people from a file (imports/, migration 0170): the file, its progress and its lease. */
export interface ImportJobsTable {
  id: string;
  organisation_id: string;
  format: 'csv' | 'jsonl' | 'keycloak' | 'auth0';
  dry_run: boolean;
  /** The CSV column mapping, as JSON. */
  mapping: string;
  status: 'queued' | 'running' | 'finished' | 'failed';
  /** Rows read and settled (each one created, updated or refused): a resumed run starts there. */
  next_row: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  refused_count: Generated<number>;
  /** What an export held that Gatehouse does not carry, counted by kind, as JSON. */
  not_carried: Generated<string>;
  error: string | null;
  /** The process moving it forward holds it until then (renewed at every batch). */
  locked_until: Generated<number>;
  locked_by: string | null;
  created_at: number;
  finished_at: number | null;
}

/** An import job's file as UTF-8 text, kept until the job has finished. */
export interface ImportSourcesTable {
  organisation_id: string;
  job_id: string;
  source: string;
}

/** A row an import refused: why, and the row as given (JSON), for the report's CSV. */
export interface ImportRefusalsTable {
  organisation_id: string;
  job_id: string;
  row: number;
  email: string | null;
  reason: string;
  data: string;
}

/** An address or CIDR range of the organisation's list always allowed ('allowed') or always refused ('refused'). */
export interface AddressListEntriesTable {
  organisation_id: string;
  list: 'allowed' | 'refused';
  range: string;
  created_at: number;
}

export interface Database {
  organisations: OrganisationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  assets: AssetsTable;
  job_runs: JobRunsTable;
  mail_outbox: MailOutboxTable;
  webhook_endpoints: WebhookEndpointsTable;
  audit_events: AuditEventsTable;
  email_tokens: EmailTokensTable;
  recovery_flows: RecoveryFlowsTable;
  password_history: PasswordHistoryTable;
  sign_in_throttle: SignInThrottleTable;
  clients: ClientsTable;
  apis: ApisTable;
  api_grants: ApiGrantsTable;
  user_client_access: UserClientAccessTable;
  client_policy_acceptances: ClientPolicyAcceptancesTable;
  oidc_keys: OidcKeysTable;
  oidc_artefacts: OidcArtefactsTable;
  oidc_events: OidcEventsTable;
  credentials: CredentialsTable;
  mfa_enrolments: MfaEnrolmentsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_remembered_devices: MfaRememberedDevicesTable;
  known_browsers: KnownBrowsersTable;
  sign_in_states: SignInStatesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  webauthn_passwordless_challenges: WebauthnPasswordlessChallengesTable;
  metric_counts: MetricCountsTable;
  user_counts: UserCountsTable;
  sign_in_connections: SignInConnectionsTable;
  connection_links: ConnectionLinksTable;
  connection_flows: ConnectionFlowsTable;
  saml_connections: SamlConnectionsTable;
  saml_responses: SamlResponsesTable;
  saml_assertions: SamlAssertionsTable;
  saml_applications: SamlApplicationsTable;
  saml_sign_in_flows: SamlSignInFlowsTable;
  saml_request_ids: SamlRequestIdsTable;
  saml_idp_secrets: SamlIdpSecretsTable;
  saml_session_applications: SamlSessionApplicationsTable;
  saml_logout_flows: SamlLogoutFlowsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  group_roles: GroupRolesTable;
  import_jobs: ImportJobsTable;
  import_refusals: ImportRefusalsTable;
  import_sources: ImportSourcesTable;
  address_list_entries: AddressListEntriesTable;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
export type NewOrganisationRow = Insertable<OrganisationsTable>;
export type OrganisationUpdate = Updateable<OrganisationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AssetRow = Selectable<AssetsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMailOutboxRow = Insertable<MailOutboxTable>;
export type EmailTokenRow = Selectable<EmailTokensTable>;
export type RecoveryFlowRow = Selectable<RecoveryFlowsTable>;
export type ClientRow = Selectable<ClientsTable>;
/** The client_type of a SAML application's row. */
export const SAML_CLIENT_TYPE = 'saml';
/** An OpenID Connect application's row (any client_type but 'saml'). */
export type OidcClientRow = ClientRow & { client_type: ClientType };
export const isOidcClient = <R extends Pick<ClientRow, 'client_type'>>(row: R): row is R & { client_type: ClientType } =>
  row.client_type !== SAML_CLIENT_TYPE;
export type ApiRow = Selectable<ApisTable>;
export type GroupRow = Selectable<GroupsTable>;
export type GroupMemberRow = Selectable<GroupMembersTable>;
export type RoleRow = Selectable<RolesTable>;
export type ApiGrantRow = Selectable<ApiGrantsTable>;
export type ClientUpdate = Updateable<ClientsTable>;
export type OidcKeyRow = Selectable<OidcKeysTable>;
export type OidcArtefactRow = Selectable<OidcArtefactsTable>;
export type CredentialRow = Selectable<CredentialsTable>;
export type MfaEnrolmentRow = Selectable<MfaEnrolmentsTable>;
export type SignInStateRow = Selectable<SignInStatesTable>;
export type WebauthnCredentialRow = Selectable<WebauthnCredentialsTable>;
export type WebauthnChallengeRow = Selectable<WebauthnChallengesTable>;
export type WebauthnPasswordlessChallengeRow = Selectable<WebauthnPasswordlessChallengesTable>;
export type ImportJobRow = Selectable<ImportJobsTable>;
