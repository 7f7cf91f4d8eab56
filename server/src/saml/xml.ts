/**
 * What both SAML sides share (connections/: Gatehouse as the service provider; saml-apps/: Gatehouse as
 * the identity provider): the namespace and algorithm URNs, the DOM parser that reports malformed XML
 * instead of guessing, and the one way a document is built element by element (no text of anyone's is
 * ever pasted into XML).
 */
import { DOMParser } from '@xmldom/xmldom';

export const SAML_NS = {
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

export const SAML_URN = {
  httpRedirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  bearer: 'urn:oasis:names:tc:SAML:2.0:cm:bearer',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  emailFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  unspecifiedContext: 'urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified',
  /** A status code's URN: `status('Success')`. */
  status: (code: string) => `urn:oasis:names:tc:SAML:2.0:status:${code}`,
} as const;

/** Signature algorithms: Gatehouse signs with RSA-SHA256 and exclusive canonicalisation. */
export const XMLDSIG = {
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  rsaSha512: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

/** The document, or null when it is not well-formed XML. */
export function parseXml(xml: string): ReturnType<DOMParser['parseFromString']> | null {
  const fail = (message: string) => {
    throw new Error(message);
  };
  try {
    return new DOMParser({ errorHandler: { warning: () => undefined, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml');
  } catch {
    return null;
  }
}

/** Refuses what SAML never needs: a DTD, and with it every entity declaration. */
export const declaresDtd = (xml: string) => /<!DOCTYPE|<!ENTITY/i.test(xml);

/** Appends an element (namespaced, with attributes and text) to `parent` of `doc`; answers the element. */
export function appendElement(
  doc: Document,
  parent: Element,
  ns: string,
  name: string,
  attributes: Record<string, string> = {},
  text?: string,
): Element {
  const child = doc.createElementNS(ns, name);
  for (const [key, value] of Object.entries(attributes)) child.setAttribute(key, value);
  if (text !== undefined) child.appendChild(doc.createTextNode(text));
  parent.appendChild(child);
  return child;
}

/** The element children of `parent` in namespace `ns` named `name`. */
export const childrenNS = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.childNodes as ArrayLike<Node>).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name,
  );
