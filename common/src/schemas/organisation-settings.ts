/**
 * The organisation settings an Organisation Admin edits on /organisation, as one schema that both the
 * page's form and the server's `PUT /api/organisation` (and its preview) parse with.
 */
import { z } from 'zod';

import { ORGANISATION_MESSAGES } from '../organisation-messages.ts';
import { ANY_EMAIL_PATTERN, BUTTON_STYLES, COLOURS, FONTS, INPUT_STYLES, LIMITS } from '../policy.ts';
import { email, formBoolean, formInt, formList, formNumber, optionalString, requiredString } from './fields.ts';
import { offeredLocalesField, supportedLocale } from './language.ts';
import { type PublicOrganisation, publicOrganisation } from './organisation.ts';

const V = ORGANISATION_MESSAGES.validation;

/**
 * Accepted ranges of the numeric settings. 0 switches a limit off where the spec says so. The bounds
 * keep each value meaningful: a password of at least 8 characters (NIST SP 800-63B's floor) and at
 * most 128; invitations that last between an hour and 30 days; counts and periods no one would set
 * higher (100 failures before a cooldown, a day of cooldown, 10 years of inactivity).
 */
export const SETTINGS_RANGES = {
  passwordMinLength: { min: 8, max: 128 },
  passwordExpiryDays: { min: 0, max: 3650 },
  invitationExpiryHours: { min: 1, max: 720 },
  failedSignInsBeforeCooldown: { min: 0, max: 100 },
  cooldownDurationMinutes: { min: 0, max: 1440 },
  failedSignInsBeforeLockout: { min: 0, max: 1000 },
  reactivationGracePeriodDays: { min: 0, max: 365 },
  inactivityExpiryDays: { min: 0, max: 3650 },
  inactivityDeletionDays: { min: 0, max: 3650 },
  inactivityNotificationEmailDays: { min: 0, max: 365 },
  /** Fractions allowed: under one day the sign-in page speaks of hours. */
  rememberMeDays: { min: 0, max: 365 },
} as const;
export type NumericSetting = keyof typeof SETTINGS_RANGES;

export const SETTINGS_LIMITS = {
  displayNameMax: 100,
  supportMessageMax: 2000,
  urlMax: 2000,
  whitelistEntries: 100,
  whitelistEntryMax: LIMITS.emailMax,
} as const;

const int = (name: Exclude<NumericSetting, 'rememberMeDays'>) => formInt(SETTINGS_RANGES[name].min, SETTINGS_RANGES[name].max);

/** True for an absolute http(s) URL without credentials in it. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** An optional web address: blank is null; anything else must be http(s). */
const optionalHttpUrl = optionalString(SETTINGS_LIMITS.urlMax)
  .refine((v) => v === undefined || isHttpUrl(v), { error: () => V.httpUrl })
  .transform((v) => v ?? null);

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: () => V.chooseOption });

/** True for a whitelist entry written as a pattern between slashes, such as /@example\.com$/. */
export function isWhitelistPattern(entry: string): boolean {
  return entry.length >= 2 && entry.startsWith('/') && entry.endsWith('/');
}

// Back-references and look-around: features that need a backtracking engine.
const NON_REGULAR = /\\[1-9]|\\k<|\(\?<?[=!]/;

/** Why a whitelist entry is refused, or null. Patterns must compile and use only regular features. */
export function whitelistEntryProblem(entry: string): string | null {
  if (isWhitelistPattern(entry)) {
    const body = entry.slice(1, -1);
    if (NON_REGULAR.test(body)) return V.whitelistPatternUnsupported(entry);
    try {
      new RegExp(body);
    } catch {
      return V.whitelistPatternInvalid(entry);
    }
    return body === '' ? V.whitelistPatternInvalid(entry) : null;
  }
  return email.safeParse(entry).success ? null : V.whitelistEntry(entry);
}

/** A whitelist entry as stored: addresses lower-cased, patterns as written. */
export function normaliseWhitelistEntry(entry: string): string {
  const trimmed = entry.trim();
  return isWhitelistPattern(trimmed) ? trimmed : trimmed.toLowerCase();
}

/** How an entry reads on the page: the match-everything pattern in words. */
export function whitelistEntryLabel(entry: string): string {
  return entry === ANY_EMAIL_PATTERN ? ORGANISATION_MESSAGES.anyEmailAllowed : entry;
}

const userEmailWhitelist = formList(z.string().trim().max(SETTINGS_LIMITS.whitelistEntryMax))
  .transform((entries) => [...new Set(entries.map(normaliseWhitelistEntry))])
  .superRefine((entries, ctx) => {
    if (entries.length > SETTINGS_LIMITS.whitelistEntries) {
      ctx.addIssue({ code: 'custom', message: V.whitelistTooMany(SETTINGS_LIMITS.whitelistEntries) });
      return;
    }
    for (const entry of entries) {
      const problem = whitelistEntryProblem(entry);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return;
      }
    }
  });

const settingsShape = {
  // Password policy
  passwordMinLength: int('passwordMinLength'),
  passwordExpiryDays: int('passwordExpiryDays'),
  passwordUpper: formBoolean,
  passwordLower: formBoolean,
  passwordDigit: formBoolean,
  passwordSpecial: formBoolean,
  usePasswordList: formBoolean,
  enforcePasswordHistory: formBoolean,
  passwordVisibility: formBoolean,
  // Sign-up policy
  preventSelfSignUp: formBoolean,
  requireSignUpChallenge: formBoolean,
  userEmailWhitelist,
  invitationExpiryHours: int('invitationExpiryHours'),
  // Sign-in policy
  failedSignInsBeforeCooldown: int('failedSignInsBeforeCooldown'),
  cooldownDurationMinutes: int('cooldownDurationMinutes'),
  failedSignInsBeforeLockout: int('failedSignInsBeforeLockout'),
  reactivationGracePeriodDays: int('reactivationGracePeriodDays'),
  inactivityExpiryDays: int('inactivityExpiryDays'),
  inactivityDeletionDays: int('inactivityDeletionDays'),
  inactivityNotificationEmailDays: int('inactivityNotificationEmailDays'),
  rememberMeDays: formNumber(SETTINGS_RANGES.rememberMeDays.min, SETTINGS_RANGES.rememberMeDays.max),
  enableRedirectUrl: formBoolean,
  redirectUrl: optionalHttpUrl,
  dashboardRedirect: formBoolean,
  requireTwoStep: formBoolean,
  allowSMSTwoStep: formBoolean,
  newBrowserNotice: formBoolean,
  allowEmailTwoStep: formBoolean,
  allowPasswordless: formBoolean,
  // Appearance
  displayName: requiredString(SETTINGS_LIMITS.displayNameMax),
  hideOrganisationName: formBoolean,
  colour: choice(COLOURS),
  font: choice(FONTS),
  buttonStyle: choice(BUTTON_STYLES),
  inputStyle: choice(INPUT_STYLES),
  // Custom content
  supportMessage: optionalString(SETTINGS_LIMITS.supportMessageMax).transform((v) => v ?? null),
  customPrivacyPolicyURL: optionalHttpUrl,
  customTermsConditionsURL: optionalHttpUrl,
  customHelpPageURL: optionalHttpUrl,
  // Languages (the default is always offered too)
  defaultLanguage: supportedLocale,
  offeredLanguages: offeredLocalesField,
};

/** The names of every editable setting, in the order of the page. */
export const SETTING_NAMES = Object.keys(settingsShape) as (keyof typeof settingsShape)[];

/** `PUT /api/organisation` and `POST /api/organisation/preview` (which ignores images). */
export const organisationSettingsRequest = z
  .object({
    ...settingsShape,
    deleteLogo: formBoolean,
    deleteBackgroundImage: formBoolean,
    deleteHero: formBoolean,
    deleteFavicon: formBoolean,
  })
  .superRefine((s, ctx) => {
    if (s.enableRedirectUrl && !s.redirectUrl) ctx.addIssue({ code: 'custom', path: ['redirectUrl'], message: V.redirectUrlRequired });
    if (
      s.failedSignInsBeforeCooldown > 0 &&
      s.failedSignInsBeforeLockout > 0 &&
      s.failedSignInsBeforeLockout <= s.failedSignInsBeforeCooldown
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['failedSignInsBeforeLockout'],
        message: V.lockoutAfterCooldown(s.failedSignInsBeforeCooldown),
      });
    }
  });
export type OrganisationSettingsInput = z.input<typeof organisationSettingsRequest>;
export type OrganisationSettingsRequest = z.output<typeof organisationSettingsRequest>;

/** Every editable setting, as the admin view carries it and the form starts from. */
export type OrganisationSettings = Omit<
  OrganisationSettingsRequest,
  'deleteLogo' | 'deleteBackgroundImage' | 'deleteHero' | 'deleteFavicon'
>;

/** Every setting as the admin view answers it: its saved value, null where the form's blank is (an unset address). */
const settingsView = z.object(
  Object.fromEntries(
    Object.entries(settingsShape).map(([name, field]) => [name, z.preprocess((v) => v ?? undefined, field)]),
  ) as unknown as {
    [K in keyof typeof settingsShape]: z.ZodType<z.output<(typeof settingsShape)[K]>>;
  },
);

/** `GET /api/organisation` for an Organisation Admin: the public fields, every setting and the score. */
export const organisationAdminView = settingsView.extend(publicOrganisation.shape).extend({ settingsScore: z.number() });
export type OrganisationAdminView = PublicOrganisation & OrganisationSettings & { settingsScore: number };

/** `GET /api/organisation`: the admin view for an Organisation Admin, the public fields for anyone else. */
export const organisationView = z.union([organisationAdminView, publicOrganisation]);

/** `GET /api/organisation/settingsstrength`: the score of the saved settings, 0 to 100. */
export const settingsStrength = z.object({ settingsScore: z.number() });
export type SettingsStrength = z.infer<typeof settingsStrength>;

/** `POST /api/organisation/preview`: the organisation as it would look, images nulled, and its score. */
export const organisationPreview = z.object({
  organisation: publicOrganisation,
  /** The stylesheet's custom properties for these settings, to apply to a preview. */
  style: z.record(z.string(), z.string()),
  settingsScore: z.number(),
});
export type OrganisationPreview = z.infer<typeof organisationPreview>;

/** The query of `GET /api/organisation/assets/{kind}`: an asset id, or none for the current image. */
export const organisationAssetQuery = z.object({ id: z.string().max(100).optional() });
