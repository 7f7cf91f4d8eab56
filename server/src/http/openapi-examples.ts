/**
 * Examples for the OpenAPI reference, generated from the JSON Schemas the endpoint contract's zod
 * schemas become: a value of each schema's own shape, with believable values chosen by field name
 * (an email for `email`, an address for `…URL`) and bounded by the schema's limits. The OpenAPI test
 * parses every example with the endpoint's zod schema, so an example the server would refuse fails it.
 */
type JsonSchema = Record<string, unknown>;

/** Values for the few string patterns the contract uses (a new pattern without one fails the test). */
const PATTERN_EXAMPLES: Record<string, string> = {
  '^[A-Za-z0-9_-]{32,128}$': 'q3N8v2Xk5Lr0Tz7Bw4Hy1Jd6Mf9Gc2Sp',
  '^[1-9A-Z]{12}$': '7K2M9QX4T8RB',
  '^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$': 'acme',
};

const EXAMPLE_TIME = '2026-01-15T09:30:00.000Z';

/** A string for a field called `name`, by what such fields hold. */
function stringFor(name: string): string {
  if (/email/i.test(name)) return 'ada@example.com';
  if (/password/i.test(name)) return 'correct horse battery staple';
  if (/(url|uri)s?$|^identifier$|^resource$/i.test(name)) return 'https://app.example.com/callback';
  if (/(date|at|time)$/i.test(name) || /^(lastSignIn|previousSignIn|lastFailedSignIn|expires|created|updated)/.test(name))
    return EXAMPLE_TIME;
  if (/phone/i.test(name)) return '+447700900123';
  if (/^(id|.*Id|.*ID)$/.test(name)) return '3f2b8c1e-6a4d-4e9b-9c7a-2d5e8f1a0b3c';
  if (/first.?name|given/i.test(name)) return 'Ada';
  if (/surname|family|last.?name/i.test(name)) return 'Lovelace';
  if (/code$/i.test(name)) return '123456';
  if (/name/i.test(name)) return 'Example';
  return 'example';
}

function fitString(value: string, schema: JsonSchema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let fitted = value;
  while (fitted.length < min) fitted += 'x';
  return fitted.length > max ? fitted.slice(0, max) : fitted;
}

function numberFor(schema: JsonSchema): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : -Infinity;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : Infinity;
  if (1 >= min && 1 <= max) return 1;
  return Number.isFinite(min) ? min : max;
}

const singular = (name: string) => name.replace(/(ies)$/, 'y').replace(/s$/, '');

/** An example value of `schema`; `name` is the field it is the value of, for believable strings. */
export function exampleOf(schema: JsonSchema, name = ''): unknown {
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options) return exampleOf(options.find((option) => option.type !== 'null') ?? options[0]!, name);
  }
  if (Array.isArray(schema.allOf)) return exampleOf(schema.allOf[0] as JsonSchema, name);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) value[key] = exampleOf(property, key);
      const extra = schema.additionalProperties;
      if (Object.keys(properties).length === 0 && extra && typeof extra === 'object') value.example = exampleOf(extra as JsonSchema, name);
      return value;
    }
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 0);
      const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      return Array.from({ length: Math.min(count, maxItems) }, () => exampleOf(items, singular(name)));
    }
    case 'string': {
      const pattern = typeof schema.pattern === 'string' ? PATTERN_EXAMPLES[schema.pattern] : undefined;
      if (pattern !== undefined) return pattern;
      if (schema.format === 'email') return 'ada@example.com';
      if (schema.format === 'date-time') return EXAMPLE_TIME;
      if (schema.format === 'uri') return 'https://app.example.com/callback';
      return fitString(stringFor(name), schema);
    }
    case 'integer':
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // A schema zod could not express (a refinement of a string, mostly): a string by the field's name.
      return stringFor(name);
  }
}
