/**
 * The inactivity rules (spec: signInPolicy), run by the 'account-inactivity' job once across all
 * processes. A signed-up user who has not signed in for inactivityExpiryDays becomes Inactive (and
 * loses their sessions), warned by email inactivityNotificationEmailDays before. An administrator may
 * enable an Inactive user; they then have reactivationGracePeriodDays (0: the same day) to sign in
 * before the rule applies again. After inactivityDeletionDays as Inactive, the user is deleted.
 * A 0 disables each rule.
 */
import { formatLongDate } from '@gatehouse/common/format';
import { DEFAULT_LOCALE } from '@gatehouse/common/i18n/locales';
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { ROUTES } from '@gatehouse/common/routes';

import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { recipientLocale } from '../http/language.ts';
import type { JobReport, ScopeFor } from '../jobs/runner.ts';
import { sendMail } from '../mail/service.ts';
import { linkFor } from '../mail/templates.ts';
import type { Scope } from '../scope/scope.ts';
import { type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { deleteUserAccount, setUserStatus } from './status.ts';
import {
  idleSignedUpUsers,
  organisationsWithInactivityRules,
  otherActiveOrganisationAdmins,
  updateUser,
  usersInactiveSince,
} from './store.ts';

const BATCH = 500;

/** The end of the UTC day `days` days after `time`: a grace of 0 days lasts until the end of that same day. */
export function endOfGrace(time: number, days: number): number {
  return Math.floor(time / DAY) * DAY + (days + 1) * DAY;
}

/** When the user becomes Inactive unless they sign in first. */
export function deactivationTime(org: Organisation, user: UserRow): number {
  const lastActive = user.last_sign_in ?? user.created_at;
  const due = lastActive + org.row.inactivity_expiry_days * DAY;
  const reactivatedSinceSignIn = user.reactivated_at !== null && (user.last_sign_in === null || user.last_sign_in < user.reactivated_at);
  return reactivatedSinceSignIn ? Math.max(due, endOfGrace(user.reactivated_at!, org.row.reactivation_grace_period_days)) : due;
}

interface Counts {
  warned: number;
  deactivated: number;
  deleted: number;
  warnings: string[];
}

/**
 * The organisation's only active Organisation Admin is never deactivated or deleted by a rule: nobody
 * would be left to enable anyone. They are told instead (once per stretch of
 * inactivity), and so is the operator.
 */
async function keepLastAdmin(ctx: AppContext, scope: Scope, user: UserRow, due: number, counts: Counts): Promise<boolean> {
  const org = scope.organisation;
  if (user.role !== 'OrganisationAdministrator' || (await otherActiveOrganisationAdmins(scope.db, user.id)) > 0) return false;
  counts.warnings.push(
    `kept ${user.email}, the only active Organisation Admin of ${org.name}, active although unused since ${formatLongDate(user.last_sign_in ?? user.created_at, DEFAULT_LOCALE)}`,
  );
  if (user.status === 'SignedUp' && (user.inactivity_warned_at === null || user.inactivity_warned_at < due)) {
    await updateUser(scope.db, user.id, { inactivity_warned_at: ctx.clock.now() });
    await sendMail(ctx, {
      org,
      to: user.email,
      kind: 'lastAdminKeptActive',
      text: () => MAIL_MESSAGES.lastAdminKeptActive(org.displayName, org.row.inactivity_expiry_days),
      locale: recipientLocale(org, user.locale),
      link: linkFor(ctx.config, org, ROUTES.home.path),
    });
  }
  return true;
}

async function applyExpiry(ctx: AppContext, scope: Scope, counts: Counts): Promise<void> {
  const org = scope.organisation;
  const expiryDays = org.row.inactivity_expiry_days;
  if (expiryDays <= 0) return;
  const warnDays =
    org.row.inactivity_notification_email_days > 0 && org.row.inactivity_notification_email_days < expiryDays
      ? org.row.inactivity_notification_email_days
      : 0;
  const now = ctx.clock.now();
  let afterId = '';
  for (;;) {
    const users = await idleSignedUpUsers(scope.db, now - (expiryDays - warnDays) * DAY, afterId, BATCH);
    if (users.length === 0) return;
    afterId = users.at(-1)!.id;
    for (const user of users) {
      const due = deactivationTime(org, user);
      if (now >= due) {
        if (await keepLastAdmin(ctx, scope, user, due, counts)) continue;
        if (await setUserStatus(ctx, scope, user.id, 'Inactive', { from: ['SignedUp'] })) counts.deactivated++;
      } else if (warnDays > 0 && user.inactivity_warned_at === null && now >= due - warnDays * DAY) {
        await updateUser(scope.db, user.id, { inactivity_warned_at: now });
        await sendMail(ctx, {
          org,
          to: user.email,
          kind: 'inactivityWarning',
          text: () => MAIL_MESSAGES.inactivityWarning(org.displayName, formatLongDate(due), expiryDays),
          locale: recipientLocale(org, user.locale),
          link: linkFor(ctx.config, org, ROUTES.home.path),
        });
        counts.warned++;
      }
    }
  }
}

async function applyDeletion(ctx: AppContext, scope: Scope, counts: Counts): Promise<void> {
  const org = scope.organisation;
  const days = org.row.inactivity_deletion_days;
  if (days <= 0) return;
  let afterId = '';
  for (;;) {
    const users = await usersInactiveSince(scope.db, ctx.clock.now() - days * DAY, afterId, BATCH);
    for (const user of users) {
      // An Inactive admin with no active one beside them may be the one the operator enables (gatehouse enable-user).
      if (await keepLastAdmin(ctx, scope, user, Infinity, counts)) continue;
      await deleteUserAccount(ctx, scope, user.id, user.email);
      counts.deleted++;
    }
    if (users.length < BATCH) return;
    afterId = users.at(-1)!.id;
  }
}

/** The 'account-inactivity' job. */
export async function runInactivityRules(ctx: AppContext, scopeFor: ScopeFor): Promise<JobReport> {
  const counts: Counts = { warned: 0, deactivated: 0, deleted: 0, warnings: [] };
  for (const row of await organisationsWithInactivityRules(ctx.db.kysely)) {
    const scope = scopeFor(toOrganisation(ctx.config, row));
    await applyExpiry(ctx, scope, counts);
    await applyDeletion(ctx, scope, counts);
  }
  return {
    result: `warned ${counts.warned}, deactivated ${counts.deactivated}, deleted ${counts.deleted} users`,
    warnings: counts.warnings,
  };
}
