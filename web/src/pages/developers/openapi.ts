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
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
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

/** The operations grouped by tag, in the document's order. */
export function operationsByTag(doc: OpenApiDocument): [string, Listed[]][] {
  const groups = new Map<string, Listed[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...groups];
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

/** The allowed values of a schema (or of its items), if it lists them. */
export function allowedValues(schema: JsonSchema): unknown[] | null {
  return schema.enum ?? schema.items?.enum ?? null;
}

/** An anchor id for an operation. */
export const anchorOf = (operationId: string) => `op-${operationId}`;
