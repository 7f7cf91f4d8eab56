/**
 * The hand-over between the provider and the SPA. The provider sends the browser to
 * /oidc/interaction/{uid}; from there a signed-out user goes to the sign-in page (/) and a signed-in
 * one to /redirecting, each carrying the "redirect URL" /oidc/interaction/{uid}/finish?client_id=...
 * The SPA walks the client steps and finally opens the redirect URL, where the interaction finishes:
 * only from our own session (user, auth_time, amr), and only once every step of the sign-in step list
 * (common/sign-in-steps.ts) is really done here on the server, whatever the SPA did.
 */
import { SECOND_STEP_PARAMETER } from '@gatehouse/common/connections';
import { UI_LOCALES_PARAMETER } from '@gatehouse/common/i18n/locales';
import type { SignInStep } from '@gatehouse/common/sign-in-steps';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction, type InteractionResults } from 'oidc-provider';

import type { CodeStep } from '../accounts/session.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { type Redirect, sendRedirect, withCookies } from '../http/outcome.ts';
import { type Auth, getAuth, requireOrganisation } from '../http/request-context.ts';
import { recordEvent, signInStartedAt } from '../metrics/oidc-events.ts';
import { beginStepUp } from '../mfa/challenge.ts';
import { browserScope, type Scope } from '../scope/scope.ts';
import { expiredRequestPage } from './pages.ts';
import { applicationSignInStep, loginTsOf } from './policy.ts';
import { INTERACTION_PATH } from './provider.ts';
import type { ProviderRegistry } from './registry.ts';
import { acrHeld, acrOutcome, acrRequestOf, demandOf, minimumOf } from './step-up.ts';

/** The redirect URL of a pending interaction: where the SPA sends the browser to finish it. */
export const finishUrl = (uid: string, clientId: string): string =>
  `${INTERACTION_PATH}/${uid}/finish?client_id=${encodeURIComponent(clientId)}`;

/**
 * The sign-in request's `ui_locales` (OIDC Core 3.1.2.1) for the flow's pages: the language hook
 * (http/language.ts) puts it above every other wish. Only tags and spaces, of a sensible length.
 */
function uiLocalesOf(details: Interaction): string | undefined {
  const wanted = (details.params as { ui_locales?: unknown }).ui_locales;
  return typeof wanted === 'string' && wanted.length > 0 && wanted.length <= 200 && /^[A-Za-z0-9 _-]+$/.test(wanted) ? wanted : undefined;
}

/** The flow's language as a query parameter of its pages ('' when the application asked for none). */
const languageQuery = (details: Interaction) => {
  const wanted = uiLocalesOf(details);
  return wanted ? `&${UI_LOCALES_PARAMETER}=${encodeURIComponent(wanted)}` : '';
};

/** The sign-in page, its email prefilled with the application's login_hint when there is one, in the flow's language. */
const signInUrl = (redirectUrl: string, details: Interaction) => {
  const loginHint = loginHintOf(details);
  return `/?returnurl=${encodeURIComponent(redirectUrl)}${loginHint ? `&login_hint=${encodeURIComponent(loginHint)}` : ''}${languageQuery(details)}`;
};

/** The login_hint of an authorization request (OIDC Core 3.1.2.1), when it is one line of a sensible length. */
function loginHintOf(details: Interaction): string | undefined {
  const hint = (details.params as { login_hint?: unknown }).login_hint;
  return typeof hint === 'string' && hint.length > 0 && hint.length <= 320 && ![...hint].some((c) => c.charCodeAt(0) < 0x20)
    ? hint
    : undefined;
}
/**
 * The sign-in page for a browser that is signed in but must sign in again (prompt=login, max_age, or
 * a hint naming someone else). Its Gatehouse session stays until the new sign-in succeeds, so a page
 * of another site that opens the authorization endpoint cannot sign a visitor out.
 */
const signInAgainUrl = (redirectUrl: string, details: Interaction) => `${signInUrl(redirectUrl, details)}&prompt=login`;
/**
 * /redirecting, where the SPA walks what is left. With the step the server found pending (`step`, an id of
 * common/sign-in-steps.ts): it shows in the access log where a sign-in stopped; the SPA finds it itself.
 */
const redirectingUrl = (redirectUrl: string, details: Interaction, step?: SignInStep) =>
  `/redirecting?redirecturl=${encodeURIComponent(redirectUrl)}${step ? `&step=${step.id}` : ''}${languageQuery(details)}`;

/** The pending interaction of this browser for `uid`, or null when it has expired, was used, or is another one. */
async function loadInteraction(registry: ProviderRegistry, request: FastifyRequest, reply: FastifyReply, uid: string) {
  const org = requireOrganisation(request);
  const { provider } = await registry.get(org);
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return details.uid === uid && typeof details.params.client_id === 'string' ? { org, provider, details } : null;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return null;
    throw error;
  }
}

function sendExpired(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(expiredRequestPage(requireOrganisation(request).displayName));
}

/**
 * Whether the application asked for a sign-in fresher than the user's session: prompt=login, or a
 * max_age the session is older than (either way only a sign-in made after the request started
 * counts), or an id_token_hint naming someone else.
 */
function needsFreshSignIn(details: Interaction, auth: Auth, now: number, startedAt: number): boolean {
  const params = details.params as { max_age?: string | number; id_token_hint?: string };
  const predatesRequest = auth.session.created_at < startedAt;
  if (predatesRequest && details.prompt.reasons.includes('login_prompt')) return true;
  if (predatesRequest && params.max_age !== undefined && now - auth.session.created_at > Number(params.max_age) * 1000) return true;
  if (typeof params.id_token_hint === 'string') {
    try {
      // The provider verified the hint's signature when it accepted the request.
      const payload = JSON.parse(Buffer.from(params.id_token_hint.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
      if (payload.sub !== auth.user.id) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** GET /oidc/interaction/{uid}: the provider needs the user; send the browser to sign-in or to /redirecting. */
export async function startInteraction(
  ctx: AppContext,
  registry: ProviderRegistry,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
) {
  const loaded = await loadInteraction(registry, request, reply, request.params.uid);
  if (!loaded) return sendExpired(request, reply);
  const { org, details } = loaded;
  const clientId = details.params.client_id as string;
  const startedAt = await signInStartedAt(ctx, org.id, clientId, details.uid);
  const redirectUrl = finishUrl(details.uid, clientId);
  const auth = await getAuth(ctx, request);
  if (!auth) return reply.redirect(signInUrl(redirectUrl, details), 303);
  if (needsFreshSignIn(details, auth, ctx.clock.now(), startedAt)) return reply.redirect(signInAgainUrl(redirectUrl, details), 303);
  return reply.redirect(redirectingUrl(redirectUrl, details), 303);
}

/** GET /oidc/interaction/{uid}/finish: the SPA is done; check everything again and hand the sign-in to the provider. */
export async function finishInteraction(
  ctx: AppContext,
  registry: ProviderRegistry,
  request: FastifyRequest<{ Params: { uid: string }; Querystring: { client_id?: string } }>,
  reply: FastifyReply,
) {
  const loaded = await loadInteraction(registry, request, reply, request.params.uid);
  if (!loaded || request.query.client_id !== loaded.details.params.client_id) return sendExpired(request, reply);
  const { org, provider, details } = loaded;
  const clientId = details.params.client_id as string;
  const redirectUrl = finishUrl(details.uid, clientId);
  const auth = await getAuth(ctx, request);
  const now = ctx.clock.now();
  if (!auth) return reply.redirect(signInUrl(redirectUrl, details), 303);
  // The signed-in user finishes their own sign-in.
  const scope = browserScope(ctx.db.kysely, org, auth.user, request);
  const startedAt = await signInStartedAt(ctx, scope.organisation.id, clientId, details.uid);
  if (needsFreshSignIn(details, auth, now, startedAt)) return reply.redirect(signInAgainUrl(redirectUrl, details), 303);

  let result: InteractionResults;
  try {
    const { hasAccess, step } = await applicationSignInStep(ctx, scope, auth, clientId);
    if (hasAccess) {
      // A step of the sign-in step list still to do is the SPA's to walk: on the sign-in page for a step
      // of the sign-in itself, from /redirecting for the others (a new password, MFA set-up, the policy...).
      if (step?.stage === 'sign-in') return reply.redirect(signInAgainUrl(redirectUrl, details), 303);
      if (step) return reply.redirect(redirectingUrl(redirectUrl, details, step), 303);
      const amr = JSON.parse(auth.session.amr) as string[];
      const acr = await settleAcr(ctx, provider, scope, auth, details, amr);
      if (acr.kind === 'stepUp')
        return sendRedirect(ctx, reply, withCookies(stepUpRedirect(redirectUrl, details, acr.step), ...acr.step.cookies));
      if (acr.kind === 'refuse') {
        result = {
          error: 'unmet_authentication_requirements',
          error_description: 'The sign-in cannot reach the authentication context the application requires',
        };
        return finishWith(ctx, provider, request, reply, result, scope, clientId, details.uid, startedAt);
      }
      result = {
        login: { accountId: auth.user.id, ts: loginTsOf(auth.session), amr, acr: acr.acr, remember: false },
        // The organisation's applications need no consent screen: the grant covers what they ask for
        // (oidc/policy.ts loadExistingGrant), and the privacy policy step is the user's consent.
        consent: {},
      };
    } else {
      result = { error: 'access_denied', error_description: 'The user has no access to this application' };
    }
  } catch (error) {
    // The application was deleted while the user was signing in.
    if (!(error instanceof AppError && error.code === 'CLIENT_NOT_FOUND')) throw error;
    result = { error: 'access_denied', error_description: 'The application no longer exists' };
  }
  return finishWith(ctx, provider, request, reply, result, scope, clientId, details.uid, startedAt);
}

/** Hands the interaction's result to the provider and the browser back to it. */
async function finishWith(
  ctx: AppContext,
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: InteractionResults,
  scope: Scope,
  clientId: string,
  uid: string,
  startedAt: number,
) {
  const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  await recordEvent(
    ctx,
    scope.organisation.id,
    result.login ? 'sign_in_completed' : 'sign_in_denied',
    { clientId, subject: uid },
    startedAt,
  );
  return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
}

/**
 * The acr of this sign-in (oidc/step-up.ts): the one to assert, or the code step that raises the session
 * to what the request or the application asks (for the factor it lacks: the person's password is not
 * asked again), or a refusal when the person holds no factor that reaches the floor.
 */
async function settleAcr(
  ctx: AppContext,
  provider: Provider,
  scope: Scope,
  auth: Auth,
  details: Interaction,
  amr: readonly string[],
): Promise<{ kind: 'assert'; acr: string } | { kind: 'stepUp'; step: CodeStep } | { kind: 'refuse' }> {
  const client = await provider.Client.find(details.params.client_id as string);
  const demand = demandOf(acrRequestOf(details.params), minimumOf(client));
  const outcome = acrOutcome(demand, amr);
  if (outcome.kind === 'assert') return outcome;
  const step = await beginStepUp(ctx, scope, auth.user, outcome.aim, amr);
  if (step) return { kind: 'stepUp', step };
  if (outcome.floor === null) return { kind: 'assert', acr: acrHeld(demand, amr) };
  const floorStep = outcome.floor === outcome.aim ? null : await beginStepUp(ctx, scope, auth.user, outcome.floor, amr);
  return floorStep ? { kind: 'stepUp', step: floorStep } : { kind: 'refuse' };
}

/** The sign-in page at the code step of a step-up, which returns to the interaction's finish. */
const stepUpRedirect = (redirectUrl: string, details: Interaction, step: CodeStep): Redirect => ({
  kind: 'redirect',
  location: `/?returnurl=${encodeURIComponent(redirectUrl)}&${SECOND_STEP_PARAMETER}=${encodeURIComponent(step.challenge.signInStateID)}${languageQuery(details)}`,
  cookies: [],
});
