/** Application rows to API shapes. */
import type { Application } from '@gatehouse/common/schemas/applications';
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { ClientRow, OidcClientRow } from '../db/schema.ts';
import { SAML_CLIENT_TYPE } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { isoOrNull } from '../accounts/model.ts';

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
