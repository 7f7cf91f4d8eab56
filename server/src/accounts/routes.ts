import { accountApi as api } from '@gatehouse/common/api/account';
import { LANGUAGE_MESSAGES } from '@gatehouse/common/language-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { FastifyInstance } from 'fastify';

import { assertPasswordAllowed } from '../connections/service.ts';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { notePersonLocale } from '../http/language.ts';
import { applyCookies, browserOf } from '../http/outcome.ts';
import { challengeFor, countTowardsChallenge, requireSolvedChallenge } from '../http/proof-of-work.ts';
import { clearSessionCookie, getAuth, getSignedIn } from '../http/request-context.ts';
import { countingFailedSignIns } from '../metrics/service.ts';
import { beginCodeStep, completeCodeStep, deviceRemembered } from '../mfa/challenge.ts';
import { endBrowserSession } from '../oidc/backchannel-logout.ts';
import { PROVIDER_SESSION_COOKIE } from '../oidc/provider.ts';
import { beginLogout } from '../saml-apps/logout.ts';
import { endSession } from '../sessions/service.ts';
import { accountOf, signInAnswer } from '../users/account.ts';
import { changePassword, resendOwnVerification, setOwnLanguage, updateDetails } from './profile.ts';
import { authenticate } from './service.ts';
import { finishSignIn, FORGET_REMEMBERED_EMAIL, rememberedEmail, type SignInOutcome, startSession } from './session.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The password step, or (with a signInStateID and a code) the code step of a user with a second step.
  serve(app, ctx, api.authenticate, async ({ body }, scope, request, reply) => {
    const { organisation: org } = scope;
    const browser = browserOf(ctx, request);
    let outcome: SignInOutcome;
    if (body.step === 'code') outcome = await countingFailedSignIns(ctx, scope, null, () => completeCodeStep(ctx, scope, browser, body));
    else {
      // Once this address or the organisation has failed too often, a solved challenge comes before the password.
      const caller = { organisation: org, address: request.ip };
      await requireSolvedChallenge(ctx, caller, 'signIn', body.altcha);
      // Where a sign-in connection serves the email's domain and does not allow passwords, its provider signs in.
      await assertPasswordAllowed(scope, body.email);
      const failed = (error: unknown) => error instanceof AppError && error.code === 'INVALID_CREDENTIALS';
      outcome = await countingFailedSignIns(ctx, scope, body.email, async () => {
        const checked = await authenticate(ctx, scope, body.email, body.password, {
          deviceRemembered: (user) => deviceRemembered(ctx, scope, browser, user),
        });
        if (checked.kind === 'challenge') return beginCodeStep(ctx, scope, checked.user);
        const details = { method: 'password' } as const;
        return finishSignIn(ctx, scope, browser, { userId: checked.user.id, amr: checked.amr, details, returnurl: body.returnurl });
      }).catch(async (error: unknown) => {
        if (failed(error)) await countTowardsChallenge(ctx, caller, 'signIn');
        throw error;
      });
    }
    applyCookies(ctx, reply, outcome.cookies);
    return outcome.kind === 'codeStep' ? outcome.challenge : signInAnswer(ctx, org, outcome.session);
  });

  // Whether the sign-in or sign-up form asks this address for a challenge now, with one to solve.
  serve(app, ctx, api.challenge, async ({ query }, { organisation }, request) =>
    challengeFor(ctx, { organisation, address: request.ip }, query.form),
  );

  // Answers while a new password or a second step is required too: the SPA needs requiresNewPassword and
  // requiresTwoStep to send the user to /passwordexpired or /twostep.
  serve(app, ctx, api.get, async (_, { organisation: org, user }) => accountOf(ctx, org, user));

  // The same account, or null for a browser that is signed out (or whose session lacks a step of the sign-in itself).
  serve(app, ctx, api.session, async (_, { organisation: org }, request) => {
    const auth = await getSignedIn(ctx, request);
    return { account: auth ? await accountOf(ctx, org, auth.user) : null };
  });

  serve(app, ctx, api.update, async ({ body }, scope) => {
    const { organisation: org, user } = scope;
    const updated = await updateDetails(ctx, scope, user, body);
    return { ...(await accountOf(ctx, org, updated)), message: MESSAGES.detailsUpdated };
  });

  serve(app, ctx, api.language, async ({ body }, scope, request) => {
    const { organisation: org, user } = scope;
    const updated = await setOwnLanguage(ctx, scope, user, body.locale);
    // The answer speaks the language just chosen.
    notePersonLocale(request, updated.locale);
    return { ...(await accountOf(ctx, org, updated)), message: LANGUAGE_MESSAGES.saved };
  });

  // Changing the password ends every session of the account; this browser gets a fresh one, with what its session had proven.
  serve(app, ctx, api.changePassword, async ({ body }, scope, request, reply) => {
    const { organisation: org, user, session } = scope;
    const updated = await changePassword(ctx, scope, user, body);
    const renewed = await startSession(ctx, scope, browserOf(ctx, request), updated, JSON.parse(session.amr) as string[]);
    applyCookies(ctx, reply, renewed.cookies);
    return signInAnswer(ctx, org, renewed.session);
  });

  serve(app, ctx, api.resendVerification, async (_, scope) => {
    await resendOwnVerification(ctx, scope, scope.user);
    return { message: MESSAGES.confirmationEmailSent };
  });

  serve(app, ctx, api.rememberedEmail, async (_, { organisation: org }, request, reply) => {
    const { email, cookies } = await rememberedEmail(ctx, browserOf(ctx, request), org);
    applyCookies(ctx, reply, cookies);
    return { email };
  });

  // 'Forget me': an empty POST.
  serve(app, ctx, api.forgetEmail, async (_, _scope, _request, reply) => applyCookies(ctx, reply, FORGET_REMEMBERED_EMAIL));

  // The error boundary reports a crash of a signed-in user's page; logged with both correlation ids.
  serve(app, ctx, api.logError, async ({ body }, { organisation: org, user }, request) => {
    request.log.error({ clientError: body, organisationId: org.id, userId: user.id }, 'client error reported');
  });

  serve(app, ctx, api.signOut, async (_, scope, request, reply) => {
    const auth = await getAuth(ctx, request);
    // The SAML applications signed in to in this session are told by the browser's way through
    // /saml-idp/logout (front-channel), which this keeps for it and names in the answer.
    const samlCookies = auth ? await beginLogout(ctx, scope, browserOf(ctx, request), auth.session.id) : [];
    applyCookies(ctx, reply, samlCookies);
    if (auth) await endSession(ctx, scope.organisation.id, auth.token);
    // This browser's provider session ends too, and the applications signed in to in it are told.
    await endBrowserSession(ctx, scope, request.cookies[PROVIDER_SESSION_COOKIE]);
    clearSessionCookie(ctx, reply);
    return { samlLogout: samlCookies.length > 0 ? SAML_IDP_PATHS.logout : null };
  });
}
