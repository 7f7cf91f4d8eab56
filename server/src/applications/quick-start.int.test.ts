/**
 * The application page's quick starts, run as written: the text common/src/quick-start.ts gives the
 * page is saved to a file and run (Express with openid-client under Node, the Authlib script under
 * Debian's Python) through a whole code flow with PKCE against a real Gatehouse, for a confidential
 * application (client_secret_basic, client_secret_post) and a public one. Only the machine's name
 * resolution is helped: *.localhost goes to 127.0.0.1, as browsers do, by a preload beside the snippet.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

import type { ClientType, TokenEndpointAuthMethod } from '@gatehouse/common/applications';
import { expressQuickStart, pythonQuickStart, type QuickStartApplication, SECRET_VARIABLE } from '@gatehouse/common/quick-start';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, grantAccess, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';

/** Debian's Python with Authlib (python3-authlib, which .ci/run installs; QUICK_START_PYTHON names another), or null. */
const AUTHLIB = (() => {
  const python = process.env.QUICK_START_PYTHON ?? '/usr/bin/python3';
  try {
    execFileSync(python, ['-c', 'import authlib, requests'], { stdio: 'ignore' });
    return python;
  } catch {
    return null;
  }
})();
if (!AUTHLIB) console.log('  Python quick start: SKIPPED (no python3 with Authlib; apt-get install -y python3-authlib python3-requests).');

/** Inside the repository, so that the snippet's `express` and `openid-client` resolve from node_modules. */
const WORK_ROOT = path.resolve(import.meta.dirname, '../../../node_modules/.cache');

const NODE_PRELOAD = `import { Agent, setGlobalDispatcher } from 'undici';
setGlobalDispatcher(new Agent({ connect: { lookup: (_host, options, callback) =>
  options?.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4) } }));
`;
const PYTHON_SITECUSTOMIZE = `import socket
_getaddrinfo = socket.getaddrinfo
socket.getaddrinfo = lambda host, *rest, **kw: _getaddrinfo('127.0.0.1' if str(host).endswith('.localhost') else host, *rest, **kw)
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Lines a child prints, one promise per line matching `pattern`; rejects when it exits first. */
function lineMatching(child: ChildProcessWithoutNullStreams, pattern: RegExp, stderr: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const onExit = (code: number | null) => reject(new Error(`exited with ${code} before printing ${pattern}: ${stderr.join('')}`));
    lines.on('line', (line) => {
      if (!pattern.test(line)) return;
      child.off('exit', onExit);
      lines.close();
      resolve(line);
    });
    child.once('exit', onExit);
  });
}

describe.each(testDialects())('quick starts run as written on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let orgId: string;
  let workDir: string;
  const children: ChildProcessWithoutNullStreams[] = [];
  const alice = { email: 'alice@acme.test', password: DEFAULT_PASSWORD };
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    orgId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    aliceId = (await createUser(server, orgId, { email: alice.email, firstName: 'Alice', surname: 'Liddell' })).id;
    mkdirSync(WORK_ROOT, { recursive: true });
    workDir = mkdtempSync(path.join(WORK_ROOT, 'quick-start-'));
    writeFileSync(path.join(workDir, 'localhost.mjs'), NODE_PRELOAD);
    writeFileSync(path.join(workDir, 'sitecustomize.py'), PYTHON_SITECUSTOMIZE);
  });
  afterAll(async () => {
    for (const child of children) child.kill();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    await server?.close();
  });

  /** An application of the given kind with its redirect URI on a free loopback port; what the page would pass. */
  async function application(clientType: ClientType, tokenEndpointAuthMethod: TokenEndpointAuthMethod = 'client_secret_basic') {
    const redirectUri = `http://localhost:${await freePort()}/auth/callback`;
    const app = await createApplication(admin, {
      name: `Quick ${clientType} ${tokenEndpointAuthMethod}`,
      clientType,
      tokenEndpointAuthMethod,
      redirectURIs: [redirectUri],
    });
    await grantAccess(server, orgId, aliceId, [app.id]);
    const input: QuickStartApplication = {
      issuer: issuerOf(server, 'acme'),
      clientId: app.id,
      clientType,
      tokenEndpointAuthMethod,
      redirectURIs: [redirectUri],
    };
    return { input, secret: app.secret, redirectUri };
  }

  function run(command: string, args: string[], env: Record<string, string>) {
    const stderr: string[] = [];
    const child = spawn(command, args, { cwd: workDir, env: { ...process.env, ...env } });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    children.push(child);
    return { child, stderr };
  }

  it.each([
    ['confidential', 'client_secret_basic'],
    ['confidential', 'client_secret_post'],
    ['public', 'client_secret_basic'],
  ] as const)(
    'signs Alice in with the Express (openid-client) quick start of a %s application (%s; none for public)',
    async (clientType, method) => {
      const { input, secret, redirectUri } = await application(clientType, method);
      const snippet = expressQuickStart(input);
      expect(snippet.code).toContain(input.clientId);
      expect(snippet.code).not.toContain(secret);
      const file = path.join(workDir, `express-${clientType}-${method}.mjs`);
      writeFileSync(file, snippet.code);
      const { child, stderr } = run(process.execPath, ['--import', './localhost.mjs', file], {
        ...(clientType === 'public' ? {} : { [SECRET_VARIABLE]: secret }),
      });
      const listening = await lineMatching(child, /^Listening: open /, stderr);
      const appOrigin = new URL(redirectUri).origin;
      expect(listening).toBe(`Listening: open ${appOrigin}/login`);

      const login = await fetch(`${appOrigin}/login`, { redirect: 'manual' });
      expect(login.status).toBe(302);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const authorizationUrl = new URL(login.headers.get('location')!);
      expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

      const callback = await signInThroughSpa(new TestBrowser(server.port), authorizationUrl, alice);
      expect(callback.origin + callback.pathname).toBe(redirectUri);
      const finished = await fetch(callback, { headers: { cookie } });
      expect(finished.status, stderr.join('')).toBe(200);
      const { claims, userinfo } = (await finished.json()) as { claims: Record<string, unknown>; userinfo: Record<string, unknown> };
      expect(claims).toMatchObject({ iss: input.issuer, aud: input.clientId, sub: aliceId, email: alice.email });
      expect(userinfo).toMatchObject({ sub: aliceId, email: alice.email, given_name: 'Alice' });

      // A second use of the same sign-in is refused: the pending state is single-use.
      expect((await fetch(callback, { headers: { cookie } })).status).toBe(400);
    },
  );

  it.runIf(AUTHLIB).each([
    ['confidential', 'client_secret_basic'],
    ['confidential', 'client_secret_post'],
    ['public', 'client_secret_basic'],
  ] as const)(
    'signs Alice in with the Python (Authlib) quick start of a %s application (%s; none for public)',
    async (clientType, method) => {
      const { input, secret, redirectUri } = await application(clientType, method);
      const snippet = pythonQuickStart(input);
      const file = path.join(workDir, `authlib-${clientType}-${method}.py`);
      writeFileSync(file, snippet.code);
      const { child, stderr } = run(AUTHLIB!, [file], {
        PYTHONPATH: [workDir, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter),
        AUTHLIB_INSECURE_TRANSPORT: '1',
        ...(clientType === 'public' ? {} : { [SECRET_VARIABLE]: secret }),
      });
      const prompt = await lineMatching(child, /^Sign in at: /, stderr);
      const callback = await signInThroughSpa(new TestBrowser(server.port), new URL(prompt.slice('Sign in at: '.length)), alice);
      expect(callback.origin + callback.pathname).toBe(redirectUri);
      const result = lineMatching(child, /^\{/, stderr);
      child.stdin.end(`${callback.href}\n`);
      const { claims, userinfo } = JSON.parse(await result) as { claims: Record<string, unknown>; userinfo: Record<string, unknown> };
      expect(claims).toMatchObject({ iss: input.issuer, aud: input.clientId, sub: aliceId, email: alice.email });
      expect(userinfo).toMatchObject({ sub: aliceId, email: alice.email });
    },
  );
});
