/**
 * Logs as an operator sees them: at a terminal (LOG_FORMAT=pretty, the default there) one short line
 * per request under the start-up banner; elsewhere (LOG_FORMAT=json, the default without a terminal)
 * JSON lines with the request id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/harness.ts';
import { startServerProcess, type ServerProcess } from './testing/process.ts';

describe('log lines of a server process', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function start(format: 'pretty' | 'json'): Promise<ServerProcess> {
    const database: TestDatabase = await createTestDatabase('sqlite');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-logs-'));
    const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: format });
    cleanups.push(
      database.drop,
      async () => rmSync(dataDir, { recursive: true, force: true }),
      () => server.stop(),
    );
    return server;
  }

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
    expect((await server.client().get('/api/nothing-here')).status).toBe(404);
    const line = await lineMatching(server, /GET \/api\/nothing-here 404 \d+\.\d ms/);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] /);
    expect(server.logs()).toMatch(/GET \/healthz 200 \d+\.\d ms/);
    expect(server.logs()).toContain('Gatehouse is running at');
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
  });

  it('writes JSON lines with the request id for a log collector', async () => {
    const server = await start('json');
    const res = await server.client().get('/api/nothing-here');
    const line = await lineMatching(server, /"statusCode":404/);
    const entry = JSON.parse(line) as { reqId: string; msg: string };
    expect(entry.msg).toBe('request completed');
    expect(entry.reqId).toBe(res.headers['x-correlation-id']);
  });
});
