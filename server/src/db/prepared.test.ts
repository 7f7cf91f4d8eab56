/** `preparedInScope` (db/prepared.ts) refuses a query with no organisation before it reaches the database. */
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';

import { param, preparedInScope } from './prepared.ts';
import type { Database } from './schema.ts';
import { scoped, type ScopedExecutor, ScopeViolation } from './scoped.ts';

// A database that is never connected: the queries are refused before they are run.
const dummy = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('a query prepared in scope', () => {
  it('refuses an empty organisation id', () => {
    const find = preparedInScope<{ payload: string }, { id: string }>((db) =>
      db.selectFrom('oidc_artefacts').select('payload').where('id', '=', param('id')),
    );
    // Never built nor run: the database is not needed to refuse.
    expect(() => find(scoped(dummy, ''), { id: 'x' })).toThrow(ScopeViolation);
  });

  it('refuses a database not bound to an organisation', () => {
    const find = preparedInScope<{ payload: string }, { id: string }>((db) =>
      db.selectFrom('oidc_artefacts').select('payload').where('id', '=', param('id')),
    );
    expect(() => find({} as ScopedExecutor, { id: 'x' })).toThrow(ScopeViolation);
  });
});
