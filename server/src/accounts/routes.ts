import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@gatehouse/common/messages';
import { API } from '@gatehouse/common/routes';
import { signInRequest } from '@gatehouse/common/schemas/auth';
import { signInCodeRequest, type SignInAnswer } from '@gatehouse/common/schemas/mfa';
import {
  updateAccountRequest,
  type Account,
  type MessageResult,
  type RememberedSignIn,
  type SignInResult,
} from '@gatehouse/common/schemas/account';
import { changePasswordRequest } from '@gatehouse/common/schemas/passwords';
import type { AppContext } from '../context.ts';
import { clearSessionCookie, getAuth, requireOrganisation, requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { endSession } from '../sessions/service.ts';
import { countingFailedSignIns } from '../metrics/service.ts';
import { changePassword, resendOwnVerification, updateDetails } from './profile.ts';
import { accountOf, authenticate } from './service.ts';
import { beginCodeStep, completeCodeStep, deviceRemembered } from '../mfa/challenge.ts';
import { forgetRememberedEmail, rememberedEmail, startSession } from './session.ts';

/** The code step posts a code (with its signInStateID) where the password step posts a password. */
const isCodeStep = (body: unknown): boolean => typeof body === 'object' && body !== null && 'code' in body;

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The password step, or (with a signInStateID and a code) the code step of a user with a second step.
  app.post(API.authenticate, async (request, reply): Promise<SignInAnswer> => {
    const org = requireOrganisation(request);
    if (isCodeStep(request.body)) {
      const input = parse(signInCodeRequest, request.body);
      return countingFailedSignIns(ctx, org.id, null, () => completeCodeStep(ctx, request, reply, org, input));
    }
    const input = parse(signInRequest, request.body);
    const outcome = await countingFailedSignIns(ctx, org.id, input.email, () =>
      authenticate(ctx, org, input.email, input.password, { deviceRemembered: (user) => deviceRemembered(ctx, request, org, user) }),
    );
    if (outcome.kind === 'challenge') return beginCodeStep(ctx, reply, org, outcome.user);
    return startSession(ctx, request, reply, org, outcome.user, outcome.amr, input.returnurl);
  });

  // Answers while a new password or a second step is required too: the SPA needs requiresNewPassword and
  // requiresTwoStep to send the user to /passwordexpired or /twostep.
  app.get(API.account, async (request) => {
    const { org, user } = await requireUser(ctx, request, undefined, { allowPasswordChangeRequired: true, allowTwoStepRequired: true });
    return accountOf(ctx, org, user);
  });

  app.put(API.account, async (request): Promise<Account & MessageResult> => {
    const { org, user } = await requireUser(ctx, request);
    const input = parse(updateAccountRequest, request.body);
    const updated = await updateDetails(ctx, org, user, input);
    return { ...(await accountOf(ctx, org, updated)), message: MESSAGES.detailsUpdated };
  });

  // Changing the password ends every session of the account; this browser gets a fresh one, with what its session had proven.
  app.post(API.changepassword, async (request, reply): Promise<SignInResult> => {
    const { org, user, session } = await requireUser(ctx, request, undefined, {
      allowPasswordChangeRequired: true,
      allowTwoStepRequired: true,
    });
    const input = parse(changePasswordRequest, request.body);
    const updated = await changePassword(ctx, org, user, input);
    return startSession(ctx, request, reply, org, updated, JSON.parse(session.amr) as string[]);
  });

  app.post(API.accountResendVerification, async (request): Promise<MessageResult> => {
    const { org, user } = await requireUser(ctx, request);
    await resendOwnVerification(ctx, org, user);
    return { message: MESSAGES.confirmationEmailSent };
  });

  app.get(API.rememberme, async (request, reply): Promise<RememberedSignIn> => {
    const org = requireOrganisation(request);
    return { email: await rememberedEmail(ctx, request, reply, org) };
  });

  // 'Forget me': an empty POST.
  app.post(API.rememberme, async (request, reply) => {
    requireOrganisation(request);
    forgetRememberedEmail(ctx, reply);
    return reply.code(204).send();
  });

  app.post(API.signout, async (request, reply) => {
    const org = requireOrganisation(request);
    const auth = await getAuth(ctx, request);
    if (auth) await endSession(ctx, org.id, auth.token);
    clearSessionCookie(ctx, reply);
    return reply.code(204).send();
  });
}
