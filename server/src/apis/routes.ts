import type { FastifyInstance } from 'fastify';
import { apisApi as api } from '@gatehouse/common/api/apis';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { createApi, deleteApi, getApi, listApis, listGrants, setGrant, updateApi } from './service.ts';

export function apiRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, { org }) => listApis(ctx, org));
  serve(app, ctx, api.create, async ({ body }, { org }) => createApi(ctx, org, body));
  serve(app, ctx, api.get, async ({ params }, { org }) => getApi(ctx, org, params.id));
  serve(app, ctx, api.update, async ({ params, body }, { org }) => updateApi(ctx, org, params.id, body));
  serve(app, ctx, api.delete, async ({ params }, { org }) => deleteApi(ctx, org, params.id));
  serve(app, ctx, api.grants, async ({ params }, { org }) => listGrants(ctx, org, params.id));
  serve(app, ctx, api.setGrant, async ({ params, body }, { org }) => setGrant(ctx, org, params.id, params.clientId, body.scopes));
}
