/**
 * The SAML 2.0 protocol of Gatehouse as an identity provider: reading an AuthnRequest (HTTP-Redirect or
 * HTTP-POST binding) within size limits, refusing DTDs and entity declarations, checking its signature
 * with the service provider's certificate (xml-crypto for an enveloped signature; the Redirect binding's
 * signature over the query, with node:crypto), and writing the Response: built as a DOM with
 * @xmldom/xmldom (no text of anyone's is pasted into XML), signed by xml-crypto with RSA-SHA256 and
 * exclusive canonicalisation, and encrypted by xml-encryption where the application asks. No
 * canonicalisation, signature or encryption code of our own.
 */
import { randomBytes, verify, X509Certificate } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';

import { NAME_ID_FORMATS, type NameIdFormat, SAML_APP_LIMITS, SAML_BINDINGS } from '@gatehouse/common/saml-apps';
import { DOMImplementation, XMLSerializer } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { encrypt } from 'xml-encryption';

import { appendElement, childrenNS, declaresDtd, parseXml, SAML_NS, SAML_URN, XMLDSIG } from '../saml/xml.ts';
import type { RequestedContext } from './authn-context.ts';
import { toPem } from './certificates.ts';

const { protocol: PROTOCOL, assertion: ASSERTION, dsig: DS } = SAML_NS;
/** Signature algorithms a request may be signed with: SHA-256 or stronger. */
const REQUEST_SIG_ALGS: Record<string, string> = {
  [XMLDSIG.rsaSha256]: 'sha256',
  [XMLDSIG.rsaSha512]: 'sha512',
};

/** Why a request is refused before anything is answered to the application. */
export class SamlRequestError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

/** What every SAML protocol message has (SAML core 3.2.1, 3.2.2). */
export interface SamlMessage {
  id: string;
  issuer: string;
  /** IssueInstant in ms; NaN when missing or not a date. */
  issuedAt: number;
  destination: string | null;
  /** The XML as received, for checking an enveloped signature. */
  xml: string;
  root: Element;
}

export interface AuthnRequest extends SamlMessage {
  acsUrl: string | null;
  acsIndex: number | null;
  forceAuthn: boolean;
  isPassive: boolean;
  requestedContexts: RequestedContext | null;
}

/**
 * A SAMLRequest (or SAMLResponse) as the binding sent it: HTTP-Redirect deflates it, HTTP-POST does not,
 * though some service providers (node-saml among them) deflate it there too: a posted one that is no XML is inflated.
 */
export function decodeMessage(samlRequest: string, binding: 'redirect' | 'post'): string {
  if (samlRequest.length > SAML_APP_LIMITS.requestEncodedMax) throw new SamlRequestError('the request is too large');
  const bytes = Buffer.from(samlRequest, 'base64');
  const plain = binding === 'post' && bytes.toString('utf8').trimStart().startsWith('<');
  let xml: string;
  try {
    xml = (plain ? bytes : inflateRawSync(bytes, { maxOutputLength: SAML_APP_LIMITS.requestXmlMax })).toString('utf8');
  } catch {
    throw new SamlRequestError('the request cannot be decoded or is too large');
  }
  if (xml.length > SAML_APP_LIMITS.requestXmlMax) throw new SamlRequestError('the request is too large');
  return xml;
}

export const textOf = (element: Element | undefined) => element?.textContent?.trim() ?? '';

/**
 * Reads a protocol message of the kind expected (its root's name); refuses DTDs (entity declarations
 * among them), other documents and missing parts.
 */
export function readMessage(xml: string, kind: 'AuthnRequest' | 'LogoutRequest' | 'LogoutResponse'): SamlMessage {
  // No DTD is ever needed in SAML; refusing it refuses entity expansion of every kind.
  if (declaresDtd(xml)) throw new SamlRequestError('the request declares a DTD or an entity');
  const doc = parseXml(xml);
  const root = doc?.documentElement;
  if (!doc || !root || doc.doctype) throw new SamlRequestError('the request is not well-formed XML');
  if (root.namespaceURI !== PROTOCOL || root.localName !== kind) throw new SamlRequestError(`the request is no ${kind}`);
  const id = root.getAttribute('ID') ?? '';
  if (!/^[A-Za-z_][\w.-]{0,255}$/.test(id) || root.getAttribute('Version') !== '2.0')
    throw new SamlRequestError('the request has no usable ID or version');
  const issuer = textOf(childrenNS(root, ASSERTION, 'Issuer')[0]);
  if (!issuer) throw new SamlRequestError('the request names no issuer');
  return {
    id,
    issuer,
    issuedAt: Date.parse(root.getAttribute('IssueInstant') ?? ''),
    destination: root.getAttribute('Destination') || null,
    xml,
    root,
  };
}

/** Reads an AuthnRequest (readMessage's checks, then its own parts). */
export function readAuthnRequest(xml: string): AuthnRequest {
  const message = readMessage(xml, 'AuthnRequest');
  const { root } = message;
  const index = root.getAttribute('AssertionConsumerServiceIndex');
  const requested = childrenNS(root, PROTOCOL, 'RequestedAuthnContext')[0];
  return {
    ...message,
    acsUrl: root.getAttribute('AssertionConsumerServiceURL') || null,
    acsIndex: index && /^\d{1,5}$/.test(index) ? Number(index) : null,
    forceAuthn: root.getAttribute('ForceAuthn') === 'true' || root.getAttribute('ForceAuthn') === '1',
    isPassive: root.getAttribute('IsPassive') === 'true' || root.getAttribute('IsPassive') === '1',
    requestedContexts: requested
      ? {
          comparison: requested.getAttribute('Comparison') || 'exact',
          classes: childrenNS(requested, ASSERTION, 'AuthnContextClassRef').map((e) => textOf(e)),
        }
      : null,
  };
}

export function hasEnvelopedSignature(request: SamlMessage): boolean {
  return childrenNS(request.root, DS, 'Signature').length > 0;
}

/** An enveloped signature over the whole message, by the application's certificate, with SHA-256 or stronger. */
export function checkEnvelopedSignature(request: SamlMessage, certificateB64: string): boolean {
  const signature = childrenNS(request.root, DS, 'Signature')[0];
  if (!signature) return false;
  const signed = new SignedXml({ publicCert: toPem('CERTIFICATE', certificateB64), getCertFromKeyInfo: () => null });
  try {
    signed.loadSignature(signature);
    if (!signed.signatureAlgorithm || !(signed.signatureAlgorithm in REQUEST_SIG_ALGS)) return false;
    const references = signed.getReferences();
    if (references.length !== 1 || references[0]!.uri !== `#${request.id}`) return false;
    return signed.checkSignature(request.xml);
  } catch {
    return false;
  }
}

/**
 * The HTTP-Redirect binding's signature (SAML bindings 3.4.4.1): over `SAMLRequest=..&RelayState=..&SigAlg=..`
 * (or SAMLResponse) exactly as they were encoded in the query.
 */
export function checkRedirectSignature(rawQuery: string, certificateB64: string): boolean {
  const parts = new Map<string, string>();
  for (const pair of rawQuery.split('&')) {
    const at = pair.indexOf('=');
    if (at > 0) parts.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const sigAlg = parts.has('SigAlg') ? decodeURIComponent(parts.get('SigAlg')!) : '';
  const signature = parts.get('Signature');
  const hash = REQUEST_SIG_ALGS[sigAlg];
  const message = parts.has('SAMLRequest') ? 'SAMLRequest' : 'SAMLResponse';
  if (!hash || !signature || !parts.has(message)) return false;
  const signedText = [message, 'RelayState', 'SigAlg']
    .filter((name) => parts.has(name))
    .map((name) => `${name}=${parts.get(name)}`)
    .join('&');
  try {
    const key = new X509Certificate(Buffer.from(certificateB64, 'base64')).publicKey;
    return verify(hash, Buffer.from(signedText), key, Buffer.from(decodeURIComponent(signature), 'base64'));
  } catch {
    return false;
  }
}

export const newSamlId = () => `_${randomBytes(20).toString('hex')}`;

export interface ResponseInput {
  issuer: string;
  destination: string;
  inResponseTo: string | null;
  audience: string;
  now: number;
  /** Second-level status (NoPassive, NoAuthnContext, RequestDenied) for a refusal; null: success. */
  failure: { top: 'Requester' | 'Responder'; second: 'NoPassive' | 'NoAuthnContext' | 'RequestDenied' } | null;
  subject?: {
    nameId: string;
    format: NameIdFormat;
    sessionIndex: string;
    authnInstant: number;
    /** The AuthnContextClassRef: what the sign-in proved, in the class the application asked for. */
    authnContext: string;
    /** Several values (the person's groups) are one attribute with a value each. */
    attributes: { name: string; value: string | readonly string[] }[];
  };
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The Response (with its assertion when the sign-in succeeded), unsigned. */
export function buildResponse(input: ResponseInput): Document {
  const doc = new DOMImplementation().createDocument(PROTOCOL, 'samlp:Response', null);
  const response = doc.documentElement!;
  response.setAttribute('xmlns:saml', ASSERTION);
  const el = (parent: Element, ns: string, name: string, attributes: Record<string, string> = {}, text?: string) =>
    appendElement(doc, parent, ns, name, attributes, text);
  response.setAttribute('ID', newSamlId());
  response.setAttribute('Version', '2.0');
  response.setAttribute('IssueInstant', iso(input.now));
  response.setAttribute('Destination', input.destination);
  if (input.inResponseTo) response.setAttribute('InResponseTo', input.inResponseTo);
  el(response, ASSERTION, 'saml:Issuer', {}, input.issuer);
  const status = el(response, PROTOCOL, 'samlp:Status');
  const code = el(status, PROTOCOL, 'samlp:StatusCode', {
    Value: `urn:oasis:names:tc:SAML:2.0:status:${input.failure ? input.failure.top : 'Success'}`,
  });
  if (input.failure) el(code, PROTOCOL, 'samlp:StatusCode', { Value: SAML_URN.status(input.failure.second) });
  const subject = input.subject;
  if (input.failure || !subject) return doc;

  const until = iso(input.now + SAML_APP_LIMITS.assertionMinutes * 60_000);
  const assertion = el(response, ASSERTION, 'saml:Assertion', { ID: newSamlId(), Version: '2.0', IssueInstant: iso(input.now) });
  el(assertion, ASSERTION, 'saml:Issuer', {}, input.issuer);
  const subjectEl = el(assertion, ASSERTION, 'saml:Subject');
  el(subjectEl, ASSERTION, 'saml:NameID', { Format: NAME_ID_FORMATS[subject.format] }, subject.nameId);
  const confirmation = el(subjectEl, ASSERTION, 'saml:SubjectConfirmation', { Method: SAML_URN.bearer });
  el(confirmation, ASSERTION, 'saml:SubjectConfirmationData', {
    ...(input.inResponseTo ? { InResponseTo: input.inResponseTo } : {}),
    NotOnOrAfter: until,
    Recipient: input.destination,
  });
  const conditions = el(assertion, ASSERTION, 'saml:Conditions', {
    NotBefore: iso(input.now - SAML_APP_LIMITS.clockSkewMs),
    NotOnOrAfter: until,
  });
  el(el(conditions, ASSERTION, 'saml:AudienceRestriction'), ASSERTION, 'saml:Audience', {}, input.audience);
  const statement = el(assertion, ASSERTION, 'saml:AuthnStatement', {
    AuthnInstant: iso(subject.authnInstant),
    SessionIndex: subject.sessionIndex,
    SessionNotOnOrAfter: iso(input.now + 8 * 3600_000),
  });
  el(el(statement, ASSERTION, 'saml:AuthnContext'), ASSERTION, 'saml:AuthnContextClassRef', {}, subject.authnContext);
  if (subject.attributes.length > 0) {
    const attributes = el(assertion, ASSERTION, 'saml:AttributeStatement');
    for (const { name, value } of subject.attributes) {
      const attribute = el(attributes, ASSERTION, 'saml:Attribute', {
        Name: name,
        NameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
      });
      for (const one of typeof value === 'string' ? [value] : value) el(attribute, ASSERTION, 'saml:AttributeValue', {}, one);
    }
  }
  return doc;
}

export interface SigningKey {
  privateKeyPem: string;
  certificate: string;
}

/** Signs the root element (or the Response's Assertion) of the document, enveloped after its Issuer; answers the signed XML. */
export function signElement(
  xml: string,
  localName: 'Assertion' | 'Response' | 'LogoutRequest' | 'LogoutResponse',
  key: SigningKey,
): string {
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: toPem('CERTIFICATE', key.certificate),
    signatureAlgorithm: XMLDSIG.rsaSha256,
    canonicalizationAlgorithm: XMLDSIG.excC14n,
  });
  const path = localName === 'Assertion' ? "/*[local-name(.)='Response']/*[local-name(.)='Assertion']" : `/*[local-name(.)='${localName}']`;
  signer.addReference({ xpath: path, transforms: [XMLDSIG.enveloped, XMLDSIG.excC14n], digestAlgorithm: XMLDSIG.sha256 });
  signer.computeSignature(xml, { prefix: 'ds', location: { reference: `${path}/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

/** Replaces the (signed) assertion by its encryption to the application's certificate (xml-encryption: AES-256-GCM, RSA-OAEP). */
async function encryptAssertion(xml: string, certificateB64: string): Promise<string> {
  const doc = parseXml(xml)!;
  const assertion = doc.getElementsByTagNameNS(ASSERTION, 'Assertion')[0]!;
  const pem = toPem('CERTIFICATE', certificateB64);
  const encrypted = await new Promise<string>((resolve, reject) =>
    encrypt(
      new XMLSerializer().serializeToString(assertion),
      {
        rsa_pub: pem,
        pem,
        encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
        keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
        disallowEncryptionWithInsecureAlgorithm: true,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  const wrapper = doc.createElementNS(ASSERTION, 'saml:EncryptedAssertion');
  wrapper.appendChild(doc.importNode(parseXml(encrypted)!.documentElement!, true));
  assertion.parentNode!.replaceChild(wrapper, assertion);
  return new XMLSerializer().serializeToString(doc);
}

/**
 * The Response as it is posted: signed as the application asked (the assertion, the Response, or both),
 * the assertion encrypted to `encryptTo` when given (after its signature; the Response's signature, last, covers it).
 */
export async function signedResponse(
  doc: Document,
  signing: 'assertion' | 'response' | 'both',
  key: SigningKey,
  encryptTo: string | null = null,
): Promise<string> {
  let xml = new XMLSerializer().serializeToString(doc);
  const hasAssertion = doc.getElementsByTagNameNS(ASSERTION, 'Assertion').length > 0;
  if (hasAssertion && signing !== 'response') xml = signElement(xml, 'Assertion', key);
  if (hasAssertion && encryptTo) xml = await encryptAssertion(xml, encryptTo);
  // A refusal has no assertion: its Response is signed so the application can trust the status.
  if (signing !== 'assertion' || !hasAssertion) xml = signElement(xml, 'Response', key);
  return xml;
}

export { SAML_BINDINGS };
