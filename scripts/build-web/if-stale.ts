/**
 * `npm start`'s build step: builds the SPA (web/dist and web/dist-ssr) only when something it is built
 * from is newer than what was built, which saves the build's seconds at every start. GATEHOUSE_BUILD=always
 * builds anyway; GATEHOUSE_BUILD=never never does (a built tree copied in).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the SPA is built from, relative to the repository. */
const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'common/src', 'package-lock.json'];
/** What the build writes; the oldest of them counts. */
const OUTPUTS = ['web/dist/index.html', 'web/dist-ssr'];

function newest(file: string): number {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((latest, entry) => Math.max(latest, newest(path.join(file, entry))), stat.mtimeMs);
}

/** Why the SPA must be built again, or null when what was built is newer than everything it is built from. */
export function staleReason(root: string): string | null {
  const built = Math.min(...OUTPUTS.map((output) => statSync(path.join(root, output), { throwIfNoEntry: false })?.mtimeMs ?? 0));
  if (built === 0) return 'web/dist has not been built';
  const changed = SOURCES.find((source) => newest(path.join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const mode = process.env.GATEHOUSE_BUILD ?? 'auto';
  const reason = mode === 'always' ? 'GATEHOUSE_BUILD=always' : mode === 'never' ? null : staleReason(root);
  if (reason === null) console.log('The web app is up to date (web/dist is newer than its sources): not building it.');
  else {
    console.log(`Building the web app (${reason}).`);
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
    process.exitCode = build.status ?? 1;
  }
}
