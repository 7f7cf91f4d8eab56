/** Inviting users and the per-user lifecycle actions, for Organisation Admins and User Admins. */
import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLES } from '@gatehouse/common/policy';
import { API, type UserAction } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { inviteUserRequest, type UserActionResult } from '@gatehouse/common/schemas/users';
import type { AppContext } from '../context.ts';
import { accountOf } from '../accounts/service.ts';
import { requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import {
  clearLockout,
  disableUser,
  enableUser,
  inviteUser,
  resendUserVerification,
  resetUserTwoStep,
  sendUserPasswordReset,
} from './service.ts';

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
