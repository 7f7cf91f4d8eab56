/**
 * Single logout (SAML profiles 4.4), front-channel through the browser.
 *
 * An application's LogoutRequest (HTTP-Redirect or HTTP-POST; its signature required where the
 * application has a signing certificate, its ID never used before) names the person by the NameID and
 * SessionIndex Gatehouse told it: those Gatehouse sessions end, with their OpenID applications told by
 * back-channel logout (the `user.sessions_ended` event's subscriber). The session's other SAML
 * applications are told first, one after the other as below, and then the application that asked gets
 * a signed LogoutResponse posted to its registered single logout URL: Success, or PartialLogout when
 * one of them could not be told (no single logout URL, or an answer that was not Success).
 *
 * Signing out of Gatehouse tells each SAML application the session signed in to (with a single logout
 * URL): `beginLogout` keeps the list as a flow bound to the browser (the sign-in flows' binding
 * cookie); the logout address posts a signed LogoutRequest to the first, its LogoutResponse comes back
 * to the SLO endpoint, which sends the browser on to the next, and at the end to the sign-in page.
 */
import { randomBytes } from 'node:crypto';

import { type NameIdFormat, SAML_APP_LIMITS, SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';

import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { hashToken } from '../crypto/tokens.ts';
import type { SamlApplicationRow, SamlSessionApplicationRow } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import { type Browser, type CookieChange, setCookie } from '../http/outcome.ts';
import type { Scope } from '../scope/scope.ts';
import { deleteSession } from '../sessions/store.ts';
import { idpSigning } from './certificates.ts';
import { readLogoutRequest, readLogoutResponse, signedLogoutRequest, signedLogoutResponse } from './logout-protocol.ts';
import { idpAddresses } from './metadata.ts';
import { newSamlId } from './protocol.ts';
import { BINDING_COOKIE, checkedMessage, flowHash, type ReceivedRequest, refuse, type SamlOutcome } from './sign-in.ts';
import {
  advanceLogoutFlow,
  deleteLogoutFlow,
  findLogoutFlow,
  findLogoutFlowAwaiting,
  findSamlApp,
  forgetSessions,
  insertLogoutFlow,
  type SamlAppRows,
  sessionApplications,
  sessionOwners,
  sessionsNamed,
  setLogoutFlowAnswer,
} from './store.ts';

interface PendingLogout {
  clientId: string;
  nameId: string;
  nameIdFormat: NameIdFormat;
  sessionIndex: string;
}

/** The application whose LogoutRequest started a flow, answered once the others are told. */
interface RespondTo {
  clientId: string;
  requestId: string;
  relayState: string | null;
  partial: boolean;
}

const FLOW_MS = SAML_APP_LIMITS.flowMinutes * MINUTE;
/** Sent to our SLO address; anyone could otherwise sign a person out by a link, so an application that can sign must. */
const sloRules = (ctx: AppContext, scope: Scope) => ({
  destination: idpAddresses(ctx, scope.organisation.hostname).sloURL,
  signatureRequired: (saml: SamlApplicationRow) => saml.signing_certificate !== null,
});
/** One sign-out at a time per browser: its flow is named by the browser's binding cookie. */
const logoutFlowId = (binding: string) => flowHash('logout', binding);
const post = (
  action: string,
  name: 'SAMLRequest' | 'SAMLResponse',
  xml: string,
  relayState: string | null,
  cookies: CookieChange[] = [],
) => {
  const params = new URLSearchParams({ [name]: Buffer.from(xml, 'utf8').toString('base64') });
  if (relayState !== null) params.set('RelayState', relayState);
  return { kind: 'post', action, params, cookies } as const;
};

async function loggedOut(ctx: AppContext, scope: Scope, application: SamlAppRows, initiatedBy: 'sp' | 'idp', sessionEnded: boolean) {
  await emit(ctx, ctx.db.kysely, scope, {
    type: 'saml.logged_out',
    subject: { kind: 'application', id: application.client.id },
    details: { application: application.client.name, initiatedBy, sessionEnded },
  });
}

/** What comes to the SLO address: an application's LogoutRequest, or its LogoutResponse to ours. */
export async function receiveSloMessage(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
  input: ReceivedRequest & { samlResponse: string | undefined },
): Promise<SamlOutcome> {
  if (input.relayState !== undefined && input.relayState.length > SAML_APP_LIMITS.relayStateMax)
    return refuse(ctx, scope, 'the RelayState is too long');
  if (input.samlResponse) return receiveLogoutResponse(ctx, scope, input, input.samlResponse);
  if (!input.samlRequest) return refuse(ctx, scope, 'no SAMLRequest');
  const checked = await checkedMessage(ctx, scope, input, readLogoutRequest, input.samlRequest, sloRules(ctx, scope));
  if ('kind' in checked) return checked;
  const { message, application } = checked;
  const { saml } = application;
  if (!saml.slo_url) return refuse(ctx, scope, 'the application has no single logout URL', { application });

  const named = message.nameId ? await sessionsNamed(scope.db, application.client.id, message.nameId, message.sessionIndexes) : [];
  const sessionIds = [...new Set(named.map((row) => row.session_id))];
  const others = (await Promise.all(sessionIds.map((id) => sessionApplications(scope.db, id))))
    .flat()
    .filter((row) => row.client_id !== application.client.id);
  await endSessions(ctx, scope, sessionIds);
  await loggedOut(ctx, scope, application, 'sp', sessionIds.length > 0);
  // The browser's own session cookie goes too when it held one of them (a Redirect brings it; a cross-site POST does not).
  const own = browser.sessionToken !== null && sessionIds.includes(hashToken(browser.sessionToken));
  const cookies: CookieChange[] = own ? [{ kind: 'endSession' }] : [];
  const respondTo: RespondTo = {
    clientId: application.client.id,
    requestId: message.id,
    relayState: input.relayState ?? null,
    partial: false,
  };

  if (others.length > 0) {
    // The others are told through the logout address; its end answers this request.
    cookies.push(await keepLogoutFlow(ctx, scope, browser, others, respondTo));
    return { kind: 'redirect', location: SAML_IDP_PATHS.logout, cookies };
  }
  return { ...(await logoutResponse(ctx, scope, saml.slo_url, respondTo)), cookies };
}

/** Ends these Gatehouse sessions and their browsers' provider sessions (back-channel logout through the event's subscriber). */
async function endSessions(ctx: AppContext, scope: Scope, sessionIds: string[]) {
  await scope.transaction(async (tx) => {
    const owners = await sessionOwners(tx.db, sessionIds);
    for (const id of sessionIds) await deleteSession(tx.db, id);
    await forgetSessions(tx.db, sessionIds);
    for (const userId of new Set(owners.map((o) => o.user_id))) {
      const ids = owners.filter((o) => o.user_id === userId).map((o) => o.id);
      await emit(ctx, tx.db, tx, {
        type: 'user.sessions_ended',
        subject: { kind: 'user', id: userId },
        details: { which: 'one', sessions: ids.length },
        endedSessions: { ids },
      });
    }
  });
}

/** The signed LogoutResponse to the application whose LogoutRequest started the sign-out, posted to its SLO URL. */
async function logoutResponse(ctx: AppContext, scope: Scope, sloURL: string, respondTo: RespondTo) {
  const signing = await idpSigning(ctx, scope.organisation.id, scope.organisation.hostname);
  const xml = signedLogoutResponse(
    {
      id: newSamlId(),
      issuer: idpAddresses(ctx, scope.organisation.hostname).entityID,
      destination: sloURL,
      inResponseTo: respondTo.requestId,
      now: ctx.clock.now(),
      partial: respondTo.partial,
    },
    signing,
  );
  return post(sloURL, 'SAMLResponse', xml, respondTo.relayState);
}

/** Keeps the applications still to be told as this browser's logout flow; the binding cookie to set. */
async function keepLogoutFlow(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
  rows: readonly SamlSessionApplicationRow[],
  respondTo: RespondTo | null,
): Promise<CookieChange> {
  const binding = browser.cookie(BINDING_COOKIE) ?? randomBytes(24).toString('base64url');
  const pending: PendingLogout[] = rows.map((r) => ({
    clientId: r.client_id,
    nameId: r.name_id,
    nameIdFormat: r.name_id_format,
    sessionIndex: r.session_index,
  }));
  await insertLogoutFlow(scope.db, {
    id: logoutFlowId(binding),
    pending: JSON.stringify(pending),
    respond_to: respondTo && JSON.stringify(respondTo),
    expires_at: ctx.clock.now() + FLOW_MS,
  });
  return setCookie(BINDING_COOKIE, binding, FLOW_MS);
}

/**
 * Gatehouse's sign-out of session `sessionId` (before it ends): the SAML applications it signed in to
 * are kept as this browser's logout flow; the cookies bind it. Nothing when there are none.
 */
export async function beginLogout(ctx: AppContext, scope: Scope, browser: Browser, sessionId: string): Promise<CookieChange[]> {
  const rows = await sessionApplications(scope.db, sessionId);
  await forgetSessions(scope.db, [sessionId]);
  if (rows.length === 0) return [];
  return [await keepLogoutFlow(ctx, scope, browser, rows, null)];
}

const done: SamlOutcome = { kind: 'redirect', location: '/', cookies: [] };

/** The logout address: the next application of this browser's sign-out gets its LogoutRequest; at the end, the sign-in page. */
export async function continueLogout(ctx: AppContext, scope: Scope, browser: Browser): Promise<SamlOutcome> {
  const binding = browser.cookie(BINDING_COOKIE);
  const flow = binding ? await findLogoutFlow(scope.db, logoutFlowId(binding), ctx.clock.now()) : undefined;
  if (!flow) return done;
  const pending = JSON.parse(flow.pending) as PendingLogout[];
  const respondTo = flow.respond_to === null ? null : (JSON.parse(flow.respond_to) as RespondTo);
  for (let next = pending.shift(); next; next = pending.shift()) {
    const application = await findSamlApp(scope.db, next.clientId);
    // An application deleted or without a logout URL since is skipped: it could not be told.
    if (!application?.saml.slo_url) {
      if (respondTo) respondTo.partial = true;
      continue;
    }
    if (respondTo) await setLogoutFlowAnswer(scope.db, flow.id, JSON.stringify(respondTo));
    const id = newSamlId();
    await advanceLogoutFlow(scope.db, flow.id, JSON.stringify(pending), id);
    const signing = await idpSigning(ctx, scope.organisation.id, scope.organisation.hostname);
    const xml = signedLogoutRequest(
      {
        id,
        issuer: idpAddresses(ctx, scope.organisation.hostname).entityID,
        destination: application.saml.slo_url,
        now: ctx.clock.now(),
        nameId: next.nameId,
        format: next.nameIdFormat,
        sessionIndex: next.sessionIndex,
      },
      signing,
    );
    await loggedOut(ctx, scope, application, 'idp', true);
    return post(application.saml.slo_url, 'SAMLRequest', xml, null);
  }
  await deleteLogoutFlow(scope.db, flow.id);
  if (!respondTo) return done;
  const initiator = await findSamlApp(scope.db, respondTo.clientId);
  return initiator?.saml.slo_url ? logoutResponse(ctx, scope, initiator.saml.slo_url, respondTo) : done;
}

/** An application's answer to a LogoutRequest of a sign-out in progress: the browser goes on with it. */
async function receiveLogoutResponse(ctx: AppContext, scope: Scope, input: ReceivedRequest, samlResponse: string): Promise<SamlOutcome> {
  const checked = await checkedMessage(ctx, scope, input, readLogoutResponse, samlResponse, sloRules(ctx, scope));
  if ('kind' in checked) return checked;
  const { inResponseTo } = checked.message;
  const flow = inResponseTo ? await findLogoutFlowAwaiting(scope.db, inResponseTo, ctx.clock.now()) : undefined;
  if (!flow) return refuse(ctx, scope, 'the answer is to no request of a sign-out', { application: checked.application });
  if (!checked.message.success && flow.respond_to !== null)
    await setLogoutFlowAnswer(scope.db, flow.id, JSON.stringify({ ...(JSON.parse(flow.respond_to) as RespondTo), partial: true }));
  // A cross-site POST brings no cookie: the browser's next GET of the logout address (with its binding cookie) goes on.
  return { kind: 'redirect', location: SAML_IDP_PATHS.logout, cookies: [] };
}
