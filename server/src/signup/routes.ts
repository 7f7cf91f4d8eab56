/** Self sign-up, email verification and completing sign-up (spec sections 2 and 7). */
import { signUpApi as api } from '@gatehouse/common/api/sign-up';
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';
import type { FastifyInstance } from 'fastify';

import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { setFlowCookie } from '../http/cookies.ts';
import { applyCookies, browserOf, clearCookie } from '../http/outcome.ts';
import { countTowardsChallenge, requireSolvedChallenge } from '../http/proof-of-work.ts';
import { linkTokenOf } from '../tokens/link-exchange.ts';
import { signInAnswer } from '../users/account.ts';
import { completeSignUp, invitationInfo, startSignUp, verifyEmail } from './service.ts';

export function signUpRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.signUp, async ({ body }, scope, request) => {
    // A burst of sign-ups (from this address, or at the organisation) asks for a solved challenge first.
    const caller = { organisation: scope.organisation, address: request.ip };
    await requireSolvedChallenge(ctx, caller, 'signUp', body.altcha);
    await countTowardsChallenge(ctx, caller, 'signUp');
    await startSignUp(ctx, scope, body.email);
    return { email: body.email };
  });

  serve(app, ctx, api.verifyEmail, async ({ body }, scope, request, reply) => {
    const { completionToken, ...result } = await verifyEmail(ctx, scope, linkTokenOf(browserOf(ctx, request), body.verificationID));
    if (completionToken) {
      setFlowCookie(ctx, reply, 'gatehouse_signup', completionToken, ACCOUNT_TOKENS.signUpCompletionMinutes * MINUTE);
    }
    return result;
  });

  serve(app, ctx, api.invitation, async ({ query }, scope, request) =>
    invitationInfo(ctx, scope, linkTokenOf(browserOf(ctx, request), query.invitationID)),
  );

  serve(app, ctx, api.completeSignUp, async ({ body }, scope, request, reply) => {
    const { organisation: org } = scope;
    const browser = browserOf(ctx, request);
    const signedIn = await completeSignUp(ctx, scope, browser, {
      invitationToken: body.invitationID === undefined ? undefined : linkTokenOf(browser, body.invitationID),
      completionToken: browser.cookie('gatehouse_signup'),
      password: body.password,
    });
    applyCookies(ctx, reply, [clearCookie('gatehouse_signup'), ...signedIn.cookies]);
    return signInAnswer(ctx, org, signedIn.session);
  });
}
