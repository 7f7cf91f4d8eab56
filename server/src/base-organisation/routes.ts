/** The base organisation's sign-up (trial and demo), the organisation sign-in lookup, and the hand-over on the new host. */
import { frontDoorApi as api } from '@gatehouse/common/api/front-door';
import { ROUTES } from '@gatehouse/common/routes';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { applyCookies, browserOf } from '../http/outcome.ts';
import { linkTokenOf } from '../tokens/link-exchange.ts';
import { baseSignUpInfo, findOrganisationLocation, finishBaseSignUp, startBaseSignUp, useHandover } from './service.ts';

export function baseOrganisationRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.baseSignUpEmail, async ({ body }, scope) => startBaseSignUp(ctx, scope, body.email));

  serve(app, ctx, api.baseSignUp, async ({ query: { signupid } }, scope, request) =>
    baseSignUpInfo(ctx, scope, linkTokenOf(browserOf(ctx, request), signupid), signupid),
  );

  serve(app, ctx, api.baseSignUpOrg, async ({ body }, scope, request) =>
    finishBaseSignUp(ctx, scope, { ...body, baseSignUpID: linkTokenOf(browserOf(ctx, request), body.baseSignUpID) }),
  );

  serve(app, ctx, api.orgExists, async ({ query }, scope) => findOrganisationLocation(ctx, scope, query.name));

  serve(app, ctx, api.handover, async ({ query }, scope, request, reply) => {
    const signedIn = await useHandover(ctx, scope, browserOf(ctx, request), query);
    if (!signedIn) return reply.redirect(ROUTES.home.path, 303);
    applyCookies(ctx, reply, signedIn.cookies);
    return reply.redirect(`${ROUTES.dashboard.path}?signupcomplete=true`, 303);
  });
}
