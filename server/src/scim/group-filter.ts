/**
 * SCIM filters on Groups (RFC 7644 3.4.2.2) as Kysely expressions over the groups table, through the
 * scoped store: displayName (compared without case), externalId, id, members (`members[value eq "…"]`,
 * `members.value eq`), meta.created and meta.lastModified. Values are always bound parameters.
 */
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';

import type { ScopedDatabase } from '../db/scoped.ts';
import { badRequest } from './errors.ts';
import { type Filter, type FilterValue, GROUP_SCHEMA } from './filter.ts';

const GROUP_PREFIX = `${GROUP_SCHEMA.toLowerCase()}:`;

export type Eb = ExpressionBuilder<ScopedDatabase, 'groups'>;
/** A lower-cased attribute path without the Group schema's URN. */
export const groupAttr = (attr: string) => (attr.startsWith(GROUP_PREFIX) ? attr.slice(GROUP_PREFIX.length) : attr);

function memberIs(eb: Eb, userId: string | null): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .whereRef('group_members.group_id', '=', 'groups.id')
      .where('users.role', '=', 'EndUser')
      .$if(userId !== null, (q) => q.where('group_members.user_id', '=', userId!))
      .select(sql.lit(1).as('one')),
  );
}

function text(value: FilterValue): string {
  if (typeof value !== 'string') throw badRequest('invalidFilter', 'This attribute compares with a quoted string');
  return value;
}

function compareText(
  eb: Eb,
  column: 'groups.name_key' | 'groups.external_id' | 'groups.id',
  op: string,
  raw: FilterValue,
): Expression<SqlBool> {
  const value = column === 'groups.name_key' ? text(raw).normalize('NFC').toLowerCase() : text(raw);
  const length = [...value].length;
  switch (op) {
    case 'eq':
      return eb(column, '=', value);
    case 'ne':
      return eb.or([eb(column, 'is', null), eb(column, '<>', value)]);
    case 'sw':
      return eb(eb.fn<string>('substr', [sql.ref(column), sql.lit(1), sql.val(length)]), '=', value);
    case 'ew':
      return eb.and([
        eb(eb.fn<number>('length', [sql.ref(column)]), '>=', length),
        eb(eb.fn<string>('substr', [sql.ref(column), sql`length(${sql.ref(column)}) - ${length - 1}`]), '=', value),
      ]);
    case 'co':
      return eb(eb.fn<string>('replace', [sql.ref(column), sql.val(value), sql.lit('')]), '<>', eb.ref(column));
    default:
      throw badRequest('invalidFilter', `'${op}' does not apply to this attribute`);
  }
}

function compareDate(eb: Eb, column: 'groups.created_at' | 'groups.updated_at', op: string, raw: FilterValue): Expression<SqlBool> {
  const ms = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest('invalidFilter', 'Dates are compared with a quoted ISO 8601 date-time');
  const ops = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;
  if (!(op in ops)) throw badRequest('invalidFilter', `'${op}' does not apply to dates`);
  return eb(column, ops[op as keyof typeof ops], ms);
}

/** The expression a parsed filter becomes. */
export function compileGroupFilter(eb: Eb, filter: Filter): Expression<SqlBool> {
  switch (filter.kind) {
    case 'and':
      return eb.and([compileGroupFilter(eb, filter.left), compileGroupFilter(eb, filter.right)]);
    case 'or':
      return eb.or([compileGroupFilter(eb, filter.left), compileGroupFilter(eb, filter.right)]);
    case 'not':
      return eb.not(compileGroupFilter(eb, filter.filter));
    case 'present': {
      const attr = groupAttr(filter.attr);
      if (attr === 'externalid') return eb('groups.external_id', 'is not', null);
      if (attr === 'members' || attr === 'members.value') return memberIs(eb, null);
      if (['displayname', 'id', 'meta.created', 'meta.lastmodified'].includes(attr)) return sql<SqlBool>`(1 = 1)`;
      throw badRequest('invalidFilter', `'${filter.attr}' cannot be filtered on`);
    }
    case 'valuePath': {
      // members[value eq "…"]: the only value path of a Group.
      if (groupAttr(filter.attr) !== 'members')
        throw badRequest('invalidFilter', `'${filter.attr}' is not a multi-valued attribute that can be filtered`);
      const inner = filter.filter;
      if (inner.kind !== 'compare' || inner.attr !== 'value' || inner.op !== 'eq')
        throw badRequest('invalidFilter', 'Members are filtered by value eq "<user id>"');
      return memberIs(eb, text(inner.value));
    }
    case 'compare': {
      const attr = groupAttr(filter.attr);
      if (attr === 'displayname') return compareText(eb, 'groups.name_key', filter.op, filter.value);
      if (attr === 'externalid') return compareText(eb, 'groups.external_id', filter.op, filter.value);
      if (attr === 'id') return compareText(eb, 'groups.id', filter.op, filter.value);
      if (attr === 'meta.created') return compareDate(eb, 'groups.created_at', filter.op, filter.value);
      if (attr === 'meta.lastmodified') return compareDate(eb, 'groups.updated_at', filter.op, filter.value);
      if (attr === 'members' || attr === 'members.value') {
        if (filter.op !== 'eq') throw badRequest('invalidFilter', 'Members are filtered by value eq "<user id>"');
        return memberIs(eb, text(filter.value));
      }
      throw badRequest('invalidFilter', `'${filter.attr}' cannot be filtered on`);
    }
  }
}
