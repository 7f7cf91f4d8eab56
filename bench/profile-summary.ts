/**
 * Where the CPU time of the protocol bench's servers goes, per request, from their CPU profiles cut to
 * the measured windows only (setting up, making codes and the other servers' turns are left out).
 *
 *   BENCH_WINDOWS=/tmp/w.jsonl BENCH_GATEHOUSE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/p" \
 *     BENCH_BASELINE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/p" npm run bench
 *   node bench/profile-summary.ts /tmp/w.jsonl /tmp/p [top functions, default 25]
 *
 * Prints, per endpoint, the main thread's time per request of each server by part (the provider, Koa,
 * Kysely, pg, node:sqlite's native calls, Node's HTTP and streams, Gatehouse's folders, garbage
 * collection) and the functions that cost most in Gatehouse, in µs per request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Window {
  pid: number;
  server: string;
  endpoint: string;
  requests: number;
  /** The server's CPU time in the window, from /proc. */
  cpuMs: number;
  start: number;
  end: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [windowsFile, profileDir, topArg] = process.argv.slice(2);
if (!windowsFile || !profileDir) throw new Error('usage: node bench/profile-summary.ts <windows.jsonl> <profile dir> [top]');
const TOP = Number(topArg ?? 25);

const windows = readFileSync(windowsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Window)
  .filter((w) => w.endpoint !== '');

/** The part of the code a frame belongs to. */
function partOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    if (name.startsWith('koa') || name.startsWith('@koa')) return 'koa';
    if (name.startsWith('pg')) return 'pg';
    return name;
  }
  if (url.startsWith('node:')) {
    const name = url.slice('node:'.length).replace(/^internal\//, '');
    if (/http|_http_/.test(name)) return 'node http';
    if (/stream|net|buffer/.test(name)) return 'node streams and sockets';
    if (/crypto/.test(name)) return 'node crypto';
    if (/timers|process\/task_queues|async/.test(name)) return 'node timers and queues';
    return `node ${name.split('/')[0]}`;
  }
  const server = /\/server\/src\/([^/]+)\//.exec(url);
  if (server) return `gatehouse ${server[1]}`;
  if (url.includes('/server/src/')) return 'gatehouse';
  if (url.includes('/bench/')) return 'bench baseline';
  return url;
}

const frameName = (frame: ProfileNode['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();

/** µs of self time per part and per function, within the windows. */
function selfTimes(profile: Profile, ranges: Window[]): { parts: Map<string, number>; functions: Map<string, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const spent = profile.timeDeltas[i + 1] ?? 0;
    if (!ranges.some((w) => t >= w.start && t < w.end)) continue;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    const part = partOf(frame);
    parts.set(part, (parts.get(part) ?? 0) + spent);
    const name = frameName(frame);
    functions.set(name, (functions.get(name) ?? 0) + spent);
  }
  return { parts, functions };
}

const profiles = new Map<number, Profile>();
for (const file of readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
  const pid = Number(file.split('.')[3]);
  profiles.set(pid, JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as Profile);
}

const endpoints = [...new Set(windows.map((w) => w.endpoint))];
for (const endpoint of endpoints) {
  const servers = [...new Set(windows.filter((w) => w.endpoint === endpoint).map((w) => w.server))];
  const results = servers.map((server) => {
    const own = windows.filter((w) => w.endpoint === endpoint && w.server === server);
    const profile = profiles.get(own[0]!.pid);
    const requests = own.reduce((sum, w) => sum + w.requests, 0);
    const cpuMs = own.reduce((sum, w) => sum + w.cpuMs, 0);
    return { server, requests, cpuMs, times: profile ? selfTimes(profile, own) : undefined };
  });
  console.log(`\n### ${endpoint}\n`);
  console.log(
    `| part, µs per request | ${results.map((r) => `${r.server} (${r.requests} requests, ${((r.cpuMs * 1000) / r.requests).toFixed(0)} µs CPU by /proc)`).join(' | ')} |`,
  );
  console.log(`| --- |${results.map(() => ' ---: |').join('')}`);
  const parts = new Set(results.flatMap((r) => [...(r.times?.parts.keys() ?? [])]));
  const perRequest = (r: (typeof results)[number], map: 'parts' | 'functions', key: string) =>
    ((r.times?.[map].get(key) ?? 0) / r.requests).toFixed(1);
  const total = (r: (typeof results)[number]) =>
    [...(r.times?.parts ?? [])].filter(([part]) => part !== '(idle)').reduce((sum, [, us]) => sum + us, 0) / r.requests;
  const ordered = [...parts].sort((a, b) => (results[0]!.times?.parts.get(b) ?? 0) - (results[0]!.times?.parts.get(a) ?? 0));
  for (const part of ordered) {
    const cells = results.map((r) => perRequest(r, 'parts', part));
    if (cells.every((cell) => Number(cell) < 1)) continue;
    console.log(`| ${part} | ${cells.join(' | ')} |`);
  }
  console.log(`| main thread, not idle | ${results.map((r) => total(r).toFixed(1)).join(' | ')} |`);
  // Gatehouse's list in full, the baselines' shorter.
  results.forEach((result, i) => {
    if (!result.times) return;
    const count = i === 0 ? TOP : Math.ceil(TOP / 2);
    console.log(`\n${result.server}, the ${count} functions with most self time (µs per request):\n`);
    const top = [...result.times.functions].sort((a, b) => b[1] - a[1]).slice(0, count);
    for (const [name, us] of top) console.log(`- ${(us / result.requests).toFixed(1)} ${name}`);
  });
}
