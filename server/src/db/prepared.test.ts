/** `preparedInScope` (db/prepared.ts) refuses a query with no organisation before it reaches the database. */
import { describe, expect, it } from 'vitest';
import { param, preparedInScope } from './prepared.ts';
import type { Executor } from './schema.ts';
import { ScopeViolation } from './scoped.ts';

describe('a query prepared in scope', () => {
  it('refuses an empty organisation id', () => {
    const find = preparedInScope<{ payload: string }, { id: string }>((db) =>
      db.selectFrom('oidc_artefacts').select('payload').where('id', '=', param('id')),
    );
    // Never built nor run: the database is not needed to refuse.
    const db = {} as Executor;
    expect(() => find(db, '', { id: 'x' })).toThrow(ScopeViolation);
  });
});
