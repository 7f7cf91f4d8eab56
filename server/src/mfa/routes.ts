/**
 * Multi-factor authentication: 'Resend code' of the sign-in code step (the code itself goes to
 * POST /api/authenticate), and /twostep's set-up, save and disable. A user who must set up MFA reaches
 * these (and their account) but nothing else until they have.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import { API } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import {
  disableTwoStepRequest,
  saveTwoStepRequest,
  sendSignInCodeRequest,
  smsSetupRequest,
  type AppSetup,
  type CodeSent,
  type SaveTwoStepResult,
} from '@gatehouse/common/schemas/mfa';
import type { AppContext } from '../context.ts';
import { accountOf } from '../accounts/service.ts';
import { requireOrganisation, requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { resendSignInCode } from './challenge.ts';
import { disableTwoStep, saveTwoStep, sendSetupCode, startAppSetup } from './enrolment.ts';

export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.authenticateSendCode, async (request, reply) => {
    const org = requireOrganisation(request);
    const input = parse(sendSignInCodeRequest, request.body);
    await resendSignInCode(ctx, request, org, input.signInStateID);
    return reply.code(204).send();
  });

  /** The signed-in user, also while they must still set up MFA (these calls are how they do). */
  const settingUp = (request: FastifyRequest) => requireUser(ctx, request, undefined, { allowTwoStepRequired: true });

  // Answers a secret: never cached.
  app.post(API.refreshotp, async (request, reply): Promise<AppSetup> => {
    const { org, user } = await settingUp(request);
    reply.header('cache-control', 'no-store');
    return startAppSetup(ctx, org, user);
  });

  app.post(API.setupsmsotp, async (request): Promise<CodeSent> => {
    const { org, user } = await settingUp(request);
    const input = parse(smsSetupRequest, request.body);
    return sendSetupCode(ctx, org, user, TWO_STEP_KINDS.sms, input.phoneNumber);
  });

  app.post(API.setupemailotp, async (request): Promise<CodeSent> => {
    const { org, user } = await settingUp(request);
    return sendSetupCode(ctx, org, user, TWO_STEP_KINDS.email);
  });

  app.post(API.saveotp, async (request, reply): Promise<SaveTwoStepResult> => {
    const { org, user, session } = await settingUp(request);
    const input = parse(saveTwoStepRequest, request.body);
    const saved = await saveTwoStep(ctx, org, user, session, input);
    reply.header('cache-control', 'no-store');
    return { user: await accountOf(ctx, org, saved.user), recoveryCodes: saved.recoveryCodes };
  });

  app.post(API.disableotp, async (request): Promise<Account> => {
    const { org, user } = await requireUser(ctx, request);
    const input = parse(disableTwoStepRequest, request.body);
    return accountOf(ctx, org, await disableTwoStep(ctx, org, user, input.password));
  });
}
