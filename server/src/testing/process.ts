/**
 * Gatehouse as an operator runs it, for fault tests: `node server/src/main.ts` as its own process
 * on a free port, stopped by a signal of the test's choosing.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

import { TestClient } from './http-client.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/gatehouse.js', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  client(org?: string): TestClient;
  logs(): string;
  /** Resolves once the output matches `pattern` (rejects if the process ends or 30 s pass first). */
  waitForLog(pattern: RegExp): Promise<void>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a server process on the database and data directory given; resolves once it listens. */
export async function startServerProcess(env: { DATABASE_URL: string; DATA_DIR: string } & Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RUN_JOBS: 'false',
      SHUTDOWN_DRAIN_SECONDS: '0',
      // Test processes run side by side: none takes the machine's telemetry port.
      METRICS_PORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Gatehouse is running')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Gatehouse exited during start-up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`Gatehouse did not start within 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    port,
    child,
    client: (org = '') => new TestClient(`${org ? `${org}.` : ''}localhost:${port}`, port),
    logs: () => output,
    waitForLog: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`no log line matched ${pattern} within 30 s:\n${output}`)), 30_000);
        const done = (error?: Error) => {
          clearTimeout(timer);
          watchers.delete(check);
          child.off('exit', ended);
          if (error) reject(error);
          else resolve();
        };
        const check = () => pattern.test(output) && done();
        const ended = () => done(new Error(`the process ended before a log line matched ${pattern}:\n${output}`));
        watchers.add(check);
        child.once('exit', ended);
        check();
      }),
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the `gatehouse` CLI with the given environment (as another user with `as`, when the tests may). */
export function runCli(
  args: string[],
  env: Record<string, string>,
  as: { uid?: number; gid?: number } = {},
  /** A command the CLI runs under (a bench's `/usr/bin/time`). */
  wrapper: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, ...prefix] = [...wrapper, process.execPath];
  return new Promise((resolve) => {
    execFile(
      command!,
      [...prefix, BIN, ...args],
      { ...as, env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * A user whom file permissions stop: root ignores them, so tests run as root start the process as
 * nobody; anyone else is stopped already.
 */
export const unprivileged: { uid?: number; gid?: number } = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
