/** Account recovery: ask for a code, give the code (or open a reset link), choose the new password. */
import { signUpApi as api } from '@gatehouse/common/api/sign-up';
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';
import type { FastifyInstance } from 'fastify';

import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { afterResponse } from '../http/after-response.ts';
import { serve } from '../http/contract.ts';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from '../http/cookies.ts';
import { browserOf } from '../http/outcome.ts';
import { linkTokenOf } from '../tokens/link-exchange.ts';
import { openResetLink, resetPassword, startRecovery, verifyRecoveryCode } from './service.ts';

export function recoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.recover, async ({ body }, scope, _request, reply) => {
    const { token, sendCode } = await startRecovery(ctx, scope, body.email);
    if (sendCode) afterResponse(reply, sendCode);
    setFlowCookie(ctx, reply, 'gatehouse_recovery', token, ACCOUNT_TOKENS.recoveryCodeMinutes * MINUTE);
  });

  serve(app, ctx, api.verifyRecovery, async ({ body }, scope, request, reply) => {
    let token = readFlowCookie(ctx, request, 'gatehouse_recovery');
    if ('resetID' in body) token = await openResetLink(ctx, scope, linkTokenOf(browserOf(ctx, request), body.resetID));
    else await verifyRecoveryCode(ctx, scope, token, body.code);
    setFlowCookie(ctx, reply, 'gatehouse_recovery', token!, ACCOUNT_TOKENS.recoveryChoosePasswordMinutes * MINUTE);
    return { type: 'reset' as const };
  });

  serve(app, ctx, api.resetPassword, async ({ body }, scope, request, reply) => {
    await resetPassword(ctx, scope, readFlowCookie(ctx, request, 'gatehouse_recovery'), body.password);
    clearFlowCookie(ctx, reply, 'gatehouse_recovery');
  });
}
