/**
 * A real SAML service provider for journeys: @node-saml/node-saml behind a small HTTP server on
 * loopback. Its ACS URL checks the Response Chromium posts to it (signature with the certificate the
 * admin copied from Gatehouse, audience, recipient, lifetime) and answers a page naming who signed in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { generateServiceProviderMetadata, SAML, ValidateInResponseTo } from '@node-saml/node-saml';

export interface ServiceProvider {
  entityID: string;
  acsURL: string;
  /** The SP's metadata, as an admin pastes it into Gatehouse. */
  metadata: string;
  /** Trusts the IdP: its SSO URL and the certificate copied from the application's page. */
  trust(idp: { ssoURL: string; certificate: string }): void;
  /** The profiles of the Responses accepted so far, and the errors of those refused. */
  accepted: Record<string, unknown>[];
  refused: string[];
  close(): Promise<void>;
}

const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startServiceProvider(): Promise<ServiceProvider> {
  let saml: SAML | undefined;
  const accepted: Record<string, unknown>[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/acs') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
          return;
        }
        if (!saml) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('this service provider trusts no identity provider yet');
          return;
        }
        try {
          const form = Object.fromEntries(new URLSearchParams(body));
          const { profile } = await saml.validatePostResponseAsync(form);
          if (!profile) throw new Error('no profile');
          accepted.push(profile as unknown as Record<string, unknown>);
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              `<!doctype html><html lang="en"><title>Test SP</title><main><h1>Signed in to Test SP as ${escape(profile.nameID)}</h1>` +
                `<p>Email attribute: ${escape(String(profile.email ?? ''))}</p></main></html>`,
            );
        } catch (error) {
          refused.push(error instanceof Error ? error.message : String(error));
          res.writeHead(400, { 'content-type': 'text/plain' }).end('refused');
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const entityID = `${origin}/metadata`;
  const acsURL = `${origin}/acs`;
  return {
    entityID,
    acsURL,
    metadata: generateServiceProviderMetadata({
      issuer: entityID,
      callbackUrl: acsURL,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      wantAssertionsSigned: true,
    }),
    trust({ ssoURL, certificate }) {
      saml = new SAML({
        entryPoint: ssoURL,
        issuer: entityID,
        callbackUrl: acsURL,
        audience: entityID,
        idpCert: certificate,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: false,
        // Started from the tile (IdP-initiated): the Response answers no request.
        validateInResponseTo: ValidateInResponseTo.never,
        identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      });
    },
    accepted,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
