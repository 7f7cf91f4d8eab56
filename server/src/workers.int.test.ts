/**
 * WORKERS: `npm start` as several server processes sharing one port, on SQLite and PostgreSQL. Both
 * workers answer, a worker that dies is replaced while the other keeps serving, and SIGTERM stops all.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createTestDatabase, testDialects } from './testing/harness.ts';
import { type ServerProcess, startServerProcess } from './testing/process.ts';

/** GET on a new connection each time, so the operating system may hand it to either worker. */
function freshGet(port: number, host: string, pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path: pathname, headers: { host }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    // A request that would hang fails the test plainly instead.
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${pathname} got no answer within 10 s`)));
    req.end();
  });
}

const workersOf = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);

/** The pids that logged a completed request so far. */
const servingPids = (server: ServerProcess) =>
  new Set(
    server
      .logs()
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

describe.each(testDialects())('WORKERS=2 on %s', (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('serves from both workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    const database = await createTestDatabase(dialect);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-workers-'));
    cleanups.push(database.drop, async () => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WORKERS: '2',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    cleanups.push(() => server.stop());
    expect(server.logs()).toContain('2 worker processes');
    expect(server.logs().match(/Gatehouse is running/g)).toHaveLength(1);
    const pid = server.child.pid!;
    const workers = workersOf(pid);
    expect(workers).toHaveLength(2);

    // Until both have answered (the second may still be starting when the first prints the banner).
    while (servingPids(server).size < 2) expect(await freshGet(server.port, 'localhost', '/api/nothing-here')).toBe(404);
    expect([...servingPids(server)].sort()).toEqual([...workers].sort());

    // One dies: once the supervisor knows (a connection handed to it just before is lost, as with any
    // process that dies), the other answers every request, and a new one takes its place.
    process.kill(workers[0]!, 'SIGKILL');
    await server.waitForLog(/Gatehouse worker 0 stopped \(SIGKILL\); starting it again/);
    for (let i = 0; i < 20; i++) expect(await freshGet(server.port, 'localhost', '/healthz')).toBe(200);
    let replaced: number[] = [];
    while (replaced.length < 2) {
      replaced = workersOf(pid).filter((p) => p !== workers[0]);
      if (replaced.length < 2) await freshGet(server.port, 'localhost', '/healthz');
    }
    expect(replaced).toContain(workers[1]);

    expect(await server.stop('SIGTERM')).toBe(0);
    for (const worker of replaced) expect(() => process.kill(worker, 0)).toThrow();
  });
});
