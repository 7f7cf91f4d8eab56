/** The Scope's figures (scripts/scope/check.ts) on small files and on the real server/src. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { compare } from '../tenancy/rules.ts';
import { scan, scanFile } from './rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the scope check', () => {
  it('finds a function that takes a database beside an organisation id, in any of its shapes', () => {
    const found = scanFile(
      'users/store.ts',
      [
        'export function a(db: Executor, organisationId: string, id: string) {}',
        'export const b = async (trx: Transaction<Database>, orgId: string) => {};',
        'class C { m(db: Kysely<Database>, id: string, organisationId: string) {} }',
        'export function fine(db: ScopedExecutor, id: string) {}',
        'export function service(ctx: AppContext, organisationId: string) {}',
      ].join('\n'),
    );
    expect(found.organisationParameters).toEqual(['users/store.ts:1 a', 'users/store.ts:2 b', 'users/store.ts:3 m']);
    expect(found.contextParameters).toEqual(['users/store.ts:5 service']);
  });

  it('counts the store bound by hand', () => {
    const found = scanFile('users/service.ts', 'await find(scoped(ctx.db.kysely, org.id), id); await find(scope.db, id); db.scoped(x);');
    expect(found.handBindings).toBe(1);
  });

  it('holds on the real server/src: no organisation id beside a database, and no hand binding beyond the baseline', () => {
    const baseline = (
      JSON.parse(readFileSync(path.join(root, 'scripts/scope/baseline.json'), 'utf8')) as { handBindings: Record<string, number> }
    ).handBindings;
    const found = scan(path.join(root, 'server/src'));
    expect(found.organisationParameters).toEqual([]);
    expect(compare(found.handBindings, baseline)).toEqual({ grown: [], shrunk: [] });
    expect(compare({ ...found.handBindings, 'users/new.ts': 1 }, baseline).grown).toHaveLength(1);
  });
});
