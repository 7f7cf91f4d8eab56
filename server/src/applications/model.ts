/** Application rows to API shapes. */
import { APPLICATION_MINIMUM_ACRS, type ApplicationMinimumAcr } from '@gatehouse/common/acr';
import { TOKEN_LIFETIMES } from '@gatehouse/common/applications';
import { DEFAULT_GROUPS_CLAIM } from '@gatehouse/common/groups';
import { DEFAULT_ROLES_CLAIM } from '@gatehouse/common/roles';
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { Application } from '@gatehouse/common/schemas/applications';

import { isoOrNull } from '../accounts/model.ts';
import type { ClientRow, OidcClientRow } from '../db/schema.ts';
import { SAML_CLIENT_TYPE } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';

/** An application's stored minimum sign-in level; anything unknown counts as none. */
export const minimumAcrOf = (stored: string | null): ApplicationMinimumAcr | null =>
  (APPLICATION_MINIMUM_ACRS as readonly (string | null)[]).includes(stored) ? (stored as ApplicationMinimumAcr) : null;

export const parseUriList = (json: string): string[] => JSON.parse(json) as string[];

export function toApplication(row: Unstamped<OidcClientRow>): Application {
  return {
    id: row.id,
    name: row.name,
    clientType: row.client_type,
    logoID: row.logo_id,
    landingURL: row.landing_url,
    policyURL: row.policy_url,
    redirectURIs: parseUriList(row.redirect_uris),
    postLogoutRedirectURIs: parseUriList(row.post_logout_redirect_uris),
    canInvite: row.can_invite,
    scimEnabled: row.scim_enabled,
    scimTokenCreatedAt: isoOrNull(row.scim_token_created_at),
    allowsUnverifiedAccess: row.allows_unverified_access,
    idTokenSignedResponseAlg: row.id_token_signing_alg,
    tokenEndpointAuthMethod: row.token_endpoint_auth_method,
    jwks: row.jwks,
    jwksURI: row.jwks_uri,
    needsNewSecret: row.token_endpoint_auth_method === 'client_secret_jwt' && row.secret_sealed === null,
    accessTokenLifetime: row.access_token_ttl,
    idTokenLifetime: row.id_token_ttl,
    refreshTokenLifetime: row.refresh_token_ttl,
    refreshWithoutConsent: row.refresh_without_consent,
    groupsClaim: row.groups_claim ?? DEFAULT_GROUPS_CLAIM,
    groupsAlways: row.groups_always,
    rolesClaim: row.roles_claim ?? DEFAULT_ROLES_CLAIM,
    rolesAlways: Boolean(row.roles_always),
    requirePushedAuthorizationRequests: Boolean(row.require_par),
    minimumAcr: minimumAcrOf(row.minimum_acr),
    backchannelLogoutURI: row.backchannel_logout_uri,
    createdAt: isoOrNull(row.created_at)!,
    updatedAt: isoOrNull(row.updated_at)!,
  };
}

/**
 * What a user's account shows of an application they can open (spec: clients with name, landingURL, logoID).
 * A SAML application's tile starts its IdP-initiated sign-in.
 */
export function toClientSummary(row: ClientRow): { id: string; name: string; landingURL: string | null; logoID: string | null } {
  const landingURL = row.client_type === SAML_CLIENT_TYPE ? `${SAML_IDP_PATHS.start}/${row.id}` : row.landing_url;
  return { id: row.id, name: row.name, landingURL, logoID: row.logo_id };
}

/** What a new application's row is made from: the fields that differ between kinds of application. */
type NewClientFields = Pick<ClientRow, 'id' | 'name' | 'client_type' | 'secret_hash' | 'redirect_uris'> &
  Partial<Pick<ClientRow, 'landing_url' | 'policy_url' | 'allows_unverified_access'>>;

/**
 * A new application's row, OpenID Connect or SAML: `fields` over the defaults every application starts
 * with (no logo, no SCIM, RS256 ID tokens, client_secret_basic, the default token lifetimes).
 */
export function newClientRow<F extends NewClientFields>(now: number, fields: F): Unstamped<ClientRow> & F {
  return {
    post_logout_redirect_uris: '[]',
    logo_id: null,
    landing_url: null,
    policy_url: null,
    can_invite: false,
    scim_enabled: false,
    allows_unverified_access: false,
    id_token_signing_alg: 'RS256',
    created_at: now,
    updated_at: now,
    last_code_at: null,
    scim_token_hash: null,
    scim_token_created_at: null,
    token_endpoint_auth_method: 'client_secret_basic',
    jwks: null,
    jwks_uri: null,
    secret_sealed: null,
    access_token_ttl: TOKEN_LIFETIMES.accessToken.default,
    id_token_ttl: TOKEN_LIFETIMES.idToken.default,
    refresh_token_ttl: TOKEN_LIFETIMES.refreshToken.default,
    refresh_without_consent: false,
    backchannel_logout_uri: null,
    groups_claim: null,
    groups_always: false,
    roles_claim: null,
    roles_always: false,
    require_par: false,
    minimum_acr: null,
    ...fields,
  };
}
