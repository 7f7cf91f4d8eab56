/** A person's sessions and connected applications: their own, and (for their administrators and the management API) anyone's. */
import { accountSessionsApi as own, newBrowserApi, userSessionsApi as users } from '@gatehouse/common/api/sessions';
import { SESSION_LIST_LIMITS } from '@gatehouse/common/schemas/sessions';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import type { UserScope } from '../http/contract.ts';
import { serve } from '../http/contract.ts';
import { connectedApplications, removeApplicationAccess } from '../oidc/connected-applications.ts';
import { PROVIDER_SESSION_COOKIE } from '../oidc/provider.ts';
import { disownSignIn } from '../users/new-browser.ts';
import { targetUser } from '../users/service.ts';
import { endOtherSessions, endUserSession, signOutEverywhere, userSessions } from './devices.ts';

/** What the end and remove actions answer: the list again, first page. */
const FIRST_PAGE = SESSION_LIST_LIMITS.pageSizeDefault;

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const mine = (scope: UserScope, limit: number = FIRST_PAGE) => userSessions(ctx, scope, scope.user.id, scope.session.id, limit);

  serve(app, ctx, own.list, async ({ query }, scope) => mine(scope, query.limit));
  serve(app, ctx, own.end, async ({ params }, scope) => {
    await endUserSession(ctx, scope, scope.user.id, params.sessionId);
    return mine(scope);
  });
  // The other browsers' provider sessions end too (with their back-channel logouts): without them they
  // could still sign in to applications silently.
  serve(app, ctx, own.endOthers, async (_, scope, request) => ({
    ended: await endOtherSessions(ctx, scope, scope.user.id, {
      sessionId: scope.session.id,
      providerSessionId: request.cookies[PROVIDER_SESSION_COOKIE],
    }),
  }));
  serve(app, ctx, own.applications, async ({ query }, scope) => connectedApplications(ctx, scope, scope.user.id, query.limit));
  serve(app, ctx, own.removeApplication, async ({ params }, scope) => {
    await removeApplicationAccess(ctx, scope, scope.user.id, params.clientId);
    return connectedApplications(ctx, scope, scope.user.id, FIRST_PAGE);
  });

  // The person's page: the user must be within the caller's reach (404 in another organisation).
  serve(app, ctx, users.list, async ({ params, query }, scope) =>
    userSessions(ctx, scope, (await targetUser(ctx, scope, params.id)).id, null, query.limit),
  );
  serve(app, ctx, users.end, async ({ params }, scope) => {
    const user = await targetUser(ctx, scope, params.id);
    await endUserSession(ctx, scope, user.id, params.sessionId);
    return userSessions(ctx, scope, user.id, null, FIRST_PAGE);
  });
  serve(app, ctx, users.signOutEverywhere, async ({ params }, scope) => {
    await signOutEverywhere(ctx, scope, (await targetUser(ctx, scope, params.id)).id);
  });
  // A new-browser notice's link: whoever holds it may sign the person out everywhere (that is its point).
  serve(app, ctx, newBrowserApi.notMe, async ({ body }, scope) => {
    await disownSignIn(ctx, scope, body.token);
  });
  serve(app, ctx, users.applications, async ({ params, query }, scope) =>
    connectedApplications(ctx, scope, (await targetUser(ctx, scope, params.id)).id, query.limit),
  );
}
