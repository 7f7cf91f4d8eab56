/**
 * What the sign-in page's first load is made of: the scripts `web/dist/index.html` loads or
 * preloads, with their static imports, and per library (or folder of ours) the bytes those scripts give
 * it, from the bundle visualiser's data. Build with `npm run analyze -w web` first (it writes
 * web/stats/chunks.json as well as web/dist).
 *
 *   npm run analyze -w web && npm run bench:first-load-contents -w bench
 *
 * It exits with 1 when the first load holds what the budget keeps out of it: zod, the contract's schemas, the
 * password strength estimator, WebAuthn or an admin page; or when it renders with anything but React DOM
 * (Preact or another substitute in it, or React DOM missing).
 *
 * A group's gzip figure is its share of its chunk's gzip -9 size, in proportion to its rendered bytes: the
 * groups add up to the chunks' real compressed total (compressing each module alone would not).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = path.join(ROOT, 'web/dist');

interface Stats {
  nodeParts: Record<string, { renderedLength: number; metaUid: string }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** The entry script and preloaded chunks of index.html, then every chunk they import statically. */
function firstLoadChunks(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (pending.length) {
    const chunk = pending.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    const code = readFileSync(path.join(DIST, chunk), 'utf8');
    // Static imports only (`import ... from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy.
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) pending.push(`assets/${m[1]}`);
  }
  return [...seen];
}

/** The library a module belongs to, or our own folder (common/src/api, web/src/pages, ...). */
function groupOf(id: string): string {
  const modules = id.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = id.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  // The web app's own modules are named from its root (/src/...); common's by their path.
  const ours = id.match(/(?:^|\/)(common\/)?src\/(?:([^/]+)\/)?(?:.+\/)?[^/]+$/);
  if (ours) return `${ours[1] ? 'common' : 'web'}/src${ours[2] ? `/${ours[2]}` : ' (top level)'}`;
  return id.startsWith('\0') ? 'vite runtime' : id;
}

/** What must load only when needed, not with the sign-in page. */
const KEPT_OUT = [
  /^preact/,
  /^@preact\//,
  /^inferno/,
  /^nervjs$/,
  /^react-lite$/,
  /^zod$/,
  /^@zxcvbn-ts\//,
  /^@simplewebauthn\//,
  /^@hookform\/resolvers$/,
  /^common\/src\/schemas$/,
];
const KEPT_OUT_MODULES = /\/src\/pages\/(users|applications|organisation|apis|audit|webhooks|dashboard)\/|\/layout\/AppLayout/;

function main(): void {
  const stats = JSON.parse(readFileSync(path.join(ROOT, 'web/stats/chunks.json'), 'utf8')) as Stats;
  const chunks = firstLoadChunks();
  const groups = new Map<string, { rendered: number; gzip: number }>();
  const modules: string[] = [];
  let totalGzip = 0;
  console.log('| chunk | KB uncompressed | KB gzip -9 |\n| --- | ---: | ---: |');
  for (const chunk of chunks) {
    const code = readFileSync(path.join(DIST, chunk));
    const gzip = gzipSync(code, { level: 9 }).length;
    totalGzip += gzip;
    console.log(`| ${path.basename(chunk)} | ${(code.length / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} |`);
    const parts = Object.values(stats.nodeMetas).flatMap((meta) => {
      const uid = meta.moduleParts[chunk];
      if (uid) modules.push(meta.id);
      return uid ? [{ group: groupOf(meta.id), rendered: stats.nodeParts[uid]!.renderedLength }] : [];
    });
    const rendered = parts.reduce((sum, p) => sum + p.rendered, 0);
    for (const part of parts) {
      const group = groups.get(part.group) ?? { rendered: 0, gzip: 0 };
      group.rendered += part.rendered;
      group.gzip += rendered ? (gzip * part.rendered) / rendered : 0;
      groups.set(part.group, group);
    }
  }
  console.log(`\n${chunks.length} files, ${(totalGzip / 1024).toFixed(1)} KB gzip -9\n`);
  console.log('| library or folder | KB rendered | KB gzip -9 (share) |\n| --- | ---: | ---: |');
  for (const [name, g] of [...groups].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`| ${name} | ${(g.rendered / 1024).toFixed(1)} | ${(g.gzip / 1024).toFixed(1)} |`);
  }
  const unwanted = [
    ...[...groups.keys()].filter((name) => KEPT_OUT.some((pattern) => pattern.test(name))),
    ...modules.filter((id) => KEPT_OUT_MODULES.test(id)),
  ];
  if (!groups.has('react-dom') || !groups.has('react')) {
    console.error('\nThe first load does not hold React and React DOM');
    process.exitCode = 1;
  }
  if (unwanted.length > 0) {
    console.error(`\nIn the first load but wanted only when needed: ${unwanted.join(', ')}`);
    process.exitCode = 1;
  }
}

main();
