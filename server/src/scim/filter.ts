/**
 * The SCIM filter language (RFC 7644 section 3.4.2.2) parsed into a tree, and PATCH paths (section
 * 3.5.2). Attribute names are case-insensitive: the tree holds them lower-cased, without the core User
 * schema's URN prefix. Anything malformed is a 400 invalidFilter (or invalidPath), never a 500; a
 * length and nesting limit keeps a hostile filter cheap.
 */
import { NUL_REFUSED } from '../http/input-hygiene.ts';
import { badRequest, type ScimType } from './errors.ts';

export const COMPARE_OPS = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'compare'; attr: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; attr: string }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  /** `emails[type eq "work"]`: some element of the multi-valued `attr` matches `filter` (its attrs are sub-attributes). */
  | { kind: 'valuePath'; attr: string; filter: Filter };

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
/** Gatehouse's extension of the User resource (RFC 7643 3.3): the person's multi-factor authentication. */
export const MFA_SCHEMA = 'urn:gatehouse:params:scim:schemas:extension:mfa:2.0:User';
const MFA_KEY = MFA_SCHEMA.toLowerCase();

/**
 * A path's attribute and sub-attribute, lower-cased; an attribute of the MFA extension is the
 * extension's URN (the key its attributes are under in a resource) with the attribute as the sub-attribute.
 */
export function splitAttrPath(path: string): { attr: string; sub?: string } {
  const lower = normaliseAttr(path);
  if (lower === MFA_KEY) return { attr: MFA_KEY };
  if (lower.startsWith(`${MFA_KEY}:`)) return { attr: MFA_KEY, sub: lower.slice(MFA_KEY.length + 1) };
  const dot = lower.indexOf('.');
  return dot === -1 ? { attr: lower } : { attr: lower.slice(0, dot), sub: lower.slice(dot + 1) };
}
const MAX_LENGTH = 2000;
const MAX_DEPTH = 40;

type Token = { type: '(' | ')' | '[' | ']' } | { type: 'word'; text: string } | { type: 'string'; value: string };

function tokenize(text: string, scimType: ScimType): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ type: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw badRequest(scimType, 'Unterminated string in filter');
      let value: string;
      try {
        value = JSON.parse(text.slice(i, j + 1)) as string;
      } catch {
        throw badRequest(scimType, 'Malformed string in filter');
      }
      // An escaped NUL (\u0000) gets past the request's NUL check, which sees the escape only.
      if (value.includes('\u0000')) throw badRequest(scimType, NUL_REFUSED);
      tokens.push({ type: 'string', value });
      i = j + 1;
    } else {
      const match = /^[A-Za-z0-9_.:$+-]+/.exec(text.slice(i));
      if (!match) throw badRequest(scimType, `Unexpected character '${c}' in filter`);
      tokens.push({ type: 'word', text: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

/** A lower-cased attribute path without the core User schema URN; null when it names another schema's attribute. */
export function normaliseAttr(raw: string): string {
  const lower = raw.toLowerCase();
  const prefix = `${USER_SCHEMA.toLowerCase()}:`;
  if (lower.startsWith(prefix)) return lower.slice(prefix.length);
  return lower;
}

const ATTR = /^(urn:[A-Za-z0-9:._-]+:)?[A-Za-z][A-Za-z0-9_$-]*(\.[A-Za-z][A-Za-z0-9_$-]*)?$/;

class Parser {
  private position = 0;
  private depth = 0;
  private readonly tokens: Token[];
  private readonly scimType: ScimType;
  constructor(tokens: Token[], scimType: ScimType) {
    this.tokens = tokens;
    this.scimType = scimType;
  }

  fail(message: string): never {
    throw badRequest(this.scimType, message);
  }

  peek(): Token | undefined {
    return this.tokens[this.position];
  }

  next(): Token {
    const token = this.tokens[this.position++];
    if (!token) this.fail('The filter ends too soon');
    return token;
  }

  atEnd(): boolean {
    return this.position >= this.tokens.length;
  }

  keyword(): string | null {
    const token = this.peek();
    return token?.type === 'word' ? token.text.toLowerCase() : null;
  }

  // FILTER = or-expression; precedence: not, then and, then or (RFC 7644 3.4.2.2).
  parseOr(): Filter {
    if (++this.depth > MAX_DEPTH) this.fail('The filter is nested too deeply');
    let left = this.parseAnd();
    while (this.keyword() === 'or') {
      this.position++;
      left = { kind: 'or', left, right: this.parseAnd() };
    }
    this.depth--;
    return left;
  }

  parseAnd(): Filter {
    let left = this.parseUnary();
    while (this.keyword() === 'and') {
      this.position++;
      left = { kind: 'and', left, right: this.parseUnary() };
    }
    return left;
  }

  parseUnary(): Filter {
    const token = this.next();
    if (token.type === '(') {
      const inner = this.parseOr();
      if (this.next().type !== ')') this.fail("Missing ')' in filter");
      return inner;
    }
    if (token.type === 'word' && token.text.toLowerCase() === 'not' && this.peek()?.type === '(') {
      this.position++;
      const inner = this.parseOr();
      if (this.next().type !== ')') this.fail("Missing ')' in filter");
      return { kind: 'not', filter: inner };
    }
    if (token.type !== 'word' || !ATTR.test(token.text)) this.fail('Expected an attribute name in filter');
    const attr = normaliseAttr(token.text);
    if (this.peek()?.type === '[') {
      this.position++;
      if (++this.depth > MAX_DEPTH) this.fail('The filter is nested too deeply');
      const inner = this.parseOr();
      this.depth--;
      if (this.next().type !== ']') this.fail("Missing ']' in filter");
      const after = this.peek();
      // `emails[type eq "work"].value eq "x"`: the element must match both.
      if (after?.type === 'word' && after.text.startsWith('.')) {
        this.position++;
        const sub = after.text.slice(1).toLowerCase();
        if (!/^[a-z][a-z0-9_$-]*$/.test(sub)) this.fail('Expected a sub-attribute after ]');
        return { kind: 'valuePath', attr, filter: { kind: 'and', left: inner, right: this.comparison(sub) } };
      }
      return { kind: 'valuePath', attr, filter: inner };
    }
    return this.comparison(attr);
  }

  comparison(attr: string): Filter {
    const op = this.next();
    if (op.type !== 'word') this.fail('Expected an operator in filter');
    const name = op.text.toLowerCase();
    if (name === 'pr') return { kind: 'present', attr };
    if (!(COMPARE_OPS as readonly string[]).includes(name)) this.fail(`Unknown operator '${op.text}' in filter`);
    const value = this.next();
    if (value.type === 'string') return { kind: 'compare', attr, op: name as CompareOp, value: value.value };
    if (value.type !== 'word') this.fail('Expected a value in filter');
    const word = value.text.toLowerCase();
    if (word === 'true' || word === 'false') return { kind: 'compare', attr, op: name as CompareOp, value: word === 'true' };
    if (word === 'null') return { kind: 'compare', attr, op: name as CompareOp, value: null };
    if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.text))
      return { kind: 'compare', attr, op: name as CompareOp, value: Number(value.text) };
    this.fail('Expected a value (a quoted string, number, true, false or null) in filter');
  }
}

/** Parses a `filter` query parameter; 400 invalidFilter when malformed. */
export function parseFilter(text: string): Filter {
  if (text.length > MAX_LENGTH) throw badRequest('invalidFilter', 'The filter is too long');
  const parser = new Parser(tokenize(text, 'invalidFilter'), 'invalidFilter');
  if (parser.atEnd()) throw badRequest('invalidFilter', 'The filter is empty');
  const filter = parser.parseOr();
  if (!parser.atEnd()) throw badRequest('invalidFilter', 'Unexpected text after the filter');
  return filter;
}

/** A PATCH path: `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub`. */
export interface PatchPath {
  attr: string;
  sub?: string;
  filter?: Filter;
}

/** Parses a PATCH operation's path; 400 invalidPath when malformed. */
export function parsePath(text: string): PatchPath {
  if (text.length > MAX_LENGTH) throw badRequest('invalidPath', 'The path is too long');
  const open = text.indexOf('[');
  if (open === -1) {
    if (!ATTR.test(text.trim())) throw badRequest('invalidPath', `'${text}' is not a valid attribute path`);
    return splitAttrPath(text.trim());
  }
  const close = text.lastIndexOf(']');
  if (close < open) throw badRequest('invalidPath', "Missing ']' in path");
  const head = text.slice(0, open).trim();
  if (!ATTR.test(head) || head.includes('.')) throw badRequest('invalidPath', `'${head}' is not a multi-valued attribute path`);
  const parser = new Parser(tokenize(text.slice(open + 1, close), 'invalidPath'), 'invalidPath');
  const filter = parser.parseOr();
  if (!parser.atEnd()) throw badRequest('invalidPath', 'Unexpected text in the path filter');
  const rest = text.slice(close + 1).trim();
  if (rest === '') return { attr: normaliseAttr(head), filter };
  if (!/^\.[A-Za-z][A-Za-z0-9_$-]*$/.test(rest)) throw badRequest('invalidPath', `'${rest}' is not a sub-attribute`);
  return { attr: normaliseAttr(head), filter, sub: rest.slice(1).toLowerCase() };
}

/** Whether a JSON object (an element of a multi-valued attribute) matches a filter on its sub-attributes. */
export function matchesElement(element: Record<string, unknown>, filter: Filter): boolean {
  const get = (attr: string) => {
    const key = Object.keys(element).find((k) => k.toLowerCase() === attr);
    return key === undefined ? undefined : element[key];
  };
  switch (filter.kind) {
    case 'and':
      return matchesElement(element, filter.left) && matchesElement(element, filter.right);
    case 'or':
      return matchesElement(element, filter.left) || matchesElement(element, filter.right);
    case 'not':
      return !matchesElement(element, filter.filter);
    case 'present': {
      const value = get(filter.attr);
      return value !== undefined && value !== null && value !== '';
    }
    case 'valuePath':
      return false;
    case 'compare': {
      const value = get(filter.attr);
      const a = typeof value === 'string' ? value.toLowerCase() : value;
      const b = typeof filter.value === 'string' ? filter.value.toLowerCase() : filter.value;
      switch (filter.op) {
        case 'eq':
          return a === b || (a === undefined && b === null);
        case 'ne':
          return a !== b;
        case 'co':
          return typeof a === 'string' && typeof b === 'string' && a.includes(b);
        case 'sw':
          return typeof a === 'string' && typeof b === 'string' && a.startsWith(b);
        case 'ew':
          return typeof a === 'string' && typeof b === 'string' && a.endsWith(b);
        default:
          return typeof a === typeof b && a !== null && b !== null && a !== undefined && compareOrdered(filter.op, a as never, b as never);
      }
    }
  }
}

function compareOrdered(op: 'gt' | 'ge' | 'lt' | 'le', a: string | number, b: string | number): boolean {
  if (op === 'gt') return a > b;
  if (op === 'ge') return a >= b;
  if (op === 'lt') return a < b;
  return a <= b;
}
