/**
 * Sustained sign-in load across many organisations (security checklist, "Faults and load"): a real
 * `node server/src/main.ts`, organisations made with the CLI, then a closed loop of keep-alive
 * connections signing in (right and wrong passwords), reading the account and signing out on random
 * organisations. Reports throughput, p50/p99 of the sign-in call, errors, and the server's memory
 * over the run (anonymous RSS sampled from /proc every 2 s, and the whole RSS at the end), as markdown.
 * A probe on its own connection fetches one organisation's JWKS every 10 ms meanwhile and reports its
 * p50/p99: what a token or key request waits while sign-ins saturate the cores.
 * Before the load, with the server idle, the bench measures how many argon2id verifications of the
 * same parameters this machine does a second on all its cores (one per core at once, as the server
 * caps them): the ceiling a password sign-in can reach, so the table gives sign-ins as a share of it.
 *
 *   node bench/sign-in-load.ts   (BENCH_SECONDS, default 60; BENCH_CONNECTIONS, default 16;
 *                                 BENCH_ORGANISATIONS, default 20; BENCH_DATABASE_URL, default a fresh SQLite file;
 *                                 BENCH_WORKERS, the server's WORKERS, default 1; BENCH_SIGN_IN_ONLY=1, sign-ins
 *                                 without the account read and sign-out; BENCH_GATEHOUSE_FLAGS, Node flags added
 *                                 for the server, e.g. `--cpu-prof --cpu-prof-dir=DIR`; BENCH_NO_PROBE=1, no JWKS probe)
 * The server process's CPU time over the load (from /proc) per sign-in call is reported too: it varies far
 * less than the rate when other work shares the machine (with BENCH_SIGN_IN_ONLY=1 it is the sign-in's own).
 * The server runs with Node's flags as `npm start` gives them (SERVER_NODE_FLAGS). The anonymous memory
 * sampled every 10 s is printed under the table, to tell a heap that settles from one that keeps growing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { hash, verify } from '@node-rs/argon2';
import { Pool } from 'undici';

import { ARGON2_PARAMS } from '../server/src/passwords/hash.ts';
import { cpuTime, createOrganisation, freePort, mainThreadCpuTime, percentile, SERVER_NODE_FLAGS, serverEnv } from './support.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ORGANISATIONS = Number(process.env.BENCH_ORGANISATIONS ?? 20);
const PASSWORD = 'correct horse battery staple';
const WORKERS = process.env.BENCH_WORKERS ?? '1';
const PROBE_INTERVAL_MS = 10;
/** BENCH_NO_PROBE=1: no JWKS probe, so the CPU per sign-in is the sign-in's alone whatever the rate. */
const PROBE = process.env.BENCH_NO_PROBE !== '1';
/** BENCH_SIGN_IN_ONLY=1: each cycle is the password sign-in alone (no account read, no sign-out). */
const SIGN_IN_ONLY = process.env.BENCH_SIGN_IN_ONLY === '1';

/** argon2id verifications a second on all cores at once (one per core), for `seconds`. */
async function argon2VerifyRate(seconds: number): Promise<number> {
  const stored = await hash(PASSWORD, ARGON2_PARAMS);
  const deadline = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: availableParallelism() }, async () => {
      while (performance.now() < deadline) {
        await verify(stored, PASSWORD);
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/**
 * The server's anonymous resident memory (RssAnon: the JavaScript heap and native allocations), in MiB.
 * The whole RSS also counts the database file's pages that SQLite maps and caches, which grow with the
 * file and are not a leak.
 */
const anonMiB = (pid: number) => Number(/RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dataDir, 'bench.db')}`;
  const port = await freePort();
  const env = { ...serverEnv(port, databaseUrl, dataDir), WORKERS };
  const names = Array.from({ length: ORGANISATIONS }, (_, i) => `load${i}`);
  for (const name of names) await createOrganisation(env, name, `admin@${name}.test`, PASSWORD);
  const flags = process.env.BENCH_GATEHOUSE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Gatehouse is running') && resolve()),
  );

  const verifyRate = await argon2VerifyRate(Math.min(10, Math.max(3, SECONDS / 6)));
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS, pipelining: 1 });
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let cycles = 0;
  const memory: number[] = [anonMiB(server.pid!)];
  const sampler = setInterval(() => memory.push(anonMiB(server.pid!)), 2000);
  const deadline = Date.now() + SECONDS * 1000;

  const worker = async (lane: number) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const org = names[(lane * 7 + i) % names.length]!;
      const host = `${org}.localhost:${port}`;
      const right = i % 5 !== 0;
      const body = new URLSearchParams({
        email: right ? `admin@${org}.test` : `nobody${lane}-${i}@${org}.test`,
        password: right ? PASSWORD : 'wrong password',
      });
      const started = performance.now();
      const signIn = await pool.request({
        method: 'POST',
        path: '/api/authenticate',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      await signIn.body.text();
      latencies.push(performance.now() - started);
      const expected = right ? 200 : 401;
      if (signIn.statusCode !== expected) {
        errors[`sign-in ${signIn.statusCode}`] = (errors[`sign-in ${signIn.statusCode}`] ?? 0) + 1;
        continue;
      }
      if (!right || SIGN_IN_ONLY) {
        if (right) cycles++;
        continue;
      }
      const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
      for (const [method, url] of [
        ['GET', '/api/account'],
        ['POST', '/api/signout'],
      ] as const) {
        const res = await pool.request({ method, path: url, headers: { host, cookie } });
        await res.body.text();
        if (res.statusCode >= 300) errors[`${url} ${res.statusCode}`] = (errors[`${url} ${res.statusCode}`] ?? 0) + 1;
      }
      cycles++;
    }
  };
  const probePool = new Pool(`http://127.0.0.1:${port}`, { connections: 1, pipelining: 1 });
  const probeLatencies: number[] = [];
  const probe = async () => {
    while (PROBE && Date.now() < deadline) {
      const t0 = performance.now();
      const res = await probePool.request({ method: 'GET', path: '/oidc/jwks', headers: { host: `${names[0]}.localhost:${port}` } });
      await res.body.text();
      probeLatencies.push(performance.now() - t0);
      if (res.statusCode !== 200) errors[`jwks ${res.statusCode}`] = (errors[`jwks ${res.statusCode}`] ?? 0) + 1;
      // About 100 a second: enough for its percentiles, too few to take the cores from the sign-ins it watches.
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
    }
  };
  const started = Date.now();
  const cpuBefore = cpuTime(server.pid!);
  const mainBefore = mainThreadCpuTime(server.pid!);
  await Promise.all([probe(), ...Array.from({ length: CONNECTIONS }, (_, lane) => worker(lane))]);
  await probePool.close();
  probeLatencies.sort((a, b) => a - b);
  const elapsed = (Date.now() - started) / 1000;
  // The server's CPU time, its argon2id threads included, per sign-in (with its cycle's account read and sign-out).
  const cpuPerSignIn = (cpuTime(server.pid!) - cpuBefore) / latencies.length;
  // The main thread's share: the request's own work around the hash (with WORKERS=1; the JWKS probe's requests too).
  const mainPerSignIn = (mainThreadCpuTime(server.pid!) - mainBefore) / latencies.length;
  clearInterval(sampler);
  memory.push(anonMiB(server.pid!));
  const rssAtEnd = rssMiB(server.pid!);
  await pool.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const half = Math.floor(memory.length / 2);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${databaseUrl.split(':')[0]}, ${ORGANISATIONS} organisations, ${CONNECTIONS} connections, ${SECONDS} s, WORKERS=${WORKERS}${SIGN_IN_ONLY ? ', sign-ins only' : ''}\n`,
  );
  console.log(
    '| sign-ins/s | argon2id verifies/s (all cores, idle server) | sign-ins over verifies | p50 ms | p99 ms | full cycles (sign-in, account, sign-out) | errors | anon MiB at start | mean 1st half | mean 2nd half | max | whole RSS at end | JWKS p50 ms | JWKS p99 ms | server CPU ms per sign-in | main thread CPU ms per sign-in | sign-ins per vCPU-second |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${(latencies.length / elapsed).toFixed(0)} | ${verifyRate.toFixed(0)} | ${(latencies.length / elapsed / verifyRate).toFixed(2)}x | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${cycles} | ${JSON.stringify(errors)} | ${memory[0]!.toFixed(0)} | ${mean(memory.slice(0, half)).toFixed(0)} | ${mean(memory.slice(half)).toFixed(0)} | ${Math.max(...memory).toFixed(0)} | ${rssAtEnd.toFixed(0)} | ${percentile(probeLatencies, 50).toFixed(1)} | ${percentile(probeLatencies, 99).toFixed(1)} | ${cpuPerSignIn.toFixed(1)} | ${mainPerSignIn.toFixed(2)} | ${(1000 / cpuPerSignIn).toFixed(0)} |`,
  );
  console.log(
    `\nanon MiB every 10 s: ${memory
      .filter((_, i) => i % 5 === 0)
      .map((mib) => mib.toFixed(0))
      .join(' ')}`,
  );
}

await main();
