/**
 * Signing in to a SAML application. An AuthnRequest (either binding) is checked (the application by its
 * entity ID, the ACS URL registered, the signature where one is required or sent, the ID never used
 * before) and kept as a flow for minutes; the browser goes on to the continue address, a same-origin GET
 * where the Gatehouse session is read (a cross-site POST carries no SameSite=Lax cookie). There the
 * person signs in the way every sign-in does (the sign-in page with the continue address as its return
 * URL, then the sign-in step list: access, two-step, policy, email verification), and the Response is
 * answered once, to the registered ACS URL only, with the RelayState. Each answer and refusal is an
 * audit event; the code-flow metrics count SAML sign-ins per application as they count OpenID ones.
 */
import { createHash, randomBytes } from 'node:crypto';

import { NAME_ID_FORMATS, SAML_APP_LIMITS, SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { AssertionConsumerService } from '@gatehouse/common/schemas/saml-apps';

import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { SamlApplicationRow, SamlSignInFlowRow } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import { groupNamesOf } from '../groups/store.ts';
import { type Browser, type CookieChange, type Redirect, setCookie } from '../http/outcome.ts';
import type { Auth } from '../http/request-context.ts';
import { recordAssertionIssued, recordEvent } from '../metrics/oidc-events.ts';
import { applicationSignInStep } from '../oidc/policy.ts';
import type { Scope } from '../scope/scope.ts';
import { sessionHasMfa } from '../sessions/amr.ts';
import { SESSION_ABSOLUTE_MS } from '../sessions/service.ts';
import { contextToAssert, wantsSecondFactor } from './authn-context.ts';
import { idpSigning } from './certificates.ts';
import { idpAddresses } from './metadata.ts';
import { persistentNameId } from './name-ids.ts';
import {
  type AuthnRequest,
  buildResponse,
  checkEnvelopedSignature,
  checkRedirectSignature,
  decodeMessage,
  hasEnvelopedSignature,
  readAuthnRequest,
  type ResponseInput,
  type SamlMessage,
  SamlRequestError,
  signedResponse,
} from './protocol.ts';
import { acsListOf, attributesOf } from './service.ts';
import {
  findSamlApp,
  findSamlAppByEntityId,
  findSignInFlow,
  insertSignInFlow,
  rememberRequestId,
  rememberSessionApplication,
  type SamlAppRows,
  takeSignInFlow,
} from './store.ts';

/** What the surface answers: a page saying the request cannot be used, a redirect, or the Response posted to the ACS URL. */
export type SamlOutcome =
  | { kind: 'refused'; page: 'invalid' | 'expired' }
  | Redirect
  | { kind: 'post'; action: string; params: URLSearchParams; cookies?: readonly CookieChange[] };

export interface ReceivedRequest {
  binding: 'redirect' | 'post';
  samlRequest: string | undefined;
  relayState: string | undefined;
  /** The Redirect binding's query as sent, for its signature. */
  rawQuery: string;
}

/**
 * The cookie that binds a flow to the browser that started it: the flow's id is the hash of the token in
 * the address and this cookie's value, so the address alone (in a log, a referrer, another browser) is
 * no flow. One value per browser, kept while it has flows going (several tabs share it).
 */
export const BINDING_COOKIE = 'gatehouse_saml';
const bindingOf = (browser: Browser) => browser.cookie(BINDING_COOKIE) ?? randomBytes(24).toString('base64url');
const bindingCookie = (binding: string) => setCookie(BINDING_COOKIE, binding, SAML_APP_LIMITS.flowMinutes * MINUTE);
export const flowHash = (token: string, binding: string) => createHash('sha256').update(`${token}.${binding}`).digest('base64url');

/** The browser sent on to `location` with its binding cookie (set again, so it lives as long as its newest flow). */
const onward = (location: string, binding: string): Redirect => ({ kind: 'redirect', location, cookies: [bindingCookie(binding)] });
const to = (location: string): Redirect => ({ kind: 'redirect', location, cookies: [] });
/** The continue address; its client_id is for the SPA, which walks the application's steps by it (the flow alone decides). */
export const continuePath = (token: string, clientId: string) =>
  `${SAML_IDP_PATHS.continue}/${token}?client_id=${encodeURIComponent(clientId)}`;

export async function refuse(ctx: AppContext, scope: Scope, reason: string, about: { application?: SamlAppRows; issuer?: string } = {}) {
  await emit(ctx, ctx.db.kysely, scope, {
    type: 'saml.refused',
    ...(about.application ? { subject: { kind: 'application' as const, id: about.application.client.id } } : {}),
    details: {
      reason,
      ...(about.application ? { application: about.application.client.name } : {}),
      ...(about.issuer && !about.application ? { issuer: about.issuer.slice(0, 200) } : {}),
    },
  });
  return { kind: 'refused', page: 'invalid' } as const;
}

/** The ACS the Response goes to: the one the request names (by URL or index) only when registered, else the default. */
function chooseAcs(services: AssertionConsumerService[], request: AuthnRequest): AssertionConsumerService | null {
  const post = services.filter((s) => s.binding === 'post');
  if (request.acsUrl !== null) return post.find((s) => s.url === request.acsUrl) ?? null;
  if (request.acsIndex !== null) return post.find((s) => s.index === request.acsIndex) ?? null;
  return post.find((s) => s.isDefault) ?? [...post].sort((a, b) => a.index - b.index)[0] ?? null;
}

/**
 * Whether a message's signature is as the application requires: a signature sent is checked whenever
 * one is sent (and refused without a certificate to check it), and one is required where the
 * application says so (`required`). Answers the refusal's reason, or null when it holds.
 */
export function signatureRefusal(
  input: ReceivedRequest,
  message: SamlMessage,
  saml: Pick<SamlApplicationRow, 'signing_certificate'>,
  required: boolean,
): string | null {
  const signed = input.binding === 'redirect' ? /(^|&)Signature=/.test(input.rawQuery) : hasEnvelopedSignature(message);
  if (!signed && !required) return null;
  if (!saml.signing_certificate) return 'the request is signed but the application has no signing certificate';
  const valid =
    input.binding === 'redirect'
      ? checkRedirectSignature(input.rawQuery, saml.signing_certificate)
      : checkEnvelopedSignature(message, saml.signing_certificate);
  return valid ? null : signed ? 'the request signature does not hold' : 'the request is not signed';
}

/**
 * A message (an AuthnRequest, a LogoutRequest or LogoutResponse) of a known application: sent to
 * `destination` when it names one, signed as the application requires, recent, and its ID never seen
 * before (an ID is remembered for the flow's minutes: a message older than that could be replayed
 * unseen). Answers the message and its application, or the refusal.
 */
export async function checkedMessage<M extends SamlMessage>(
  ctx: AppContext,
  scope: Scope,
  input: ReceivedRequest,
  read: (xml: string) => M,
  encoded: string,
  rules: { destination: string; signatureRequired: (saml: SamlApplicationRow) => boolean },
): Promise<{ message: M; application: SamlAppRows } | SamlOutcome> {
  let message: M;
  try {
    message = read(decodeMessage(encoded, input.binding));
  } catch (error) {
    if (error instanceof SamlRequestError) return refuse(ctx, scope, error.reason);
    throw error;
  }
  const application = await findSamlAppByEntityId(scope.db, message.issuer);
  if (!application) return refuse(ctx, scope, 'no application has this entity ID', { issuer: message.issuer });
  const about = { application };
  if (message.destination !== null && message.destination !== rules.destination)
    return refuse(ctx, scope, 'the request was sent to another destination', about);
  const badSignature = signatureRefusal(input, message, application.saml, rules.signatureRequired(application.saml));
  if (badSignature) return refuse(ctx, scope, badSignature, about);
  const now = ctx.clock.now();
  const flowMs = SAML_APP_LIMITS.flowMinutes * MINUTE;
  const age = now - message.issuedAt;
  if (!(age <= flowMs - SAML_APP_LIMITS.clockSkewMs && age >= -SAML_APP_LIMITS.clockSkewMs))
    return refuse(ctx, scope, 'the request was issued too long ago or in the future', about);
  if (!(await rememberRequestId(scope.db, application.client.id, message.id, now + flowMs)))
    return refuse(ctx, scope, 'the request ID was used before', about);
  return { message, application };
}

/** An AuthnRequest by HTTP-Redirect or HTTP-POST: checked, kept as a flow bound to the browser, and the browser sent on to continue. */
export async function receiveAuthnRequest(ctx: AppContext, scope: Scope, browser: Browser, input: ReceivedRequest): Promise<SamlOutcome> {
  const org = scope.organisation;
  if (!input.samlRequest) return refuse(ctx, scope, 'no SAMLRequest');
  if (input.relayState !== undefined && input.relayState.length > SAML_APP_LIMITS.relayStateMax)
    return refuse(ctx, scope, 'the RelayState is too long');
  const checked = await checkedMessage(ctx, scope, input, readAuthnRequest, input.samlRequest, {
    destination: idpAddresses(ctx, org.hostname).ssoURL,
    signatureRequired: (saml) => saml.require_signed_requests,
  });
  if ('kind' in checked) return checked;
  const { message: request, application } = checked;
  const acs = chooseAcs(acsListOf(application.saml), request);
  if (!acs) return refuse(ctx, scope, 'the assertion consumer service is not registered', { application });
  const now = ctx.clock.now();
  const expiresAt = now + SAML_APP_LIMITS.flowMinutes * MINUTE;
  const token = randomBytes(24).toString('base64url');
  const binding = bindingOf(browser);
  await insertSignInFlow(scope.db, {
    id: flowHash(token, binding),
    client_id: application.client.id,
    request_id: request.id,
    acs_url: acs.url,
    relay_state: input.relayState ?? null,
    force_authn: request.forceAuthn,
    is_passive: request.isPassive,
    requested_context: request.requestedContexts ? JSON.stringify(request.requestedContexts) : null,
    created_at: now,
    expires_at: expiresAt,
  });
  await recordEvent(ctx, org.id, 'sign_in_started', { clientId: application.client.id, subject: `saml:${flowHash(token, binding)}` });
  return onward(continuePath(token, application.client.id), binding);
}

/**
 * IdP-initiated: a click on the application's tile. The Response goes to the application's default
 * ACS URL with no InResponseTo; the person signs in as for any other sign-in.
 */
export async function startIdpInitiated(ctx: AppContext, scope: Scope, browser: Browser, clientId: string): Promise<SamlOutcome> {
  const org = scope.organisation;
  const application = await findSamlApp(scope.db, clientId);
  if (!application) return { kind: 'refused', page: 'expired' };
  const post = acsListOf(application.saml).filter((s) => s.binding === 'post');
  const acs = post.find((s) => s.isDefault) ?? [...post].sort((a, b) => a.index - b.index)[0];
  if (!acs) return refuse(ctx, scope, 'the application has no HTTP-POST assertion consumer service', { application });
  const now = ctx.clock.now();
  const token = randomBytes(24).toString('base64url');
  const binding = bindingOf(browser);
  await insertSignInFlow(scope.db, {
    id: flowHash(token, binding),
    client_id: clientId,
    request_id: null,
    acs_url: acs.url,
    relay_state: null,
    force_authn: false,
    is_passive: false,
    requested_context: null,
    created_at: now,
    expires_at: now + SAML_APP_LIMITS.flowMinutes * MINUTE,
  });
  await recordEvent(ctx, org.id, 'sign_in_started', { clientId, subject: `saml:${flowHash(token, binding)}` });
  return onward(continuePath(token, clientId), binding);
}

const signInUrl = (returnTo: string, again: boolean) => `/?returnurl=${encodeURIComponent(returnTo)}${again ? '&prompt=login' : ''}`;
const redirectingUrl = (returnTo: string, step: string) => `/redirecting?redirecturl=${encodeURIComponent(returnTo)}&step=${step}`;

/** The SessionIndex an application is told: names the Gatehouse session without giving its id away. */
const sessionIndexOf = (sessionId: string) => `_${createHash('sha256').update(sessionId).digest('hex').slice(0, 40)}`;

/** The Response for a flow: the assertion for `auth`, or the status of a refusal. */
async function answer(
  ctx: AppContext,
  scope: Scope,
  application: SamlAppRows,
  flow: SamlSignInFlowRow,
  auth: Auth | null,
  outcome: { failure: ResponseInput['failure'] } | { authnContext: string },
): Promise<SamlOutcome> {
  const failure = 'failure' in outcome ? outcome.failure : null;
  const org = scope.organisation;
  const { client, saml } = application;
  const addresses = idpAddresses(ctx, org.hostname);
  const now = ctx.clock.now();
  const user = auth?.user;
  const secondFactor = auth ? sessionHasMfa(JSON.parse(auth.session.amr) as string[]) : false;
  const format = saml.name_id_format;
  const nameId =
    user && !failure
      ? format === 'persistent'
        ? await persistentNameId(ctx, scope, client.id, user.id)
        : format === 'transient'
          ? `_${randomBytes(20).toString('hex')}`
          : user.email
      : '';
  const sessionIndex = auth ? sessionIndexOf(auth.session.id) : '';
  const values = user
    ? {
        email: user.email,
        givenName: user.first_name ?? '',
        surname: user.surname ?? '',
        displayName: [user.first_name, user.surname].filter(Boolean).join(' ') || user.email,
        // Read only for an application that maps them (one query).
        groups: attributesOf(saml).groups ? await groupNamesOf(scope.db, user.id) : [],
      }
    : null;
  const doc = buildResponse({
    issuer: addresses.entityID,
    destination: flow.acs_url,
    inResponseTo: flow.request_id,
    audience: saml.entity_id,
    now,
    failure,
    ...(user && auth && values && 'authnContext' in outcome
      ? {
          subject: {
            nameId,
            format,
            sessionIndex,
            authnInstant: auth.session.created_at,
            authnContext: outcome.authnContext,
            attributes: Object.entries(attributesOf(saml)).flatMap(([source, name]) => {
              const value = values[source as keyof typeof values];
              return name && value.length > 0 ? [{ name, value }] : [];
            }),
          },
        }
      : {}),
  });
  const signing = await idpSigning(ctx, org.id, org.hostname);
  const xml = await signedResponse(doc, saml.signing, signing, saml.encrypt_assertions ? saml.encryption_certificate : null);
  const params = new URLSearchParams({ SAMLResponse: Buffer.from(xml, 'utf8').toString('base64') });
  if (flow.relay_state !== null) params.set('RelayState', flow.relay_state);
  const startedAt = flow.created_at;
  if (failure) {
    await emit(ctx, ctx.db.kysely, scope, {
      type: 'saml.refused',
      subject: { kind: 'application', id: client.id },
      details: { reason: 'answered with a refusal', status: failure.second, application: client.name },
    });
    await recordEvent(ctx, org.id, 'sign_in_denied', { clientId: client.id, subject: `saml:${flow.id}` }, startedAt);
  } else {
    // Single logout names the session by what the application was told (only where it can be told of a sign-out).
    if (auth && saml.slo_url)
      await rememberSessionApplication(scope.db, {
        session_id: auth.session.id,
        client_id: client.id,
        name_id: nameId,
        name_id_format: format,
        session_index: sessionIndex,
        expires_at: auth.session.created_at + SESSION_ABSOLUTE_MS,
      });
    await emit(ctx, ctx.db.kysely, scope, {
      type: 'saml.assertion_issued',
      subject: { kind: 'application', id: client.id },
      details: {
        application: client.name,
        nameIDFormat: NAME_ID_FORMATS[format],
        secondFactor,
        authnContext: 'authnContext' in outcome ? outcome.authnContext : '',
        initiatedBy: flow.request_id ? 'sp' : 'idp',
      },
    });
    await recordAssertionIssued(ctx, scope, { clientId: client.id, subject: `saml:${flow.id}` }, startedAt);
  }
  return { kind: 'post', action: flow.acs_url, params };
}

/**
 * The continue address, in the browser that started the flow (its binding cookie): signed out, to the
 * sign-in page (or NoPassive when the application asked for no page); a step of the sign-in step list
 * pending, to it; a multi-factor AuthnContext asked for and the session without a second factor, through
 * the two-step check when the person has a factor (NoAuthnContext when not); otherwise the Response, once.
 */
export async function continueSignIn(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
  auth: Auth | null,
  token: string,
): Promise<SamlOutcome> {
  const now = ctx.clock.now();
  const binding = browser.cookie(BINDING_COOKIE);
  const flow = binding ? await findSignInFlow(scope.db, flowHash(token, binding), now) : undefined;
  const application = flow ? await findSamlApp(scope.db, flow.client_id) : undefined;
  if (!flow || !application) return { kind: 'refused', page: 'expired' };
  const returnTo = continuePath(token, flow.client_id);
  const finish = async (outcome: Parameters<typeof answer>[5], as: Auth | null) =>
    (await takeSignInFlow(scope.db, flow.id, now))
      ? answer(ctx, scope, application, flow, as, outcome)
      : ({ kind: 'refused', page: 'expired' } as const);
  const refusal = (second: NonNullable<ResponseInput['failure']>['second'], top: 'Requester' | 'Responder' = 'Responder') =>
    finish({ failure: { top, second } }, null);

  // ForceAuthn: only a sign-in made after the request counts.
  const fresh = auth !== null && (!flow.force_authn || auth.session.created_at >= flow.created_at);
  if (!auth || !fresh) {
    if (flow.is_passive) return refusal('NoPassive');
    return to(signInUrl(returnTo, auth !== null));
  }
  const { hasAccess, step } = await applicationSignInStep(ctx, scope, auth, application.client.id);
  if (!hasAccess) return refusal('RequestDenied');
  if (step) {
    if (flow.is_passive) return refusal('NoPassive');
    return to(step.stage === 'sign-in' ? signInUrl(returnTo, true) : redirectingUrl(returnTo, step.id));
  }
  const requested = flow.requested_context ? (JSON.parse(flow.requested_context) as AuthnRequest['requestedContexts']) : null;
  const secondFactor = sessionHasMfa(JSON.parse(auth.session.amr) as string[]);
  const authnContext = contextToAssert(requested, secondFactor);
  if (authnContext) return finish({ authnContext }, auth);
  // Step-up: a person with a factor signs in again, through the two-step check; once is enough (a
  // sign-in made after the request that still has no second factor cannot have one).
  if (!secondFactor && wantsSecondFactor(requested) && auth.user.has_second_factor && auth.session.created_at < flow.created_at) {
    if (flow.is_passive) return refusal('NoPassive');
    return to(signInUrl(returnTo, true));
  }
  return refusal('NoAuthnContext', 'Requester');
}
