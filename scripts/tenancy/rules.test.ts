/** The ratchet of hand-written organisation_id (scripts/tenancy/check.ts) on small trees and on the real server/src. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { compare, countClauses, lowered } from './rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tenancy-rules-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the tenancy ratchet', () => {
  it('counts hand-written organisation_id per file, leaving out tests, migrations and the scope itself', () => {
    const dir = tree({
      'apis/store.ts': "db.where('organisation_id', '=', id).where('a.organisation_id', '=', 'b.organisation_id')",
      'apis/store.int.test.ts': "where('organisation_id')",
      'db/migrations/0001-x.ts': "addColumn('organisation_id')",
      'db/scoped.ts': 'organisation_id',
      'testing/harness.ts': 'organisation_id',
      'users/model.ts': 'no clause here (organisation_ids is another word)',
    });
    expect(countClauses(dir)).toEqual({ 'apis/store.ts': 3 });
  });

  it('fails on a new clause or a new file, reports a stale baseline, and lowers without raising', () => {
    const found = { 'apis/store.ts': 3, 'users/store.ts': 1, 'webhooks/store.ts': 1 };
    const baseline = { 'apis/store.ts': 2, 'webhooks/store.ts': 4, 'mfa/store.ts': 2 };
    const { grown, shrunk } = compare(found, baseline);
    expect(grown.map((g) => g.file).sort()).toEqual(['apis/store.ts', 'users/store.ts']);
    expect(shrunk.map((s) => s.file).sort()).toEqual(['mfa/store.ts', 'webhooks/store.ts']);
    expect(lowered(found, baseline)).toEqual({ 'apis/store.ts': 2, 'webhooks/store.ts': 1 });
  });

  it('holds on the real server/src, and a clause added anywhere fails against the baseline', () => {
    const baseline = (
      JSON.parse(readFileSync(path.join(root, 'scripts/tenancy/baseline.json'), 'utf8')) as { files: Record<string, number> }
    ).files;
    const found = countClauses(path.join(root, 'server/src'));
    expect(compare(found, baseline)).toEqual({ grown: [], shrunk: [] });
    // The baseline is empty: one clause written by hand in any file of server/src fails.
    expect(found).toEqual({});
    expect(compare({ ...found, 'users/service.ts': 1 }, baseline).grown).toEqual([{ file: 'users/service.ts', found: 1, allowed: 0 }]);
    expect(compare({ ...found, 'sessions/new-store.ts': 1 }, baseline).grown).toHaveLength(1);
  });
});
