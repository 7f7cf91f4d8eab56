import type { FastifyInstance } from 'fastify';
import { API } from '@gatehouse/common/routes';
import { signInRequest } from '@gatehouse/common/schemas/auth';
import type { SignInResult } from '@gatehouse/common/schemas/account';
import type { AppContext } from '../context.ts';
import { clearSessionCookie, getAuth, requireOrganisation, requireUser, setSessionCookie } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { createSession, endSession } from '../sessions/service.ts';
import { clientIdOfRedirectUrl } from '@gatehouse/common/applications';
import { userApplications } from '../applications/service.ts';
import { toAccount } from './model.ts';
import { authenticate, userAgentOf } from './service.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.authenticate, async (request, reply): Promise<SignInResult> => {
    const org = requireOrganisation(request);
    const input = parse(signInRequest, request.body);
    const user = await authenticate(ctx, org, input.email, input.password);
    // A fresh session id at every sign-in: a token planted before sign-in is worthless after it.
    const previous = await getAuth(ctx, request);
    if (previous) await endSession(ctx, org.id, previous.token);
    const { token } = await createSession(ctx, { organisationId: org.id, userId: user.id, amr: ['pwd'], userAgent: userAgentOf(request) });
    setSessionCookie(ctx, reply, token);
    return {
      user: toAccount(org.row, user, ctx.clock.now(), await userApplications(ctx, org.id, user)),
      // An application sign-in in progress: the SPA continues at /redirecting with it.
      redirectURL: clientIdOfRedirectUrl(input.returnurl) ? input.returnurl! : null,
      orgRedirectURL: org.row.enable_redirect_url ? org.row.redirect_url : null,
    };
  });

  app.get(API.account, async (request) => {
    const { org, user } = await requireUser(ctx, request);
    return toAccount(org.row, user, ctx.clock.now(), await userApplications(ctx, org.id, user));
  });

  app.post(API.signout, async (request, reply) => {
    const org = requireOrganisation(request);
    const auth = await getAuth(ctx, request);
    if (auth) await endSession(ctx, org.id, auth.token);
    clearSessionCookie(ctx, reply);
    return reply.code(204).send();
  });
}
