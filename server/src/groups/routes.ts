import { groupsApi as api } from '@gatehouse/common/api/groups';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import {
  addMember,
  createGroup,
  deleteGroup,
  findGroup,
  groupsOfPerson,
  groupView,
  listGroups,
  listMembers,
  removeMember,
  renameGroup,
} from './service.ts';

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async ({ query }, scope) => listGroups(scope, query));
  serve(app, ctx, api.create, async ({ body }, scope) => createGroup(ctx, scope, body.name));
  serve(app, ctx, api.get, async ({ params }, scope) => groupView(await findGroup(scope, params.id)));
  serve(app, ctx, api.rename, async ({ params, body }, scope) => renameGroup(ctx, scope, params.id, body.name));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteGroup(ctx, scope, params.id));
  serve(app, ctx, api.members, async ({ params, query }, scope) => listMembers(scope, params.id, query));
  serve(app, ctx, api.addMember, async ({ params, body }, scope) => addMember(ctx, scope, params.id, body));
  serve(app, ctx, api.removeMember, async ({ params }, scope) => removeMember(ctx, scope, params.id, params.userId));
  serve(app, ctx, api.ofUser, async ({ params }, scope) => groupsOfPerson(scope, params.id));
}
