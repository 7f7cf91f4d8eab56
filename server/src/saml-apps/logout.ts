/**
 * Single logout (SAML profiles 4.4), front-channel through the browser.
 *
 * An application's LogoutRequest (HTTP-Redirect or HTTP-POST; its signature required where the
 * application has a signing certificate, its ID never used before) names the person by the NameID and
 * SessionIndex Gatehouse told it: those Gatehouse sessions end, and the application gets a signed
 * LogoutResponse posted to its registered single logout URL (PartialLogout when the session had other
 * SAML applications, which this answer does not reach).
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
import type { SamlApplicationRow } from '../db/schema.ts';
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
  sessionsNamed,
} from './store.ts';

interface PendingLogout {
  clientId: string;
  nameId: string;
  nameIdFormat: NameIdFormat;
  sessionIndex: string;
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
  // Other SAML applications of those sessions are not told by this answer: it says so (PartialLogout).
  const others = (await Promise.all(sessionIds.map((id) => sessionApplications(scope.db, id)))).flat();
  const partial = others.some((row) => row.client_id !== application.client.id);
  await scope.transaction(async (tx) => {
    for (const id of sessionIds) await deleteSession(tx.db, id);
    await forgetSessions(tx.db, sessionIds);
  });
  await loggedOut(ctx, scope, application, 'sp', sessionIds.length > 0);

  const signing = await idpSigning(ctx, scope.organisation.id, scope.organisation.hostname);
  const xml = signedLogoutResponse(
    {
      id: newSamlId(),
      issuer: idpAddresses(ctx, scope.organisation.hostname).entityID,
      destination: saml.slo_url,
      inResponseTo: message.id,
      now: ctx.clock.now(),
      partial,
    },
    signing,
  );
  // The browser's own session cookie goes too when it held one of them (a Redirect brings it; a cross-site POST does not).
  const own = browser.sessionToken !== null && sessionIds.includes(hashToken(browser.sessionToken));
  return post(saml.slo_url, 'SAMLResponse', xml, input.relayState ?? null, own ? [{ kind: 'endSession' }] : []);
}

/**
 * Gatehouse's sign-out of session `sessionId` (before it ends): the SAML applications it signed in to
 * are kept as this browser's logout flow; the cookies bind it. Nothing when there are none.
 */
export async function beginLogout(ctx: AppContext, scope: Scope, browser: Browser, sessionId: string): Promise<CookieChange[]> {
  const rows = await sessionApplications(scope.db, sessionId);
  await forgetSessions(scope.db, [sessionId]);
  if (rows.length === 0) return [];
  const binding = browser.cookie(BINDING_COOKIE) ?? randomBytes(24).toString('base64url');
  const pending: PendingLogout[] = rows.map((r) => ({
    clientId: r.client_id,
    nameId: r.name_id,
    nameIdFormat: r.name_id_format,
    sessionIndex: r.session_index,
  }));
  await insertLogoutFlow(scope.db, { id: logoutFlowId(binding), pending: JSON.stringify(pending), expires_at: ctx.clock.now() + FLOW_MS });
  return [setCookie(BINDING_COOKIE, binding, FLOW_MS)];
}

const done: SamlOutcome = { kind: 'redirect', location: '/', cookies: [] };

/** The logout address: the next application of this browser's sign-out gets its LogoutRequest; at the end, the sign-in page. */
export async function continueLogout(ctx: AppContext, scope: Scope, browser: Browser): Promise<SamlOutcome> {
  const binding = browser.cookie(BINDING_COOKIE);
  const flow = binding ? await findLogoutFlow(scope.db, logoutFlowId(binding), ctx.clock.now()) : undefined;
  if (!flow) return done;
  const pending = JSON.parse(flow.pending) as PendingLogout[];
  for (let next = pending.shift(); next; next = pending.shift()) {
    const application = await findSamlApp(scope.db, next.clientId);
    // An application deleted or without a logout URL since is skipped.
    if (!application?.saml.slo_url) continue;
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
  return done;
}

/** An application's answer to a LogoutRequest of a sign-out in progress: the browser goes on with it. */
async function receiveLogoutResponse(ctx: AppContext, scope: Scope, input: ReceivedRequest, samlResponse: string): Promise<SamlOutcome> {
  const checked = await checkedMessage(ctx, scope, input, readLogoutResponse, samlResponse, sloRules(ctx, scope));
  if ('kind' in checked) return checked;
  const { inResponseTo } = checked.message;
  const flow = inResponseTo ? await findLogoutFlowAwaiting(scope.db, inResponseTo, ctx.clock.now()) : undefined;
  if (!flow) return refuse(ctx, scope, 'the answer is to no request of a sign-out', { application: checked.application });
  // A cross-site POST brings no cookie: the browser's next GET of the logout address (with its binding cookie) goes on.
  return { kind: 'redirect', location: SAML_IDP_PATHS.logout, cookies: [] };
}
