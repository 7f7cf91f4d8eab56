/**
 * Benchmarks the protocol endpoints of Gatehouse (a real `node server/src/main.ts` on SQLite, or on
 * PostgreSQL with BENCH_DATABASE_URL) against two baselines (bench/baseline.ts), one after the other on
 * this machine: the bare oidc-provider with a persisting adapter of the same durability
 * (bench/baseline-adapter.ts: SQLite in WAL with synchronous NORMAL, or the same PostgreSQL server), and
 * the bare oidc-provider with its in-memory adapter (the engine's limit: it keeps nothing). Endpoints:
 * discovery, JWKS, client-credentials token (opaque, and a JWT for an API), authorization-code exchange
 * and userinfo. Prints requests per second, p50 and p99 latency, CPU time per request, and Gatehouse's
 * ratio to each baseline, as a markdown table.
 *
 *   npm run bench    (BENCH_ROUNDS, default 3, of BENCH_SECONDS, default 5, per endpoint and server;
 *                     BENCH_CONNECTIONS, default 16; BENCH_DATABASE_URL, a PostgreSQL server to run
 *                     Gatehouse and the persisting baseline on, each in a new database, instead of
 *                     SQLite; WORKERS as for npm start;
 *                     BENCH_GATEHOUSE_FLAGS and BENCH_BASELINE_FLAGS, Node flags added for Gatehouse
 *                     or for both baselines only, space-separated, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
 *                     or `--import=./probe.mjs`; BENCH_WINDOWS, a file the bench appends each
 *                     measured window to, as JSON lines of the server's pid, the endpoint, the
 *                     requests and the start and end on the monotonic clock in µs, the clock of
 *                     Node's CPU profiles: bench/profile-summary.ts keeps a profile's samples of
 *                     those windows only)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Pool } from 'undici';

import { BENCH_API } from './bench-api.ts';
import { benchDatabase, cpuTime, createOrganisation, freePort, SERVER_NODE_FLAGS, serverEnv } from './support.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_ENDPOINTS: a comma-separated subset of the endpoints below (e.g. `userinfo,jwks`); all when unset. */
const ONLY = process.env.BENCH_ENDPOINTS?.split(',').map((name) => name.trim());
const PASSWORD = 'correct horse battery staple';
const CALLBACK = 'http://localhost:1/callback';
const VERIFIER = randomBytes(32).toString('base64url');
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
/** Node flags for one of the two servers only (experiments: profiles, probes, V8 options). */
const flagsOf = (value: string | undefined) => value?.split(' ').filter(Boolean) ?? [];
const GATEHOUSE_FLAGS = flagsOf(process.env.BENCH_GATEHOUSE_FLAGS);
const BASELINE_FLAGS = flagsOf(process.env.BENCH_BASELINE_FLAGS);
const WINDOWS = process.env.BENCH_WINDOWS;
/** The monotonic clock in µs: the clock of V8's CPU profiles on Linux, so a profile can be cut to the measured windows. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

interface Credentials {
  id: string;
  secret: string;
}

interface Target {
  name: string;
  /** The server's process id, for its CPU time. */
  pid: number;
  port: number;
  host: string;
  pool: Pool;
  discovery: { token_endpoint: string; userinfo_endpoint: string; jwks_uri: string; authorization_endpoint: string };
  web: Credentials;
  machine: Credentials;
  /** A web client that gets refresh tokens at the code exchange (a first-party application's choice in Gatehouse). */
  refresher: Credentials;
  /** Answers fresh authorization codes for `client` (the web client), made by several signed-in browsers at once. */
  codes(count: number, client?: Credentials): Promise<string[]>;
}

interface Result {
  /** Server CPU time per request (ms): less sensitive than rps to other load on the machine. */
  cpu: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function waitFor(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

/** A tiny cookie jar: enough for the provider's and Gatehouse's cookies on one host. */
class Jar {
  readonly #cookies = new Map<string, string>();
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=thu, 01 jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
}

async function call(
  target: Pick<Target, 'pool' | 'host'>,
  method: string,
  url: string,
  options: { jar?: Jar; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const parsed = new URL(url, `http://${target.host}`);
  const headers: Record<string, string> = { host: target.host, ...options.headers };
  if (options.jar) headers.cookie = options.jar.header();
  let body: string | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await target.pool.request({ method: method as 'GET', path: parsed.pathname + parsed.search, headers, body });
  options.jar?.store(res.headers['set-cookie']);
  const text = await res.body.text();
  return { status: res.statusCode, location: res.headers.location as string | undefined, text };
}

/** Follows redirects on the target until one leaves for the callback; answers the code it carries. */
async function authorize(
  target: Pick<Target, 'pool' | 'host' | 'discovery' | 'web'>,
  jar: Jar,
  onSignInPage?: (returnUrl: string) => Promise<void>,
  client: Credentials = target.web,
): Promise<string> {
  const query = new URLSearchParams({
    client_id: client.id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  });
  let url = `${target.discovery.authorization_endpoint}?${query}`;
  for (let hop = 0; hop < 12; hop++) {
    const res = await call(target, 'GET', url, { jar });
    if (!res.location) throw new Error(`authorization stopped at ${url}: ${res.status} ${res.text.slice(0, 200)}`);
    const next = new URL(res.location, url);
    if (next.href.startsWith(CALLBACK)) return next.searchParams.get('code')!;
    if (next.pathname === '/' && next.searchParams.get('returnurl') && onSignInPage) {
      const returnUrl = next.searchParams.get('returnurl')!;
      await onSignInPage(returnUrl);
      url = new URL(returnUrl, url).href;
      continue;
    }
    if (next.pathname === '/redirecting') {
      url = new URL(next.searchParams.get('redirecturl')!, url).href;
      continue;
    }
    url = next.href;
  }
  throw new Error('too many redirects');
}

const BROWSERS = 8;

/** Browsers signed in at the provider: each can then get codes with no interaction. */
async function signedInBrowsers(
  target: Pick<Target, 'pool' | 'host' | 'discovery' | 'web'>,
  signIn: (jar: Jar) => ((returnUrl: string) => Promise<void>) | undefined,
) {
  const jars = Array.from({ length: BROWSERS }, () => new Jar());
  for (const jar of jars) await authorize(target, jar, signIn(jar));
  return jars;
}

/** Codes from every browser in parallel, each browser one request at a time (its session cookie rotates). */
async function codesFrom(
  target: Pick<Target, 'pool' | 'host' | 'discovery' | 'web'>,
  jars: Jar[],
  count: number,
  client: Credentials = target.web,
): Promise<string[]> {
  const codes: string[] = [];
  await Promise.all(
    jars.map(async (jar) => {
      while (codes.length < count) codes.push(await authorize(target, jar, undefined, client));
    }),
  );
  return codes;
}

async function startGatehouse(): Promise<{ target: Target; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
  const port = await freePort();
  const database = await benchDatabase(process.env.BENCH_DATABASE_URL, path.join(dir, 'bench.db'));
  const env = serverEnv(port, database.url, dir, { RUN_JOBS: 'false' });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...GATEHOUSE_FLAGS, path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, 'Gatehouse is running');
  await createOrganisation(env, 'bench', 'admin@bench.test', PASSWORD);
  const host = `bench.localhost:${port}`;
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS, pipelining: 1 });
  const admin = new Jar();
  const origin = { origin: `http://${host}` };
  await call({ pool, host }, 'POST', '/api/authenticate', {
    jar: admin,
    form: { email: 'admin@bench.test', password: PASSWORD },
    headers: origin,
  });
  const create = async (name: string, settings: Record<string, string>) => {
    const created = JSON.parse(
      (await call({ pool, host }, 'POST', '/api/clients', { jar: admin, form: { name }, headers: origin })).text,
    ) as { id: string; secret: string };
    const form = new URLSearchParams({ name, idTokenSignedResponseAlg: 'RS256', ...settings });
    await pool
      .request({
        method: 'PUT',
        path: `/api/clients/${created.id}`,
        headers: { host, cookie: admin.header(), 'content-type': 'application/x-www-form-urlencoded', ...origin },
        body: form.toString(),
      })
      .then((r) => r.body.dump());
    return created;
  };
  const web = await create('Bench web', { clientType: 'confidential', redirectURIs: CALLBACK });
  const machine = await create('Bench machine', { clientType: 'machine' });
  const refresher = await create('Bench refresh', { clientType: 'confidential', redirectURIs: CALLBACK, refreshWithoutConsent: 'true' });
  // A protected API the machine client may get JWT access tokens for.
  const json = { host, cookie: admin.header(), 'content-type': 'application/json', ...origin };
  const api = await pool.request({
    method: 'POST',
    path: '/api/apis',
    headers: json,
    body: JSON.stringify({ name: 'Bench API', identifier: BENCH_API.identifier, scopes: [{ value: BENCH_API.scope }] }),
  });
  const { id: apiId } = (await api.body.json()) as { id: string };
  await pool
    .request({
      method: 'PUT',
      path: `/api/apis/${apiId}/grants/${machine.id}`,
      headers: json,
      body: JSON.stringify({ scopes: [BENCH_API.scope] }),
    })
    .then((r) => r.body.dump());
  const discovery = JSON.parse((await call({ pool, host }, 'GET', '/.well-known/openid-configuration')).text) as Target['discovery'];
  const partial = { pool, host, discovery, web };
  const browsers = await signedInBrowsers(partial, (jar) => async (returnUrl) => {
    await call({ pool, host }, 'POST', '/api/authenticate', {
      jar,
      form: { email: 'admin@bench.test', password: PASSWORD, returnurl: returnUrl },
      headers: origin,
    });
  });
  const started = running('Gatehouse', child, { ...partial, port, machine, refresher }, browsers);
  return {
    target: started.target,
    async stop() {
      await started.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A started server as a benchmark target, and how to stop it. */
function running(
  name: string,
  child: ChildProcess,
  parts: Pick<Target, 'port' | 'host' | 'pool' | 'discovery' | 'web' | 'machine' | 'refresher'>,
  browsers: Jar[],
): { target: Target; stop(): Promise<void> } {
  return {
    target: { name, pid: child.pid!, ...parts, codes: (count, client) => codesFrom(parts, browsers, count, client) },
    async stop() {
      await parts.pool.close();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The bare provider: in memory, or persisting to `database` (`sqlite:<file>` or a PostgreSQL URL). */
async function startBaseline(database?: string): Promise<{ target: Target; stop(): Promise<void> }> {
  const port = await freePort();
  const secret = (n: number) => randomBytes(32).toString('base64url') + n;
  const web = { id: 'bench-web', secret: secret(1) };
  const machine = { id: 'bench-machine', secret: secret(2) };
  const refresher = { id: 'bench-refresh', secret: secret(3) };
  const webClient = (client: Credentials) => ({
    client_id: client.id,
    client_secret: client.secret,
    redirect_uris: [CALLBACK],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    require_auth_time: true,
  });
  const clients = [
    webClient(web),
    // As Gatehouse's 'Issue refresh tokens without asking for offline access' (bench/baseline.ts).
    { ...webClient(refresher), gatehouse_refresh_without_consent: true },
    { client_id: machine.id, client_secret: machine.secret, redirect_uris: [], grant_types: ['client_credentials'], response_types: [] },
  ];
  // The same runtime flags, so the ratio compares code rather than garbage-collector settings.
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...BASELINE_FLAGS,
      path.join(ROOT, 'bench/baseline.ts'),
      String(port),
      JSON.stringify(clients),
      ...(database ? [database] : []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await waitFor(child, 'baseline listening');
  const host = `localhost:${port}`;
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS, pipelining: 1 });
  const discovery = JSON.parse((await call({ pool, host }, 'GET', '/.well-known/openid-configuration')).text) as Target['discovery'];
  const partial = { pool, host, discovery, web };
  const browsers = await signedInBrowsers(partial, () => undefined);
  return running(
    database ? 'oidc-provider, persisting' : 'oidc-provider, memory',
    child,
    { ...partial, port, machine, refresher },
    browsers,
  );
}

/** The bare provider persisting to a database of the same kind as Gatehouse's: a SQLite file, or a new PostgreSQL database. */
async function startPersistingBaseline(): Promise<{ target: Target; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-baseline-'));
  const database = await benchDatabase(process.env.BENCH_DATABASE_URL, path.join(dir, 'baseline.db'));
  const started = await startBaseline(database.url);
  return {
    target: started.target,
    async stop() {
      await started.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const basic = (client: { id: string; secret: string }) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;

interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Told the body of a successful answer (which is otherwise discarded). */
  answered?(body: string): void;
}

interface Sample {
  cpuMs: number;
  latencies: number[];
  seconds: number;
  errors: number;
}

/** The endpoint being measured, for BENCH_WINDOWS. */
let measuring = '';

/** Closed loop: CONNECTIONS workers send requests back to back for `seconds`, or until `next` has no more. */
async function sample(target: Target, seconds: number, next: () => RequestSpec | undefined): Promise<Sample> {
  const windowStart = monotonicMicros();
  const cpuBefore = cpuTime(target.pid);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const spec = next();
      if (!spec) return;
      const t0 = performance.now();
      try {
        const { answered, ...request } = spec;
        const res = await target.pool.request({ ...request, headers: { host: target.host, ...spec.headers } });
        if (res.statusCode >= 400) errors++;
        if (answered && res.statusCode < 400) answered(await res.body.text());
        else await res.body.dump();
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const cpuMs = cpuTime(target.pid) - cpuBefore;
  if (WINDOWS) {
    const window = { pid: target.pid, server: target.name, endpoint: measuring, requests: latencies.length, cpuMs };
    appendFileSync(WINDOWS, `${JSON.stringify({ ...window, start: windowStart, end: monotonicMicros() })}\n`);
  }
  return { cpuMs, latencies, seconds: (performance.now() - started) / 1000, errors };
}

function summarise(samples: Sample[]): Result {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    cpu: samples.reduce((sum, s) => sum + s.cpuMs, 0) / latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

type Endpoint = (target: Target, seconds: number) => Promise<Sample[]>;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const get =
  (url: string, headers: Record<string, string> = {}) =>
  (): RequestSpec => ({ method: 'GET', path: pathOf(url), headers });

const ENDPOINTS: Record<string, Endpoint> = {
  discovery: async (target, seconds) => [await sample(target, seconds, get(`http://${target.host}/.well-known/openid-configuration`))],
  jwks: async (target, seconds) => [await sample(target, seconds, get(target.discovery.jwks_uri))],
  'client credentials': async (target, seconds) => [
    await sample(target, seconds, () => ({
      method: 'POST',
      path: pathOf(target.discovery.token_endpoint),
      headers: { ...FORM, authorization: basic(target.machine) },
      body: 'grant_type=client_credentials',
    })),
  ],
  'client credentials (JWT for an API)': async (target, seconds) => [
    await sample(target, seconds, () => ({
      method: 'POST',
      path: pathOf(target.discovery.token_endpoint),
      headers: { ...FORM, authorization: basic(target.machine) },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: BENCH_API.identifier, scope: BENCH_API.scope }).toString(),
    })),
  ],
  // Codes live 60 s, and the baseline's memory store keeps 1,000 artefacts: make codes in small batches,
  // then redeem each batch as fast as possible; the batches' requests and times add up.
  'authorization-code exchange': async (target, seconds) => {
    const samples: Sample[] = [];
    while (samples.reduce((sum, s) => sum + s.seconds, 0) < seconds) {
      const codes = await target.codes(300);
      samples.push(await sample(target, seconds, () => (codes.length ? exchangeOf(target, codes.pop()!) : undefined)));
    }
    return samples;
  },
  // Refresh tokens rotate: each is used once, and its answer carries the next. Every connection keeps its own
  // chain (one per connection, from a code exchange of the refresh client, untimed).
  'refresh token': async (target, seconds) => {
    const codes = await target.codes(CONNECTIONS, target.refresher);
    const tokens = await Promise.all(
      codes.map(async (code) => {
        const answer = await call(target, 'POST', pathOf(target.discovery.token_endpoint), {
          form: { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: VERIFIER },
          headers: { authorization: basic(target.refresher) },
        });
        const token = (JSON.parse(answer.text) as { refresh_token?: string }).refresh_token;
        if (!token) throw new Error(`${target.name} issued no refresh token: ${answer.text.slice(0, 200)}`);
        return token;
      }),
    );
    return [
      await sample(target, seconds, () => {
        const token = tokens.pop();
        if (!token) return undefined;
        return {
          method: 'POST',
          path: pathOf(target.discovery.token_endpoint),
          headers: { ...FORM, authorization: basic(target.refresher) },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
          answered: (body) => {
            const next = (JSON.parse(body) as { refresh_token?: string }).refresh_token;
            if (next) tokens.push(next);
          },
        };
      }),
    ];
  },
  userinfo: async (target, seconds) => {
    const answer = await call(target, 'POST', pathOf(target.discovery.token_endpoint), {
      form: { grant_type: 'authorization_code', code: (await target.codes(1))[0]!, redirect_uri: CALLBACK, code_verifier: VERIFIER },
      headers: { authorization: basic(target.web) },
    });
    const accessToken = (JSON.parse(answer.text) as { access_token: string }).access_token;
    return [await sample(target, seconds, get(target.discovery.userinfo_endpoint, { authorization: `Bearer ${accessToken}` }))];
  },
};

function exchangeOf(target: Target, code: string): RequestSpec {
  return {
    method: 'POST',
    path: pathOf(target.discovery.token_endpoint),
    headers: { ...FORM, authorization: basic(target.web) },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: VERIFIER }).toString(),
  };
}

const gatehouse = await startGatehouse();
const persisting = await startPersistingBaseline();
const memory = await startBaseline();
const servers = [gatehouse, persisting, memory];
try {
  console.error(`Measuring ${ROUNDS} rounds of ${SECONDS} s per endpoint and server, ${CONNECTIONS} connections...`);
  // Warm-up, then the servers take turns endpoint by endpoint (each round in another order), so a busy
  // moment of the machine falls on all alike.
  for (const { target } of servers) await ENDPOINTS.discovery!(target, 1);
  const cpu = cpus();
  const database = process.env.BENCH_DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpu.length} × ${cpu[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, Gatehouse and the persisting baseline on ${database}, Gatehouse with ${process.env.WORKERS ?? 1} worker(s), ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per endpoint and server\n`,
  );
  console.log(
    '| endpoint | Gatehouse rps | p50 ms | p99 ms | CPU ms/req | persisting rps | p50 ms | p99 ms | CPU ms/req | memory rps | p50 ms | p99 ms | CPU ms/req | over persisting (rps / CPU) | over memory (rps / CPU) | Gatehouse per vCPU-second |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const cells = (r: Result) => `${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpu.toFixed(2)}`;
  const ratio = (o: Result, b: Result) => `${(o.rps / b.rps).toFixed(2)}x / ${(b.cpu / o.cpu).toFixed(2)}x`;
  for (const [name, endpoint] of Object.entries(ENDPOINTS).filter(([name]) => !ONLY || ONLY.includes(name))) {
    measuring = name;
    const samples = new Map<Target, Sample[]>(servers.map(({ target }) => [target, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!.target);
      for (const target of round % 2 === 0 ? order : order.reverse()) samples.get(target)!.push(...(await endpoint(target, SECONDS)));
    }
    const [o, p, m] = servers.map(({ target }) => summarise(samples.get(target)!)) as [Result, Result, Result];
    const errors = o.errors + p.errors + m.errors ? ` (errors: ${o.errors}/${p.errors}/${m.errors})` : '';
    // Requests per second of one core fully used by the server process (1 / CPU time per request).
    const perVcpu = (1000 / o.cpu).toFixed(0);
    console.log(`| ${name} | ${cells(o)} | ${cells(p)} | ${cells(m)} | ${ratio(o, p)} | ${ratio(o, m)}${errors} | ${perVcpu} |`);
  }
} finally {
  for (const server of servers) await server.stop();
}
