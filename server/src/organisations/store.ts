/** Queries on the organisations table. */
import { ORGANISATION_DEFAULTS } from '@gatehouse/common/policy';
import type { Transaction } from 'kysely';

import type { Dialect } from '../db/database.ts';
import type { Database, Executor, NewOrganisationRow, OrganisationRow, OrganisationUpdate } from '../db/schema.ts';

/** A complete organisation row with the defaults of spec section 9. */
export function newOrganisationRow(fields: {
  id: string;
  name: string;
  displayName: string;
  isBase?: boolean;
  isDemo?: boolean;
  demoExpiresAt?: number | null;
  now: number;
}): NewOrganisationRow {
  const d = ORGANISATION_DEFAULTS;
  return {
    id: fields.id,
    name: fields.name,
    display_name: fields.displayName,
    is_base: fields.isBase ?? false,
    is_demo: fields.isDemo ?? false,
    demo_expires_at: fields.demoExpiresAt ?? null,
    tier: d.tier,
    hide_organisation_name: d.hideOrganisationName,
    prevent_self_sign_up: d.preventSelfSignUp,
    require_sign_up_challenge: d.requireSignUpChallenge,
    user_email_whitelist: JSON.stringify(d.userEmailWhitelist),
    invitation_expiry_hours: d.invitationExpiryHours,
    password_expiry_days: d.passwordExpiryDays,
    password_min_length: d.passwordMinLength,
    password_upper: d.passwordUpper,
    password_lower: d.passwordLower,
    password_digit: d.passwordDigit,
    password_special: d.passwordSpecial,
    use_password_list: d.usePasswordList,
    enforce_password_history: d.enforcePasswordHistory,
    password_visibility: d.passwordVisibility,
    require_two_step: d.requireTwoStep,
    allow_sms_two_step: d.allowSMSTwoStep,
    allow_email_two_step: d.allowEmailTwoStep,
    allow_passwordless: d.allowPasswordless,
    new_browser_notice: d.newBrowserNotice,
    enable_redirect_url: d.enableRedirectUrl,
    redirect_url: d.redirectUrl,
    dashboard_redirect: d.dashboardRedirect,
    failed_sign_ins_before_cooldown: d.failedSignInsBeforeCooldown,
    cooldown_duration_minutes: d.cooldownDurationMinutes,
    failed_sign_ins_before_lockout: d.failedSignInsBeforeLockout,
    reactivation_grace_period_days: d.reactivationGracePeriodDays,
    inactivity_expiry_days: d.inactivityExpiryDays,
    inactivity_deletion_days: d.inactivityDeletionDays,
    inactivity_notification_email_days: d.inactivityNotificationEmailDays,
    remember_me_days: d.rememberMeDays,
    colour: d.colour,
    font: d.font,
    button_style: d.buttonStyle,
    input_style: d.inputStyle,
    logo_id: null,
    background_image_id: null,
    hero_image_id: null,
    favicon_id: null,
    support_message: null,
    custom_privacy_policy_url: null,
    custom_terms_conditions_url: null,
    custom_help_page_url: null,
    created_at: fields.now,
    updated_at: fields.now,
  };
}

export async function insertOrganisation(db: Executor, row: NewOrganisationRow): Promise<void> {
  await db.insertInto('organisations').values(row).execute();
}

/** Reads the organisation inside a transaction, holding its row until the transaction ends (PostgreSQL; SQLite's write transactions are exclusive already). */
export function findOrganisationForUpdate(trx: Transaction<Database>, dialect: Dialect, id: string): Promise<OrganisationRow | undefined> {
  return trx
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function updateOrganisation(db: Executor, id: string, changes: OrganisationUpdate): Promise<void> {
  await db.updateTable('organisations').set(changes).where('id', '=', id).execute();
}
