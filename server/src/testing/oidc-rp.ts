/**
 * Test helpers for OpenID Connect flows: openid-client (a certified relying-party library) configured
 * for an organisation's issuer, and a small browser: a path-aware cookie jar over real sockets that
 * follows redirects on our host and does what the SPA does on the sign-in page and /redirecting.
 */
import http from 'node:http';

import { ROUTES } from '@gatehouse/common/routes';
import { applicationStep } from '@gatehouse/common/sign-in-steps';
import * as client from 'openid-client';
import { Agent } from 'undici';

import type { TestServer } from './harness.ts';

/** Node cannot resolve *.localhost: every connection goes to 127.0.0.1, with the URL's host in Host. */
const loopback = new Agent({
  connect: {
    lookup: (_hostname, options, callback) => {
      if (options && (options as { all?: boolean }).all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
      else (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
    },
  },
});

export const localhostFetch: client.CustomFetch = (url, options) => fetch(url, { ...options, dispatcher: loopback } as RequestInit);

export function issuerOf(server: TestServer, org: string): string {
  return `http://${org}.localhost:${server.port}`;
}

/** openid-client configured for `org`'s issuer by discovery. */
export async function relyingParty(
  server: TestServer,
  org: string,
  clientId: string,
  secret?: string,
  auth: 'basic' | 'post' | 'none' = secret ? 'basic' : 'none',
): Promise<client.Configuration> {
  const clientAuth =
    auth === 'basic' ? client.ClientSecretBasic(secret) : auth === 'post' ? client.ClientSecretPost(secret) : client.None();
  const config = await client.discovery(new URL(issuerOf(server, org)), clientId, secret, clientAuth, {
    [client.customFetch]: localhostFetch,
    execute: [client.allowInsecureRequests],
  });
  return config;
}

interface Cookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

export interface BrowserResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  url: URL;
}

/** A browser on our test server: keeps cookies per host and path, sends Origin on POSTs like a browser. */
export class TestBrowser {
  readonly #port: number;
  #cookies: Cookie[] = [];
  /** The last answer this browser got (the page it shows). */
  lastResponse: BrowserResponse | null = null;

  constructor(port: number) {
    this.#port = port;
  }

  cookieValue(name: string): string | undefined {
    return this.#cookies.find((c) => c.name === name)?.value;
  }

  request(
    method: string,
    target: string | URL,
    options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const url = new URL(target);
    const headers: Record<string, string> = { host: url.host, accept: 'text/html,application/json', ...options.headers };
    const cookie = this.#cookies
      .filter(
        (c) => c.host === url.host && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    if (method !== 'GET') headers.origin ??= url.origin;
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.#port, method, path: url.pathname + url.search, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.#store(url, res.headers['set-cookie']);
          this.lastResponse = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), url };
          resolve(this.lastResponse);
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Follows redirects while they stay on our server; answers the last response, or the first address elsewhere. */
  async navigate(target: string | URL): Promise<{ response: BrowserResponse | null; url: URL }> {
    let url = new URL(target);
    for (let hop = 0; hop < 20; hop++) {
      if (!this.#ours(url)) return { response: null, url };
      const response = await this.request('GET', url);
      const location = response.headers.location;
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      url = new URL(location, url);
    }
    throw new Error('Too many redirects');
  }

  #ours(url: URL): boolean {
    return url.port === String(this.#port) && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost'));
  }

  #store(url: URL, setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const pathAttr = attributes.find((a) => /^path=/i.test(a));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = value === '' || attributes.some((a) => /^expires=thu, 01 jan 1970/i.test(a) || /^max-age=(0|-)/i.test(a));
      this.#cookies = this.#cookies.filter((c) => !(c.name === name && c.host === url.host && c.path === path));
      if (!expired) this.#cookies.push({ name, value, host: url.host, path });
    }
  }
}

export interface SpaOptions {
  email: string;
  password: string;
  /** Tick 'I accept the privacy policy.' when the application asks. */
  acceptPolicy?: boolean;
  /** The second step's code, when the sign-in asks for one (without it the walk stops at the code step). */
  code?: () => string;
}

/**
 * Walks an authorization request as a user in the SPA would: the provider's redirects, the sign-in page
 * (POST /api/authenticate with the returnurl, and the code step when asked), /redirecting (GET /api/clientauthsteps, accepting the
 * policy when asked) and the redirect URL, until the browser leaves for the application. Answers the
 * address the application received, or where the user was stopped.
 */
export async function signInThroughSpa(browser: TestBrowser, authorizationUrl: URL, options: SpaOptions): Promise<URL> {
  let { url } = await browser.navigate(authorizationUrl);
  for (let step = 0; step < 10; step++) {
    if (url.port !== authorizationUrl.port) return url;
    const redirectUrl =
      url.pathname === '/'
        ? url.searchParams.get('returnurl')
        : url.pathname === '/redirecting'
          ? url.searchParams.get('redirecturl')
          : null;
    if (!redirectUrl) return url;
    if (url.pathname === '/') {
      const signIn = await browser.request('POST', new URL('/api/authenticate', url), {
        form: { email: options.email, password: options.password, returnurl: redirectUrl },
      });
      if (signIn.status !== 200) return url;
      const answer = JSON.parse(signIn.body) as { authType?: string; signInStateID?: string };
      if (answer.authType === 'code') {
        if (!options.code) return url;
        const codeStep = await browser.request('POST', new URL('/api/authenticate', url), {
          form: { signInStateID: answer.signInStateID!, code: options.code(), returnurl: redirectUrl },
        });
        if (codeStep.status !== 200) return url;
      }
    }
    const clientId = new URL(redirectUrl, url).searchParams.get('client_id')!;
    const steps = await browser.request('GET', new URL(`/api/clientauthsteps?client_id=${encodeURIComponent(clientId)}`, url));
    if (steps.status === 200) {
      // The application's steps of the sign-in step list, as /redirecting walks them.
      const parsed = JSON.parse(steps.body) as Parameters<typeof applicationStep>[0];
      const step = applicationStep(parsed);
      if (step && !(step.id === 'applicationPolicy' && options.acceptPolicy)) return new URL(ROUTES[step.route].path, url);
      if (step) await browser.request('POST', new URL('/api/acceptpolicy', url), { form: { clientID: clientId, accept: 'true' } });
    }
    ({ url } = await browser.navigate(new URL(redirectUrl, url)));
  }
  return url;
}
