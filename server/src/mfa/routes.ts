/**
 * Multi-factor authentication: 'Resend code' of the sign-in code step (the code itself goes to
 * POST /api/authenticate), and /twostep's set-up, save and disable. A user who must set up MFA reaches
 * these (and their account) but nothing else until they have.
 */
import type { FastifyInstance } from 'fastify';
import { accountApi as api } from '@gatehouse/common/api/account';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { AppContext } from '../context.ts';
import { accountOf } from '../users/account.ts';
import { serve } from '../http/contract.ts';
import { currentSignInStep, resendSignInCode, switchSignInMethod } from './challenge.ts';
import { disableTwoStep, saveTwoStep, sendSetupCode, startAppSetup } from './enrolment.ts';
import { factorsOf, makeDefaultFactor, regenerateRecoveryCodes, removeFactor, renameOwnFactor } from './factors.ts';

export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.sendSignInCode, async ({ body }, { org }, request) => resendSignInCode(ctx, request, org, body.signInStateID));

  serve(app, ctx, api.switchSignInMethod, async ({ body }, { org }, request) => switchSignInMethod(ctx, request, org, body));

  serve(app, ctx, api.signInStep, async ({ query }, { org }, request) => currentSignInStep(ctx, request, org, query.signInStateID));

  // Answers a secret: never cached (the API's default).
  serve(app, ctx, api.startAppSetup, async (_, { org, user }) => startAppSetup(ctx, org, user));

  serve(app, ctx, api.setupSms, async ({ body }, { org, user }) => sendSetupCode(ctx, org, user, TWO_STEP_KINDS.sms, body.phoneNumber));

  serve(app, ctx, api.setupEmail, async (_, { org, user }) => sendSetupCode(ctx, org, user, TWO_STEP_KINDS.email));

  serve(app, ctx, api.save, async ({ body }, { org, user, session }) => {
    const saved = await saveTwoStep(ctx, org, user, session, body);
    return { user: await accountOf(ctx, org, saved.user), recoveryCodes: saved.recoveryCodes };
  });

  serve(app, ctx, api.listFactors, async (_, { org, user }) => factorsOf(ctx.db.kysely, org.id, user.id));

  serve(app, ctx, api.setDefaultFactor, async ({ params }, { org, user }) => makeDefaultFactor(ctx, org, user, params.id));

  serve(app, ctx, api.renameFactor, async ({ params, body }, { org, user }) => renameOwnFactor(ctx, org, user, params.id, body.name));

  serve(app, ctx, api.regenerateRecoveryCodes, async ({ body }, { org, user }) => ({
    recoveryCodes: await regenerateRecoveryCodes(ctx, org, user, body.password),
  }));

  serve(app, ctx, api.removeFactor, async ({ params, body }, { org, user }) => removeFactor(ctx, org, user, params.id, body.password));

  serve(app, ctx, api.disable, async ({ body }, { org, user }) => accountOf(ctx, org, await disableTwoStep(ctx, org, user, body.password)));
}
