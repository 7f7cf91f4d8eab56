import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { staleReason } from './if-stale.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout's files with the times given, in seconds since the epoch. */
function checkout(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'gatehouse-build-'));
  roots.push(root);
  for (const [file, seconds] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
    utimesSync(path.join(root, file), seconds, seconds);
  }
  return root;
}

describe('npm start builds the web app only when it is stale', () => {
  it('builds when nothing was built', () => {
    expect(staleReason(checkout({ 'web/src/main.tsx': 1000 }))).toBe('web/dist has not been built');
  });

  it('skips the build when what was built is newer than every source', () => {
    const root = checkout({
      'web/src/pages/a.tsx': 1000,
      'common/src/routes.ts': 1000,
      'web/dist/index.html': 2000,
      'web/dist-ssr/x.js': 2000,
    });
    utimesSync(path.join(root, 'web/dist-ssr'), 2000, 2000);
    for (const dir of ['web/src/pages', 'web/src', 'common/src']) utimesSync(path.join(root, dir), 1000, 1000);
    expect(staleReason(root)).toBeNull();
  });

  it('builds when a source changed after the build, however deep it is', () => {
    const root = checkout({ 'web/src/pages/a.tsx': 3000, 'web/dist/index.html': 2000, 'web/dist-ssr/x.js': 2000 });
    utimesSync(path.join(root, 'web/dist-ssr'), 2000, 2000);
    for (const dir of ['web/src/pages', 'web/src']) utimesSync(path.join(root, dir), 1000, 1000);
    expect(staleReason(root)).toBe('web/src changed since the last build');
  });
});
