/**
 * SAML 2.0 connections: Gatehouse is the service provider, the organisation's identity
 * provider (Entra ID, Google Workspace, Okta, any SAML IdP) signs the assertions. The paths, the
 * default attribute names per preset and the limits; the texts are in connection-messages.ts.
 */
import type { ConnectionPreset } from './connections.ts';

/** Our service provider's metadata (its address is also our entityID) and assertion consumer service. */
export const samlMetadataPath = (id: string) => `/saml/${encodeURIComponent(id)}/metadata`;
export const samlAcsPath = (id: string) => `/saml/${encodeURIComponent(id)}/acs`;

export const SAML_LIMITS = {
  /** A pasted or fetched metadata document. */
  metadataMax: 200_000,
  /** A posted SAMLResponse (base64). */
  responseMax: 200_000,
  /** How long a posted answer waits for the same browser's GET. */
  responseMinutes: 2,
  /** How many posted answers one address may have waiting at once (anyone may post to the ACS URL; a real one is taken at once). */
  responsesPerAddressMax: 20,
  /** How long an accepted assertion ID is remembered at most (and at least, when it names no expiry). */
  replayMaxMinutes: 24 * 60,
  replayMinMinutes: 10,
  /** Clock skew accepted on NotBefore / NotOnOrAfter. */
  clockSkewMs: 60_000,
} as const;

/** The attribute names each preset's IdP sends by default (docs/connections.md says how to set them up). */
export const SAML_DEFAULT_ATTRIBUTES: Record<ConnectionPreset, { email: string; firstName: string; surname: string; groups: string }> = {
  entra: {
    email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    firstName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    surname: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
    groups: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
  },
  google: { email: 'email', firstName: 'firstName', surname: 'lastName', groups: 'groups' },
  okta: { email: 'email', firstName: 'firstName', surname: 'lastName', groups: 'groups' },
  custom: { email: 'email', firstName: 'firstName', surname: 'lastName', groups: 'groups' },
};

/**
 * AuthnContext class references (and Entra ID's authentication-method values) that say the person
 * passed more than one factor: with "trust the provider's MFA", such an assertion counts as a second step.
 */
export const SAML_MFA_CONTEXTS = [
  'https://refeds.org/profile/mfa',
  'http://schemas.microsoft.com/claims/multipleauthn',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
] as const;

/** How the SAML form names each preset's IdP. */
export const SAML_PRESET_LABELS: Record<ConnectionPreset, string> = {
  entra: 'Microsoft Entra ID (SAML)',
  google: 'Google Workspace (SAML)',
  okta: 'Okta (SAML)',
  custom: 'Other SAML 2.0 identity provider',
};
