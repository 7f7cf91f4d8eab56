/**
 * Multi-factor authentication: 'Resend code' of the sign-in code step (the code itself goes to
 * POST /api/authenticate), and /twostep's set-up, save and disable. A user who must set up MFA reaches
 * these (and their account) but nothing else until they have.
 */
import { accountApi as api } from '@gatehouse/common/api/account';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { browserOf } from '../http/outcome.ts';
import { accountOf } from '../users/account.ts';
import { currentSignInStep, resendSignInCode, switchSignInMethod } from './challenge.ts';
import { disableTwoStep, saveTwoStep, sendSetupCode, startAppSetup } from './enrolment.ts';
import { factorsOf, makeDefaultFactor, regenerateRecoveryCodes, removeFactor, renameOwnFactor } from './factors.ts';

export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.sendSignInCode, async ({ body }, scope, request) =>
    resendSignInCode(ctx, scope, browserOf(ctx, request), body.signInStateID),
  );

  serve(app, ctx, api.switchSignInMethod, async ({ body }, scope, request) =>
    switchSignInMethod(ctx, scope, browserOf(ctx, request), body),
  );

  serve(app, ctx, api.signInStep, async ({ query }, scope, request) =>
    currentSignInStep(ctx, scope, browserOf(ctx, request), query.signInStateID),
  );

  // Answers a secret: never cached (the API's default).
  serve(app, ctx, api.startAppSetup, async (_, scope) => startAppSetup(ctx, scope, scope.user));

  serve(app, ctx, api.setupSms, async ({ body }, scope) => sendSetupCode(ctx, scope, scope.user, TWO_STEP_KINDS.sms, body.phoneNumber));

  serve(app, ctx, api.setupEmail, async (_, scope) => sendSetupCode(ctx, scope, scope.user, TWO_STEP_KINDS.email));

  serve(app, ctx, api.save, async ({ body }, scope) => {
    const saved = await saveTwoStep(ctx, scope, scope.user, scope.session, body);
    return { user: await accountOf(ctx, scope.organisation, saved.user), recoveryCodes: saved.recoveryCodes };
  });

  serve(app, ctx, api.listFactors, async (_, { db, user }) => factorsOf(db, user.id));

  serve(app, ctx, api.setDefaultFactor, async ({ params }, scope) => makeDefaultFactor(ctx, scope, scope.user, params.id));

  serve(app, ctx, api.renameFactor, async ({ params, body }, scope) => renameOwnFactor(ctx, scope, scope.user, params.id, body.name));

  serve(app, ctx, api.regenerateRecoveryCodes, async ({ body }, scope) => ({
    recoveryCodes: await regenerateRecoveryCodes(ctx, scope, scope.user, body.password),
  }));

  serve(app, ctx, api.removeFactor, async ({ params, body }, scope) => removeFactor(ctx, scope, scope.user, params.id, body.password));

  serve(app, ctx, api.disable, async ({ body }, scope) =>
    accountOf(ctx, scope.organisation, await disableTwoStep(ctx, scope, scope.user, body.password)),
  );
}
