/**
 * The inactivity rules (spec: signInPolicy), run by the 'account-inactivity' job once across all
 * processes. A signed-up user who has not signed in for inactivityExpiryDays becomes Inactive (and
 * loses their sessions), warned by email inactivityNotificationEmailDays before. An administrator may
 * enable an Inactive user; they then have reactivationGracePeriodDays (0: the same day) to sign in
 * before the rule applies again. After inactivityDeletionDays as Inactive, the user is deleted.
 * A 0 disables each rule.
 */
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { sendMail } from '../mail/service.ts';
import { linkFor } from '../mail/templates.ts';
import { toOrganisation, type Organisation } from '../organisations/model.ts';
import { deleteUserAccount, setUserStatus } from './status.ts';
import { idleSignedUpUsers, organisationsWithInactivityRules, updateUser, usersInactiveSince } from './store.ts';

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

const longDate = (time: number) =>
  new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

async function applyExpiry(ctx: AppContext, org: Organisation, counts: { warned: number; deactivated: number }): Promise<void> {
  const expiryDays = org.row.inactivity_expiry_days;
  if (expiryDays <= 0) return;
  const warnDays =
    org.row.inactivity_notification_email_days > 0 && org.row.inactivity_notification_email_days < expiryDays
      ? org.row.inactivity_notification_email_days
      : 0;
  const now = ctx.clock.now();
  let afterId = '';
  for (;;) {
    const users = await idleSignedUpUsers(ctx.db.kysely, org.id, now - (expiryDays - warnDays) * DAY, afterId, BATCH);
    if (users.length === 0) return;
    afterId = users.at(-1)!.id;
    for (const user of users) {
      const due = deactivationTime(org, user);
      if (now >= due) {
        if (await setUserStatus(ctx, org.id, user.id, 'Inactive', { from: ['SignedUp'] })) counts.deactivated++;
      } else if (warnDays > 0 && user.inactivity_warned_at === null && now >= due - warnDays * DAY) {
        await updateUser(ctx.db.kysely, org.id, user.id, { inactivity_warned_at: now });
        await sendMail(ctx, {
          org,
          to: user.email,
          kind: 'inactivityWarning',
          text: MAIL_MESSAGES.inactivityWarning(org.displayName, longDate(due), expiryDays),
          link: linkFor(ctx.config, org, ROUTES.home.path),
        });
        counts.warned++;
      }
    }
  }
}

async function applyDeletion(ctx: AppContext, org: Organisation): Promise<number> {
  const days = org.row.inactivity_deletion_days;
  if (days <= 0) return 0;
  let deleted = 0;
  for (;;) {
    const users = await usersInactiveSince(ctx.db.kysely, org.id, ctx.clock.now() - days * DAY, BATCH);
    for (const user of users) await deleteUserAccount(ctx, org.id, user.id);
    deleted += users.length;
    if (users.length < BATCH) return deleted;
  }
}

/** The 'account-inactivity' job. */
export async function runInactivityRules(ctx: AppContext): Promise<string> {
  const counts = { warned: 0, deactivated: 0, deleted: 0 };
  for (const row of await organisationsWithInactivityRules(ctx.db.kysely)) {
    const org = toOrganisation(ctx.config, row);
    await applyExpiry(ctx, org, counts);
    counts.deleted += await applyDeletion(ctx, org);
  }
  return `warned ${counts.warned}, deactivated ${counts.deactivated}, deleted ${counts.deleted} users`;
}
