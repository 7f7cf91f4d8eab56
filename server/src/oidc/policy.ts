/**
 * The provider's interaction policy, with our own session as the source of truth. The provider keeps a
 * session of its own only as a mirror: authorization goes through without interaction only while the
 * Gatehouse session of this browser is the same user, sign-in time and methods, the user has access to
 * the application and no step of the sign-in step list is pending (common/sign-in-steps.ts). Otherwise the
 * browser is sent to our interaction hand-over (oidc/interaction.ts) and from there to the SPA.
 */
import { applicationFacts, pendingStep, type SignInStep } from '@gatehouse/common/sign-in-steps';
import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

import { sessionFacts } from '../accounts/model.ts';
import { clientAuthSteps } from '../applications/service.ts';
import type { AppContext } from '../context.ts';
import type { SessionRow } from '../db/schema.ts';
import type { Auth } from '../http/request-context.ts';
import type { Scope } from '../scope/scope.ts';
import { authOf, signedInOf } from './request-sign-in.ts';
import { acrOutcome, acrRequestOf, demandOf, minimumOf } from './step-up.ts';

const { Check, Prompt, base } = interactionPolicy;

/** The auth_time of a Gatehouse session, in seconds as the provider counts. */
export const loginTsOf = (session: SessionRow): number => Math.floor(session.created_at / 1000);

/**
 * Where a signed-in user stands with an application: whether they may use it at all, and the first step
 * of the sign-in step list (common/sign-in-steps.ts) still to do, of every stage. The interaction's
 * policy and its finish both ask this. CLIENT_NOT_FOUND when it is no application of the organisation.
 */
export async function applicationSignInStep(
  ctx: AppContext,
  scope: Scope,
  auth: Auth,
  clientId: string,
): Promise<{ hasAccess: boolean; step: SignInStep | null }> {
  const steps = await clientAuthSteps(ctx, scope.organisation, auth.user, clientId);
  const facts = {
    ...sessionFacts(scope.organisation.row, auth.user, auth.session, ctx.clock.now()),
    application: applicationFacts(steps),
  };
  return { hasAccess: steps.hasAccess, step: pendingStep(facts) };
}

export function interactionPolicyFor(ctx: AppContext) {
  const policy = base();

  policy.get('login')!.checks.add(
    new Check('gatehouse_session', 'End-User authentication is required', 'login_required', (koaCtx: KoaContextWithOIDC) => {
      const auth = authOf(koaCtx.req);
      const session = koaCtx.oidc.session;
      if (!auth || !session || session.accountId !== auth.user.id) return Check.REQUEST_PROMPT;
      // A newer sign-in, or another method (a second step), must reach the provider's session too.
      if (session.loginTs !== loginTsOf(auth.session) || JSON.stringify(session.amr ?? []) !== auth.session.amr)
        return Check.REQUEST_PROMPT;
      return Check.NO_NEED_TO_PROMPT;
    }),
  );
  // Step-up (oidc/step-up.ts), first of the login checks: a session below what the request or the
  // application asks goes through the interaction, which asks for the missing factor. A session that holds
  // enough gets this request's acr on the provider's session (the strongest requested value it satisfies),
  // so that the engine's essential-acr checks that follow, and the code it issues, see that value: no
  // interaction (and no login_required for prompt=none) only to restate the acr.
  policy.get('login')!.checks.add(
    new Check('gatehouse_acr', 'the requested authentication context is not held', 'login_required', (koaCtx: KoaContextWithOIDC) => {
      const auth = authOf(koaCtx.req);
      const session = koaCtx.oidc.session;
      // No session of this person: the session check below asks for the sign-in.
      if (!auth || !session || session.accountId !== auth.user.id) return Check.NO_NEED_TO_PROMPT;
      const demand = demandOf(acrRequestOf(koaCtx.oidc.params ?? {}), minimumOf(koaCtx.oidc.client));
      const settled = acrOutcome(demand, JSON.parse(auth.session.amr) as string[]);
      if (settled.kind === 'raise') return Check.REQUEST_PROMPT;
      session.acr = settled.acr;
      return Check.NO_NEED_TO_PROMPT;
    }),
    0,
  );

  policy.add(
    new Prompt(
      { name: 'client_steps', requestable: false },
      new Check(
        'client_steps',
        'the application requires steps from the End-User',
        'interaction_required',
        async (koaCtx: KoaContextWithOIDC) => {
          const signedIn = signedInOf(koaCtx.req);
          const clientId = koaCtx.oidc.client?.clientId;
          if (!signedIn || !clientId) return Check.REQUEST_PROMPT;
          // Any step of the list still to do (the organisation may have required MFA since, a password
          // may have expired), or no access: the interaction shows which.
          const { hasAccess, step } = await applicationSignInStep(ctx, signedIn.scope, signedIn.auth, clientId);
          return !hasAccess || step !== null;
        },
      ),
    ),
    1,
  );

  return policy;
}

/**
 * Applications are the organisation's own: the organisation consented for its users, so the grant
 * simply covers what the application asks for (the privacy policy step is the user's consent).
 */
export async function loadExistingGrant(koaCtx: KoaContextWithOIDC) {
  const { oidc } = koaCtx;
  const accountId = oidc.session?.accountId;
  const clientId = oidc.client?.clientId;
  if (!accountId || !clientId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
  const found = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const existing = found && found.accountId === accountId && found.clientId === clientId ? found : undefined;
  const grant = existing ?? new oidc.provider.Grant({ accountId, clientId });
  const granted = new Set(grant.getOIDCScope().split(' '));
  const missingScopes = [...oidc.requestParamOIDCScopes].filter((scope) => !granted.has(scope));
  const claims = [...oidc.requestParamClaims];
  // Scopes of a protected API the request names (resource or audience), as far as the application was
  // granted them (the provider offers only those: apis/resource-servers.ts).
  const resourceScopes = Object.entries(oidc.resourceServers ?? {}).flatMap(([indicator, server]) => {
    const encountered = new Set(grant.getResourceScopeEncountered(indicator).split(' '));
    const missing = [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope) && !encountered.has(scope));
    return missing.length > 0 ? [[indicator, missing.join(' ')] as const] : [];
  });
  if (!existing || missingScopes.length > 0 || claims.length > 0 || resourceScopes.length > 0) {
    if (missingScopes.length > 0) grant.addOIDCScope(missingScopes.join(' '));
    if (claims.length > 0) grant.addOIDCClaims(claims);
    for (const [indicator, scopes] of resourceScopes) grant.addResourceScope(indicator, scopes);
    await grant.save();
  }
  return grant;
}
