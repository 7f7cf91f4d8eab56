/**
 * Logs as an operator sees them: at a terminal (LOG_FORMAT=pretty, the default there) one short line
 * per request under the start-up banner; elsewhere (LOG_FORMAT=json, the default without a terminal)
 * JSON lines with the request id.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from './testing/harness.ts';
import { runCli, type ServerProcess, startServerProcess } from './testing/process.ts';

describe('log lines of a server process', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function start(
    format: 'pretty' | 'json',
    extra: Record<string, string> = {},
  ): Promise<ServerProcess & { env: Record<string, string> }> {
    const database: TestDatabase = await createTestDatabase('sqlite');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-logs-'));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const server = await startServerProcess({ ...env, LOG_LEVEL: 'info', LOG_FORMAT: format, ...extra });
    cleanups.push(
      database.drop,
      async () => rmSync(dataDir, { recursive: true, force: true }),
      () => server.stop(),
    );
    return Object.assign(server, { env });
  }

  let json: Promise<ServerProcess & { env: Record<string, string> }> | undefined;
  /** One JSON-logging server for the tests that read JSON lines. */
  const jsonServer = () => (json ??= start('json', installedCommand()));

  /** As in the image: started by node itself (not through npm), with a `gatehouse` command on the PATH. */
  function installedCommand(): Record<string, string> {
    const bin = mkdtempSync(path.join(tmpdir(), 'gatehouse-bin-'));
    writeFileSync(path.join(bin, 'gatehouse'), '#!/bin/sh\n', { mode: 0o755 });
    cleanups.push(async () => rmSync(bin, { recursive: true, force: true }));
    return { npm_execpath: '', PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  }

  const password = 'correct horse battery staple';
  let acme: Promise<void> | undefined;
  /** Organisation acme on the JSON-logging server, made once. */
  const jsonAcme = () =>
    (acme ??= jsonServer().then(async (server) => {
      const created = await runCli(
        ['create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', password],
        server.env,
      );
      expect(created.code).toBe(0);
    }));

  async function lineMatching(server: ServerProcess, pattern: RegExp): Promise<string> {
    for (;;) {
      const line = server
        .logs()
        .split('\n')
        .find((l) => pattern.test(l));
      if (line) return line;
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.logs()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('writes one short line per request at a terminal, under the start-up banner', async () => {
    const server = await start('pretty');
    expect((await server.client().get('/healthz')).status).toBe(200);
    const missing = await server.client().get('/api/nothing-here');
    expect(missing.status).toBe(404);
    const line = await lineMatching(server, /GET \/api\/nothing-here 404 \d+\.\d ms/);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] /);
    expect(server.logs()).toMatch(/GET \/healthz 200 \d+\.\d ms/);
    expect(server.logs()).toContain('Gatehouse is running at');
    // Started through npm, in a checkout: the CLI is npx gatehouse.
    expect(server.logs()).toContain('\n  npx gatehouse create-organisation acme');
    expect(
      server
        .logs()
        .split('\n')
        .filter((l) => l.includes('/api/nothing-here')),
    ).toHaveLength(1);
    expect(
      server
        .logs()
        .split('\n')
        .some((l) => l.trimStart().startsWith('{')),
    ).toBe(false);
    // Regression: Fastify's "incoming request" and "request completed" lines were written beside this one.
    const ofRequest = () =>
      server
        .logs()
        .split('\n')
        .filter((l) => l.includes(String(missing.headers['x-correlation-id'])));
    await lineMatching(server, /GET \/healthz 200/);
    expect((await server.client().get('/healthz')).status).toBe(200);
    expect(ofRequest()).toHaveLength(1);
  });

  it('writes JSON lines with the request id for a log collector', async () => {
    const server = await jsonServer();
    const res = await server.client().get('/api/nothing-here');
    const line = await lineMatching(server, /"statusCode":404/);
    const entry = JSON.parse(line) as { reqId: string; msg: string };
    expect(entry.msg).toBe('request completed');
    expect(entry.reqId).toBe(res.headers['x-correlation-id']);
    // Where `gatehouse` is a command (the image, issue 27: its banner said npx gatehouse, which it has not).
    expect(server.logs()).toContain('\n  gatehouse create-organisation acme');
    expect(server.logs()).not.toContain('npx gatehouse');
  });

  it('serves the stylesheet and the API reference without "Reply was already sent" (issue 27)', async () => {
    const server = await jsonServer();
    expect((await server.client().get('/api/organisation/style')).status).toBe(200);
    expect((await server.client().get('/api/openapi.json')).status).toBe(200);
    // A later request's line: the warnings of the two before it (logged once they were sent) are written by then.
    const last = await server.client().get('/healthz');
    await lineMatching(server, new RegExp(`"reqId":"${last.headers['x-correlation-id']}".*"request completed"`));
    const warnings = server
      .logs()
      .split('\n')
      .filter((l) => l.includes('"level":40') || l.includes('already sent'));
    expect(warnings).toEqual([]);
  });

  it("names the organisation and the signed-in user on a request's line, and nothing secret", async () => {
    const server = await jsonServer();
    await jsonAcme();
    const client = server.client('acme');
    expect((await client.post('/api/authenticate', { form: { email: 'admin@acme.test', password } })).status).toBe(200);
    const account = await client.get('/api/account');
    expect(account.status).toBe(200);
    const userId = (account.json() as { id: string }).id;
    const line = await lineMatching(server, new RegExp(`"reqId":"${account.headers['x-correlation-id']}".*"request completed"`));
    const entry = JSON.parse(line) as { res: Record<string, unknown> };
    expect(entry.res).toEqual({ statusCode: 200, organisationId: expect.any(String), organisation: 'acme', userId });
    expect(line).not.toContain('admin@acme.test');
    expect(line).not.toContain(password);

    // The SAML handover token in the assertion consumer URL is a secret like every other link token.
    const handover = 'saml-handover-token-in-the-url';
    const acs = await client.get(`/saml/some-connection/acs?response=${handover}`);
    const incoming = await lineMatching(server, new RegExp(`"reqId":"${acs.headers['x-correlation-id']}".*"incoming request"`));
    expect(incoming).toContain('/saml/some-connection/acs?response=[redacted]');
    expect(server.logs()).not.toContain(handover);
  });

  it('writes one line for a protocol page the provider answers, and no warning on stderr (issue 39)', async () => {
    const server = await jsonServer();
    await jsonAcme();
    // The browser's authorization endpoint is handed to the provider (a hijacked reply); this builds acme's provider.
    const page = await server.client('acme').get('/oidc/auth', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    const id = String(page.headers['x-correlation-id']);
    const last = await server.client().get('/healthz');
    await lineMatching(server, new RegExp(`"reqId":"${last.headers['x-correlation-id']}".*"request completed"`));
    const completed = server
      .logs()
      .split('\n')
      .filter((l) => l.includes(`"reqId":"${id}"`) && l.includes('"request completed"'));
    expect(completed).toHaveLength(1);
    // Regression: oidc-provider's deprecated .app getter printed a DeprecationWarning on every process's stderr.
    expect(server.logs()).not.toContain('DeprecationWarning');
  });
});
