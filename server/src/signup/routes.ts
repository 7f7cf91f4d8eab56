/** Self sign-up, email verification and completing sign-up (spec sections 2 and 7). */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';
import { API } from '@gatehouse/common/routes';
import type { SignInResult } from '@gatehouse/common/schemas/account';
import {
  completeSignUpRequest,
  linkToken,
  signUpRequest,
  verifyEmailRequest,
  type VerifyEmailResult,
} from '@gatehouse/common/schemas/signup';
import { z } from 'zod';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { startSession } from '../accounts/session.ts';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from '../http/cookies.ts';
import { requireOrganisation } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { linkTokenOf } from '../tokens/link-exchange.ts';
import { completeSignUp, invitationInfo, startSignUp, verifyEmail } from './service.ts';

export function signUpRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.signup, async (request) => {
    const org = requireOrganisation(request);
    const input = parse(signUpRequest, request.body);
    await startSignUp(ctx, org, input.email);
    return { email: input.email };
  });

  app.post(API.verifyemail, async (request, reply): Promise<VerifyEmailResult> => {
    const org = requireOrganisation(request);
    const input = parse(verifyEmailRequest, request.body);
    const { completionToken, ...result } = await verifyEmail(ctx, org, linkTokenOf(ctx, request, input.verificationID));
    if (completionToken) {
      setFlowCookie(ctx, reply, 'gatehouse_signup', completionToken, ACCOUNT_TOKENS.signUpCompletionMinutes * MINUTE);
    }
    return result;
  });

  app.get(API.completesignup, async (request) => {
    const org = requireOrganisation(request);
    const { invitationID } = parse(z.object({ invitationID: linkToken }), request.query);
    return invitationInfo(ctx, org, linkTokenOf(ctx, request, invitationID));
  });

  app.post(API.completesignup, async (request, reply): Promise<SignInResult> => {
    const org = requireOrganisation(request);
    const input = parse(completeSignUpRequest, request.body);
    const user = await completeSignUp(ctx, org, {
      invitationToken: input.invitationID === undefined ? undefined : linkTokenOf(ctx, request, input.invitationID),
      completionToken: readFlowCookie(ctx, request, 'gatehouse_signup'),
      password: input.password,
    });
    clearFlowCookie(ctx, reply, 'gatehouse_signup');
    return startSession(ctx, request, reply, org, user, ['pwd']);
  });
}
