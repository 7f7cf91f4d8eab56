/**
 * Metadata both ways: the service provider's, read into an application's settings (pasted, or fetched
 * under the outbound guard webhooks and connections use), and the organisation's identity provider
 * metadata, built as a DOM with its signing certificates (the next key's too, before it signs).
 */
import { X509Certificate } from 'node:crypto';

import { NAME_ID_FORMATS, type NameIdFormat, SAML_BINDINGS, SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { SamlSettingsInput } from '@gatehouse/common/schemas/saml-apps';
import { DOMImplementation, XMLSerializer } from '@xmldom/xmldom';

import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { appendElement, declaresDtd, parseXml, SAML_NS } from '../saml/xml.ts';

const { metadata: MD, dsig: DS } = SAML_NS;

/** The identity provider's addresses on the organisation's origin; the metadata's address is its entity ID. */
export function idpAddresses(ctx: AppContext, hostname: string) {
  const origin = originFor(ctx.config, hostname);
  return {
    entityID: `${origin}${SAML_IDP_PATHS.metadata}`,
    metadataURL: `${origin}${SAML_IDP_PATHS.metadata}`,
    ssoURL: `${origin}${SAML_IDP_PATHS.sso}`,
    sloURL: `${origin}${SAML_IDP_PATHS.slo}`,
  };
}

/** A certificate as pasted (PEM or base64 DER) as base64 DER, or null when it is none. */
export function certificateB64(value: string): string | null {
  const b64 = value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  try {
    new X509Certificate(Buffer.from(b64, 'base64'));
    return b64;
  } catch {
    return null;
  }
}

/** What an SP's metadata says of the settings; null when the document holds no SPSSODescriptor. */
export function readSpMetadata(xml: string): Partial<SamlSettingsInput> | null {
  if (declaresDtd(xml)) return null;
  const doc = parseXml(xml);
  if (!doc || doc.doctype) return null;
  for (const entity of Array.from(doc.getElementsByTagNameNS(MD, 'EntityDescriptor'))) {
    const sp = entity.getElementsByTagNameNS(MD, 'SPSSODescriptor')[0];
    const entityID = entity.getAttribute('entityID')?.trim();
    if (!sp || !entityID) continue;
    const bindingKey = (binding: string | null) =>
      (Object.entries(SAML_BINDINGS).find(([, urn]) => urn === binding)?.[0] as keyof typeof SAML_BINDINGS | undefined) ?? null;
    const acs = Array.from(sp.getElementsByTagNameNS(MD, 'AssertionConsumerService')).flatMap((e, i) => {
      const binding = bindingKey(e.getAttribute('Binding'));
      const url = e.getAttribute('Location')?.trim();
      const index = Number(e.getAttribute('index') ?? i);
      return binding && url && Number.isInteger(index) ? [{ url, binding, index, isDefault: e.getAttribute('isDefault') === 'true' }] : [];
    });
    const slo = Array.from(sp.getElementsByTagNameNS(MD, 'SingleLogoutService')).find((e) => bindingKey(e.getAttribute('Binding')));
    const certificate = (use: 'signing' | 'encryption') =>
      Array.from(sp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
        .filter((k) => (k.getAttribute('use') ?? use) === use)
        .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')).map((c) => c.textContent ?? ''))
        .map(certificateB64)
        .find((c): c is string => c !== null);
    const formats = Array.from(sp.getElementsByTagNameNS(MD, 'NameIDFormat')).map((e) => e.textContent?.trim());
    const format = (Object.entries(NAME_ID_FORMATS) as [NameIdFormat, string][]).find(([, urn]) => formats.includes(urn))?.[0];
    const signing = certificate('signing');
    const encryption = certificate('encryption');
    return {
      entityID,
      assertionConsumerServices: acs,
      ...(slo?.getAttribute('Location') ? { singleLogoutURL: slo.getAttribute('Location')!.trim() } : {}),
      ...(signing ? { signingCertificate: signing } : {}),
      ...(encryption ? { encryptionCertificate: encryption } : {}),
      ...(sp.getAttribute('AuthnRequestsSigned') === 'true' && signing ? { requireSignedRequests: true } : {}),
      ...(format ? { nameIDFormat: format } : {}),
    };
  }
  return null;
}

/** The organisation's IdP metadata: entity ID, SSO and SLO for both bindings, and its signing certificates. */
export function idpMetadataXml(ctx: AppContext, hostname: string, certificates: readonly string[]): string {
  const addresses = idpAddresses(ctx, hostname);
  const doc = new DOMImplementation().createDocument(MD, 'md:EntityDescriptor', null);
  const root = doc.documentElement!;
  root.setAttribute('xmlns:ds', DS);
  root.setAttribute('entityID', addresses.entityID);
  const el = (parent: Element, ns: string, name: string, attributes: Record<string, string> = {}, text?: string) =>
    appendElement(doc, parent, ns, name, attributes, text);
  const idp = el(root, MD, 'md:IDPSSODescriptor', {
    WantAuthnRequestsSigned: 'false',
    protocolSupportEnumeration: 'urn:oasis:names:tc:SAML:2.0:protocol',
  });
  for (const cert of certificates) {
    const key = el(idp, MD, 'md:KeyDescriptor', { use: 'signing' });
    el(el(el(key, DS, 'ds:KeyInfo'), DS, 'ds:X509Data'), DS, 'ds:X509Certificate', {}, cert);
  }
  for (const binding of Object.values(SAML_BINDINGS))
    el(idp, MD, 'md:SingleLogoutService', { Binding: binding, Location: addresses.sloURL });
  for (const format of Object.values(NAME_ID_FORMATS)) el(idp, MD, 'md:NameIDFormat', {}, format);
  for (const binding of Object.values(SAML_BINDINGS))
    el(idp, MD, 'md:SingleSignOnService', { Binding: binding, Location: addresses.ssoURL });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}`;
}
