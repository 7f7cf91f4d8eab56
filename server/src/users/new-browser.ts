/**
 * The new-browser notice. Every sign-in (accounts/session.ts `finishSignIn`) records the browser's
 * long-lived id for the person in its own transaction, and when the browser is new to them and the
 * organisation has the notice on, carries it in its `user.signed_in` event. Once the sign-in has
 * committed, this subscriber emails the person (if they have used another browser before: a first one
 * is not news) the time, browser and address with a "This wasn't me" link, in their own language (else
 * the one they signed in in). After the commit, so a sign-in never waits for the mail nor fails with
 * it; a process that dies in between sends no notice.
 *
 * The link's token is random, only its SHA-256 kept, single-use and valid for a day; using it signs
 * the person out everywhere (the `user.sign_in_disowned` event, which the access-revocation subscriber
 * treats as "Sign out everywhere": sessions, grants and tokens, with back-channel logouts) and asks for
 * a new password at the next sign-in, audited.
 */
import { formatDateTime } from '@gatehouse/common/format';
import { resolveLocale } from '@gatehouse/common/i18n/locales';
import { withLocale } from '@gatehouse/common/i18n/runtime';
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { ROUTES } from '@gatehouse/common/routes';

import { findUserById, requireNewPassword } from '../accounts/store.ts';
import { HOUR } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { hashToken } from '../crypto/tokens.ts';
import { emit, type EmittedEvent, type SignedInBrowser, type Subscriber } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import { sendMail } from '../mail/service.ts';
import { linkFor } from '../mail/templates.ts';
import { eventScope, type Scope } from '../scope/scope.ts';
import { browserAndSystem } from '../sessions/devices.ts';
import { knowsOtherBrowser } from '../sessions/store.ts';
import { languagesOf, toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationById } from '../tenancy/store.ts';
import { issueEmailToken } from '../tokens/service.ts';
import { takeEmailToken } from '../tokens/store.ts';

/** How long the "This wasn't me" link works: long enough to read the email the next morning. */
export const NOT_ME_LINK_HOURS = 24;

/** The notices still being written, per context, so tests and shutdown can wait for them. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves once every notice started so far has been written (or given up). */
export async function newBrowserNoticesIdle(ctx: AppContext): Promise<void> {
  await Promise.all([...(running.get(ctx) ?? [])]);
}

/** "Firefox 133, Linux", from the sign-in's user agent; null when it names neither. */
function browserName(userAgent: string | null): string | null {
  const { browser, system } = browserAndSystem(userAgent);
  return browser && system ? `${browser}, ${system}` : (browser ?? system);
}

async function noticeNewBrowser(ctx: AppContext, event: EmittedEvent, userId: string, seen: SignedInBrowser): Promise<void> {
  const row = await findOrganisationById(ctx.db.kysely, event.organisationId);
  if (!row) return;
  const org = toOrganisation(ctx.config, row);
  await eventScope(ctx.db.kysely, org, event).transaction(async (scope) => {
    if (!(await knowsOtherBrowser(scope.db, userId, hashToken(seen.id)))) return;
    const user = await findUserById(scope.db, userId);
    if (!user) return;
    const token = await issueEmailToken(
      ctx,
      {
        organisationId: org.id,
        purpose: 'notme',
        email: user.email,
        userId,
        lifetimeMs: NOT_ME_LINK_HOURS * HOUR,
        // Each notice's link works, whichever the person opens.
        replaceEarlier: false,
      },
      scope.db,
    );
    // The person's own language, else the one they signed in in (the request's, carried on the event).
    const { defaultLocale, offered } = languagesOf(org.row);
    const locale = resolveLocale({ personal: user.locale, picked: seen.locale, organisationDefault: defaultLocale, offered });
    const text = withLocale(locale, () =>
      MAIL_MESSAGES.newBrowser(
        org.displayName,
        { time: formatDateTime(event.at) ?? '', browser: browserName(event.userAgent), address: event.ip },
        NOT_ME_LINK_HOURS,
      ),
    );
    await sendMail(
      ctx,
      { org, to: user.email, kind: 'newBrowser', text, link: linkFor(ctx.config, org, ROUTES.notMe.path, { token }) },
      scope.db,
    );
  });
}

export const newBrowserSubscriber: Subscriber = {
  name: 'new-browser-notice',
  kinds: ['user.signed_in'],
  afterCommit(ctx, event) {
    const seen = event.signedInBrowser;
    if (event.subject?.kind !== 'user' || !seen) return;
    const tasks = running.get(ctx) ?? new Set<Promise<void>>();
    running.set(ctx, tasks);
    const task = noticeNewBrowser(ctx, event, event.subject.id, seen).catch((error: unknown) =>
      seen.log.error({ err: error }, 'the new-browser notice failed'),
    );
    tasks.add(task);
    void task.finally(() => tasks.delete(task));
  },
};

/**
 * "This wasn't me": the notice's link used (once); the person is signed out everywhere and must choose a
 * new password at their next sign-in. TOKEN_INVALID when the link is unknown, used or expired.
 */
export async function disownSignIn(ctx: AppContext, scope: Scope, token: string): Promise<void> {
  await scope.transaction(async (s) => {
    const used = await takeEmailToken(s.db, hashToken(token), ['notme'], ctx.clock.now());
    if (!used?.user_id) throw new AppError('TOKEN_INVALID');
    const person = { kind: 'user', id: used.user_id } as const;
    await requireNewPassword(s.db, used.user_id);
    await emit(ctx, s.db, s, { type: 'user.sign_in_disowned', actor: person, subject: person });
  });
}
