/** A person's sessions and connected applications: their own, and (for their administrators and the management API) anyone's. */
import type { FastifyInstance } from 'fastify';
import { accountSessionsApi as own, userSessionsApi as users } from '@gatehouse/common/api/sessions';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { endOtherProviderSessions } from '../oidc/backchannel-logout.ts';
import { connectedApplications, removeApplicationAccess } from '../oidc/connected-applications.ts';
import { PROVIDER_SESSION_COOKIE } from '../oidc/provider.ts';
import { targetUser } from '../users/service.ts';
import { endOtherSessions, endUserSession, signOutEverywhere, userSessions } from './devices.ts';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const mine = (scope: { organisation: { id: string }; user: { id: string }; session: { id: string } }) =>
    userSessions(ctx, scope.organisation.id, scope.user.id, scope.session.id).then((sessions) => ({ sessions }));

  serve(app, ctx, own.list, async (_, scope) => mine(scope));
  serve(app, ctx, own.end, async ({ params }, scope) => {
    await endUserSession(ctx, scope, scope.user.id, params.sessionId);
    return mine(scope);
  });
  // The other browsers' provider sessions end too (with their back-channel logouts): without them they
  // could still sign in to applications silently.
  serve(app, ctx, own.endOthers, async (_, scope, request) => {
    const ended = await endOtherSessions(ctx, scope, scope.user.id, scope.session.id);
    await endOtherProviderSessions(ctx, scope.organisation.id, scope.user.id, request.cookies[PROVIDER_SESSION_COOKIE]);
    return { ended };
  });
  serve(app, ctx, own.applications, async (_, scope) => ({
    applications: await connectedApplications(ctx, scope.organisation.id, scope.user.id),
  }));
  serve(app, ctx, own.removeApplication, async ({ params }, scope) => {
    await removeApplicationAccess(ctx, scope, scope.user.id, params.clientId);
    return { applications: await connectedApplications(ctx, scope.organisation.id, scope.user.id) };
  });

  // The person's page: the user must be within the caller's reach (404 in another organisation).
  const theirs = async (scope: Parameters<typeof targetUser>[1], userId: string) => ({
    sessions: await userSessions(ctx, scope.organisation.id, userId, null),
  });
  serve(app, ctx, users.list, async ({ params }, scope) => theirs(scope, (await targetUser(ctx, scope, params.id)).id));
  serve(app, ctx, users.end, async ({ params }, scope) => {
    const user = await targetUser(ctx, scope, params.id);
    await endUserSession(ctx, scope, user.id, params.sessionId);
    return theirs(scope, user.id);
  });
  serve(app, ctx, users.signOutEverywhere, async ({ params }, scope) => {
    await signOutEverywhere(ctx, scope, (await targetUser(ctx, scope, params.id)).id);
  });
  serve(app, ctx, users.applications, async ({ params }, scope) => ({
    applications: await connectedApplications(ctx, scope.organisation.id, (await targetUser(ctx, scope, params.id)).id),
  }));
}
