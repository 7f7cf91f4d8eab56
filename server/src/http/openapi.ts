/**
 * The OpenAPI 3.1 reference of the API, generated from the endpoint contract (common/src/api): every
 * declared operation with its parameters, body, answer, error answers and who may call it. Served at
 * /api/openapi.json on each organisation's host, with that host as its server.
 */
import { type Endpoint, errorBodySchema, errorCodesOf } from '@gatehouse/common/api/contract';
import { ENDPOINTS } from '@gatehouse/common/api/index';
import { referenceApi } from '@gatehouse/common/api/reference';
import { MANAGEMENT_API_PATH, MANAGEMENT_SCOPES } from '@gatehouse/common/apis';
import { type ErrorCode, ERRORS } from '@gatehouse/common/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { OIDC_ROUTES } from '../oidc/provider.ts';
import { serve } from './contract.ts';
import { exampleOf } from './openapi-examples.ts';
import { sessionCookieName } from './request-context.ts';

type JsonSchema = Record<string, unknown>;

const VERSION = '0.1.0';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function parameters(e: Endpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', e.params],
    ['query', e.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
        example: exampleOf(property, name),
        ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return list;
}

function requestBody(e: Endpoint): JsonSchema | undefined {
  const body = e.bodyForReference ?? e.body;
  if (!body) return undefined;
  const schema = jsonSchema(body, 'input');
  // Files of a multipart body are no JSON values: its example shows its other fields only.
  const example = exampleOf(schema);
  const content: Record<string, JsonSchema> =
    e.bodyEncoding === 'multipart'
      ? { 'multipart/form-data': { schema } }
      : e.bodyEncoding === 'json'
        ? { 'application/json': { schema, example } }
        : { 'application/x-www-form-urlencoded': { schema, example }, 'application/json': { schema, example } };
  return { required: true, content };
}

const SUCCESS = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  303: 'See other: the browser is sent on (Location)',
} as const;

function responses(e: Endpoint): Record<string, JsonSchema> {
  const answers: Record<string, JsonSchema> = {};
  const success: JsonSchema = { description: SUCCESS[e.status] };
  if (e.answer) {
    const schema = jsonSchema(e.answer, 'output');
    success.content = { 'application/json': { schema, example: exampleOf(schema) } };
  } else if (e.produces) success.content = Object.fromEntries(e.produces.map((type) => [type, { schema: { type: 'string' } }]));
  answers[String(e.status)] = success;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(e)) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  for (const [status, codes] of byStatus) {
    answers[String(status)] = {
      description: `Error (code ${codes.join(', ')})`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: errorExample(codes[0]!) } },
    };
  }
  return answers;
}

/** What a refusal with `code` looks like. */
function errorExample(code: ErrorCode): JsonSchema {
  return {
    statusCode: ERRORS[code].status,
    code,
    message: ERRORS[code].message,
    correlationId: '7K2M9QX4T8RB',
    validation: { errors: code === 'VALIDATION_FAILED' ? { email: { message: 'Please enter a valid email address' } } : {} },
  };
}

function whoMayCall(e: Endpoint): string {
  if (e.access.kind === 'anonymous') return 'Anyone (no session needed).';
  const users = e.access.roles ? `Signed-in users with the role ${e.access.roles.join(' or ')}` : 'Any signed-in user';
  return e.access.machineScope
    ? `${users}, or an application whose management API token has the scope \`${e.access.machineScope}\`.`
    : `${users}.`;
}

export function openApiDocument(endpoints: readonly Endpoint[], origin: string, cookieName: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const e of endpoints) {
    const operation: JsonSchema = {
      operationId: e.operationId,
      summary: e.summary,
      description: `Who may call it: ${whoMayCall(e)}`,
      tags: [e.tag],
      security:
        e.access.kind === 'anonymous'
          ? []
          : [{ session: [] }, ...(e.access.machineScope ? [{ managementApi: [e.access.machineScope] }] : [])],
      parameters: parameters(e),
      responses: responses(e),
    };
    const body = requestBody(e);
    if (body) operation.requestBody = body;
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation;
    for (const method of e.alsoAccepts ?? [])
      paths[e.path]![method.toLowerCase()] = {
        ...operation,
        operationId: `${e.operationId}By${method}`,
        summary: `${e.summary} (as ${e.method})`,
      };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse API',
      version: VERSION,
      description:
        "The API behind an organisation's Gatehouse screens. Calls are made on the organisation's own host with the session " +
        "cookie of a signed-in user; calls that change something must carry the organisation's origin in the Origin header. " +
        'Endpoints that list a management API scope also take `Authorization: Bearer` with an access token an application ' +
        `gets by client credentials with \`resource\` (or \`audience\`) set to the organisation's origin followed by ${MANAGEMENT_API_PATH}, ` +
        'once an Organisation Admin has given it those scopes on the APIs page.',
    },
    servers: [{ url: origin }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: cookieName },
        managementApi: {
          type: 'oauth2',
          description: `A JWT access token (RFC 9068) for the management API: client credentials with resource=${origin}${MANAGEMENT_API_PATH}.`,
          flows: { clientCredentials: { tokenUrl: `${origin}${OIDC_ROUTES.token}`, scopes: MANAGEMENT_SCOPES } },
        },
      },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}

export function openApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Serialised once; each organisation's answer only puts its own origin in `servers`.
  const marker = 'https://origin.invalid';
  let template: string | undefined;
  serve(app, ctx, referenceApi.openapi, async (_, { organisation: org }, _request, reply) => {
    template ??= JSON.stringify(openApiDocument(ENDPOINTS, marker, sessionCookieName(ctx)));
    const document = template.replaceAll(marker, JSON.stringify(originFor(ctx.config, org.hostname)).slice(1, -1));
    return reply.type('application/json').header('cache-control', 'public, max-age=300').send(document);
  });
}
