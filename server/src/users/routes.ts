/** Inviting users and the per-user lifecycle actions, for Organisation Admins and User Admins. */
import type { FastifyInstance } from 'fastify';
import { usersApi } from '@gatehouse/common/api/users';
import { userMfaApi } from '@gatehouse/common/api/user-mfa';
import { USER_ACTIONS, type UserAction } from '@gatehouse/common/routes';
import type { AppContext } from '../context.ts';
import { accountOf } from '../users/account.ts';
import { serve } from '../http/contract.ts';
import { mfaSummary } from '../mfa/summary.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import {
  clearLockout,
  deleteUserById,
  disableUser,
  enableUser,
  getUser,
  inviteUser,
  adminAccount,
  listUsersPage,
  removeUserFactor,
  userFactors,
  resendUserVerification,
  resetUserTwoStep,
  sendUserPasswordReset,
  updateUserDetails,
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
  const adminView = (org: Organisation, user: Parameters<typeof adminAccount>[2]) => adminAccount(ctx, org, user);
  // The list: GET with page and search in the query, or (spec section 7) POST /users/search with them in the body.
  serve(app, ctx, usersApi.list, async ({ query }, { org }) => listUsersPage(ctx, org, query));
  serve(app, ctx, usersApi.search, async ({ body }, { org }) => listUsersPage(ctx, org, body));
  serve(app, ctx, usersApi.get, async ({ params }, { org }) => adminView(org, await getUser(ctx, org, params.id)));
  serve(app, ctx, usersApi.update, async ({ params, body }, { org, actor }) => {
    const result = await updateUserDetails(ctx, org, actor, params.id, body);
    return { message: result.message, user: await adminView(org, result.user) };
  });
  serve(app, ctx, usersApi.delete, async ({ params }, { org, actor }) => deleteUserById(ctx, org, actor, params.id));
  serve(app, ctx, usersApi.invite, async ({ body }, { org, actor }) => accountOf(ctx, org, await inviteUser(ctx, org, actor, body)));

  // Whether the user has MFA and of which kinds, and its reset (issue 30): for the management API too.
  serve(app, ctx, userMfaApi.get, async ({ params }, { org }) => mfaSummary(ctx.db.kysely, org.row, await getUser(ctx, org, params.id)));
  serve(app, ctx, userMfaApi.reset, async ({ params }, { org, actor }) => {
    const { user } = await resetUserTwoStep(ctx, org, actor, params.id);
    return mfaSummary(ctx.db.kysely, org.row, user);
  });

  serve(app, ctx, usersApi.factors, async ({ params }, { org, actor }) => userFactors(ctx, org, actor, params.id));
  serve(app, ctx, usersApi.removeFactor, async ({ params }, { org, actor }) =>
    removeUserFactor(ctx, org, actor, params.id, params.factorId),
  );

  // Spec section 7: "POST or PUT to /users/{id} with a suffix, empty body".
  for (const name of USER_ACTIONS) {
    serve(app, ctx, usersApi.actions[name], async ({ params }, { org, actor }) => {
      const result = await ACTIONS[name](ctx, org, actor, params.id);
      return { message: result.message, user: await adminView(org, result.user) };
    });
  }
}
