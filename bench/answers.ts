/**
 * What the answer allow-list costs (server/src/http/contract.ts parses every JSON answer by its declared
 * schema and sends the parsed output). A real `node server/src/main.ts` on a fresh SQLite database, an
 * organisation made with the CLI, its admin signed in; the real answers of the hot endpoints are fetched
 * once, then each is parsed by its endpoint's schema BENCH_PARSES times (default 20,000) in this process,
 * which is the work the allow-list adds to one request. Reported per answer: its size, the CPU time of
 * one parse (process.cpuUsage, steadier than wall time on a shared machine), and the server's mean
 * latency over BENCH_REQUESTS (default 300) sequential requests of it on one keep-alive connection, for scale.
 *
 *   npm run bench:answers -w bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Pool } from 'undici';

import { ENDPOINTS } from '../common/src/api/index.ts';
import { createOrganisation, freePort, serverEnv, startGatehouse, stopGatehouse } from './support.ts';

const PARSES = Number(process.env.BENCH_PARSES ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const PASSWORD = 'correct horse battery staple';
/** A page of the user list as the SPA asks for it. */
const USERS_PAGE = 50;

const schemaOf = (operationId: string) => {
  const answer = ENDPOINTS.find((e) => e.operationId === operationId)?.answer;
  if (!answer) throw new Error(`${operationId} has no JSON answer`);
  return answer;
};

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-answers-'));
  const port = await freePort();
  const env = serverEnv(port, `sqlite:${path.join(dir, 'bench.db')}`, dir);
  await createOrganisation(env, 'acme', 'admin@acme.test', PASSWORD);
  const server = await startGatehouse(env);
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 1 });
  const host = `acme.localhost:${port}`;
  try {
    const signIn = await pool.request({
      method: 'POST',
      path: '/api/authenticate',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'admin@acme.test', password: PASSWORD }).toString(),
    });
    const signInAnswer: unknown = await signIn.body.json();
    if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${JSON.stringify(signInAnswer)}`);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const get = async (pathname: string) => {
      const res = await pool.request({ method: 'GET', path: pathname, headers: { host, cookie, accept: 'application/json' } });
      const body: unknown = await res.body.json();
      if (res.statusCode !== 200) throw new Error(`${pathname}: ${res.statusCode} ${JSON.stringify(body)}`);
      return body;
    };
    const meanLatency = async (pathname: string) => {
      let total = 0;
      for (let i = 0; i < REQUESTS + 20; i++) {
        const started = performance.now();
        await get(pathname);
        if (i >= 20) total += performance.now() - started; // the first twenty warm up
      }
      return total / REQUESTS;
    };

    // The user list holds the admin alone: a page of 50 is made of copies of that real item (a parse costs per item).
    const users = (await get('/api/users')) as { items: { id: string }[] };
    const item = users.items[0]!;
    const page = { ...users, items: Array.from({ length: USERS_PAGE }, (_, i) => ({ ...item, id: `${item.id}-${i}` })) };
    const cases: { label: string; operationId: string; answer: unknown; path: string | null }[] = [
      { label: 'GET /api/session', operationId: 'getSession', answer: await get('/api/session'), path: '/api/session' },
      { label: 'GET /api/organisation', operationId: 'getOrganisation', answer: await get('/api/organisation'), path: '/api/organisation' },
      { label: 'GET /api/account', operationId: 'getAccount', answer: await get('/api/account'), path: '/api/account' },
      { label: 'POST /api/authenticate', operationId: 'authenticate', answer: signInAnswer, path: null },
      { label: `GET /api/users (page of ${USERS_PAGE})`, operationId: 'listUsers', answer: page, path: null },
    ];

    console.log(`| answer | bytes | CPU per parse (µs) | server mean latency (ms) | parse share |`);
    console.log(`| --- | --- | --- | --- | --- |`);
    for (const c of cases) {
      const schema = schemaOf(c.operationId);
      const checked = schema.safeParse(c.answer);
      if (!checked.success) throw new Error(`${c.operationId}: the real answer fails its schema: ${checked.error.message}`);
      for (let i = 0; i < 1000; i++) schema.parse(c.answer); // warm up
      const before = process.cpuUsage();
      for (let i = 0; i < PARSES; i++) schema.parse(c.answer);
      const used = process.cpuUsage(before);
      const perParse = (used.user + used.system) / PARSES;
      const latency = c.path ? await meanLatency(c.path) : null;
      const share = latency ? `${((perParse / 1000 / latency) * 100).toFixed(1)} %` : '';
      console.log(`| ${c.label} | ${JSON.stringify(c.answer).length} | ${perParse.toFixed(1)} | ${latency?.toFixed(2) ?? ''} | ${share} |`);
    }
  } finally {
    await pool.close();
    await stopGatehouse(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
