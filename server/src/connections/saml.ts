/**
 * The SAML 2.0 side of a connection: Gatehouse is the service provider, with @node-saml/node-saml doing
 * every XML step that matters (the AuthnRequest, our SP metadata, and the answer's checks: the
 * signature of the assertion against the IdP's certificates, its audience, NotBefore/NotOnOrAfter,
 * InResponseTo). What node-saml leaves to its caller is checked here: the Response's Destination, when
 * it names one, is our ACS URL; on the assertion it verified, the issuer is the IdP's entityID, a bearer
 * confirmation names our ACS URL as its Recipient, this browser's request as its InResponseTo and an
 * expiry; and the assertion's ID was never accepted before (replay). The IdP's metadata and the
 * Response's own attributes are read with @xmldom/xmldom (the DOM parser node-saml itself uses).
 */
import { X509Certificate } from 'node:crypto';

import { CONNECTION_LIMITS } from '@gatehouse/common/policy';
import { SAML_LIMITS, SAML_MFA_CONTEXTS, samlAcsPath, samlMetadataPath } from '@gatehouse/common/saml-connections';
import type { SamlDetails } from '@gatehouse/common/schemas/saml-details';
import { type CacheProvider, generateServiceProviderMetadata, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';

import { MINUTE } from '../clock.ts';
import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { SamlConnectionRow, SignInConnectionRow } from '../db/schema.ts';
import { parseXml, SAML_NS, SAML_URN } from '../saml/xml.ts';
import { upstreamMfa } from '../sessions/amr.ts';
import { guardedFetch, outboundLimits } from './outbound.ts';

const { metadata: MD, protocol: PROTOCOL, dsig: DS } = SAML_NS;
const { httpRedirect: HTTP_REDIRECT, bearer: BEARER, transient: TRANSIENT, emailFormat: EMAIL_FORMAT } = SAML_URN;

/** What Gatehouse needs from the IdP's metadata. */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** Base64 DER, as the metadata carries them. */
  certificates: string[];
}

/** Our entityID (the address of our metadata) and ACS URL, on the organisation's own origin. */
export const spEntityId = (ctx: AppContext, hostname: string, connectionId: string) =>
  `${originFor(ctx.config, hostname)}${samlMetadataPath(connectionId)}`;
export const spAcsUrl = (ctx: AppContext, hostname: string, connectionId: string) =>
  `${originFor(ctx.config, hostname)}${samlAcsPath(connectionId)}`;

function usableUrl(value: string | null): boolean {
  const url = value ? URL.parse(value) : null;
  if (!url || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1');
}

/** The IdP's entityID, sign-in URL (HTTP-Redirect binding) and signing certificates; null when the document has none of them. */
export function readIdpMetadata(xml: string): IdpMetadata | null {
  const doc = parseXml(xml);
  if (!doc) return null;
  for (const entity of Array.from(doc.getElementsByTagNameNS(MD, 'EntityDescriptor'))) {
    const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
    if (!idp) continue;
    const entityId = entity.getAttribute('entityID')?.trim() ?? '';
    const ssoUrl =
      Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'))
        .find((e) => e.getAttribute('Binding') === HTTP_REDIRECT)
        ?.getAttribute('Location')
        ?.trim() ?? null;
    const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
      .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
      .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')).map((c) => (c.textContent ?? '').replace(/\s+/g, '')))
      .filter((b64, i, all) => all.indexOf(b64) === i && certificateOf(b64) !== null);
    if (entityId && entityId.length <= CONNECTION_LIMITS.urlMax && usableUrl(ssoUrl) && certificates.length > 0)
      return { entityId, ssoUrl: ssoUrl!, certificates };
  }
  return null;
}

function certificateOf(b64: string): X509Certificate | null {
  try {
    return new X509Certificate(Buffer.from(b64, 'base64'));
  } catch {
    return null;
  }
}

/** Reads SAML metadata (an IdP's or a service provider's) from its address through the outbound guard (time, size, address rules). */
export async function fetchSamlMetadata(ctx: AppContext, url: string): Promise<string> {
  const response = await guardedFetch(outboundLimits(ctx.config.webhooksAllowPrivate))(url, {
    method: 'GET',
    headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    body: undefined,
    redirect: 'manual',
  } as Parameters<ReturnType<typeof guardedFetch>>[1]);
  if (response.status !== 200) throw new Error(`the metadata address answered ${response.status}`);
  return response.text();
}

/** What a SAML connection shows its admin. */
export function samlDetails(ctx: AppContext, hostname: string, saml: SamlConnectionRow, idpEntityId: string): SamlDetails {
  const certificates = (JSON.parse(saml.idp_certificates) as string[]).flatMap((b64) => {
    const cert = certificateOf(b64);
    return cert
      ? [{ subject: cert.subject.replace(/\n/g, ', '), notAfter: new Date(cert.validTo).toISOString(), fingerprint: cert.fingerprint256 }]
      : [];
  });
  return {
    entityId: spEntityId(ctx, hostname, saml.connection_id),
    acsUrl: spAcsUrl(ctx, hostname, saml.connection_id),
    metadataUrl: spEntityId(ctx, hostname, saml.connection_id),
    idpMetadataUrl: saml.metadata_url,
    idpEntityId,
    ssoUrl: saml.sso_url,
    certificates,
    metadataReadAt: saml.metadata_read_at,
  };
}

/**
 * The one request ID this browser's flow may be answered for: node-saml asks its cache for the
 * InResponseTo it reads, and only this answers (the flow row itself was taken once, by the cookie).
 */
function boundTo(requestId: string | null, onSave: (id: string) => void): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      onSave(key);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (requestId !== null && key === requestId ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
}

function serviceProvider(ctx: AppContext, hostname: string, row: SignInConnectionRow, saml: SamlConnectionRow, cache: CacheProvider) {
  return new SAML({
    issuer: spEntityId(ctx, hostname, row.id),
    audience: spEntityId(ctx, hostname, row.id),
    callbackUrl: spAcsUrl(ctx, hostname, row.id),
    entryPoint: saml.sso_url,
    idpCert: JSON.parse(saml.idp_certificates) as string[],
    idpIssuer: row.issuer,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: CONNECTION_LIMITS.flowMinutes * MINUTE,
    acceptedClockSkewMs: SAML_LIMITS.clockSkewMs,
    cacheProvider: cache,
    // The IdP's configured NameID format and however the person signs in there (MFA included).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/** Our SP metadata for the IdP to import. */
export function serviceProviderMetadata(ctx: AppContext, hostname: string, connectionId: string): string {
  return generateServiceProviderMetadata({
    issuer: spEntityId(ctx, hostname, connectionId),
    callbackUrl: spAcsUrl(ctx, hostname, connectionId),
    wantAssertionsSigned: true,
    identifierFormat: null,
  });
}

/** The address of the IdP's sign-in with a fresh AuthnRequest, and that request's ID (kept in the browser's flow). */
export async function samlAuthorizationRequest(
  ctx: AppContext,
  hostname: string,
  row: SignInConnectionRow,
  saml: SamlConnectionRow,
): Promise<{ url: string; requestId: string }> {
  let requestId: string | null = null;
  const sp = serviceProvider(
    ctx,
    hostname,
    row,
    saml,
    boundTo(null, (id) => (requestId = id)),
  );
  const url = await sp.getAuthorizeUrlAsync('', undefined, {});
  if (requestId === null) throw new Error('node-saml made no request ID');
  return { url, requestId };
}

/**
 * What a posted SAMLResponse's own element says, read before anything is verified (the IdP may sign
 * only the assertion): the request it answers and where it was sent. Null when it is no SAML Response.
 */
export function readResponseEnvelope(samlResponse: string): { inResponseTo: string | null; destination: string | null } | null {
  const root = parseXml(Buffer.from(samlResponse, 'base64').toString('utf8'))?.documentElement;
  if (!root || root.namespaceURI !== PROTOCOL || root.localName !== 'Response') return null;
  return {
    inResponseTo: root.getAttribute('InResponseTo') || null,
    destination: root.hasAttribute('Destination') ? root.getAttribute('Destination') : null,
  };
}

/** The IdP's answer did not hold (signature, audience, times, recipient, InResponseTo, replay). */
export class SamlRejectedError extends Error {}

type Xml = Record<string, unknown>;
const list = (value: unknown): Xml[] => (Array.isArray(value) ? (value as Xml[]) : []);
const attr = (node: Xml | undefined, name: string): string | undefined => {
  const value = (node?.$ as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};
const text = (node: unknown): string | undefined => {
  const value = typeof node === 'object' && node !== null ? (node as Xml)._ : node;
  return typeof value === 'string' ? value.trim() : undefined;
};

/** The verified answer: the person's claims as sign-in.ts reads them, the assertion's ID and until when it may be replayed. */
export interface SamlIdentity {
  claims: Record<string, unknown>;
  assertionId: string;
  expiresAt: number;
}

/** Validates a posted SAMLResponse for the flow that sent request `requestId`. */
export async function validateSamlResponse(
  ctx: AppContext,
  hostname: string,
  row: SignInConnectionRow,
  saml: SamlConnectionRow,
  mapping: { email: string },
  input: { samlResponse: string; requestId: string },
): Promise<SamlIdentity> {
  const sp = serviceProvider(
    ctx,
    hostname,
    row,
    saml,
    boundTo(input.requestId, () => undefined),
  );
  const acs = spAcsUrl(ctx, hostname, row.id);
  // node-saml reads no Destination; when the Response names one (signed or not), it must be our ACS URL.
  const envelope = readResponseEnvelope(input.samlResponse);
  if (!envelope) throw new SamlRejectedError('no SAML Response');
  if (envelope.destination !== null && envelope.destination !== acs)
    throw new SamlRejectedError(`the Response was sent to ${envelope.destination}, not to our ACS URL`);
  let profile: Profile | null;
  try {
    ({ profile } = await sp.validatePostResponseAsync({ SAMLResponse: input.samlResponse }));
  } catch (error) {
    throw new SamlRejectedError('node-saml refused the answer', { cause: error });
  }
  if (!profile?.getAssertion) throw new SamlRejectedError('no assertion');
  if (profile.issuer !== row.issuer) throw new SamlRejectedError(`the assertion's issuer is not ${row.issuer}`);
  const assertion = profile.getAssertion().Assertion as Xml;
  const assertionId = attr(assertion, 'ID');
  if (!assertionId) throw new SamlRejectedError('the assertion has no ID');
  const now = Date.now();
  const confirmation = list(list(assertion.Subject)[0]?.SubjectConfirmation)
    .filter((c) => attr(c, 'Method') === BEARER)
    .map((c) => list(c.SubjectConfirmationData)[0])
    .find((data) => {
      const until = Date.parse(attr(data, 'NotOnOrAfter') ?? '');
      return attr(data, 'Recipient') === acs && attr(data, 'InResponseTo') === input.requestId && until + SAML_LIMITS.clockSkewMs > now;
    });
  if (!confirmation) throw new SamlRejectedError('no bearer confirmation for our ACS URL, this request and a time still to come');
  const nameId = profile.nameID;
  if (!nameId || profile.nameIDFormat === TRANSIENT) throw new SamlRejectedError('no lasting NameID');

  const conditionsUntil = Date.parse(attr(list(assertion.Conditions)[0], 'NotOnOrAfter') ?? '');
  const until = Math.max(Date.parse(attr(confirmation, 'NotOnOrAfter')!), Number.isNaN(conditionsUntil) ? 0 : conditionsUntil);
  const expiresAt = Math.min(Math.max(until, now + SAML_LIMITS.replayMinMinutes * MINUTE), now + SAML_LIMITS.replayMaxMinutes * MINUTE);

  const claims: Record<string, unknown> = {};
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(attributes)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') claims[name] = first;
  }
  if (typeof claims[mapping.email] !== 'string' && profile.nameIDFormat === EMAIL_FORMAT) claims[mapping.email] = nameId;
  const contexts = [
    ...list(assertion.AuthnStatement).flatMap((s) => list(s.AuthnContext).flatMap((c) => list(c.AuthnContextClassRef).map(text))),
    // Entra ID says how the person signed in as an attribute.
    ...[attributes['http://schemas.microsoft.com/claims/authnmethodsreferences']].flat(),
  ].filter((v): v is string => typeof v === 'string');
  const mfa = contexts.some((c) => (SAML_MFA_CONTEXTS as readonly string[]).includes(c));
  // A signed assertion is the IdP's word for the person's email, within the domains the admin trusts it for.
  return { claims: { ...claims, sub: nameId, email_verified: true, amr: upstreamMfa(mfa) }, assertionId, expiresAt };
}
