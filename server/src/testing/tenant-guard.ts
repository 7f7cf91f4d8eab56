/**
 * The scoped store's guard for tests: a plugin on the unscoped database that sees every query before
 * it is compiled and, once it has run, fails it when it named a tenant table (db/tenant-tables.ts) and
 * went neither through a scoped store nor through a named escape (db/scoped.ts marks both). The caller
 * is the first server/src file on the stack at compile time (a store function calls `execute`, which
 * compiles at once). Files that still write organisation_id by hand (scripts/tenancy/baseline.json) are
 * allowed until they are converted; the list shrinks with the ratchet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

import { OBSERVES_ONLY } from '../db/prepared.ts';
import { SCOPED_QUERIES } from '../db/scoped.ts';
import { TENANT_TABLES } from '../db/tenant-tables.ts';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Tenant tables a query node names anywhere (FROM, JOIN, subqueries, INSERT INTO, UPDATE, raw SQL). */
export function tenantTablesIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) tenantTablesIn(item, found);
  else if (node && typeof node === 'object') {
    const n = node as { kind?: string; table?: { identifier?: { name?: string } }; sqlFragments?: readonly string[] };
    if (n.kind === 'TableNode' && n.table?.identifier?.name && TENANT_TABLES.has(n.table.identifier.name))
      found.add(n.table.identifier.name);
    for (const value of Object.values(node)) if (value && typeof value === 'object') tenantTablesIn(value, found);
  }
  return found;
}

const DATA_QUERIES = new Set(['SelectQueryNode', 'InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

export interface Unscoped {
  file: string | null;
  tables: string[];
}

/**
 * Who built the query: the first frame of server/src that is a test or outside db/ and testing/; null
 * when none is on the stack (a write flushed later by db/write-batch.ts, a helper called by an e2e spec).
 */
function callerOf(stack: string | undefined): string | null {
  for (const line of (stack ?? '').split('\n')) {
    const at = line.indexOf(serverSrc + path.sep);
    if (at < 0) continue;
    const file = line.slice(at + serverSrc.length + 1).replace(/:\d+:\d+\)?$/, '');
    if (file.endsWith('.test.ts') || (!file.startsWith('db/') && !file.startsWith('testing/'))) return file;
  }
  return null;
}

/** Files allowed to reach tenant tables unscoped for now: those the tenancy baseline still lists. */
export function allowedFiles(): Set<string> {
  const baseline = path.resolve(serverSrc, '../../scripts/tenancy/baseline.json');
  return new Set(Object.keys((JSON.parse(readFileSync(baseline, 'utf8')) as { files: Record<string, number> }).files));
}

export class TenantGuard implements KyselyPlugin {
  /** It refuses queries but rewrites none: a prepared query compiles once under it too (db/prepared.ts). */
  readonly [OBSERVES_ONLY] = true;
  readonly #pending = new WeakMap<QueryId, Unscoped>();
  readonly #allowed: ReadonlySet<string>;
  readonly #onUnscoped: (query: Unscoped) => void;

  constructor(onUnscoped: (query: Unscoped) => void, allowed: ReadonlySet<string> = allowedFiles()) {
    this.#onUnscoped = onUnscoped;
    this.#allowed = allowed;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // Data queries only: the migrations' schema changes name tables too, and are an escape of their own.
    const tables = DATA_QUERIES.has(args.node.kind) ? tenantTablesIn(args.node) : new Set();
    if (tables.size > 0) {
      const stack = new Error().stack;
      if (stack?.includes(`${path.sep}db${path.sep}migrations${path.sep}`)) return args.node;
      const file = callerOf(stack);
      if (file === null || !this.#allowed.has(file)) this.#pending.set(args.queryId, { file, tables: [...tables] as string[] });
    }
    return args.node;
  }

  // Runs after the later plugins (a scoped store's) have seen the query, so it knows whether they marked it.
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const unscoped = this.#pending.get(args.queryId);
    if (unscoped && !SCOPED_QUERIES.has(args.queryId)) this.#onUnscoped(unscoped);
    return Promise.resolve(args.result);
  }
}
