import { addressListsApi as api } from '@gatehouse/common/api/address-lists';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { readAddressLists, saveAddressLists } from './service.ts';

/** The address lists' settings endpoints (Organisation Admins, or an application with organisation:* scopes). */
export function addressListRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.get, async (_, scope, _request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return readAddressLists(scope);
  });
  serve(app, ctx, api.save, async ({ body }, scope, _request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return saveAddressLists(ctx, scope, body);
  });
}
