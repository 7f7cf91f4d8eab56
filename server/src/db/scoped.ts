/**
 * The scoped store: the database as one organisation sees it. A Kysely plugin rewrites every query
 * before it is compiled: each select, update and delete of a tenant table (db/tenant-tables.ts) gets
 * `<table or alias>.organisation_id = <id>` (a join in its ON, so a left join stays a left join;
 * subqueries, joins, aliases and the parts of a WITH included), each insert gets the column set (or
 * checked), from VALUES or from a SELECT; an upsert's conflict target gets the organisation when it names
 * the rest of an organisation key (db/tenant-tables.ts), and any other upsert's update only touches a
 * row of the organisation. Anything that would reach another organisation throws instead: another id
 * compared with or written to organisation_id, raw `sql` that reads or writes a tenant table, a right,
 * full or cross join of one, a WITH part named like a tenant table. Code reaches tenant tables through
 * `scoped(db, id)`; work that spans organisations names its reason with `acrossOrganisations` (the
 * listed escapes).
 */
import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type ColumnType,
  type CommonTableExpressionNameNode,
  type DeleteQueryNode,
  IdentifierNode,
  type InsertQueryNode,
  type JoinNode,
  type Kysely,
  type KyselyPlugin,
  type OnConflictNode,
  OnNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  type RawBuilder,
  type RawNode,
  ReferenceNode,
  type RootOperationNode,
  SelectionNode,
  type SelectQueryNode,
  sql,
  TableNode,
  type Transaction,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';

import { carryAfterCommit, runAfterCommit } from './after-commit.ts';
import type { Database, Executor } from './schema.ts';
import { completesOrganisationKey, organisationColumnOf, TENANT_TABLES, type TenantTable } from './tenant-tables.ts';

/** Thrown when a query through the scoped store would reach beyond its organisation: a bug, never a user's doing. */
export class ScopeViolation extends Error {
  override name = 'ScopeViolation';
}

/** A table reference of a FROM, JOIN, UPDATE or DELETE: the table's name and how the query names it (its alias). */
function tableOf(node: OperationNode): { table: string; as: string } | undefined {
  if (node.kind === 'TableNode') {
    const name = (node as TableNode).table.identifier.name;
    return { table: name, as: name };
  }
  if (node.kind === 'AliasNode') {
    const { node: inner, alias } = node as AliasNode;
    if (inner.kind === 'TableNode' && alias.kind === 'IdentifierNode')
      return { table: (inner as TableNode).table.identifier.name, as: (alias as IdentifierNode).name };
  }
  return undefined;
}

const TENANT_WORDS = new RegExp(`\\b(?:from|join|into|update|table)\\s+["\`]?(?:${[...TENANT_TABLES, 'organisations'].join('|')})\\b`, 'i');

const isOrganisationColumn = (node: OperationNode): boolean => {
  const column =
    node.kind === 'ColumnNode' ? (node as ColumnNode) : node.kind === 'ReferenceNode' ? (node as ReferenceNode).column : undefined;
  return column?.kind === 'ColumnNode' && column.column.name === 'organisation_id';
};

/** `sql.ref('t.c')`: raw SQL that is one column reference and nothing else. */
const isRawReference = (node: OperationNode): boolean => {
  if (node.kind !== 'RawNode') return false;
  const { sqlFragments, parameters } = node as RawNode;
  return (
    parameters.length === 1 &&
    (parameters[0]!.kind === 'ReferenceNode' || parameters[0]!.kind === 'ColumnNode') &&
    sqlFragments.every((fragment) => fragment.trim() === '')
  );
};

class OrganisationScoper extends OperationNodeTransformer {
  readonly #id: string;
  readonly #value: ValueNode;

  constructor(organisationId: string) {
    super();
    this.#id = organisationId;
    this.#value = ValueNode.create(organisationId);
  }

  /** `<as>.<column> = <id>` for a tenant table (or the organisations table), else undefined. */
  #clause(node: OperationNode): OperationNode | undefined {
    const ref = tableOf(node);
    const column = ref && organisationColumnOf(ref.table);
    if (!ref || !column) return undefined;
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(column), TableNode.create(ref.as)),
      OperatorNode.create('='),
      this.#value,
    );
  }

  #clausesOf(nodes: readonly OperationNode[] | undefined): OperationNode[] {
    const clauses: OperationNode[] = [];
    for (const node of nodes ?? []) {
      const clause = this.#clause(node);
      if (clause) clauses.push(clause);
    }
    return clauses;
  }

  /** `existing AND c1 AND c2`, the existing filter in parentheses when it is an OR (AND binds tighter). */
  static #and(existing: OperationNode | undefined, clauses: readonly OperationNode[]): OperationNode | undefined {
    let result = existing && existing.kind === 'OrNode' ? ParensNode.create(existing) : existing;
    for (const clause of clauses) result = result ? AndNode.create(result, clause) : clause;
    return result;
  }

  static #where(where: WhereNode | undefined, clauses: readonly OperationNode[]): WhereNode | undefined {
    if (clauses.length === 0) return where;
    return WhereNode.create(OrganisationScoper.#and(where?.where, clauses)!);
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const transformed = super.transformSelectQuery(node, queryId);
    const clauses = this.#clausesOf(transformed.from?.froms);
    return clauses.length === 0
      ? transformed
      : Object.freeze({ ...transformed, where: OrganisationScoper.#where(transformed.where, clauses) });
  }

  protected override transformJoin(node: JoinNode, queryId?: QueryId): JoinNode {
    const transformed = super.transformJoin(node, queryId);
    const clause = this.#clause(transformed.table);
    if (!clause) return transformed;
    if (!['InnerJoin', 'LeftJoin', 'LateralInnerJoin', 'LateralLeftJoin'].includes(transformed.joinType))
      throw new ScopeViolation(`A ${transformed.joinType} of a tenant table cannot be scoped by its ON clause`);
    return Object.freeze({ ...transformed, on: OnNode.create(OrganisationScoper.#and(transformed.on?.on, [clause])!) });
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const transformed = super.transformUpdateQuery(node, queryId);
    for (const update of transformed.updates ?? []) {
      if (isOrganisationColumn(update.column) && !this.#isOurs(update.value))
        throw new ScopeViolation('An update through the scoped store cannot move a row to another organisation');
    }
    const clauses = this.#clausesOf([...(transformed.table ? [transformed.table] : []), ...(transformed.from?.froms ?? [])]);
    return clauses.length === 0
      ? transformed
      : Object.freeze({ ...transformed, where: OrganisationScoper.#where(transformed.where, clauses) });
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const transformed = super.transformDeleteQuery(node, queryId);
    const clauses = this.#clausesOf([...transformed.from.froms, ...(transformed.using?.tables ?? [])]);
    return clauses.length === 0
      ? transformed
      : Object.freeze({ ...transformed, where: OrganisationScoper.#where(transformed.where, clauses) });
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const transformed = super.transformInsertQuery(node, queryId);
    const table = transformed.into?.table.identifier.name;
    if (table === 'organisations') throw new ScopeViolation("Organisations are created outside any organisation's scope");
    if (!table || !TENANT_TABLES.has(table)) return transformed;
    const values = transformed.values;
    const stamped =
      values?.kind === 'ValuesNode'
        ? this.#stampedValues(transformed, values as ValuesNode, table)
        : values?.kind === 'SelectQueryNode'
          ? this.#stampedSelect(transformed, values as SelectQueryNode, table)
          : undefined;
    if (!stamped) throw new ScopeViolation(`An insert into ${table} through the scoped store gives its rows as values or a select`);
    return this.#scopedUpsert(stamped, table);
  }

  /** INSERT ... VALUES: each row gets the organisation, or must already name it. */
  #stampedValues(node: InsertQueryNode, values: ValuesNode, table: string): InsertQueryNode {
    const columns = node.columns ?? [];
    const at = columns.findIndex((c) => c.column.name === 'organisation_id');
    const rows = values.values.map((row) => {
      const items: readonly unknown[] = row.values;
      if (at >= 0) {
        const item = items[at];
        const ours = row.kind === 'PrimitiveValueListNode' ? item === this.#id : this.#isOurs(item as OperationNode);
        if (!ours) throw new ScopeViolation(`A row inserted into ${table} through the scoped store names another organisation`);
        return row;
      }
      return row.kind === 'PrimitiveValueListNode'
        ? PrimitiveValueListNode.create([...row.values, this.#id])
        : ValueListNode.create([...row.values, this.#value]);
    });
    if (at >= 0) return Object.freeze({ ...node, values: ValuesNode.create(rows) });
    return Object.freeze({
      ...node,
      columns: Object.freeze([...columns, ColumnNode.create('organisation_id')]),
      values: ValuesNode.create(rows),
    });
  }

  /**
   * INSERT ... SELECT (the select is scoped like any other): the organisation is selected last, or the
   * select names it itself, as this organisation's id or a column of it.
   */
  #stampedSelect(node: InsertQueryNode, select: SelectQueryNode, table: string): InsertQueryNode {
    const columns = node.columns ?? [];
    const selections = select.selections ?? [];
    const listed =
      columns.length === selections.length &&
      !select.setOperations?.length &&
      selections.every((s) => s.selection.kind !== 'SelectAllNode' && (s.selection as ReferenceNode).column?.kind !== 'SelectAllNode');
    if (!listed) throw new ScopeViolation(`An INSERT ... SELECT into ${table} through the scoped store lists each column it selects`);
    const at = columns.findIndex((c) => c.column.name === 'organisation_id');
    if (at >= 0) {
      const chosen = selections[at]!.selection;
      const value = chosen.kind === 'AliasNode' ? (chosen as AliasNode).node : chosen;
      if (!this.#isOurs(value) && !isOrganisationColumn(value))
        throw new ScopeViolation(`An INSERT ... SELECT into ${table} through the scoped store names another organisation`);
      return node;
    }
    const organisation = SelectionNode.create(AliasNode.create(this.#value, IdentifierNode.create('organisation_id')));
    return Object.freeze({
      ...node,
      columns: Object.freeze([...columns, ColumnNode.create('organisation_id')]),
      values: Object.freeze({ ...select, selections: Object.freeze([...selections, organisation]) }),
    });
  }

  /**
   * An upsert through the store: its ON CONFLICT target gets the organisation first when the columns it
   * names are the rest of an organisation key (db/tenant-tables.ts). A target with the organisation
   * only meets the organisation's rows; any other (a row's own id, a named constraint) may meet another
   * organisation's row, so its DO UPDATE touches the conflicting row only when it is the organisation's.
   */
  #scopedUpsert(node: InsertQueryNode, table: string): InsertQueryNode {
    const conflict = node.onConflict;
    if (!conflict) return node;
    const target = conflict.columns?.map((c) => c.column.name) ?? [];
    const completed = completesOrganisationKey(table, target);
    const columns = completed ? Object.freeze([ColumnNode.create('organisation_id'), ...(conflict.columns ?? [])]) : conflict.columns;
    const guarded = conflict.updates !== undefined && !completed && !target.includes('organisation_id');
    const updateWhere = guarded
      ? OrganisationScoper.#where(conflict.updateWhere, [this.#clause(TableNode.create(table))!])
      : conflict.updateWhere;
    if (!completed && !guarded) return node;
    const onConflict: OnConflictNode = Object.freeze({ ...conflict, columns, updateWhere });
    return Object.freeze({ ...node, onConflict });
  }

  /** A WITH part named like a tenant table would hide that table from the scoping, which goes by name. */
  protected override transformCommonTableExpressionName(
    node: CommonTableExpressionNameNode,
    queryId?: QueryId,
  ): CommonTableExpressionNameNode {
    if (organisationColumnOf(node.table.table.identifier.name))
      throw new ScopeViolation(`A WITH part through the scoped store cannot be named ${node.table.table.identifier.name}`);
    return super.transformCommonTableExpressionName(node, queryId);
  }

  protected override transformBinaryOperation(node: BinaryOperationNode, queryId?: QueryId): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node, queryId);
    if (isOrganisationColumn(transformed.leftOperand)) {
      const operator = transformed.operator.kind === 'OperatorNode' ? (transformed.operator as OperatorNode).operator : undefined;
      const right = transformed.rightOperand;
      // A column compared with a column (a join's condition, `sql.ref`) stays; a value must be this organisation.
      const isReference = right.kind === 'ReferenceNode' || right.kind === 'ColumnNode' || isRawReference(right);
      const values =
        right.kind === 'PrimitiveValueListNode'
          ? (right as PrimitiveValueListNode).values
          : right.kind === 'ValueListNode'
            ? (right as ValueListNode).values.map((v) => (v.kind === 'ValueNode' ? (v as ValueNode).value : v))
            : right.kind === 'ValueNode'
              ? [(right as ValueNode).value]
              : undefined;
      const ours = operator === '=' || operator === 'in' ? (isReference || values?.every((v) => v === this.#id)) === true : false;
      if (!ours) throw new ScopeViolation('The scoped store compares organisation_id only with its own organisation');
    }
    return transformed;
  }

  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    const transformed = super.transformRaw(node, queryId);
    if (transformed.sqlFragments.some((fragment) => TENANT_WORDS.test(fragment)))
      throw new ScopeViolation('Raw SQL on a tenant table cannot be scoped: write it with the query builder');
    for (const parameter of transformed.parameters) {
      const ref = tableOf(parameter);
      if (ref && organisationColumnOf(ref.table)) throw new ScopeViolation(`Raw SQL names the tenant table ${ref.table}`);
    }
    return transformed;
  }

  #isOurs(node: OperationNode): boolean {
    return node.kind === 'ValueNode' && (node as ValueNode).value === this.#id;
  }
}

/** The plugin of one organisation's store; `ScopedQueries` remembers which queries it rewrote (for the test guard). */
export class OrganisationScope implements KyselyPlugin {
  readonly organisationId: string;
  readonly #scoper: OrganisationScoper;

  constructor(organisationId: string) {
    if (!organisationId) throw new ScopeViolation('A scoped store needs an organisation');
    this.organisationId = organisationId;
    this.#scoper = new OrganisationScoper(organisationId);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    SCOPED_QUERIES.add(args.queryId);
    return this.#scoper.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** Queries that went through a scoped store or a named escape: what the test guard (testing/tenant-guard.ts) allows. */
export const SCOPED_QUERIES = new WeakSet<QueryId>();

const SCOPE = Symbol('gatehouse.scope');
const BASE = Symbol('gatehouse.scope.base');
type Marked = { [SCOPE]?: string; [BASE]?: Executor };

/**
 * The tables as the scoped store sees them: the same, except that a tenant table's organisation_id may
 * be left out of an inserted row (the store fills it in).
 */
export type ScopedDatabase = {
  [T in keyof Database]: T extends TenantTable
    ? Omit<Database[T], 'organisation_id'> & { organisation_id: ColumnType<string, string | undefined, string> }
    : Database[T];
};
declare const BOUND: unique symbol;
/**
 * The database (or a transaction of it) bound to one organisation: what every store function takes.
 * Branded, since Kysely's types alone would let the unscoped database stand in for it: only `scoped`
 * (and so a Scope's `db`) makes one.
 */
export type ScopedExecutor = (Kysely<ScopedDatabase> | Transaction<ScopedDatabase>) & { readonly [BOUND]: true };
/** A transaction bound to one organisation: for the store functions that must run inside one (row locks). */
export type ScopedTransaction = Transaction<ScopedDatabase> & ScopedExecutor;
/** A tenant row as a store inserts it through the scoped store, which stamps the organisation. */
export type Unstamped<Row> = Omit<Row, 'organisation_id'>;

/**
 * The database (or a transaction of it) bound to one organisation. Returns `db` itself when it is
 * already bound to that organisation; binding a store of one organisation to another throws. A
 * transaction keeps its after-commit list (db/after-commit.ts); a database's scoped copy opens
 * transactions that carry one, like the database.
 */
export function scoped(db: Transaction<Database> | Transaction<ScopedDatabase>, organisationId: string): ScopedTransaction;
export function scoped(db: Executor | ScopedExecutor, organisationId: string): ScopedExecutor;
export function scoped(db: Executor | ScopedExecutor, organisationId: string): ScopedExecutor {
  const bound = (db as Marked)[SCOPE];
  if (bound === organisationId) return db as ScopedExecutor;
  if (bound !== undefined) throw new ScopeViolation('A store bound to one organisation cannot be bound to another');
  // Bound copies are kept (a few microseconds each to make; bench/scoped-store.ts), a transaction's as
  // long as the transaction lives, so that binding it again in each store call costs a lookup.
  const cache = copies.get(db);
  const cached = cache?.get(organisationId);
  if (cached) return cached;
  const copy = (db as Executor).withPlugin(new OrganisationScope(organisationId)) as unknown as ScopedExecutor;
  if (db.isTransaction) carryAfterCommit(db as Transaction<Database>, copy as unknown as Transaction<Database>);
  else runAfterCommit(copy as unknown as Kysely<Database>);
  if (!cache) copies.set(db, new Map([[organisationId, copy]]));
  else {
    if (cache.size >= COPIES_KEPT) cache.delete(cache.keys().next().value!);
    cache.set(organisationId, copy);
  }
  (copy as Marked)[SCOPE] = organisationId;
  (copy as Marked)[BASE] = db as Executor;
  return copy;
}

const COPIES_KEPT = 512;
const copies = new WeakMap<object, Map<string, ScopedExecutor>>();

/** The organisation a store is bound to, or undefined for the unscoped database. */
export function organisationOf(db: Executor | ScopedExecutor): string | undefined {
  return (db as Marked)[SCOPE];
}

/**
 * The organisation a scoped store is bound to, for what needs the id itself beside the rows (a sealed
 * column's binding, a cache key, an event's subject); throws for a database that is not bound.
 */
export function boundOrganisation(db: ScopedExecutor): string {
  const id = (db as Marked)[SCOPE];
  if (id === undefined) throw new ScopeViolation('A store function was given a database not bound to an organisation');
  return id;
}

/**
 * The unscoped database a scoped store was bound from, with its organisation: for the prepared queries
 * (db/prepared.ts), which stamp the organisation as a parameter of one compiled statement, and for
 * `emit` (events/events.ts), whose subscribers bind the change's transaction to the event's organisation
 * themselves; for nothing else.
 */
export function unbound(db: ScopedExecutor): { db: Executor; organisationId: string } {
  const base = (db as Marked)[BASE];
  const organisationId = (db as Marked)[SCOPE];
  if (base === undefined || organisationId === undefined)
    throw new ScopeViolation('A store function was given a database not bound to an organisation');
  return { db: base, organisationId };
}

/**
 * The listed escapes: work that reads or writes tenant tables across organisations, each named so that
 * a reader (and the test guard) sees why it is not scoped. Adding a reason is a design decision: write
 * it in docs/domains/events-and-scope.md ("The escapes").
 */
export const ESCAPES = {
  /** Migrations create and change every organisation's rows. */
  migrations: 'schema changes over every organisation',
  /** Host -> organisation, before any organisation is known. */
  tenancy: 'finding the organisation of a request, a command or a token',
  /** Jobs that sweep every organisation's expired rows (cleanup, retention, inactivity, demo deletion). */
  sweep: 'a job over every organisation',
  /** The outbox's delivery loops serve every organisation, round-robin. */
  delivery: "the outbox's loops over every organisation",
  /** The Prometheus gauges, which count across organisations (no organisation is a label). */
  telemetry: 'the gauges read at scrape time',
  /** The operator's listing of organisations and moving one organisation's rows to another database. */
  operator: "the operator's commands over organisations",
} as const;
export type Escape = keyof typeof ESCAPES;

class EscapeMark implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    SCOPED_QUERIES.add(args.queryId);
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const ESCAPE_MARK = new EscapeMark();

/** The unscoped database for work across organisations, named by its reason (`ESCAPES`). */
export function acrossOrganisations<E extends Executor>(db: E, reason: Escape): E {
  void reason;
  const copy = db.withPlugin(ESCAPE_MARK) as E;
  if (db.isTransaction) carryAfterCommit(db as Transaction<Database>, copy as Transaction<Database>);
  else runAfterCommit(copy as Kysely<Database>);
  return copy;
}

/**
 * In a query through an escape, the organisation of a tenant table's row (by the table's name or alias in
 * the query): what the escape's answer carries, so that the work that follows goes organisation by
 * organisation through the scoped store. Only here is the column named outside the scoped store.
 */
export function organisationIdOf(table: string): RawBuilder<string> {
  return sql.ref<string>(`${table}.organisation_id`);
}
