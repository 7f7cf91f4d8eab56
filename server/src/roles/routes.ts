import { rolesApi as api } from '@gatehouse/common/api/roles';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import {
  accessOf,
  createRole,
  deleteRole,
  getRole,
  giveToGroup,
  giveToUser,
  listRoles,
  rolesOfGroup,
  takeFromGroup,
  takeFromUser,
  updateRole,
} from './service.ts';

export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_request, scope) => listRoles(scope));
  serve(app, ctx, api.create, async ({ body }, scope) => createRole(ctx, scope, body));
  serve(app, ctx, api.get, async ({ params }, scope) => getRole(scope, params.id));
  serve(app, ctx, api.update, async ({ params, body }, scope) => updateRole(ctx, scope, params.id, body));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteRole(ctx, scope, params.id));
  serve(app, ctx, api.ofUser, async ({ params }, scope) => accessOf(scope, params.id));
  serve(app, ctx, api.giveToUser, async ({ params }, scope) => giveToUser(ctx, scope, params.id, params.roleId));
  serve(app, ctx, api.takeFromUser, async ({ params }, scope) => takeFromUser(ctx, scope, params.id, params.roleId));
  serve(app, ctx, api.ofGroup, async ({ params }, scope) => rolesOfGroup(scope, params.id));
  serve(app, ctx, api.giveToGroup, async ({ params }, scope) => giveToGroup(ctx, scope, params.id, params.roleId));
  serve(app, ctx, api.takeFromGroup, async ({ params }, scope) => takeFromGroup(ctx, scope, params.id, params.roleId));
}
