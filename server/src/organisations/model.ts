/** The organisation as the server's rules see it (camelCase), mapped from its row. */
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import type { Config } from '../config.ts';
import type { OrganisationRow } from '../db/schema.ts';

export interface Organisation {
  id: string;
  name: string;
  displayName: string;
  isBase: boolean;
  isDemo: boolean;
  /** The host this organisation is served at: the base hostname, or `<name>.<base hostname>`. */
  hostname: string;
  row: OrganisationRow;
}

export function hostnameFor(config: Pick<Config, 'baseHostname'>, name: string, isBase: boolean): string {
  return isBase ? config.baseHostname : `${name}.${config.baseHostname}`;
}

export function toOrganisation(config: Pick<Config, 'baseHostname'>, row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    isBase: row.is_base,
    isDemo: row.is_demo,
    hostname: hostnameFor(config, row.name, row.is_base),
    row,
  };
}

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
    rememberMeDays: r.remember_me_days,
    dashboardRedirect: r.dashboard_redirect,
  };
}
