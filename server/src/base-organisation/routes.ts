/** The base organisation's sign-up (trial and demo), the organisation sign-in lookup, and the hand-over on the new host. */
import type { FastifyInstance } from 'fastify';
import { API, ROUTES } from '@gatehouse/common/routes';
import {
  baseSignUpEmailRequest,
  baseSignUpOrgRequest,
  baseSignUpQuery,
  orgExistsQuery,
  type BaseSignUp,
  type BaseSignUpEmailResult,
  type BaseSignUpOrgResult,
  type OrgExistsResult,
} from '@gatehouse/common/schemas/base-signup';
import type { AppContext } from '../context.ts';
import { startSession } from '../accounts/session.ts';
import { requireOrganisation } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { linkTokenOf } from '../tokens/link-exchange.ts';
import { baseSignUpInfo, findOrganisationLocation, finishBaseSignUp, handoverAmr, startBaseSignUp, useHandover } from './service.ts';

export function baseOrganisationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.basesignupemail, async (request): Promise<BaseSignUpEmailResult> => {
    const base = requireOrganisation(request);
    const input = parse(baseSignUpEmailRequest, request.body);
    return startBaseSignUp(ctx, base, input.email);
  });

  app.get(API.basesignup, async (request, reply): Promise<BaseSignUp> => {
    const base = requireOrganisation(request);
    const { signupid } = parse(baseSignUpQuery, request.query);
    reply.header('cache-control', 'no-store');
    return baseSignUpInfo(ctx, base, linkTokenOf(ctx, request, signupid), signupid);
  });

  app.post(API.basesignuporg, async (request): Promise<BaseSignUpOrgResult> => {
    const base = requireOrganisation(request);
    const input = parse(baseSignUpOrgRequest, request.body);
    return finishBaseSignUp(ctx, base, { ...input, baseSignUpID: linkTokenOf(ctx, request, input.baseSignUpID) });
  });

  app.get(API.orgexists, async (request): Promise<OrgExistsResult> => {
    const base = requireOrganisation(request);
    const { name } = parse(orgExistsQuery, request.query);
    return findOrganisationLocation(ctx, base, name);
  });

  // A top-level navigation from the base host: signs the new admin in here, then on to the dashboard.
  // A token that does not work leads to the sign-in page, never to an error page.
  app.get(API.handover, async (request, reply) => {
    const org = requireOrganisation(request);
    const user = await useHandover(ctx, org, request.query);
    reply.header('cache-control', 'no-store');
    if (!user) return reply.redirect(ROUTES.home.path, 303);
    await startSession(ctx, request, reply, org, user, handoverAmr(org));
    return reply.redirect(`${ROUTES.dashboard.path}?signupcomplete=true`, 303);
  });
}
