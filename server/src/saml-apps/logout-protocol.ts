/**
 * Single logout's messages (SAML core 3.7, profiles 4.4): reading a LogoutRequest or LogoutResponse an
 * application sent (the checks of every message, protocol.ts `readMessage`), and writing Gatehouse's own
 * as DOMs, signed enveloped by xml-crypto (RSA-SHA256, exclusive canonicalisation) like the Response.
 */
import { NAME_ID_FORMATS, type NameIdFormat } from '@gatehouse/common/saml-apps';
import { DOMImplementation, XMLSerializer } from '@xmldom/xmldom';

import { appendElement, childrenNS, SAML_NS, SAML_URN } from '../saml/xml.ts';
import { iso, readMessage, type SamlMessage, signElement, type SigningKey, textOf } from './protocol.ts';

const { protocol: PROTOCOL, assertion: ASSERTION } = SAML_NS;

export interface LogoutRequest extends SamlMessage {
  nameId: string;
  sessionIndexes: string[];
}

export interface LogoutResponse extends SamlMessage {
  inResponseTo: string | null;
  success: boolean;
}

export function readLogoutRequest(xml: string): LogoutRequest {
  const message = readMessage(xml, 'LogoutRequest');
  return {
    ...message,
    nameId: textOf(childrenNS(message.root, ASSERTION, 'NameID')[0]),
    sessionIndexes: childrenNS(message.root, PROTOCOL, 'SessionIndex').map((e) => textOf(e)),
  };
}

export function readLogoutResponse(xml: string): LogoutResponse {
  const message = readMessage(xml, 'LogoutResponse');
  const status = childrenNS(message.root, PROTOCOL, 'Status')[0];
  const code = status ? childrenNS(status, PROTOCOL, 'StatusCode')[0] : undefined;
  return {
    ...message,
    inResponseTo: message.root.getAttribute('InResponseTo') || null,
    success: code?.getAttribute('Value') === SAML_URN.status('Success'),
  };
}

function messageDocument(kind: 'LogoutRequest' | 'LogoutResponse', id: string, issuer: string, destination: string, now: number) {
  const doc = new DOMImplementation().createDocument(PROTOCOL, `samlp:${kind}`, null);
  const root = doc.documentElement!;
  root.setAttribute('xmlns:saml', ASSERTION);
  root.setAttribute('ID', id);
  root.setAttribute('Version', '2.0');
  root.setAttribute('IssueInstant', iso(now));
  root.setAttribute('Destination', destination);
  return { doc, root };
}

const serialise = (doc: Document) => new XMLSerializer().serializeToString(doc);

/** The signed LogoutResponse to an application's LogoutRequest: Success, or PartialLogout when the session was not found. */
export function signedLogoutResponse(
  input: { id: string; issuer: string; destination: string; inResponseTo: string; now: number; partial: boolean },
  key: SigningKey,
): string {
  const { doc, root } = messageDocument('LogoutResponse', input.id, input.issuer, input.destination, input.now);
  root.setAttribute('InResponseTo', input.inResponseTo);
  appendElement(doc, root, ASSERTION, 'saml:Issuer', {}, input.issuer);
  const status = appendElement(doc, root, PROTOCOL, 'samlp:Status');
  const code = appendElement(doc, status, PROTOCOL, 'samlp:StatusCode', { Value: SAML_URN.status('Success') });
  if (input.partial) appendElement(doc, code, PROTOCOL, 'samlp:StatusCode', { Value: SAML_URN.status('PartialLogout') });
  return signElement(serialise(doc), 'LogoutResponse', key);
}

/** The signed LogoutRequest Gatehouse sends an application when the person signs out of Gatehouse. */
export function signedLogoutRequest(
  input: { id: string; issuer: string; destination: string; now: number; nameId: string; format: NameIdFormat; sessionIndex: string },
  key: SigningKey,
): string {
  const { doc, root } = messageDocument('LogoutRequest', input.id, input.issuer, input.destination, input.now);
  appendElement(doc, root, ASSERTION, 'saml:Issuer', {}, input.issuer);
  appendElement(doc, root, ASSERTION, 'saml:NameID', { Format: NAME_ID_FORMATS[input.format] }, input.nameId);
  appendElement(doc, root, PROTOCOL, 'samlp:SessionIndex', {}, input.sessionIndex);
  return signElement(serialise(doc), 'LogoutRequest', key);
}
