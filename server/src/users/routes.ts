/** Inviting users and the per-user lifecycle actions, for Organisation Admins and User Admins. */
import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLES } from '@gatehouse/common/policy';
import { API, type UserAction } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import {
  inviteUserRequest,
  listUsersRequest,
  updateUserRequest,
  type UserActionResult,
  type UserListPage,
} from '@gatehouse/common/schemas/users';
import type { AppContext } from '../context.ts';
import { accountOf } from '../accounts/service.ts';
import { requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import {
  clearLockout,
  deleteUserById,
  disableUser,
  enableUser,
  getUser,
  inviteUser,
  listUsersPage,
  resendUserVerification,
  resetUserTwoStep,
  sendUserPasswordReset,
  updateUserDetails,
} from './service.ts';

type IdParams = { Params: { id: string } };

type Action = typeof enableUser;

const ACTIONS: Record<UserAction, Action> = {
  resendverification: resendUserVerification,
  enable: enableUser,
  disable: disableUser,
  clearlockout: clearLockout,
  resetpassword: sendUserPasswordReset,
  resettwostep: resetUserTwoStep,
};

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The list: GET with page and search in the query, or (spec section 7) POST /users/search with them in the body.
  app.get(API.users, async (request): Promise<UserListPage> => {
    const { org } = await requireUser(ctx, request, ADMIN_ROLES);
    return listUsersPage(ctx, org, parse(listUsersRequest, request.query));
  });

  app.post(API.usersSearch, async (request): Promise<UserListPage> => {
    const { org } = await requireUser(ctx, request, ADMIN_ROLES);
    return listUsersPage(ctx, org, parse(listUsersRequest, request.body));
  });

  app.get<IdParams>(`${API.users}/:id`, async (request): Promise<Account> => {
    const { org } = await requireUser(ctx, request, ADMIN_ROLES);
    return accountOf(ctx, org, await getUser(ctx, org, request.params.id));
  });

  app.put<IdParams>(`${API.users}/:id`, async (request): Promise<UserActionResult> => {
    const { org, user: actor } = await requireUser(ctx, request, ADMIN_ROLES);
    const result = await updateUserDetails(ctx, org, actor, request.params.id, parse(updateUserRequest, request.body));
    return { message: result.message, user: await accountOf(ctx, org, result.user) };
  });

  app.delete<IdParams>(`${API.users}/:id`, async (request, reply) => {
    const { org, user: actor } = await requireUser(ctx, request, ADMIN_ROLES);
    await deleteUserById(ctx, org, actor, request.params.id);
    return reply.code(204).send();
  });

  app.post(API.users, async (request, reply): Promise<Account> => {
    const { org, user: actor } = await requireUser(ctx, request, ADMIN_ROLES);
    const input = parse(inviteUserRequest, request.body);
    const user = await inviteUser(ctx, org, actor, input);
    reply.code(201);
    return accountOf(ctx, org, user);
  });

  // Spec section 7: "POST or PUT to /users/{id} with a suffix, empty body".
  for (const [action, run] of Object.entries(ACTIONS)) {
    app.route<{ Params: { id: string } }>({
      method: ['POST', 'PUT'],
      url: `${API.users}/:id/${action}`,
      handler: async (request): Promise<UserActionResult> => {
        const { org, user: actor } = await requireUser(ctx, request, ADMIN_ROLES);
        const result = await run(ctx, org, actor, request.params.id);
        return { message: result.message, user: await accountOf(ctx, org, result.user) };
      },
    });
  }
}
