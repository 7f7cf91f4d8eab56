import { apisApi as api } from '@gatehouse/common/api/apis';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { createApi, deleteApi, getApi, listApis, listGrants, setGrant, updateApi } from './service.ts';

export function apiRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, scope) => listApis(ctx, scope));
  serve(app, ctx, api.create, async ({ body }, scope) => createApi(ctx, scope, body));
  serve(app, ctx, api.get, async ({ params }, scope) => getApi(ctx, scope, params.id));
  serve(app, ctx, api.update, async ({ params, body }, scope) => updateApi(ctx, scope, params.id, body));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteApi(ctx, scope, params.id));
  serve(app, ctx, api.grants, async ({ params }, scope) => listGrants(ctx, scope, params.id));
  serve(app, ctx, api.setGrant, async ({ params, body }, scope) => setGrant(ctx, scope, params.id, params.clientId, body.scopes));
}
