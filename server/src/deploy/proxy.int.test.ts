/**
 * compose.yaml's topology without containers: two Gatehouse processes on PostgreSQL and Redis, with the
 * secrets shared as compose shares them, behind Caddy running deploy/Caddyfile with TLS on loopback.
 * A user signs in through the proxy (https, __Host- cookies), then under load one process is killed:
 * no request fails beyond those that were in flight on it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createTestDatabase, DEFAULT_PASSWORD, type TestDatabase } from '../testing/harness.ts';
import { freePort, runCli, type ServerProcess, startServerProcess } from '../testing/process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CADDY = inject('caddyPath');
const postgresUrl = inject('postgresUrl');
const redisUrl = inject('redisUrl');
const DOMAIN = 'gatehouse.localhost';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const why = !CADDY ? 'no Caddy (apt-get install -y caddy)' : !postgresUrl ? 'no PostgreSQL' : !redisUrl ? 'no Redis' : '';
if (why) console.log(`  proxy topology test: SKIPPED (${why})`);

describe.skipIf(why !== '')('two processes on PostgreSQL and Redis behind Caddy with TLS', () => {
  let database: TestDatabase;
  const dirs: string[] = [];
  let processes: ServerProcess[] = [];
  let caddy: ChildProcess;
  let caddyLog = '';
  let httpsPort: number;
  let agent: https.Agent;
  let cookie = '';

  const host = () => `acme.${DOMAIN}:${httpsPort}`;
  function request(method: string, pathname: string, form?: Record<string, string>): Promise<Answer> {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: `acme.${DOMAIN}`,
          agent,
          method,
          path: pathname,
          headers: {
            host: host(),
            accept: 'application/json',
            ...(cookie ? { cookie } : {}),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded', origin: `https://${host()}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      COOKIE_SECRET: 'c'.repeat(48),
      KEY_ENCRYPTION_KEY: 'k'.repeat(48),
      BASE_HOSTNAME: DOMAIN,
      PUBLIC_SCHEME: 'https',
      TRUST_PROXY: 'true',
    };
    httpsPort = await freePort();
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-replica-'));
      dirs.push(dir);
      return dir;
    };
    const env = { ...shared, PUBLIC_PORT: String(httpsPort) };
    const made = await runCli(['create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', DEFAULT_PASSWORD], {
      ...env,
      DATA_DIR: dataDir(),
    });
    if (made.code !== 0) throw new Error(made.stderr);
    processes = await Promise.all([
      startServerProcess({ ...env, DATA_DIR: dataDir() }),
      startServerProcess({ ...env, DATA_DIR: dataDir() }),
    ]);

    const caddyHome = mkdtempSync(path.join(tmpdir(), 'gatehouse-caddy-'));
    dirs.push(caddyHome);
    caddy = spawn(CADDY!, ['run', '--adapter', 'caddyfile', '--config', path.join(ROOT, 'deploy/Caddyfile')], {
      env: {
        PATH: process.env.PATH,
        HOME: caddyHome,
        XDG_DATA_HOME: path.join(caddyHome, 'data'),
        XDG_CONFIG_HOME: path.join(caddyHome, 'config'),
        GATEHOUSE_DOMAIN: DOMAIN,
        GATEHOUSE_TLS: 'internal',
        GATEHOUSE_UPSTREAMS: processes.map((p) => `127.0.0.1:${p.port}`).join(' '),
        CADDY_HTTP_PORT: String(await freePort()),
        CADDY_HTTPS_PORT: String(httpsPort),
        CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
    caddy.stderr!.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
    // Caddy's local CA signs the certificate; the client trusts that root only.
    const root = path.join(caddyHome, 'data/caddy/pki/authorities/local/root.crt');
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`Caddy exited:\n${caddyLog}`);
      if (existsSync(root)) {
        agent = new https.Agent({ keepAlive: true, maxSockets: 16, ca: readFileSync(root) });
        const ready = await request('GET', '/readyz').catch(() => null);
        if (ready?.status === 200) break;
        agent.destroy();
      }
      if (Date.now() > deadline) throw new Error(`Caddy did not serve within 30 s:\n${caddyLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    agent?.destroy();
    if (caddy && caddy.exitCode === null) {
      const ended = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      await ended;
    }
    for (const server of processes) await server.stop();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in through the proxy over TLS with __Host- Secure cookies', async () => {
    const signIn = await request('POST', '/api/authenticate', { email: 'admin@acme.test', password: DEFAULT_PASSWORD });
    expect(signIn.status, signIn.body).toBe(200);
    const setCookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    expect(setCookies.length).toBeGreaterThan(0);
    for (const line of setCookies) {
      expect(line).toMatch(/^__Host-/);
      expect(line).toMatch(/; Secure/i);
    }
    cookie = setCookies.map((line) => line.split(';')[0]).join('; ');
    const account = await request('GET', '/api/account');
    expect(account.status).toBe(200);
  });

  it('loses no request beyond those in flight when one process is killed under load', async () => {
    let inFlight = 0;
    let completed = 0;
    let inFlightAtKill = -1;
    let completedAfterKill = 0;
    const failures: string[] = [];
    let killed: Promise<number | null> | undefined;
    const KILL_AFTER = 200;
    const RUN_AFTER_KILL = 300;

    const worker = async () => {
      while (completedAfterKill < RUN_AFTER_KILL) {
        inFlight += 1;
        try {
          const answer = await request('GET', '/api/account');
          if (answer.status !== 200) failures.push(`${answer.status} ${answer.body.slice(0, 120)}`);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        } finally {
          inFlight -= 1;
        }
        completed += 1;
        if (killed) completedAfterKill += 1;
        else if (completed >= KILL_AFTER) {
          inFlightAtKill = inFlight;
          killed = processes[0]!.stop('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log(`  killed one process with ${inFlightAtKill} requests in flight; ${failures.length} failed`);
    expect(await killed).toBeNull(); // ended by the signal
    expect(inFlightAtKill).toBeGreaterThanOrEqual(0);
    expect(failures.length, failures.join('\n')).toBeLessThanOrEqual(inFlightAtKill);
    expect(completedAfterKill).toBeGreaterThanOrEqual(RUN_AFTER_KILL);
    // The survivor serves the session the killed process may have started.
    expect((await request('GET', '/api/account')).status).toBe(200);
  });
});
