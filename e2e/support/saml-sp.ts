/**
 * A real SAML service provider for journeys: @node-saml/node-saml behind a small HTTP server on
 * loopback. Its ACS URL checks the Response Chromium posts to it (signature with the certificate the
 * admin copied from Gatehouse, audience, recipient, lifetime) and answers a page naming who signed in.
 * Its single logout URL takes Gatehouse's LogoutRequest (checked, then answered by HTTP-Redirect) and
 * the LogoutResponse to its own; /login starts an SP-initiated sign-in, /logout its own single logout for
 * the last person it signed in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import { generateServiceProviderMetadata, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';

export interface ServiceProvider {
  entityID: string;
  acsURL: string;
  sloURL: string;
  /** Where a browser starts an SP-initiated sign-in (an AuthnRequest by HTTP-Redirect). */
  loginURL: string;
  /** Where a browser starts the SP's own single logout (for the person it signed in last). */
  logoutURL: string;
  /** The SP's metadata, as an admin pastes it into Gatehouse. */
  metadata: string;
  /** Trusts the IdP: its SSO URL and the certificate copied from the application's page. */
  trust(idp: { ssoURL: string; certificate: string }): void;
  /** The profiles of the Responses accepted so far, and the errors of those refused. */
  accepted: Record<string, unknown>[];
  refused: string[];
  /** The people Gatehouse's LogoutRequests signed out, and the LogoutResponses to the SP's own LogoutRequests. */
  loggedOut: string[];
  logoutAnswers: string[];
  close(): Promise<void>;
}

const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startServiceProvider(): Promise<ServiceProvider> {
  let saml: SAML | undefined;
  const accepted: Record<string, unknown>[] = [];
  const refused: string[] = [];
  const loggedOut: string[] = [];
  const logoutAnswers: string[] = [];
  let lastProfile: Profile | undefined;
  const page = (res: http.ServerResponse, heading: string, text = '') =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>Test SP</title><main><h1>${escape(heading)}</h1><p>${escape(text)}</p></main></html>`);
  /** Single logout: Gatehouse's LogoutRequest (answered by HTTP-Redirect), the answer to the SP's own, or the SP starting one. */
  async function logout(req: http.IncomingMessage, res: http.ServerResponse, saml: SAML, body: string) {
    if (req.method === 'GET' && req.url === '/login') {
      res.writeHead(302, { location: await saml.getAuthorizeUrlAsync('sp-login', undefined, {}) }).end();
      return;
    }
    if (req.method === 'GET' && req.url === '/logout') {
      if (!lastProfile) throw new Error('nobody signed in');
      res.writeHead(302, { location: await saml.getLogoutUrlAsync(lastProfile, 'sp-relay', {}) }).end();
      return;
    }
    const form = Object.fromEntries(new URLSearchParams(body));
    if (form.SAMLRequest) {
      const { profile, loggedOut: done } = await saml.validatePostRequestAsync(form);
      if (!done || !profile) throw new Error('not a LogoutRequest');
      loggedOut.push(profile.nameID);
      res.writeHead(302, { location: await saml.getLogoutResponseUrlAsync(profile, form.RelayState ?? '', {}, true) }).end();
      return;
    }
    const { loggedOut: done } = await saml.validatePostResponseAsync(form);
    if (!done) throw new Error('not a LogoutResponse');
    logoutAnswers.push(form.RelayState ?? '');
    page(res, 'Signed out of Test SP');
  }
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      void (async () => {
        const sloPath =
          (req.method === 'POST' && req.url === '/slo') || (req.method === 'GET' && (req.url === '/logout' || req.url === '/login'));
        if (!sloPath && (req.method !== 'POST' || req.url !== '/acs')) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
          return;
        }
        if (!saml) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('this service provider trusts no identity provider yet');
          return;
        }
        try {
          if (sloPath) {
            await logout(req, res, saml, body);
            return;
          }
          const form = Object.fromEntries(new URLSearchParams(body));
          const { profile } = await saml.validatePostResponseAsync(form);
          if (!profile) throw new Error('no profile');
          accepted.push(profile as unknown as Record<string, unknown>);
          lastProfile = profile;
          page(res, `Signed in to Test SP as ${profile.nameID}`, `Email attribute: ${String(profile.email ?? '')}`);
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
  const sloURL = `${origin}/slo`;
  return {
    entityID,
    acsURL,
    sloURL,
    loginURL: `${origin}/login`,
    logoutURL: `${origin}/logout`,
    metadata: generateServiceProviderMetadata({
      issuer: entityID,
      callbackUrl: acsURL,
      logoutCallbackUrl: sloURL,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      wantAssertionsSigned: true,
    }),
    trust({ ssoURL, certificate }) {
      saml = new SAML({
        entryPoint: ssoURL,
        logoutUrl: new URL(SAML_IDP_PATHS.slo, ssoURL).href,
        logoutCallbackUrl: sloURL,
        issuer: entityID,
        callbackUrl: acsURL,
        audience: entityID,
        idpCert: certificate,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: false,
        // Started from the tile (IdP-initiated) the Response answers no request; started here, its InResponseTo is checked.
        validateInResponseTo: ValidateInResponseTo.ifPresent,
        identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      });
    },
    accepted,
    refused,
    loggedOut,
    logoutAnswers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
