/**
 * The SCIM 2.0 service provider at `<organisation origin>/scim/v2` (RFC 7644), as one encapsulated
 * Fastify plugin: its own bearer authentication (auth.ts), its own error bodies (RFC 7644 3.12) and
 * content type application/scim+json, and its own not-found answers. Calls run with the application
 * as the audit log's actor.
 */
import { CREDENTIAL_FAILURE_LIMIT } from '@gatehouse/common/policy';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { limitFailures } from '../http/limits.ts';
import { noteActor } from '../http/log-redaction.ts';
import { mfaSummaries, mfaSummary } from '../mfa/summary.ts';
import type { ProviderRegistry } from '../oidc/registry.ts';
import { requestScope } from '../scope/scope.ts';
import { authenticateScim } from './auth.ts';
import {
  groupResourceType,
  groupSchema,
  LIST_SCHEMA,
  listOf,
  mfaSchema,
  serviceProviderConfig,
  userResourceType,
  userSchema,
} from './discovery.ts';
import { badRequest, notFound, SCIM_CONTENT_TYPE, ScimError, scimErrorBody, unauthorised } from './errors.ts';
import { GROUP_SCHEMA, MFA_SCHEMA, USER_SCHEMA } from './filter.ts';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  groupVersionOf,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
  scimGroupOf,
  type ScimGroupRow,
} from './groups.ts';
import { asObject, attribute } from './input.ts';
import { attributeList, project, toScimUser, versionOf } from './resource.ts';
import type { ScimUserRow as UserRow } from './service.ts';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  type ListQuery,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  type ScimCaller,
} from './service.ts';

export const SCIM_PREFIX = '/scim/v2';
const SEARCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const DOCS = 'https://github.com/gatehouse/gatehouse/blob/main/docs/scim.md';

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller: ScimCaller | null;
  }
}

type IdParams = { Params: { id: string } };
type Projection = { attributes?: string; excludedAttributes?: string };

function caller(request: FastifyRequest): ScimCaller {
  if (!request.scimCaller) throw unauthorised();
  return request.scimCaller;
}

async function sendUser(ctx: AppContext, reply: FastifyReply, request: FastifyRequest, user: UserRow, status = 200) {
  const query = request.query as Projection;
  const who = caller(request);
  const resource = toScimUser(user, who.baseUrl, await mfaSummary(ctx.db.kysely, who.org.row, user));
  return reply
    .code(status)
    .header('etag', versionOf(user))
    .send(project(resource, attributeList(query.attributes, 'attributes'), attributeList(query.excludedAttributes, 'excludedAttributes')));
}

function ifMatch(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  return typeof header === 'string' ? header : undefined;
}

/** A SearchRequest body (RFC 7644 3.4.3) as the GET query it stands for: lists of attributes joined, numbers as text. */
function searchQuery(body: Record<string, unknown>): ListQuery & Projection {
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(SEARCH_SCHEMA))
    throw badRequest('invalidSyntax', `A search body names the schema ${SEARCH_SCHEMA}`);
  const query: ListQuery & Projection = {};
  for (const key of ['filter', 'sortBy', 'sortOrder'] as const) {
    const value = attribute(body, key.toLowerCase());
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw badRequest('invalidValue', `'${key}' must be a string`);
    query[key] = value;
  }
  for (const key of ['startIndex', 'count'] as const) {
    const value = attribute(body, key.toLowerCase());
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest('invalidValue', `'${key}' must be an integer`);
    query[key] = String(value);
  }
  for (const key of ['attributes', 'excludedAttributes'] as const) {
    const value = attribute(body, key.toLowerCase());
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
      throw badRequest('invalidValue', `'${key}' must be an array of attribute names`);
    query[key] = value.join(',');
  }
  return query;
}

/** SCIM's answer to any error: its own, the application's (path, CSRF, organisation), or Fastify's (body). */
function toScimError(error: FastifyError | AppError | ScimError): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof AppError) {
    if (error.code === 'ORGANISATION_NOT_FOUND') return notFound('No organisation at this host');
    if (error.statusCode === 400) return badRequest('invalidValue', error.message);
    return new ScimError(error.statusCode, error.message);
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 400) return badRequest('invalidSyntax', 'The request body is not valid JSON');
  if (status === 413) return new ScimError(413, 'The request is too large');
  if (status === 415) return new ScimError(415, 'Send application/scim+json or application/json');
  if (status < 500) return new ScimError(status, 'The request was refused');
  return new ScimError(500, 'Internal error');
}

export async function scimPlugin(app: FastifyInstance, options: { ctx: AppContext; registry: ProviderRegistry }): Promise<void> {
  const { ctx, registry } = options;
  app.decorateRequest('scimCaller', null);
  // An empty body is no body: Entra ID and Okta send a Content-Type on every request, DELETE included.
  const json = app.getDefaultJsonParser('error', 'error');
  const jsonOrNothing: typeof json = (request, body, done) => (body === '' ? done(null, undefined) : json(request, body, done));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'application/scim+json'], { parseAs: 'string' }, jsonOrNothing);

  app.setErrorHandler((error: FastifyError | AppError | ScimError, request, reply) => {
    const scim = toScimError(error);
    // Bulk answers 501 by design: an expected answer, not a failure.
    if (scim.status === 501) request.log.info({ scimStatus: 501, detail: scim.message }, 'SCIM feature not supported');
    else if (scim.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply
      .code(scim.status)
      .type(SCIM_CONTENT_TYPE)
      .send(scimErrorBody(scim.status, scim.message, scim.scimType));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type(SCIM_CONTENT_TYPE)
      .send(scimErrorBody(404, `No SCIM endpoint at ${request.method} ${request.url.split('?', 1)[0]}`)),
  );

  app.addHook('onRequest', async (request) => {
    // No such endpoint: the not-found answer, whoever asks.
    if (request.routeOptions.url === undefined) return;
    if ((request.params as { id?: string } | undefined)?.id === '') throw notFound();
    const org = request.organisation;
    if (!org || org.isBase) throw notFound('No organisation at this host');
    // Guessing tokens from one address is stopped after a few failures (http/limits.ts).
    const client = await limitFailures(
      ctx,
      { organisation: org, address: request.ip },
      'scim',
      CREDENTIAL_FAILURE_LIMIT,
      () => authenticateScim(ctx, org, registry, request.headers.authorization),
      (error) => error instanceof ScimError && error.status === 401,
    );
    const actor = { kind: 'application', id: client.id } as const;
    noteActor(request, actor);
    request.scimCaller = {
      scope: requestScope(ctx.db.kysely, org, actor, request),
      org,
      client,
      baseUrl: `${originFor(ctx.config, org.hostname)}${SCIM_PREFIX}`,
    };
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type === '' || type.startsWith('application/json')) reply.header('content-type', SCIM_CONTENT_TYPE);
    return payload;
  });

  app.get('/ServiceProviderConfig', async (request) => serviceProviderConfig(caller(request).baseUrl, DOCS));
  app.get('/ResourceTypes', async (request) =>
    listOf([userResourceType(caller(request).baseUrl), groupResourceType(caller(request).baseUrl)]),
  );
  app.get<IdParams>('/ResourceTypes/:id', async (request) => {
    if (request.params.id === 'Group') return groupResourceType(caller(request).baseUrl);
    if (request.params.id !== 'User') throw notFound(`No resource type ${request.params.id}`);
    return userResourceType(caller(request).baseUrl);
  });
  app.get('/Schemas', async (request) =>
    listOf([userSchema(caller(request).baseUrl), mfaSchema(caller(request).baseUrl), groupSchema(caller(request).baseUrl)]),
  );
  app.get<IdParams>('/Schemas/:id', async (request) => {
    if (request.params.id === MFA_SCHEMA) return mfaSchema(caller(request).baseUrl);
    if (request.params.id === GROUP_SCHEMA) return groupSchema(caller(request).baseUrl);
    if (request.params.id !== USER_SCHEMA) throw notFound(`No schema ${request.params.id}`);
    return userSchema(caller(request).baseUrl);
  });

  app.all('/Bulk', async () => {
    throw new ScimError(501, 'Bulk operations are not supported by this service provider');
  });

  const list = async (who: ScimCaller, query: ListQuery & Projection) => {
    const attributes = attributeList(query.attributes, 'attributes');
    const excluded = attributeList(query.excludedAttributes, 'excludedAttributes');
    for (const key of ['filter', 'startIndex', 'count', 'sortBy', 'sortOrder'] as const) {
      if (query[key] !== undefined && typeof query[key] !== 'string') throw badRequest('invalidValue', `'${key}' must be given once`);
    }
    const { rows, total, startIndex } = await listScimUsers(ctx, who, query);
    const mfa = await mfaSummaries(ctx.db.kysely, who.org.row, rows);
    return {
      schemas: [LIST_SCHEMA],
      totalResults: total,
      itemsPerPage: rows.length,
      startIndex,
      Resources: rows.map((row) => project(toScimUser(row, who.baseUrl, mfa.get(row.id)), attributes, excluded)),
    };
  };

  app.get<{ Querystring: ListQuery & Projection }>('/Users', async (request) => list(caller(request), request.query));
  // The same query as a SearchRequest body (RFC 7644 3.4.3), which keeps filters out of URLs and logs.
  app.post('/Users/.search', async (request) => list(caller(request), searchQuery(asObject(request.body, 'The request body'))));

  app.get<IdParams>('/Users/:id', async (request, reply) =>
    sendUser(ctx, reply, request, await getScimUser(ctx, caller(request), request.params.id)),
  );

  app.post('/Users', async (request, reply) => {
    const user = await createScimUser(ctx, caller(request), asObject(request.body, 'The request body'));
    reply.header('location', `${caller(request).baseUrl}/Users/${user.id}`);
    return sendUser(ctx, reply, request, user, 201);
  });

  app.put<IdParams>('/Users/:id', async (request, reply) => {
    const user = await replaceScimUser(
      ctx,
      caller(request),
      request.params.id,
      asObject(request.body, 'The request body'),
      ifMatch(request),
    );
    return sendUser(ctx, reply, request, user);
  });

  app.patch<IdParams>('/Users/:id', async (request, reply) => {
    const user = await patchScimUser(ctx, caller(request), request.params.id, request.body, ifMatch(request));
    return sendUser(ctx, reply, request, user);
  });

  app.delete<IdParams>('/Users/:id', async (request, reply) => {
    await deleteScimUser(ctx, caller(request), request.params.id, ifMatch(request));
    return reply.code(204).send();
  });

  groupRoutes(ctx, app);
}

/** /Groups: the organisation's groups (scim/groups.ts). */
function groupRoutes(ctx: AppContext, app: FastifyInstance): void {
  const projection = (request: FastifyRequest) => {
    const query = request.query as Projection;
    return {
      attributes: attributeList(query.attributes, 'attributes'),
      excluded: attributeList(query.excludedAttributes, 'excludedAttributes'),
    };
  };
  /** Members are read only when the answer holds them (Entra reads groups with `excludedAttributes=members`). */
  const wantsMembers = ({ attributes, excluded }: ReturnType<typeof projection>) =>
    attributes && attributes.length > 0 ? attributes.some((a) => a.startsWith('members')) : !excluded?.includes('members');
  const sendGroup = async (request: FastifyRequest, reply: FastifyReply, row: ScimGroupRow, status = 200) => {
    const shape = projection(request);
    const resource = await scimGroupOf(caller(request), row, wantsMembers(shape));
    return reply
      .code(status)
      .header('etag', groupVersionOf(row))
      .send(project(resource, shape.attributes, shape.excluded));
  };
  const list = async (who: ScimCaller, query: ListQuery & Projection) => {
    const attributes = attributeList(query.attributes, 'attributes');
    const excluded = attributeList(query.excludedAttributes, 'excludedAttributes');
    for (const key of ['filter', 'startIndex', 'count', 'sortBy', 'sortOrder'] as const) {
      if (query[key] !== undefined && typeof query[key] !== 'string') throw badRequest('invalidValue', `'${key}' must be given once`);
    }
    const { rows, total, startIndex } = await listScimGroups(who, query);
    const members = wantsMembers({ attributes, excluded });
    const resources = [];
    for (const row of rows) resources.push(project(await scimGroupOf(who, row, members), attributes, excluded));
    return { schemas: [LIST_SCHEMA], totalResults: total, itemsPerPage: rows.length, startIndex, Resources: resources };
  };
  app.get<{ Querystring: ListQuery & Projection }>('/Groups', async (request) => list(caller(request), request.query));
  app.post('/Groups/.search', async (request) => list(caller(request), searchQuery(asObject(request.body, 'The request body'))));
  app.get<IdParams>('/Groups/:id', async (request, reply) =>
    sendGroup(request, reply, await getScimGroup(caller(request), request.params.id)),
  );
  app.post('/Groups', async (request, reply) => {
    const row = await createScimGroup(ctx, caller(request), asObject(request.body, 'The request body'));
    reply.header('location', `${caller(request).baseUrl}/Groups/${row.id}`);
    return sendGroup(request, reply, row, 201);
  });
  app.put<IdParams>('/Groups/:id', async (request, reply) =>
    sendGroup(
      request,
      reply,
      await replaceScimGroup(ctx, caller(request), request.params.id, asObject(request.body, 'The request body'), ifMatch(request)),
    ),
  );
  app.patch<IdParams>('/Groups/:id', async (request, reply) =>
    sendGroup(request, reply, await patchScimGroup(ctx, caller(request), request.params.id, request.body, ifMatch(request))),
  );
  app.delete<IdParams>('/Groups/:id', async (request, reply) => {
    await deleteScimGroup(ctx, caller(request), request.params.id, ifMatch(request));
    return reply.code(204).send();
  });
}
