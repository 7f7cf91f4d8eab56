/**
 * SCIM PATCH (RFC 7644 section 3.5.2) applied to a User resource in memory; the result is then read
 * like a PUT body. Accepts what Entra ID and Okta send: operation names in any case ("Replace"),
 * operations without a path whose value holds attributes (also dotted or URN-prefixed names), value
 * paths such as `emails[type eq "work"].value`, which add the element when none matches yet.
 */
import { badRequest, ScimError } from './errors.ts';
import { type Filter, matchesElement, parsePath, type PatchPath } from './filter.ts';
import { asObject, elements } from './input.ts';

export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 100;
const MULTI_VALUED = new Set([
  'emails',
  'phonenumbers',
  'addresses',
  'ims',
  'photos',
  'entitlements',
  'roles',
  'x509certificates',
  'groups',
]);
const READ_ONLY = new Set(['id', 'meta', 'groups']);

type Resource = Record<string, unknown>;
type Op = 'add' | 'replace' | 'remove';

const keyOf = (object: Resource, lower: string) => Object.keys(object).find((key) => key.toLowerCase() === lower);

function set(object: Resource, lower: string, value: unknown): void {
  const key = keyOf(object, lower);
  if (key !== undefined && key !== lower) delete object[key];
  object[key ?? lower] = value;
}

function get(object: Resource, lower: string): unknown {
  const key = keyOf(object, lower);
  return key === undefined ? undefined : object[key];
}

function remove(object: Resource, lower: string): void {
  const key = keyOf(object, lower);
  if (key !== undefined) delete object[key];
}

/** The element a filter such as `type eq "work"` describes, for a value path that matched nothing yet. */
function elementFrom(filter: Filter): Resource {
  if (filter.kind === 'compare' && filter.op === 'eq') return { [filter.attr]: filter.value };
  if (filter.kind === 'and') return { ...elementFrom(filter.left), ...elementFrom(filter.right) };
  return {};
}

function applyAtPath(resource: Resource, op: Op, path: PatchPath, value: unknown): void {
  if (READ_ONLY.has(path.attr) || path.attr === 'schemas') throw new ScimError(400, `'${path.attr}' cannot be changed`, 'mutability');
  const multi = MULTI_VALUED.has(path.attr);
  if (path.filter) {
    if (!multi) throw badRequest('invalidPath', `'${path.attr}' is not multi-valued`);
    const list = elements(get(resource, path.attr));
    const matching = list.filter((element) => matchesElement(element, path.filter!));
    if (op === 'remove') {
      if (path.sub) for (const element of matching) remove(element, path.sub);
      set(resource, path.attr, path.sub ? list : list.filter((element) => !matching.includes(element)));
      return;
    }
    if (matching.length === 0) {
      // Entra ID replaces `emails[type eq "work"].value` on a user who has no work email yet.
      const created = elementFrom(path.filter);
      if (path.sub) created[path.sub] = value;
      else Object.assign(created, asObject(value, 'value'));
      set(resource, path.attr, [...list, created]);
      return;
    }
    for (const element of matching) {
      if (path.sub) set(element, path.sub, value);
      else Object.assign(element, asObject(value, 'value'));
    }
    set(resource, path.attr, list);
    return;
  }
  if (path.sub) {
    if (multi) {
      const list = elements(get(resource, path.attr));
      if (op === 'remove') for (const element of list) remove(element, path.sub);
      else if (list.length === 0) list.push({ [path.sub]: value });
      else for (const element of list) set(element, path.sub, value);
      set(resource, path.attr, list);
      return;
    }
    const parent = get(resource, path.attr);
    const object = parent && typeof parent === 'object' && !Array.isArray(parent) ? (parent as Resource) : {};
    if (op === 'remove') remove(object, path.sub);
    else set(object, path.sub, value);
    set(resource, path.attr, object);
    return;
  }
  if (op === 'remove') {
    // Without `active` the user would read as active: a removal must never re-enable anyone.
    if (path.attr === 'active') throw new ScimError(400, "'active' cannot be removed: replace it with true or false", 'mutability');
    remove(resource, path.attr);
    return;
  }
  if (multi) {
    const given = elements(value);
    set(resource, path.attr, op === 'add' ? [...elements(get(resource, path.attr)), ...given] : given);
    return;
  }
  const current = get(resource, path.attr);
  if (value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)) {
    set(resource, path.attr, { ...(current as Resource), ...(value as Resource) });
    return;
  }
  set(resource, path.attr, value);
}

/** Applies a PatchOp body's operations to a copy of the resource and answers the result. */
export function applyPatch(original: Resource, body: unknown): Resource {
  const request = asObject(body, 'The request body');
  const schemas = request.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA))
    throw badRequest('invalidSyntax', `A PATCH body names the schema ${PATCH_SCHEMA}`);
  const operations = get(request, 'operations');
  if (!Array.isArray(operations) || operations.length === 0) throw badRequest('invalidSyntax', "'Operations' must be a non-empty array");
  if (operations.length > MAX_OPERATIONS) throw badRequest('invalidSyntax', `At most ${MAX_OPERATIONS} operations at a time`);
  const resource = structuredClone(original);
  for (const raw of operations) {
    const operation = asObject(raw, 'An operation');
    const name = String(get(operation, 'op') ?? '').toLowerCase();
    if (name !== 'add' && name !== 'replace' && name !== 'remove')
      throw badRequest('invalidSyntax', `Unknown operation '${String(get(operation, 'op'))}'`);
    const path = get(operation, 'path');
    const value = get(operation, 'value');
    if (path !== undefined && path !== null && path !== '') {
      if (typeof path !== 'string') throw badRequest('invalidPath', "'path' must be a string");
      if (name !== 'remove' && value === undefined) throw badRequest('invalidValue', `'${name}' needs a value`);
      applyAtPath(resource, name, parsePath(path), value);
      continue;
    }
    if (name === 'remove') throw new ScimError(400, "'remove' needs a path", 'noTarget');
    // No path: the value holds attributes, each one applied as if it were the path (RFC 7644 3.5.2.1 and 3.5.2.3).
    for (const [key, item] of Object.entries(asObject(value, 'value'))) {
      if (key.toLowerCase() === 'schemas') continue;
      applyAtPath(resource, name, parsePath(key), item);
    }
  }
  return resource;
}
