/**
 * Signing in through a connection. Start: a fresh state, nonce and PKCE verifier are kept for minutes in
 * a flow row found by the SHA-256 of a random token in this browser's cookie, and the browser goes to the
 * provider. Callback: the flow is taken once (only the browser that started it has the cookie), the code
 * exchanged and the ID token checked (upstream.ts); then the upstream subject is a linked user, or an
 * existing account is linked (only an email the provider marks verified, within the connection's
 * domains, when the connection links), or an account is created just in time (likewise, and within its
 * just-in-time domains; in the language the provider names, if Gatehouse speaks it); anything else is
 * refused with a sentence the person understands and the correlation id. Every outcome is audited. An
 * invited (Pending) account found so is activated. The session's amr has `fed`, and the provider's
 * methods when the connection trusts its MFA and the provider says it did one; a person with a second
 * step that the provider did not stand for goes through Gatehouse's own code step (mfa/challenge.ts)
 * before the session.
 */
import { clientIdOfRedirectUrl } from '@gatehouse/common/client-sign-in';
import {
  CONNECTION_ERROR_PARAMETER,
  type ConnectionRefusal,
  CORRELATION_PARAMETER,
  SECOND_STEP_PARAMETER,
} from '@gatehouse/common/connections';
import { closestLocale, type Locale } from '@gatehouse/common/i18n/locales';
import { CONNECTION_LIMITS } from '@gatehouse/common/policy';
import { isSafeReturnPath } from '@gatehouse/common/return-path';
import { ROUTES } from '@gatehouse/common/routes';

import { finishSignIn } from '../accounts/session.ts';
import { afterFirstFactor } from '../accounts/sign-in-rules.ts';
import { setUserStatus } from '../accounts/status.ts';
import { findUserByEmail, findUserById } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { hashToken, newToken } from '../crypto/tokens.ts';
import type { SignInConnectionRow, UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import { type Browser, clearCookie, type Redirect, setCookie, withCookies } from '../http/outcome.ts';
import { beginCodeStep, deviceRemembered } from '../mfa/challenge.ts';
import type { Scope } from '../scope/scope.ts';
import { federatedAmr } from '../sessions/amr.ts';
import { deleteEmailTokens } from '../tokens/store.ts';
import { type ProvisionRefusal, provisionUser } from '../users/provision.ts';
import { claimMappingOf, domainsOf } from './service.ts';
import { findConnection, findLinkedUserId, insertFlow, insertLink, takeFlow, touchLink, userLinked } from './store.ts';
import { authorizationRequest, callbackUrl, exchangeCode, upstreamConfiguration, upstreamFailure } from './upstream.ts';

/** A refused upstream sign-in: the person is told why on the sign-in page. */
export class Refusal extends Error {
  readonly reason: ConnectionRefusal;
  readonly userId: string | null;
  readonly detail: string | undefined;
  constructor(reason: ConnectionRefusal, options: { userId?: string | null; detail?: string; cause?: unknown } = {}) {
    super(reason, { cause: options.cause });
    this.reason = reason;
    this.userId = options.userId ?? null;
    this.detail = options.detail;
  }
}

/** Where the sign-in continues: an application's sign-in in progress or a page of ours; anything else is dropped. */
export function keptReturnUrl(value: string | undefined): string | null {
  if (!value || value.length > 2000) return null;
  return clientIdOfRedirectUrl(value) || isSafeReturnPath(value) ? value : null;
}

const redirect = (location: string, cookies: Redirect['cookies'] = []): Redirect => ({ kind: 'redirect', location, cookies });

const signInPage = (returnUrl: string | null, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({ ...(returnUrl ? { returnurl: returnUrl } : {}), ...extra }).toString();
  return `${ROUTES.home.path}${query ? `?${query}` : ''}`;
};

/** A refused upstream sign-in: logged, audited, and the browser back on the sign-in page with the reason and the correlation id. */
export async function refuse(
  ctx: AppContext,
  browser: Browser,
  scope: Scope,
  connection: Pick<SignInConnectionRow, 'id' | 'name'> | null,
  returnUrl: string | null,
  refusal: Refusal,
): Promise<Redirect> {
  browser.log.warn({ err: refusal.cause, reason: refusal.reason, connectionId: connection?.id }, 'sign-in through a connection refused');
  await emit(ctx, ctx.db.kysely, scope, {
    type: 'connection.refused',
    subject: refusal.userId ? { kind: 'user', id: refusal.userId } : connection ? { kind: 'connection', id: connection.id } : undefined,
    details: {
      reason: refusal.reason,
      ...(connection ? { connection: connection.name, connectionId: connection.id } : {}),
      ...(refusal.detail ? { email: refusal.detail } : {}),
    },
  });
  return redirect(
    signInPage(returnUrl, { [CONNECTION_ERROR_PARAMETER]: refusal.reason, [CORRELATION_PARAMETER]: String(scope.requestId) }),
  );
}

/**
 * Sends the browser to the provider with a request made for this flow (OpenID Connect here, SAML in
 * saml-sign-in.ts): what the answer is checked against is kept in a flow row for minutes, found by the
 * hash of a random token in this browser's cookie.
 */
export async function beginFlow(
  ctx: AppContext,
  scope: Scope,
  row: SignInConnectionRow,
  returnUrl: string | null,
  flow: { state: string; nonce: string; codeVerifier: string; url: string },
): Promise<Redirect> {
  const token = newToken();
  const now = ctx.clock.now();
  await insertFlow(scope.db, {
    id: hashToken(token),
    connection_id: row.id,
    state: flow.state,
    nonce: flow.nonce,
    code_verifier: flow.codeVerifier,
    return_url: returnUrl,
    created_at: now,
    expires_at: now + CONNECTION_LIMITS.flowMinutes * MINUTE,
  });
  return redirect(flow.url, [setCookie('gatehouse_connection', token, CONNECTION_LIMITS.flowMinutes * MINUTE)]);
}

/** GET /signin/connections/{id}: sends the browser to the connection's provider. */
export async function startConnectionSignIn(
  ctx: AppContext,
  browser: Browser,
  scope: Scope,
  connectionId: string,
  query: { returnurl?: string; login_hint?: string },
): Promise<Redirect> {
  const org = scope.organisation;
  const returnUrl = keptReturnUrl(query.returnurl);
  const row = org.isBase ? undefined : await findConnection(scope.db, connectionId);
  if (!row || !row.enabled) throw new AppError('NOT_FOUND');
  let request_: Awaited<ReturnType<typeof authorizationRequest>>;
  try {
    const config = await upstreamConfiguration(ctx, org.id, row);
    const hint = query.login_hint && query.login_hint.length <= 320 && !/[\r\n]/.test(query.login_hint) ? query.login_hint : undefined;
    request_ = await authorizationRequest(config, row, callbackUrl(ctx, org.hostname), hint);
  } catch (error) {
    return refuse(ctx, browser, scope, row, returnUrl, new Refusal('unavailable', { cause: error }));
  }
  const { state, nonce, codeVerifier, url } = request_;
  return beginFlow(ctx, scope, row, returnUrl, { state, nonce, codeVerifier, url: url.href });
}

const stringClaim = (claims: Record<string, unknown>, name: string): string | undefined => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/**
 * The provider's word that the email is the person's: `email_verified` true (a string "true" too, as
 * some send it); Microsoft Entra ID sends no `email_verified`, but its optional claim `xms_edov` says
 * the email's domain is verified by the directory that owns it (docs/connections.md).
 */
const emailVerified = (row: SignInConnectionRow, claims: Record<string, unknown>) =>
  claims.email_verified === true ||
  claims.email_verified === 'true' ||
  (row.preset === 'entra' && (claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1 || claims.xms_edov === '1'));

/**
 * The upstream's groups (the connection's groups claim) as stored on the link: a JSON array of strings
 * (a single string counts as one group), at most CONNECTION_LIMITS.groupsMax of at most groupMax
 * characters; null when the provider sent no such claim. A plain attribute: it grants nothing.
 */
function groupsOf(row: SignInConnectionRow, claims: Record<string, unknown>): string | null {
  const value = claims[claimMappingOf(row).groups];
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (list === null) return null;
  const groups = [
    ...new Set(
      list
        .filter((g): g is string => typeof g === 'string')
        .map((g) => g.trim())
        .filter((g) => g !== '' && g.length <= CONNECTION_LIMITS.groupMax),
    ),
  ];
  return JSON.stringify(groups.slice(0, CONNECTION_LIMITS.groupsMax));
}

/** The session's methods: `fed`, and what a trusted provider says it checked. */
function sessionAmr(row: SignInConnectionRow, claims: Record<string, unknown>): string[] {
  const upstream = Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === 'string') : [];
  return federatedAmr(upstream, row.trust_mfa);
}

/**
 * Where a provider says the person's language: OpenID Connect's `locale` claim (Core 5.1), or a SAML
 * attribute of that name or inetOrgPerson's preferredLanguage (by name or OID).
 */
const LOCALE_CLAIMS = ['locale', 'preferredLanguage', 'urn:oid:2.16.840.1.113730.3.1.39'] as const;

/** The person's language as the provider says it, matched against the supported ones as Accept-Language is; null for none. */
function upstreamLocale(claims: Record<string, unknown>): Locale | null {
  for (const name of LOCALE_CLAIMS) {
    const value = claims[name];
    if (typeof value !== 'string' || value.length > 200) continue;
    const match = closestLocale(value);
    if (match) return match;
  }
  return null;
}

/** A just-in-time creation refused by the provisioning steps (users/provision.ts), as the connection tells it. */
function provisionRefusal(reason: ProvisionRefusal, email: string): Refusal {
  switch (reason) {
    case 'limitReached':
      return new Refusal('user_limit', { detail: email });
    // Created by someone else since it was looked up: an account the connection did not link.
    case 'emailTaken':
      return new Refusal('email_taken', { detail: email });
    // The base organisation has no connections.
    case 'baseOrganisation':
      return new Refusal('unavailable');
  }
}

/** Finds, links or creates (through users/provision.ts, as every surface does) the user the provider's answer names, or refuses. */
async function resolveUser(ctx: AppContext, scope: Scope, row: SignInConnectionRow, claims: Record<string, unknown>): Promise<UserRow> {
  const db = ctx.db.kysely;
  const organisationId = scope.organisation.id;
  const subject = stringClaim(claims, 'sub');
  if (!subject) throw new Refusal('not_verified');
  const linkedId = await findLinkedUserId(scoped(db, organisationId), row.id, subject);
  if (linkedId) {
    const user = await findUserById(scoped(db, organisationId), linkedId);
    if (!user) throw new Refusal('no_account');
    return user;
  }
  const mapping = claimMappingOf(row);
  const email = stringClaim(claims, mapping.email)?.toLowerCase();
  const domain = email?.slice(email.lastIndexOf('@') + 1);
  if (!email || !domain || !email.includes('@') || !domainsOf(row.email_domains).includes(domain))
    throw new Refusal('domain_not_allowed', { ...(email ? { detail: email } : {}) });
  const verified = emailVerified(row, claims);
  const existing = await findUserByEmail(scoped(db, organisationId), email);
  const now = ctx.clock.now();
  const linked = { type: 'connection.linked', details: { connection: row.name, connectionId: row.id, email } } as const;
  if (existing) {
    if (!row.link_existing) throw new Refusal('email_taken', { userId: existing.id, detail: email });
    if (!verified) throw new Refusal('email_not_verified', { userId: existing.id, detail: email });
    // One upstream account per user and connection: another subject claiming the same email is not linked.
    if (await userLinked(scoped(db, organisationId), row.id, existing.id))
      throw new Refusal('email_taken', { userId: existing.id, detail: email });
    await db.transaction().execute(async (trx) => {
      await insertLink(trx, {
        organisationId,
        connectionId: row.id,
        subject,
        userId: existing.id,
        now,
        groups: groupsOf(row, claims),
      });
      await emit(ctx, trx, scope, { ...linked, subject: { kind: 'user', id: existing.id } });
    });
    return existing;
  }
  if (!row.jit_enabled) throw new Refusal('no_account', { detail: email });
  const jitDomains = domainsOf(row.jit_domains);
  if (jitDomains.length > 0 && !jitDomains.includes(domain)) throw new Refusal('domain_not_allowed', { detail: email });
  if (!verified) throw new Refusal('email_not_verified', { detail: email });
  const outcome = await provisionUser(ctx, scope, {
    email,
    prepare: () => ({
      role: 'EndUser',
      via: 'connection',
      status: 'SignedUp',
      emailVerified: true,
      firstName: stringClaim(claims, mapping.firstName)?.slice(0, 100) ?? null,
      surname: stringClaim(claims, mapping.surname)?.slice(0, 100) ?? null,
      locale: upstreamLocale(claims),
    }),
    withUser: async (trx, userId) => {
      await insertLink(trx, { organisationId, connectionId: row.id, subject, userId, now, groups: groupsOf(row, claims) });
      await emit(ctx, trx, scope, { ...linked, subject: { kind: 'user', id: userId } });
    },
  });
  if (outcome.kind === 'refused') throw provisionRefusal(outcome.reason, email);
  return outcome.user;
}

/**
 * An invited (Pending) account the provider signed in, by its link or linked just now under the
 * connection's rules (a verified email within its domains): the invitation is accepted, so the account is
 * SignedUp with its email verified. Whatever someone else prepared on it goes, as when the address's owner
 * takes over a Pending account at sign-up: any password, the invitation and completion links, sessions.
 */
async function activateInvited(ctx: AppContext, scope: Scope, row: SignInConnectionRow, user: UserRow): Promise<UserRow> {
  const organisationId = scope.organisation.id;
  const now = ctx.clock.now();
  const activated = await ctx.db.kysely.transaction().execute(async (trx) => {
    const signedUp = await setUserStatus(ctx, scope, user.id, 'SignedUp', {
      from: ['Pending'],
      trx,
      changes: { password_hash: null, email_verified_date: user.email_verified_date ?? now },
    });
    if (!signedUp) return null;
    await deleteEmailTokens(scoped(trx, organisationId), { userId: user.id }, ['invitation', 'completion']);
    const self = { kind: 'user', id: user.id } as const;
    await emit(ctx, trx, scope, {
      type: 'invitation.accepted',
      actor: self,
      subject: self,
      details: { via: 'connection', connection: row.name, connectionId: row.id },
      // Whoever prepared the account loses what they held on it (the access revocation subscriber).
      endsOtherAccess: { keptSessionId: null },
    });
    return signedUp;
  });
  if (!activated) throw new Refusal('account_unavailable', { userId: user.id });
  return activated;
}

/**
 * GET /signin/callback: the provider sent the browser back; `search` is the callback's query string
 * (with its `?`), as the provider wrote it. The flow's cookie goes whatever the outcome.
 */
export async function finishConnectionSignIn(ctx: AppContext, browser: Browser, scope: Scope, search: string): Promise<Redirect> {
  return withCookies(await connectionCallback(ctx, browser, scope, search), clearCookie('gatehouse_connection'));
}

async function connectionCallback(ctx: AppContext, browser: Browser, scope: Scope, search: string): Promise<Redirect> {
  const organisationId = scope.organisation.id;
  const token = browser.cookie('gatehouse_connection');
  const now = ctx.clock.now();
  const flow = token ? await takeFlow(scope.db, hashToken(token), now) : undefined;
  if (!flow) return refuse(ctx, browser, scope, null, null, new Refusal('expired'));
  const returnUrl = flow.return_url;
  const row = await findConnection(scope.db, flow.connection_id);
  // Disabled (or deleted) since this sign-in began.
  if (!row || !row.enabled) return refuse(ctx, browser, scope, null, returnUrl, new Refusal('connection_unavailable'));

  let claims: Record<string, unknown>;
  try {
    const config = await upstreamConfiguration(ctx, organisationId, row);
    claims = await exchangeCode(config, new URL(`${callbackUrl(ctx, scope.organisation.hostname)}${search}`), {
      state: flow.state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    });
  } catch (error) {
    return refuse(ctx, browser, scope, row, returnUrl, new Refusal(upstreamFailure(error), { cause: error }));
  }

  return completeSignIn(ctx, browser, scope, row, returnUrl, claims);
}

/**
 * After the provider's answer was verified (OpenID Connect here, SAML in saml-sign-in.ts): the user it
 * names, the rules, the session; or a refusal.
 */
export async function completeSignIn(
  ctx: AppContext,
  browser: Browser,
  scope: Scope,
  row: SignInConnectionRow,
  returnUrl: string | null,
  claims: Record<string, unknown>,
): Promise<Redirect> {
  const now = ctx.clock.now();
  let user: UserRow;
  try {
    user = await resolveUser(ctx, scope, row, claims);
    if (user.status === 'Pending') user = await activateInvited(ctx, scope, row, user);
    if (user.status !== 'SignedUp') throw new Refusal('account_unavailable', { userId: user.id });
    // A browser remembered at an earlier code step of this user skips it, as after a password.
    const after = await afterFirstFactor(user, sessionAmr(row, claims), () => deviceRemembered(ctx, scope, browser, user));
    if (after.next === 'codeStep') {
      // Gatehouse's own second step: the sign-in page shows the code step of this browser's sign-in.
      await touchLink(scope.db, row.id, String(claims.sub), now, groupsOf(row, claims));
      const step = await beginCodeStep(ctx, scope, user, row.id);
      return redirect(signInPage(returnUrl, { [SECOND_STEP_PARAMETER]: step.challenge.signInStateID }), step.cookies);
    }
    const { amr } = after;
    await touchLink(scope.db, row.id, String(claims.sub), now, groupsOf(row, claims));
    const { session, cookies } = await finishSignIn(ctx, scope, browser, {
      userId: user.id,
      amr,
      details: { method: 'connection', connection: row.name, connectionId: row.id },
      returnurl: returnUrl ?? undefined,
      gone: () => new Refusal('account_unavailable', { userId: user.id }),
    });
    if (session.orgRedirectURL) return redirect(session.orgRedirectURL, cookies);
    if (session.redirectURL) return redirect(`${ROUTES.redirecting.path}?redirecturl=${encodeURIComponent(session.redirectURL)}`, cookies);
    return redirect(signInPage(returnUrl), cookies);
  } catch (error) {
    if (error instanceof Refusal) return refuse(ctx, browser, scope, row, returnUrl, error);
    throw error;
  }
}
