/** The base organisation's sign-up (trial and demo), the organisation sign-in lookup, and the hand-over on the new host. */
import type { FastifyInstance } from 'fastify';
import { frontDoorApi as api } from '@gatehouse/common/api/front-door';
import { ROUTES } from '@gatehouse/common/routes';
import type { AppContext } from '../context.ts';
import { startSession } from '../accounts/session.ts';
import { serve } from '../http/contract.ts';
import { linkTokenOf } from '../tokens/link-exchange.ts';
import { baseSignUpInfo, findOrganisationLocation, finishBaseSignUp, handoverAmr, startBaseSignUp, useHandover } from './service.ts';

export function baseOrganisationRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.baseSignUpEmail, async ({ body }, scope) => startBaseSignUp(ctx, scope, body.email));

  serve(app, ctx, api.baseSignUp, async ({ query: { signupid } }, scope, request) =>
    baseSignUpInfo(ctx, scope, linkTokenOf(ctx, request, signupid), signupid),
  );

  serve(app, ctx, api.baseSignUpOrg, async ({ body }, scope, request) =>
    finishBaseSignUp(ctx, scope, { ...body, baseSignUpID: linkTokenOf(ctx, request, body.baseSignUpID) }),
  );

  serve(app, ctx, api.orgExists, async ({ query }, scope) => findOrganisationLocation(ctx, scope, query.name));

  serve(app, ctx, api.handover, async ({ query }, scope, request, reply) => {
    const { organisation: org } = scope;
    const user = await useHandover(ctx, scope, query);
    if (!user) return reply.redirect(ROUTES.home.path, 303);
    await startSession(ctx, scope, request, reply, user, handoverAmr(org));
    return reply.redirect(`${ROUTES.dashboard.path}?signupcomplete=true`, 303);
  });
}
