/**
 * Queries built once and then run with new parameters. Kysely builds and compiles a query on every
 * call (tens of microseconds); the provider's hot lookups (a token, a grant, a user) run thousands of
 * times a second, so they compile once per database (its transactions included) and reuse the SQL. Parameters are named: the
 * builder uses `param('name')` where a value goes, and each run passes the values by name.
 */
import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';

import { nameStatement, queryNow, rowsNow } from './database.ts';
import type { Executor } from './schema.ts';
import { scoped, type ScopedExecutor, ScopeViolation, unbound } from './scoped.ts';

const MARK = '\u0000param:';
/** The parameter that carries the organisation of a query prepared in scope. */
const ORGANISATION = 'scope.organisation';

/** A placeholder for a named parameter, in a query given to `prepared`. */
export const param = (name: string): string => `${MARK}${name}`;

/** Marks a plugin that only looks at queries and never rewrites them (the tests' tenant guard): it leaves compiled SQL as it is. */
export const OBSERVES_ONLY = Symbol('observes only');

/**
 * What a compiled query's SQL depends on: the dialect's adapter, which a database and every transaction
 * on it share, so a query compiled once serves all the group commit's transactions (each is a new
 * executor); an executor with plugins (which may rewrite queries) keeps its own.
 */
function compileKey(db: Executor): object {
  const executor = db.getExecutor();
  const rewrites = executor.plugins.some((plugin) => !(OBSERVES_ONLY in plugin));
  return rewrites ? db : executor.adapter;
}

export function prepared<Row, Args extends Record<string, unknown>>(build: (db: Executor) => Compilable<Row>) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return (db: Executor, args: Args): Promise<QueryResult<Row>> => {
    const key = compileKey(db);
    let query = compiled.get(key);
    if (!query) {
      query = build(db).compile();
      compiled.set(key, query);
      nameStatement(query.sql);
    }
    const parameters = query.parameters.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(MARK)) return value;
      const name = value.slice(MARK.length);
      if (!(name in args)) throw new Error(`The prepared query needs the parameter ${name}.`);
      return args[name];
    });
    let rows: unknown[] | undefined;
    try {
      rows = rowsNow(db, query.sql, parameters);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (rows) return Promise.resolve({ rows: rows as Row[] });
    const direct = queryNow(db, query.sql, parameters);
    if (direct) return direct as Promise<QueryResult<Row>>;
    return db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<Row>);
  };
}

/**
 * A prepared query on tenant tables, built through the scoped store (db/scoped.ts): the plugin stamps
 * the organisation on it as a parameter, filled at each run from the scoped store it is given, so the
 * hot path keeps one compiled query per database (not per organisation) and writes no organisation
 * clause by hand. An empty organisation is refused: it would match no row and stamp an empty one.
 */
export function preparedInScope<Row, Args extends Record<string, unknown>>(build: (db: ScopedExecutor) => Compilable<Row>) {
  const run = prepared<Row, Args & { [ORGANISATION]: string }>((db) => build(scoped(db, param(ORGANISATION))));
  return (scope: ScopedExecutor, args: Args): Promise<QueryResult<Row>> => {
    const { db, organisationId } = unbound(scope);
    if (!organisationId) throw new ScopeViolation('A query prepared in scope needs an organisation');
    return run(db, { ...args, [ORGANISATION]: organisationId });
  };
}
