/**
 * The scoped store's ratchet (docs/architecture.md, "The Scope and tenancy"): every `organisation_id` written by hand in
 * server/src counts, per file, outside the files that implement the scope itself, the migrations and the
 * tests. Tenant tables are reached through db/scoped.ts, which stamps the column; what is left is the
 * list in scripts/tenancy/baseline.json, which may only shrink.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Files that are the scope's own machinery, or are not code that runs queries. */
export const EXEMPT: readonly RegExp[] = [/\.test\.ts$/, /^testing\//, /^db\/migrations\//, /^db\/(schema|scoped|tenant-tables)\.ts$/];

/** `organisation_id` written in a file, counted per file (relative to server/src), zero counts left out. */
export function countClauses(serverSrc: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const file = path.relative(serverSrc, full).split(path.sep).join('/');
        if (EXEMPT.some((pattern) => pattern.test(file))) continue;
        const n = readFileSync(full, 'utf8').match(/\borganisation_id\b/g)?.length ?? 0;
        if (n > 0) counts[file] = n;
      }
    }
  };
  walk(serverSrc);
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

export interface Comparison {
  /** Files with more hand-written clauses than the baseline allows (new files included): fails. */
  grown: { file: string; found: number; allowed: number }[];
  /** Files with fewer: the baseline is stale until `--update` lowers it. */
  shrunk: { file: string; found: number; allowed: number }[];
}

export function compare(found: Record<string, number>, baseline: Record<string, number>): Comparison {
  const grown: Comparison['grown'] = [];
  const shrunk: Comparison['shrunk'] = [];
  for (const file of new Set([...Object.keys(found), ...Object.keys(baseline)])) {
    const n = found[file] ?? 0;
    const allowed = baseline[file] ?? 0;
    if (n > allowed) grown.push({ file, found: n, allowed });
    else if (n < allowed) shrunk.push({ file, found: n, allowed });
  }
  return { grown, shrunk };
}

/** The baseline after `--update`: each file's allowance lowered to what it has, never raised; emptied files gone. */
export function lowered(found: Record<string, number>, baseline: Record<string, number>): Record<string, number> {
  const next: Record<string, number> = {};
  for (const [file, allowed] of Object.entries(baseline)) {
    const n = Math.min(allowed, found[file] ?? 0);
    if (n > 0) next[file] = n;
  }
  return next;
}

export const total = (counts: Record<string, number>): number => Object.values(counts).reduce((sum, n) => sum + n, 0);
