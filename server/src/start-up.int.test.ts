/**
 * A start that cannot succeed stops with one sentence naming the setting, what is wrong with it and what
 * to do, instead of the driver's or the runtime's words (issue 39: "getaddrinfo ENOTFOUND nowhere",
 * "expected number, received NaN"). Real server processes, as an operator starts them.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, unprivileged } from './testing/process.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Starts the server with this environment and resolves once it has stopped, as it must. */
function failedStart(env: Record<string, string>, options: { uid?: number; gid?: number } = {}): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [MAIN],
      { ...options, env: { ...process.env, HOST: '127.0.0.1', METRICS_PORT: 'off', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env } },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

let dataDir: string;
let occupied: Server;
let occupiedPort: number;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-start-'));
  occupied = createServer();
  await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
  occupiedPort = (occupied.address() as { port: number }).port;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await new Promise((resolve) => occupied.close(resolve));
});

describe('a start that cannot succeed', () => {
  it('names PORT and WORKERS when they are not numbers', async () => {
    const port = await failedStart({ PORT: 'abc' });
    expect(port.stderr).toContain(
      'Gatehouse cannot start. The environment variable PORT is not valid: must be a port number from 0 to 65535 (it is "abc").',
    );
    expect(port.code).toBe(1);
    const workers = await failedStart({ WORKERS: 'abc' });
    expect(workers.stderr).toContain(
      'The environment variable WORKERS is not valid: must be a whole number of processes from 1 to 256, or auto (one per core) (it is "abc").',
    );
    expect(workers.code).toBe(1);
  });

  it('names DATABASE_URL when its host does not resolve or refuses connections', async () => {
    const unknown = await failedStart({ DATABASE_URL: 'postgres://gatehouse:secret@nowhere/gatehouse' });
    expect(unknown.stderr).toContain(
      'Gatehouse cannot start. DATABASE_URL names the host nowhere, which this machine cannot resolve (ENOTFOUND). Check DATABASE_URL',
    );
    expect(unknown.stderr).not.toContain('secret');
    expect(unknown.code).toBe(1);
    const closed = await freePort();
    const refused = await failedStart({ DATABASE_URL: `postgres://gatehouse@127.0.0.1:${closed}/gatehouse` });
    expect(refused.stderr).toContain(
      `Gatehouse cannot start. DATABASE_URL points at 127.0.0.1:${closed}/gatehouse, where nothing accepts connections (ECONNREFUSED).`,
    );
    expect(refused.code).toBe(1);
  });

  it('names DATA_DIR when this user cannot write the secrets it keeps there', async () => {
    const locked = path.join(dataDir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const run = await failedStart({ DATA_DIR: locked }, unprivileged);
    expect(run.stderr).toContain(`Gatehouse cannot start. DATA_DIR ${locked} cannot be used by this user (EACCES on ${locked}/`);
    expect(run.stderr).toContain('set DATA_DIR to one that is, or set');
    expect(run.code).toBe(1);
  });

  it('names PORT when another process listens there', async () => {
    const run = await failedStart({ PORT: String(occupiedPort) });
    expect(run.stderr).toContain(`Gatehouse cannot start. PORT ${occupiedPort} is already in use on 127.0.0.1 (EADDRINUSE)`);
    expect(run.code).toBe(1);
  });
});
