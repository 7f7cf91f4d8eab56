/** Account recovery: ask for a code, give the code (or open a reset link), choose the new password. */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';
import { API } from '@gatehouse/common/routes';
import { newPasswordRequest } from '@gatehouse/common/schemas/passwords';
import { recoveryRequest, recoveryVerifyRequest } from '@gatehouse/common/schemas/recovery';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { afterResponse } from '../http/after-response.ts';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from '../http/cookies.ts';
import { requireOrganisation } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { linkTokenOf } from '../tokens/link-exchange.ts';
import { openResetLink, resetPassword, startRecovery, verifyRecoveryCode } from './service.ts';

export function recoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The same answer whether or not the address has an account.
  app.post(API.accountrecovery, async (request, reply) => {
    const org = requireOrganisation(request);
    const input = parse(recoveryRequest, request.body);
    const { token, sendCode } = await startRecovery(ctx, org, input.email);
    if (sendCode) afterResponse(reply, sendCode);
    setFlowCookie(ctx, reply, 'gatehouse_recovery', token, ACCOUNT_TOKENS.recoveryCodeMinutes * MINUTE);
    return reply.code(204).send();
  });

  app.post(API.accountRecoveryVerify, async (request, reply) => {
    const org = requireOrganisation(request);
    const input = parse(recoveryVerifyRequest, request.body);
    let token = readFlowCookie(ctx, request, 'gatehouse_recovery');
    if ('resetID' in input) token = await openResetLink(ctx, org, linkTokenOf(ctx, request, input.resetID));
    else await verifyRecoveryCode(ctx, org, token, input.code);
    setFlowCookie(ctx, reply, 'gatehouse_recovery', token!, ACCOUNT_TOKENS.recoveryChoosePasswordMinutes * MINUTE);
    return { type: 'reset' as const };
  });

  app.post(API.resetpassword, async (request, reply) => {
    const org = requireOrganisation(request);
    const input = parse(newPasswordRequest, request.body);
    await resetPassword(ctx, org, readFlowCookie(ctx, request, 'gatehouse_recovery'), input.password);
    clearFlowCookie(ctx, reply, 'gatehouse_recovery');
    return reply.code(204).send();
  });
}
