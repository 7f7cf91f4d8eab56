/** The organisation's public and admin views and its settings columns (the row itself: tenancy/organisation.ts). */
import { type Locale, SUPPORTED_LOCALES } from '@gatehouse/common/i18n/locales';
import type { OrganisationImageKind } from '@gatehouse/common/organisation-images';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import type { OrganisationAdminView, OrganisationSettings } from '@gatehouse/common/schemas/organisation-settings';

import type { Config } from '../config.ts';
import type { OrganisationRow } from '../db/schema.ts';
import { emailWhitelistOf, languagesOf, type Organisation } from '../tenancy/organisation.ts';
import { settingsScore } from './strength.ts';

export function toPublicOrganisation(config: Pick<Config, 'baseHostname'>, org: Organisation): PublicOrganisation {
  const r = org.row;
  return {
    id: org.id,
    name: org.name,
    displayName: org.displayName,
    hideOrganisationName: r.hide_organisation_name,
    hostname: org.hostname,
    baseHostname: config.baseHostname,
    isBase: org.isBase,
    tier: r.tier,
    preventSelfSignUp: r.prevent_self_sign_up,
    colour: r.colour,
    font: r.font,
    buttonStyle: r.button_style,
    inputStyle: r.input_style,
    logoID: r.logo_id,
    backgroundImageID: r.background_image_id,
    heroImageID: r.hero_image_id,
    favicon: r.favicon_id,
    supportMessage: r.support_message,
    customPrivacyPolicyURL: r.custom_privacy_policy_url,
    customTermsConditionsURL: r.custom_terms_conditions_url,
    customHelpPageURL: r.custom_help_page_url,
    allowSMSTwoStep: r.allow_sms_two_step,
    allowEmailTwoStep: r.allow_email_two_step,
    allowPasswordless: r.allow_passwordless,
    passwordVisibility: r.password_visibility,
    requireTwoStep: r.require_two_step,
    rememberMeDays: r.remember_me_days,
    dashboardRedirect: r.dashboard_redirect,
    ...languageSettings(r),
  };
}

function languageSettings(r: OrganisationRow): Pick<OrganisationSettings, 'defaultLanguage' | 'offeredLanguages'> {
  const { defaultLocale, offered } = languagesOf(r);
  return { defaultLanguage: defaultLocale, offeredLanguages: offered };
}

/** Every editable setting of the organisation, in the API's names. */
export function toSettings(r: OrganisationRow): OrganisationSettings {
  return {
    passwordMinLength: r.password_min_length,
    passwordExpiryDays: r.password_expiry_days,
    passwordUpper: r.password_upper,
    passwordLower: r.password_lower,
    passwordDigit: r.password_digit,
    passwordSpecial: r.password_special,
    usePasswordList: r.use_password_list,
    enforcePasswordHistory: r.enforce_password_history,
    passwordVisibility: r.password_visibility,
    preventSelfSignUp: r.prevent_self_sign_up,
    requireSignUpChallenge: r.require_sign_up_challenge,
    userEmailWhitelist: emailWhitelistOf(r),
    invitationExpiryHours: r.invitation_expiry_hours,
    failedSignInsBeforeCooldown: r.failed_sign_ins_before_cooldown,
    cooldownDurationMinutes: r.cooldown_duration_minutes,
    failedSignInsBeforeLockout: r.failed_sign_ins_before_lockout,
    reactivationGracePeriodDays: r.reactivation_grace_period_days,
    inactivityExpiryDays: r.inactivity_expiry_days,
    inactivityDeletionDays: r.inactivity_deletion_days,
    inactivityNotificationEmailDays: r.inactivity_notification_email_days,
    rememberMeDays: r.remember_me_days,
    enableRedirectUrl: r.enable_redirect_url,
    redirectUrl: r.redirect_url,
    dashboardRedirect: r.dashboard_redirect,
    requireTwoStep: r.require_two_step,
    allowSMSTwoStep: r.allow_sms_two_step,
    allowEmailTwoStep: r.allow_email_two_step,
    allowPasswordless: r.allow_passwordless,
    newBrowserNotice: r.new_browser_notice,
    displayName: r.display_name,
    hideOrganisationName: r.hide_organisation_name,
    colour: r.colour,
    font: r.font,
    buttonStyle: r.button_style,
    inputStyle: r.input_style,
    supportMessage: r.support_message,
    customPrivacyPolicyURL: r.custom_privacy_policy_url,
    customTermsConditionsURL: r.custom_terms_conditions_url,
    customHelpPageURL: r.custom_help_page_url,
    ...languageSettings(r),
  };
}

type ImageColumn = (typeof IMAGE_COLUMNS)[OrganisationImageKind];
/** The columns that hold the settings (images apart). */
export type SettingsColumns = Omit<
  OrganisationRow,
  'id' | 'name' | 'is_base' | 'is_demo' | 'demo_expires_at' | 'tier' | ImageColumn | 'created_at' | 'updated_at' | 'oidc_revision'
>;
export type ImageColumns = Pick<OrganisationRow, ImageColumn>;

export function settingsColumns(s: OrganisationSettings): SettingsColumns {
  return {
    password_min_length: s.passwordMinLength,
    password_expiry_days: s.passwordExpiryDays,
    password_upper: s.passwordUpper,
    password_lower: s.passwordLower,
    password_digit: s.passwordDigit,
    password_special: s.passwordSpecial,
    use_password_list: s.usePasswordList,
    enforce_password_history: s.enforcePasswordHistory,
    password_visibility: s.passwordVisibility,
    prevent_self_sign_up: s.preventSelfSignUp,
    require_sign_up_challenge: s.requireSignUpChallenge,
    user_email_whitelist: JSON.stringify(s.userEmailWhitelist),
    invitation_expiry_hours: s.invitationExpiryHours,
    failed_sign_ins_before_cooldown: s.failedSignInsBeforeCooldown,
    cooldown_duration_minutes: s.cooldownDurationMinutes,
    failed_sign_ins_before_lockout: s.failedSignInsBeforeLockout,
    reactivation_grace_period_days: s.reactivationGracePeriodDays,
    inactivity_expiry_days: s.inactivityExpiryDays,
    inactivity_deletion_days: s.inactivityDeletionDays,
    inactivity_notification_email_days: s.inactivityNotificationEmailDays,
    remember_me_days: s.rememberMeDays,
    enable_redirect_url: s.enableRedirectUrl,
    redirect_url: s.redirectUrl,
    dashboard_redirect: s.dashboardRedirect,
    require_two_step: s.requireTwoStep,
    allow_sms_two_step: s.allowSMSTwoStep,
    allow_email_two_step: s.allowEmailTwoStep,
    allow_passwordless: s.allowPasswordless,
    new_browser_notice: s.newBrowserNotice,
    display_name: s.displayName,
    hide_organisation_name: s.hideOrganisationName,
    colour: s.colour,
    font: s.font,
    button_style: s.buttonStyle,
    input_style: s.inputStyle,
    support_message: s.supportMessage,
    custom_privacy_policy_url: s.customPrivacyPolicyURL,
    custom_terms_conditions_url: s.customTermsConditionsURL,
    custom_help_page_url: s.customHelpPageURL,
    default_locale: s.defaultLanguage,
    offered_locales: offeredColumn(s.defaultLanguage, s.offeredLanguages),
  };
}

/** The offered languages as stored: the default always among them; every language as none named, so one added later is offered too. */
function offeredColumn(defaultLanguage: Locale, offered: readonly Locale[]): string {
  const named = new Set([...offered, defaultLanguage]);
  return JSON.stringify(
    SUPPORTED_LOCALES.every((locale) => named.has(locale)) ? [] : SUPPORTED_LOCALES.filter((locale) => named.has(locale)),
  );
}

/** The column holding each organisation image's asset id. */
export const IMAGE_COLUMNS = {
  logo: 'logo_id',
  background: 'background_image_id',
  hero: 'hero_image_id',
  favicon: 'favicon_id',
} as const satisfies Record<OrganisationImageKind, keyof OrganisationRow>;

export function toAdminView(config: Pick<Config, 'baseHostname'>, org: Organisation): OrganisationAdminView {
  const settings = toSettings(org.row);
  return { ...toPublicOrganisation(config, org), ...settings, settingsScore: settingsScore(settings) };
}
