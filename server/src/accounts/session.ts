/**
 * The end of every sign-in (password, the code step, a passkey, an upstream connection, completing
 * sign-up, the base organisation's hand-over) is `finishSignIn`: the sign-in recorded on the user, its
 * `user.signed_in` event and the new session, in one transaction. `startSession` alone serves a session
 * that is renewed without a sign-in (after a password change). A fresh session replaces any earlier one,
 * and the browser remembers the email when the organisation allows it (rememberMeDays). A user with a
 * second step never gets a session whose methods lack it, whichever path asks.
 *
 * Nothing here writes HTTP: what the browser must keep comes back as cookie changes (http/outcome.ts).
 */
import { clientIdOfRedirectUrl } from '@gatehouse/common/client-sign-in';
import { activeLocale } from '@gatehouse/common/i18n/runtime';
import type { SignInChallenge } from '@gatehouse/common/schemas/mfa';

import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { hashToken, newToken } from '../crypto/tokens.ts';
import type { UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { batchedWrite } from '../db/write-batch.ts';
import { emit, type EventDetails } from '../events/events.ts';
import { AppError, concerning } from '../http/errors.ts';
import { type Browser, clearCookie, type CookieChange, setCookie } from '../http/outcome.ts';
import type { Scope } from '../scope/scope.ts';
import { sessionHasMfa } from '../sessions/amr.ts';
import { createSession } from '../sessions/service.ts';
import { deleteSession, rememberBrowser } from '../sessions/store.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { findUserById, recordSignIn } from './store.ts';

/**
 * A session started: the user as signed in, and where the SPA goes next. The surface answers the
 * account with it (users/account.ts `signInAnswer`), which reads the applications and factors above accounts/.
 */
export interface SessionStarted {
  user: UserRow;
  redirectURL: string | null;
  orgRedirectURL: string | null;
}

/** A session started, and the cookies that carry it (the session, the remembered email). */
export interface SignedIn {
  kind: 'signedIn';
  session: SessionStarted;
  cookies: CookieChange[];
}

/** A right first factor of a user with a second step: the code step begins (mfa/challenge.ts). */
export interface CodeStep {
  kind: 'codeStep';
  challenge: SignInChallenge;
  cookies: CookieChange[];
}

/** What a sign-in step ends in: signed in, or the code step next. */
export type SignInOutcome = SignedIn | CodeStep;

/** How the sign-in is told in the audit log and the metrics (the `user.signed_in` event's details). */
export type SignInDetails = EventDetails['user.signed_in'];

const REMEMBER_COOKIE = 'gatehouse_remember';
/** Marks the browsers a person has signed in from (users/new-browser.ts); as long as browsers keep a cookie. */
const BROWSER_COOKIE = 'gatehouse_browser';
const BROWSER_COOKIE_MS = 400 * DAY;

/**
 * A fresh session for `user` in this browser: any session the browser held ends (a token planted before
 * sign-in is worthless after it). `db` is the transaction of the sign-in when there is one.
 */
export async function startSession(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
  user: UserRow,
  amr: string[],
  /** Where the SPA was sent from: an application sign-in in progress continues at /redirecting with it. */
  returnurl?: string,
  db = ctx.db.kysely,
): Promise<SignedIn> {
  const org = scope.organisation;
  if (user.has_second_factor && !sessionHasMfa(amr)) throw new Error('A session without the second step of a user who has one');
  const previous = browser.sessionToken;
  if (previous) await deleteSession(scoped(db, org.id), hashToken(previous));
  const { token } = await createSession(
    ctx,
    { organisationId: org.id, userId: user.id, amr, userAgent: browser.userAgent, address: browser.address },
    db,
  );
  const cookies: CookieChange[] = [{ kind: 'session', token }];
  if (org.row.remember_me_days > 0) cookies.push(setCookie(REMEMBER_COOKIE, user.id, org.row.remember_me_days * DAY));
  return {
    kind: 'signedIn',
    session: {
      user,
      redirectURL: returnurl && clientIdOfRedirectUrl(returnurl) ? returnurl : null,
      orgRedirectURL: org.row.enable_redirect_url ? org.row.redirect_url : null,
    },
    cookies,
  };
}

/** A sign-in that `finishSignIn` completes: whose, with which methods, told how, and where the SPA goes next. */
export interface FinishedSignIn {
  userId: string;
  amr: string[];
  details: SignInDetails;
  returnurl?: string | undefined;
  /** The error when the user is gone by the time the sign-in is recorded; INVALID_CREDENTIALS by default. */
  gone?: () => Error;
}

/**
 * The one end of every sign-in: the user's sign-in recorded (failed attempts and cooldown reset), the
 * `user.signed_in` event (audit and metrics subscribe) and the new session, in one transaction, so a
 * sign-in is never recorded without its event or its session, or the other way round.
 */
export async function finishSignIn(ctx: AppContext, scope: Scope, browser: Browser, signIn: FinishedSignIn): Promise<SignedIn> {
  const org = scope.organisation;
  const self = { kind: 'user', id: signIn.userId } as const;
  // Atomic, and on SQLite committed together with the writes arriving at the same moment (group commit).
  return batchedWrite(
    ctx.db,
    async (trx) => {
      // The user as the sign-in left them, from the same statement (no second read).
      const db = scoped(trx, org.id);
      const user = await recordSignIn(db, signIn.userId, ctx.clock.now());
      if (!user) throw signIn.gone?.() ?? concerning(new AppError('INVALID_CREDENTIALS'), signIn.userId);
      // The browser's long-lived id (made at its first sign-in), recorded for the person in this
      // transaction (one statement, nothing written for a known one): a browser new to them is told to the
      // new-browser notice, when the organisation has it on.
      const browserId = browser.cookie(BROWSER_COOKIE) ?? newToken();
      const newBrowser = await rememberBrowser(db, signIn.userId, hashToken(browserId), ctx.clock.now());
      await emit(ctx, trx, scope, {
        type: 'user.signed_in',
        actor: self,
        subject: self,
        details: signIn.details,
        ...(newBrowser && org.row.new_browser_notice
          ? { signedInBrowser: { id: browserId, locale: activeLocale(), log: browser.log } }
          : {}),
      });
      const signedIn = await startSession(ctx, scope, browser, user, signIn.amr, signIn.returnurl, trx);
      signedIn.cookies.push(setCookie(BROWSER_COOKIE, browserId, BROWSER_COOKIE_MS));
      return signedIn;
    },
    true,
  );
}

/** The email this browser remembers for the organisation, or null; a stale cookie is removed. */
export async function rememberedEmail(
  ctx: AppContext,
  browser: Browser,
  org: Organisation,
): Promise<{ email: string | null; cookies: CookieChange[] }> {
  const userId = browser.cookie(REMEMBER_COOKIE);
  if (!userId) return { email: null, cookies: [] };
  const user = org.row.remember_me_days > 0 ? await findUserById(scoped(ctx.db.kysely, org.id), userId) : undefined;
  if (!user) return { email: null, cookies: [clearCookie(REMEMBER_COOKIE)] };
  return { email: user.email, cookies: [] };
}

/** 'Forget me': the remembered email goes. */
export const FORGET_REMEMBERED_EMAIL: readonly CookieChange[] = [clearCookie(REMEMBER_COOKIE)];
