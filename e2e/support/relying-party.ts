import http from 'node:http';

import * as client from 'openid-client';

import { localhostFetch } from '../../server/src/testing/oidc-rp.ts';

export interface RelyingParty {
  port: number;
  /** The sid of each ID token it was given, and the logout tokens posted to its back-channel logout URI (/backchannel-logout). */
  sids: string[];
  logoutTokens: string[];
  close(): Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of the relying party's site that posts a form to `action` at once (OIDC Core 3.1.2.1's POST). */
function autoPostPage(action: string, params: URLSearchParams): string {
  const inputs = [...params].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`);
  return (
    `<!doctype html><html lang="en"><title>Wiki</title><form method="post" action="${escapeHtml(action)}">${inputs.join('')}</form>` +
    '<script>document.forms[0].submit()</script></html>'
  );
}

/**
 * A minimal relying party in the test process: /login starts the code flow with PKCE, /callback finishes
 * it and greets the user, saying how they signed in (the ID token's amr). /login-post starts it with a
 * form POST to the authorization endpoint, /logout-post signs out with a form POST to the end-session
 * endpoint carrying the last ID token as id_token_hint. /backchannel-logout keeps the logout tokens posted to it.
 */
export async function startRelyingParty(issuer: string, clientId: string, secret: string): Promise<RelyingParty> {
  const pending = new Map<string, { verifier: string; nonce: string }>();
  let config: client.Configuration | undefined;
  let lastIdToken = '';
  const sids: string[] = [];
  const logoutTokens: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.method === 'POST' && req.url === '/backchannel-logout') {
        let body = '';
        for await (const chunk of req) body += String(chunk);
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.writeHead(200).end();
        return;
      }
      // client_secret_basic, the method applications are registered with unless they choose another.
      config ??= await client.discovery(new URL(issuer), clientId, secret, client.ClientSecretBasic(secret), {
        [client.customFetch]: localhostFetch,
        execute: [client.allowInsecureRequests],
      });
      const url = new URL(req.url ?? '/', `http://localhost:${port}`);
      if (url.pathname === '/logout-post') {
        const params = new URLSearchParams({ id_token_hint: lastIdToken });
        res.writeHead(200, { 'content-type': 'text/html' }).end(autoPostPage(config.serverMetadata().end_session_endpoint!, params));
        return;
      }
      if (url.pathname === '/login' || url.pathname === '/login-post') {
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        pending.set(state, { verifier, nonce });
        const target = client.buildAuthorizationUrl(config, {
          redirect_uri: `http://localhost:${port}/callback`,
          scope: 'openid email profile',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        if (url.pathname === '/login-post') {
          const action = `${target.origin}${target.pathname}`;
          res.writeHead(200, { 'content-type': 'text/html' }).end(autoPostPage(action, target.searchParams));
          return;
        }
        res.writeHead(302, { location: target.href }).end();
        return;
      }
      if (url.pathname === '/callback') {
        const state = url.searchParams.get('state') ?? '';
        const checks = pending.get(state);
        if (!checks) throw new Error('unknown state');
        const tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: checks.verifier,
          expectedNonce: checks.nonce,
          expectedState: state,
        });
        lastIdToken = tokens.id_token ?? '';
        sids.push(String(tokens.claims()!.sid ?? ''));
        const info = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><html lang="en"><title>Wiki</title><h1>Signed in to Wiki as ${info.email}</h1>` +
              `<p>Methods: ${((tokens.claims()!.amr as string[] | undefined) ?? []).join(' ')}</p>` +
              `<p>Level: ${String(tokens.claims()!.acr ?? '')}</p></html>`,
          );
        return;
      }
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, sids, logoutTokens, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
