/** The parts of an OpenAPI 3.1 document (as /api/openapi.json writes it) the reference page shows. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
  description?: string;
  const?: unknown;
}

/** A request or answer body of one media type, with its example. */
export interface Media {
  schema: JsonSchema;
  example?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  example?: unknown;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

export interface Listed {
  method: string;
  path: string;
  operation: Operation;
}

/** One section of the reference: the operations of one tag, at its own address (`slug`). */
export interface ReferenceSection {
  tag: string;
  slug: string;
  entries: Listed[];
}

/** A tag as one segment of an address: 'SAML applications' is `saml-applications`. */
export const slugOf = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The operations grouped by tag, in the document's order; a tag with no operation is left out. */
export function referenceSections(doc: OpenApiDocument): ReferenceSection[] {
  const groups = new Map<string, Listed[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...groups].filter(([, entries]) => entries.length > 0).map(([tag, entries]) => ({ tag, slug: slugOf(tag), entries }));
}

/** A short name of a schema's type: `string`, `integer (1 to 200)`, `array of string`, `object`. */
export function typeName(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split('/').at(-1)!;
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `array of ${typeName(schema.items)}`;
  const bounds: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
    bounds.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) bounds.push(`at least ${schema.minimum}`);
  if (schema.maxLength !== undefined) bounds.push(`up to ${schema.maxLength} characters`);
  return bounds.length ? `${type} (${bounds.join(', ')})` : type;
}

/** The object a schema describes, if any: itself, the items of an array of objects, or an option of anyOf. */
export function objectOf(schema: JsonSchema): JsonSchema | null {
  if (schema.properties) return schema;
  if (schema.items) return objectOf(schema.items);
  for (const option of schema.anyOf ?? []) {
    const found = objectOf(option);
    if (found) return found;
  }
  return null;
}

export interface FieldRow {
  /** The field's path: `settings.name`, `items[].email`. */
  name: string;
  schema: JsonSchema;
  required: boolean;
  depth: number;
}

/** How deep nested objects are expanded (the contract's answers nest three levels at most). */
const MAX_DEPTH = 5;

/** The fields of an object schema, nested objects expanded after their field (`parent.child`, `list[].child`). */
export function fieldRows(object: JsonSchema, prefix = '', depth = 0): FieldRow[] {
  const required = new Set(object.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, schema] of Object.entries(object.properties ?? {})) {
    const path = `${prefix}${name}`;
    rows.push({ name: path, schema, required: required.has(name), depth });
    const nested = objectOf(schema);
    if (nested && depth < MAX_DEPTH) rows.push(...fieldRows(nested, `${path}${isArrayOf(schema) ? '[]' : ''}.`, depth + 1));
  }
  return rows;
}

function isArrayOf(schema: JsonSchema): boolean {
  return schema.type === 'array' || (schema.anyOf ?? []).some((option) => option.type === 'array');
}

/** Text with Markdown inline code (`like this`) as parts: odd parts are code. */
export function codeParts(text: string): string[] {
  return text.split(/`([^`]+)`/);
}

/** The example call of an operation: its path with example parameters, and its body, if any. */
export function exampleRequest(entry: Listed): { line: string; contentType: string | null; body: string | null } {
  const { method, path, operation } = entry;
  let target = path;
  const query = new URLSearchParams();
  for (const p of operation.parameters) {
    if (p.example === undefined) continue;
    if (p.in === 'path') target = target.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
    else for (const value of [p.example].flat()) query.append(p.name, String(value));
  }
  const search = query.toString();
  const content = operation.requestBody?.content ?? {};
  const type = 'application/json' in content ? 'application/json' : (Object.keys(content)[0] ?? null);
  const example = type ? content[type]!.example : undefined;
  return {
    line: `${method} ${target}${search ? `?${search}` : ''}`,
    contentType: type,
    body: example !== undefined ? JSON.stringify(example, null, 2) : null,
  };
}

/** The example answer of an operation: its success status and body, if it has one. */
export function exampleAnswer(entry: Listed): { status: string; body: string | null } {
  const [status, answer] = Object.entries(entry.operation.responses).find(([code]) => Number(code) < 400) ?? ['200', undefined];
  const example = answer?.content?.['application/json']?.example;
  return { status: `${status} ${answer?.description ?? ''}`.trim(), body: example !== undefined ? JSON.stringify(example, null, 2) : null };
}

/** The allowed values of a schema (or of its items), if it lists them. */
export function allowedValues(schema: JsonSchema): unknown[] | null {
  return schema.enum ?? schema.items?.enum ?? null;
}

/** An anchor id for an operation. */
export const anchorOf = (operationId: string) => `op-${operationId}`;
