/** A test playing a SAML service provider: node-saml set up against Gatehouse, and what it reads of Gatehouse's pages. */
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import { generateServiceProviderMetadata, SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';

import type { TestServer } from './harness.ts';
import type { TestClient } from './http-client.ts';
import { testKeyPair } from './saml-idp.ts';

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The fields of the auto-posting form page Gatehouse answered (a Response, LogoutRequest or LogoutResponse), with where it posts. */
export function postedForm(body: string) {
  const value = (name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`)
      .exec(body)?.[1]
      ?.replace(/&#39;|&quot;|&amp;/g, (e) => ({ '&#39;': "'", '&quot;': '"', '&amp;': '&' })[e]!);
  return {
    action: /action="([^"]*)"/.exec(body)?.[1],
    SAMLRequest: value('SAMLRequest'),
    SAMLResponse: value('SAMLResponse'),
    RelayState: value('RelayState'),
  };
}

/** The IdP's signing certificate as PEM, read from its metadata (the first: the one that signs now). */
export function idpCertificateOf(metadata: string): string {
  const b64 = /<ds:X509Certificate>([^<]+)</.exec(metadata)![1]!;
  return `-----BEGIN CERTIFICATE-----\n${b64.replace(/(.{64})/g, '$1\n').trim()}\n-----END CERTIFICATE-----\n`;
}

/** A service provider as the tests register it: its entity ID, ACS URL, single logout URL (if any) and key pair. */
export interface TestSp {
  entityID: string;
  acs: string;
  slo: string | undefined;
  key: string;
  certificate: string;
}

/** A service provider's addresses under `origin` (its own made-up host), with a fresh key pair. */
export async function newTestSp(origin: string, options: { slo?: boolean } = {}): Promise<TestSp> {
  const [key, certificate] = await testKeyPair(`CN=${new URL(origin).hostname}`);
  return {
    entityID: `${origin}/saml/metadata`,
    acs: `${origin}/saml/acs`,
    slo: options.slo ? `${origin}/saml/slo` : undefined,
    key,
    certificate,
  };
}

/**
 * Registers `sp` as a SAML application of the admin's organisation from node-saml's own metadata,
 * its signing certificate given (so its requests must be signed); the application's id.
 */
export async function registerTestSp(admin: TestClient, name: string, sp: TestSp, settings: Record<string, unknown> = {}): Promise<string> {
  const metadata = generateServiceProviderMetadata({
    issuer: sp.entityID,
    callbackUrl: sp.acs,
    ...(sp.slo ? { logoutCallbackUrl: sp.slo } : {}),
    publicCerts: sp.certificate,
    wantAssertionsSigned: true,
    identifierFormat: EMAIL_FORMAT,
  });
  const created = await admin.post('/api/samlapps', {
    json: { name, metadataXML: metadata, settings: { signingCertificate: sp.certificate, ...settings } },
  });
  if (created.status !== 201) throw new Error(`registering ${name}: ${created.status} ${created.text}`);
  return created.json<{ id: string }>().id;
}

/** node-saml playing `sp` against the organisation at `idp` (its origin and signing certificate). */
export function nodeSamlSp(idp: { origin: string; certificate: string }, sp: TestSp, options: Partial<SamlConfig> = {}): SAML {
  return new SAML({
    entryPoint: `${idp.origin}${SAML_IDP_PATHS.sso}`,
    ...(sp.slo ? { logoutUrl: `${idp.origin}${SAML_IDP_PATHS.slo}`, logoutCallbackUrl: sp.slo } : {}),
    issuer: sp.entityID,
    callbackUrl: sp.acs,
    audience: sp.entityID,
    idpCert: idp.certificate,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    identifierFormat: EMAIL_FORMAT,
    ...options,
  });
}

/** The organisation's IdP signing certificate, read from its metadata. */
export async function idpCertificate(server: TestServer, organisation: string): Promise<string> {
  return idpCertificateOf((await server.client(organisation).get(SAML_IDP_PATHS.metadata)).text);
}

/** The details of the organisation's audit events of one type, oldest first. */
export async function auditDetails(server: TestServer, organisationId: string, type: string): Promise<Record<string, unknown>[]> {
  const rows = await server.ctx.db.kysely
    .selectFrom('audit_events')
    .select(['details'])
    .where('organisation_id', '=', organisationId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map((r) => JSON.parse(r.details) as Record<string, unknown>);
}
