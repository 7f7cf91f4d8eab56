/**
 * A SAML identity provider for tests: a generated RSA key with a self-signed certificate
 * (@peculiar/x509), its metadata, and answers whose assertions xml-crypto signs for real. Each answer
 * can be made wrong in one way (expired, another audience or recipient or request, unsigned) to show
 * that Gatehouse refuses it. It reads the AuthnRequest Gatehouse sent (the HTTP-Redirect binding's
 * deflated SAMLRequest) to answer it, as an IdP does.
 */
import { randomBytes, webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';

import * as x509 from '@peculiar/x509';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const toPem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END ${label}-----\n`;

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A generated RSA key with a self-signed certificate: PEM key, PEM certificate, base64 DER certificate. */
export async function testKeyPair(subject: string): Promise<[string, string, string]> {
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomBytes(8).toString('hex'),
    name: subject,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 365 * 24 * 3600_000),
    signingAlgorithm: algorithm,
    keys,
  });
  const der = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return [toPem('PRIVATE KEY', der), cert.toString('pem'), Buffer.from(cert.rawData).toString('base64')];
}

export interface AnswerOptions {
  /** The AuthnRequest's ID; default: the last request read. */
  inResponseTo?: string;
  nameId?: string;
  nameIdFormat?: string;
  attributes?: Record<string, string>;
  audience?: string;
  recipient?: string;
  /** The Response's Destination; default: the recipient; null: none. */
  destination?: string | null;
  issuer?: string;
  /** Minutes from now the assertion stays valid; negative: expired. */
  validMinutes?: number;
  authnContext?: string;
  assertionId?: string;
  /** 'assertion' (default): the assertion is signed; 'none': nothing is. */
  sign?: 'assertion' | 'none';
  /** Sign with another key than the metadata's. */
  otherKey?: boolean;
}

export interface SamlRequestSeen {
  id: string;
  acsUrl: string;
  issuer: string;
}

export class TestIdp {
  readonly entityId: string;
  readonly ssoUrl: string;
  #keyPem = '';
  #certPem = '';
  #certB64 = '';
  #otherKeyPem = '';
  #otherCertPem = '';
  #server: http.Server | null = null;
  lastRequest: SamlRequestSeen | null = null;

  private constructor(entityId: string, ssoUrl: string) {
    this.entityId = entityId;
    this.ssoUrl = ssoUrl;
  }

  /**
   * With `serve`, the IdP answers on 127.0.0.1 as http://NAME.localhost:PORT (its entityID and sign-in
   * page there, for a browser): /metadata, /sso (a sign-in page asking for the email) and /login (which
   * posts the signed answer to the ACS URL). Without, its addresses are on example.test and no browser goes there.
   */
  static async create(name = 'idp', options: { serve?: boolean } = {}): Promise<TestIdp> {
    let server: http.Server | null = null;
    let base = `https://${name}.example.test`;
    if (options.serve) {
      server = http.createServer();
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      base = `http://${name}.localhost:${(server.address() as AddressInfo).port}`;
    }
    const idp = new TestIdp(`${base}/saml`, `${base}/sso`);
    [idp.#keyPem, idp.#certPem, idp.#certB64] = await TestIdp.#keys(`CN=${name} test IdP`);
    [idp.#otherKeyPem, idp.#otherCertPem] = await TestIdp.#keys('CN=someone else');
    if (server) idp.#listen(server);
    return idp;
  }

  #listen(server: http.Server) {
    this.#server = server;
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = new URL(req.url ?? '/', this.ssoUrl);
      const page = (title: string, body: string) =>
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
          );
      if (url.pathname === '/metadata') return res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(this.metadata());
      if (url.pathname === '/sso' && req.method === 'GET') {
        const seen = this.readRequest(url.href);
        return page(
          'Test IdP sign-in',
          `<form method="post" action="/login"><input type="hidden" name="id" value="${escape(seen.id)}"><input type="hidden" name="acs" value="${escape(seen.acsUrl)}"><input type="hidden" name="audience" value="${escape(seen.issuer)}"><label for="email">Email</label> <input id="email" name="email" type="email"><label for="answer">Answer</label> <select id="answer" name="answer"><option value="valid">A signed answer</option><option value="expired">An expired answer</option><option value="tampered">A tampered answer</option></select><button type="submit">Sign in at the IdP</button></form>`,
        );
      }
      if (url.pathname === '/login' && req.method === 'POST') {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
          const email = form.get('email') ?? '';
          const answer = form.get('answer') ?? 'valid';
          const options: AnswerOptions = {
            inResponseTo: form.get('id') ?? '',
            recipient: form.get('acs') ?? '',
            audience: form.get('audience') ?? '',
            nameId: `persistent-${email}`,
            attributes: { email, firstName: 'Sam', lastName: 'Assertion' },
            ...(answer === 'expired' ? { validMinutes: -5 } : {}),
          };
          let signed = this.answer(options);
          if (answer === 'tampered') signed = TestIdp.tamper(signed, 'Assertion</saml:AttributeValue>', 'Changed</saml:AttributeValue>');
          page(
            'Test IdP: back to the service',
            `<form method="post" action="${escape(form.get('acs') ?? '')}"><input type="hidden" name="SAMLResponse" value="${signed}"><button type="submit">Continue to the service</button></form>`,
          );
        });
        return;
      }
      res.writeHead(404).end();
    });
  }

  static #keys(subject: string): Promise<[string, string, string]> {
    return testKeyPair(subject);
  }

  metadata(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escape(this.entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${this.#certB64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escape(this.ssoUrl)}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escape(this.ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  /** Serves the metadata on 127.0.0.1 (reach it as http://idp.localhost:PORT/metadata); answers its address. */
  async serveMetadata(): Promise<string> {
    if (!this.#server) {
      const server = http.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.#listen(server);
    }
    return `http://idp.localhost:${(this.#server!.address() as AddressInfo).port}/metadata`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  /** Reads the AuthnRequest of the address Gatehouse sent the browser to. */
  readRequest(location: string): SamlRequestSeen {
    const url = new URL(location);
    if (`${url.origin}${url.pathname}` !== this.ssoUrl) throw new Error(`The browser was sent to ${location}, not to the IdP`);
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
    const issuer = root.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent ?? '';
    this.lastRequest = { id: root.getAttribute('ID') ?? '', acsUrl: root.getAttribute('AssertionConsumerServiceURL') ?? '', issuer };
    return this.lastRequest;
  }

  /** A base64 SAMLResponse to the last request read (or as the options say). */
  answer(options: AnswerOptions = {}): string {
    const seen = this.lastRequest;
    const inResponseTo = options.inResponseTo ?? seen?.id ?? '';
    const recipient = options.recipient ?? seen?.acsUrl ?? '';
    const audience = options.audience ?? seen?.issuer ?? '';
    const now = new Date();
    const until = new Date(now.getTime() + (options.validMinutes ?? 5) * 60_000);
    const notBefore = new Date(Math.min(now.getTime(), until.getTime()) - 120_000);
    const assertionId = options.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
    const iso = (d: Date) => d.toISOString();
    const attributes = Object.entries(options.attributes ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${escape(name)}"><saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${escape(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${escape(options.issuer ?? this.entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="${escape(options.nameIdFormat ?? 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent')}">${escape(options.nameId ?? 'subject-1')}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escape(inResponseTo)}" NotOnOrAfter="${iso(until)}" Recipient="${escape(recipient)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(notBefore)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${escape(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>${escape(options.authnContext ?? 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport')}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attributes}</saml:AttributeStatement></saml:Assertion>`;
    const destinationValue = options.destination === undefined ? recipient : options.destination;
    const destination = destinationValue === null ? '' : `Destination="${escape(destinationValue)}"`;
    const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}" ${destination} InResponseTo="${escape(inResponseTo)}"><saml:Issuer>${escape(options.issuer ?? this.entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    const xml = options.sign === 'none' ? response : this.#sign(response, options.otherKey === true);
    return Buffer.from(xml, 'utf8').toString('base64');
  }

  /** The same answer with one value changed after signing (the signature no longer holds). */
  static tamper(answer: string, from: string, to: string): string {
    const xml = Buffer.from(answer, 'base64').toString('utf8');
    if (!xml.includes(from)) throw new Error(`${from} is not in the answer`);
    return Buffer.from(xml.replace(from, to), 'utf8').toString('base64');
  }

  #sign(xml: string, other: boolean): string {
    const signer = new SignedXml({
      privateKey: other ? this.#otherKeyPem : this.#keyPem,
      publicCert: other ? this.#otherCertPem : this.#certPem,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(xml, {
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    return signer.getSignedXml();
  }
}
