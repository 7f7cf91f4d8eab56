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
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { NAME_ID_FORMATS, SAML_APP_LIMITS, SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { AssertionConsumerService } from '@gatehouse/common/schemas/saml-apps';
import { sessionHasMfa } from '../sessions/amr.ts';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { SamlSignInFlowRow } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import type { Auth } from '../http/request-context.ts';
import { recordEvent } from '../metrics/oidc-events.ts';
import { applicationSignInStep } from '../oidc/policy.ts';
import type { Scope } from '../scope/scope.ts';
import { idpSigning } from './certificates.ts';
import { idpAddresses } from './metadata.ts';
import {
  buildResponse,
  checkEnvelopedSignature,
  checkRedirectSignature,
  decodeRequest,
  hasEnvelopedSignature,
  meetsRequestedContext,
  readAuthnRequest,
  SamlRequestError,
  signedResponse,
  type AuthnRequest,
  type ResponseInput,
} from './protocol.ts';
import { acsListOf, attributesOf } from './service.ts';
import {
  findSamlApp,
  findSamlAppByEntityId,
  findSignInFlow,
  insertSignInFlow,
  rememberRequestId,
  takeSignInFlow,
  type SamlAppRows,
} from './store.ts';
import { scoped } from '../db/scoped.ts';
import { groupNamesOf } from '../groups/store.ts';

/** What the surface answers: a page saying the request cannot be used, a redirect, or the Response posted to the ACS URL. */
export type SamlOutcome =
  | { kind: 'refused'; page: 'invalid' | 'expired' }
  | { kind: 'redirect'; location: string }
  | { kind: 'post'; action: string; params: URLSearchParams };

export interface ReceivedRequest {
  binding: 'redirect' | 'post';
  samlRequest: string | undefined;
  relayState: string | undefined;
  /** The Redirect binding's query as sent, for its signature. */
  rawQuery: string;
}

const flowHash = (token: string) => createHash('sha256').update(token).digest('base64url');
/** The continue address; its client_id is for the SPA, which walks the application's steps by it (the flow alone decides). */
export const continuePath = (token: string, clientId: string) =>
  `${SAML_IDP_PATHS.continue}/${token}?client_id=${encodeURIComponent(clientId)}`;

async function refuse(ctx: AppContext, scope: Scope, reason: string, about: { application?: SamlAppRows; issuer?: string } = {}) {
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

/** An AuthnRequest by HTTP-Redirect or HTTP-POST: checked, kept as a flow, and the browser sent on to continue. */
export async function receiveAuthnRequest(ctx: AppContext, scope: Scope, input: ReceivedRequest): Promise<SamlOutcome> {
  const org = scope.organisation;
  if (!input.samlRequest) return refuse(ctx, scope, 'no SAMLRequest');
  if (input.relayState !== undefined && input.relayState.length > SAML_APP_LIMITS.relayStateMax)
    return refuse(ctx, scope, 'the RelayState is too long');
  let request: AuthnRequest;
  try {
    request = readAuthnRequest(decodeRequest(input.samlRequest, input.binding));
  } catch (error) {
    if (error instanceof SamlRequestError) return refuse(ctx, scope, error.reason);
    throw error;
  }
  const application = await findSamlAppByEntityId(scoped(ctx.db.kysely, org.id), request.issuer);
  if (!application) return refuse(ctx, scope, 'no application has this entity ID', { issuer: request.issuer });
  const about = { application };
  const { saml } = application;
  if (request.destination !== null && request.destination !== idpAddresses(ctx, org.hostname).ssoURL)
    return refuse(ctx, scope, 'the request was sent to another destination', about);
  const acs = chooseAcs(acsListOf(saml), request);
  if (!acs) return refuse(ctx, scope, 'the assertion consumer service is not registered', about);

  const signed = input.binding === 'redirect' ? /(^|&)Signature=/.test(input.rawQuery) : hasEnvelopedSignature(request);
  if (signed || saml.require_signed_requests) {
    if (!saml.signing_certificate) return refuse(ctx, scope, 'the request is signed but the application has no signing certificate', about);
    const valid =
      input.binding === 'redirect'
        ? checkRedirectSignature(input.rawQuery, saml.signing_certificate)
        : checkEnvelopedSignature(request, saml.signing_certificate);
    if (!valid) return refuse(ctx, scope, signed ? 'the request signature does not hold' : 'the request is not signed', about);
  }
  const now = ctx.clock.now();
  const expiresAt = now + SAML_APP_LIMITS.flowMinutes * MINUTE;
  // An ID is remembered for the flow's minutes: a request older than that could be replayed unseen.
  const age = now - request.issuedAt;
  if (!(age <= SAML_APP_LIMITS.flowMinutes * MINUTE - SAML_APP_LIMITS.clockSkewMs && age >= -SAML_APP_LIMITS.clockSkewMs))
    return refuse(ctx, scope, 'the request was issued too long ago or in the future', about);
  if (!(await rememberRequestId(scoped(ctx.db.kysely, org.id), application.client.id, request.id, expiresAt)))
    return refuse(ctx, scope, 'the request ID was used before', about);
  const token = randomBytes(24).toString('base64url');
  await insertSignInFlow(scoped(ctx.db.kysely, org.id), {
    id: flowHash(token),
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
  await recordEvent(ctx, org.id, 'sign_in_started', { clientId: application.client.id, subject: `saml:${flowHash(token)}` });
  return { kind: 'redirect', location: continuePath(token, application.client.id) };
}

/**
 * IdP-initiated: a click on the application's tile. The Response goes to the application's default
 * ACS URL with no InResponseTo; the person signs in as for any other sign-in.
 */
export async function startIdpInitiated(ctx: AppContext, scope: Scope, clientId: string): Promise<SamlOutcome> {
  const org = scope.organisation;
  const application = await findSamlApp(scoped(ctx.db.kysely, org.id), clientId);
  if (!application) return { kind: 'refused', page: 'expired' };
  const post = acsListOf(application.saml).filter((s) => s.binding === 'post');
  const acs = post.find((s) => s.isDefault) ?? [...post].sort((a, b) => a.index - b.index)[0];
  if (!acs) return refuse(ctx, scope, 'the application has no HTTP-POST assertion consumer service', { application });
  const now = ctx.clock.now();
  const token = randomBytes(24).toString('base64url');
  await insertSignInFlow(scoped(ctx.db.kysely, org.id), {
    id: flowHash(token),
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
  await recordEvent(ctx, org.id, 'sign_in_started', { clientId, subject: `saml:${flowHash(token)}` });
  return { kind: 'redirect', location: continuePath(token, clientId) };
}

const signInUrl = (returnTo: string, again: boolean) => `/?returnurl=${encodeURIComponent(returnTo)}${again ? '&prompt=login' : ''}`;
const redirectingUrl = (returnTo: string, step: string) => `/redirecting?redirecturl=${encodeURIComponent(returnTo)}&step=${step}`;

/** A persistent NameID: the same for a person and an application every time, different for each application. */
function persistentId(ctx: AppContext, organisationId: string, clientId: string, userId: string): string {
  const key = Buffer.from(hkdfSync('sha256', ctx.config.keyEncryptionKey, organisationId, 'gatehouse saml persistent nameid', 32));
  return createHmac('sha256', key).update(`${clientId}\n${userId}`).digest('base64url');
}

/** The Response for a flow: the assertion for `auth`, or the status of a refusal. */
async function answer(
  ctx: AppContext,
  scope: Scope,
  application: SamlAppRows,
  flow: SamlSignInFlowRow,
  auth: Auth | null,
  failure: ResponseInput['failure'],
): Promise<SamlOutcome> {
  const org = scope.organisation;
  const { client, saml } = application;
  const addresses = idpAddresses(ctx, org.hostname);
  const now = ctx.clock.now();
  const user = auth?.user;
  const secondFactor = auth ? sessionHasMfa(JSON.parse(auth.session.amr) as string[]) : false;
  const format = saml.name_id_format;
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
    ...(user && auth && values && !failure
      ? {
          subject: {
            nameId:
              format === 'persistent'
                ? persistentId(ctx, org.id, client.id, user.id)
                : format === 'transient'
                  ? `_${randomBytes(20).toString('hex')}`
                  : user.email,
            format,
            sessionIndex: `_${createHash('sha256').update(auth.session.id).digest('hex').slice(0, 40)}`,
            authnInstant: auth.session.created_at,
            secondFactor,
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
    await emit(ctx, ctx.db.kysely, scope, {
      type: 'saml.assertion_issued',
      subject: { kind: 'application', id: client.id },
      details: {
        application: client.name,
        nameIDFormat: NAME_ID_FORMATS[format],
        secondFactor,
        initiatedBy: flow.request_id ? 'sp' : 'idp',
      },
    });
    await recordEvent(ctx, org.id, 'sign_in_completed', { clientId: client.id, subject: `saml:${flow.id}` }, startedAt);
  }
  return { kind: 'post', action: flow.acs_url, params };
}

/**
 * The continue address: signed out, to the sign-in page (or NoPassive when the application asked for
 * no page); a step of the sign-in step list pending, to it; otherwise the Response, once.
 */
export async function continueSignIn(ctx: AppContext, scope: Scope, auth: Auth | null, token: string): Promise<SamlOutcome> {
  const org = scope.organisation;
  const now = ctx.clock.now();
  const flow = await findSignInFlow(scoped(ctx.db.kysely, org.id), flowHash(token), now);
  const application = flow ? await findSamlApp(scoped(ctx.db.kysely, org.id), flow.client_id) : undefined;
  if (!flow || !application) return { kind: 'refused', page: 'expired' };
  const returnTo = continuePath(token, flow.client_id);
  const finish = async (failure: ResponseInput['failure'], as: Auth | null) =>
    (await takeSignInFlow(scoped(ctx.db.kysely, org.id), flow.id, now))
      ? answer(ctx, scope, application, flow, as, failure)
      : ({ kind: 'refused', page: 'expired' } as const);

  // ForceAuthn: only a sign-in made after the request counts.
  const fresh = auth !== null && (!flow.force_authn || auth.session.created_at >= flow.created_at);
  if (!auth || !fresh) {
    if (flow.is_passive) return finish({ top: 'Responder', second: 'NoPassive' }, null);
    return { kind: 'redirect', location: signInUrl(returnTo, auth !== null) };
  }
  const { hasAccess, step } = await applicationSignInStep(ctx, scope, auth, application.client.id);
  if (!hasAccess) return finish({ top: 'Responder', second: 'RequestDenied' }, null);
  if (step) {
    if (flow.is_passive) return finish({ top: 'Responder', second: 'NoPassive' }, null);
    return { kind: 'redirect', location: step.stage === 'sign-in' ? signInUrl(returnTo, true) : redirectingUrl(returnTo, step.id) };
  }
  const requested = flow.requested_context ? (JSON.parse(flow.requested_context) as AuthnRequest['requestedContexts']) : null;
  if (!meetsRequestedContext(requested, sessionHasMfa(JSON.parse(auth.session.amr) as string[])))
    return finish({ top: 'Requester', second: 'NoAuthnContext' }, null);
  return finish(null, auth);
}
