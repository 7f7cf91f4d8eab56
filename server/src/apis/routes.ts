import { apisApi as api } from '@gatehouse/common/api/apis';
import { PROTECTED_RESOURCE_METADATA_PATH } from '@gatehouse/common/apis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { requireOrganisation } from '../http/request-context.ts';
import { requestScope } from '../scope/scope.ts';
import { protectedResourceMetadata } from './resource-metadata.ts';
import { createApi, deleteApi, getApi, listApis, listGrants, setGrant, updateApi } from './service.ts';

/** Protected resource metadata may be cached briefly and read from any page (an agent in a browser discovers through it). */
const METADATA_HEADERS = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };

export function apiRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, scope) => listApis(ctx, scope));
  serve(app, ctx, api.create, async ({ body }, scope) => createApi(ctx, scope, body));
  serve(app, ctx, api.get, async ({ params }, scope) => getApi(ctx, scope, params.id));
  serve(app, ctx, api.update, async ({ params, body }, scope) => updateApi(ctx, scope, params.id, body));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteApi(ctx, scope, params.id));
  serve(app, ctx, api.grants, async ({ params }, scope) => listGrants(ctx, scope, params.id));
  serve(app, ctx, api.setGrant, async ({ params, body }, scope) => setGrant(ctx, scope, params.id, params.clientId, body.scopes));

  // RFC 9728: the metadata of an API on this origin, at the well-known path plus the identifier's path.
  const metadata = async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = requestScope(ctx.db.kysely, requireOrganisation(request), { kind: 'anonymous', id: null }, request);
    const document = await protectedResourceMetadata(ctx, scope, request.raw.url ?? request.url);
    if (!document) throw new AppError('NOT_FOUND');
    return reply.code(200).headers(METADATA_HEADERS).type('application/json').send(document);
  };
  app.get(PROTECTED_RESOURCE_METADATA_PATH, metadata);
  app.get(`${PROTECTED_RESOURCE_METADATA_PATH}/*`, metadata);
}
