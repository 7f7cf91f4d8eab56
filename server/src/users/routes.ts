/** Inviting users and the per-user lifecycle actions, for Organisation Admins and User Admins. */
import { userMfaApi } from '@gatehouse/common/api/user-mfa';
import { usersApi } from '@gatehouse/common/api/users';
import { USER_ACTIONS, type UserAction } from '@gatehouse/common/routes';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { mfaSummary } from '../mfa/summary.ts';
import { accountOf } from '../users/account.ts';
import {
  adminAccount,
  clearLockout,
  deleteUserById,
  disableUser,
  enableUser,
  getUser,
  inviteUser,
  listUsersPage,
  removeUserFactor,
  resendUserVerification,
  resetUserTwoStep,
  sendUserPasswordReset,
  updateUserDetails,
  userFactors,
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
  // The list: GET with page and search in the query, or (spec section 7) POST /users/search with them in the body.
  serve(app, ctx, usersApi.list, async ({ query }, scope) => listUsersPage(ctx, scope, query));
  serve(app, ctx, usersApi.search, async ({ body }, scope) => listUsersPage(ctx, scope, body));
  serve(app, ctx, usersApi.get, async ({ params }, scope) => adminAccount(ctx, scope, await getUser(ctx, scope, params.id)));
  serve(app, ctx, usersApi.update, async ({ params, body }, scope) => {
    const result = await updateUserDetails(ctx, scope, params.id, body);
    return { message: result.message, user: await adminAccount(ctx, scope, result.user) };
  });
  serve(app, ctx, usersApi.delete, async ({ params }, scope) => deleteUserById(ctx, scope, params.id));
  serve(app, ctx, usersApi.invite, async ({ body }, scope) => accountOf(ctx, scope.organisation, await inviteUser(ctx, scope, body)));

  // Whether the user has MFA and of which kinds, and its reset: for the management API too.
  serve(app, ctx, userMfaApi.get, async ({ params }, scope) =>
    mfaSummary(ctx.db.kysely, scope.organisation.row, await getUser(ctx, scope, params.id)),
  );
  serve(app, ctx, userMfaApi.reset, async ({ params }, scope) => {
    const { user } = await resetUserTwoStep(ctx, scope, params.id);
    return mfaSummary(ctx.db.kysely, scope.organisation.row, user);
  });

  serve(app, ctx, usersApi.factors, async ({ params }, scope) => userFactors(ctx, scope, params.id));
  serve(app, ctx, usersApi.removeFactor, async ({ params }, scope) => removeUserFactor(ctx, scope, params.id, params.factorId));

  // Spec section 7: "POST or PUT to /users/{id} with a suffix, empty body".
  for (const name of USER_ACTIONS) {
    serve(app, ctx, usersApi.actions[name], async ({ params }, scope) => {
      const result = await ACTIONS[name](ctx, scope, params.id);
      return { message: result.message, user: await adminAccount(ctx, scope, result.user) };
    });
  }
}
