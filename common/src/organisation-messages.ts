/**
 * Texts of the organisation settings page (/organisation): the spec's exact texts first, then the
 * labels, guidance and validation messages of every setting. The catalog's `organisation.*` keys; a
 * group's texts (`labels.*`, `hints.*`) are records of live texts, read in the active language.
 */
import { liveRecord, liveTexts, textsOf } from './i18n/runtime.ts';
import { LIMITS, UPLOADS } from './policy.ts';

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / 1024} KB`);

/** The English texts (ICU MessageFormat). */
export const ORGANISATION_EN = {
  // Spec section 2, Organisation settings
  title: 'Manage your organisation',
  resetToRecommended: 'Reset to recommended',
  resetConfirmation:
    'Resetting to the recommended settings will remove any changes you have made to any setting. Are you sure you want to reset these settings?',
  settingsApplied: 'Settings applied, click save to keep your changes',
  resetChangesIntro: 'These settings will change:',
  resetNoChanges: 'Your settings already match the recommended ones: nothing will change.',
  resetChange: '{label}: from {from} to {to}',
  resetTurnsOnMfa:
    'Multi-factor authentication will be required for every user, you included: each will have to set it up at their next sign-in.',
  requireMfaHeader: 'Require MFA for every user',
  requireMfaText:
    'You have not set up multi-factor authentication yet. Once these settings are saved you will be taken to set it up before you can continue; every other user will set it up at their next sign-in.',
  requireMfaAffirm: 'Save and set up MFA',
  settingOn: 'on',
  settingOff: 'off',
  anyEmailAllowed: 'Any email address is allowed',
  save: 'Save',
  cancel: 'Cancel',

  'sections.passwordPolicy': 'Password policy',
  'sections.signUpPolicy': 'Sign-up policy',
  'sections.signInPolicy': 'Sign-in policy',
  'sections.appearance': 'Appearance',
  'sections.customContent': 'Custom content',

  strength: 'Security strength',
  strengthUnsaved: 'including your unsaved changes',
  strengthExplained:
    'How strongly these settings protect your users: multi-factor authentication, password length and lists, and limits on guessing.',
  preview: 'Preview',
  previewEmail: 'Email',
  previewCaption: 'Your sign-in page with these settings',
  supportMessagePreview: 'How the support message will read',
  providerSupport: 'support',
  whitelistAdd: 'Add',
  whitelistNewEntry: 'Add an email address or pattern',
  whitelistRemove: 'Remove {entry}',
  whitelistEmpty: 'No entries: nobody can sign up by themselves.',
  imageChoose: 'Choose a file',
  imageRemove: 'Remove',
  imageRemoved: 'Removed when you save',
  imageNone: 'None',
  imageSelected: 'New image, saved when you save',
  imageCurrent: 'Current image',
  warning: 'Warning:',

  'labels.displayName': 'Display name',
  'labels.hideOrganisationName': 'Hide organisation name',
  'labels.passwordMinLength': 'Minimum password length',
  'labels.passwordExpiryDays': 'Password expiry (days)',
  'labels.passwordUpper': 'Require an upper-case letter',
  'labels.passwordLower': 'Require a lower-case letter',
  'labels.passwordDigit': 'Require a digit',
  'labels.passwordSpecial': 'Require a symbol or punctuation mark',
  'labels.usePasswordList': 'Refuse common and breached passwords',
  'labels.enforcePasswordHistory': 'Prevent reuse of the last {count} passwords',
  'labels.passwordVisibility': 'Let people show the password they are typing',
  'labels.preventSelfSignUp': 'Prevent self sign-up',
  'labels.requireSignUpChallenge': 'Always ask for a robot check on sign-up',
  'labels.userEmailWhitelist': 'Email addresses allowed to sign up',
  'labels.invitationExpiryHours': 'Invitation expiry (hours)',
  'labels.failedSignInsBeforeCooldown': 'Failed sign-ins before cooldown',
  'labels.cooldownDurationMinutes': 'Cooldown duration (minutes)',
  'labels.failedSignInsBeforeLockout': 'Failed sign-ins before lockout',
  'labels.reactivationGracePeriodDays': 'Reactivation grace period (days)',
  'labels.inactivityExpiryDays': 'Disable accounts after inactivity (days)',
  'labels.inactivityDeletionDays': 'Delete accounts after inactivity (days)',
  'labels.inactivityNotificationEmailDays': 'Warning email before disabling (days)',
  'labels.rememberMeDays': 'Remember me (days)',
  'labels.enableRedirectUrl': 'Redirect users after sign-in',
  'labels.redirectUrl': 'Redirect URL',
  'labels.dashboardRedirect': 'Send users with one application straight to it',
  'labels.requireTwoStep': 'Require multi-factor authentication (MFA) for every user',
  'labels.allowSMSTwoStep': 'Allow SMS codes for MFA',
  'labels.allowEmailTwoStep': 'Allow email codes for MFA',
  'labels.allowPasswordless': 'Allow passwordless sign-in with a passkey',
  'labels.newBrowserNotice': 'Email people when they sign in from a new browser',
  'labels.colour': 'Colour',
  'labels.font': 'Font',
  'labels.buttonStyle': 'Button style',
  'labels.inputStyle': 'Input style',
  'labels.logo': 'Logo',
  'labels.backgroundImage': 'Background image',
  'labels.hero': 'Hero image',
  'labels.favicon': 'Tab icon',
  'labels.supportMessage': 'Support message',
  'labels.customPrivacyPolicyURL': 'Custom privacy policy URL',
  'labels.customTermsConditionsURL': 'Custom terms and conditions URL',
  'labels.customHelpPageURL': 'Custom help page URL',

  'hints.displayName': 'Shown on your sign-in pages and in the browser tab.',
  'hints.hideOrganisationName': 'Show only the logo in page headers.',
  'hints.passwordMinLength': 'Recommended: 10.',
  'hints.passwordExpiryDays': '0 disables expiry. Recommended: 0.',
  'hints.usePasswordList': 'Recommended: on.',
  'hints.passwordVisibility': 'Password fields get a Show password button, so a long password is typed without mistakes. Recommended: on.',
  'hints.preventSelfSignUp': 'People can then join only by invitation.',
  'hints.requireSignUpChallenge':
    'Every sign-up first solves a short puzzle in the browser (about a second, nothing is sent elsewhere). Without it, only bursts of sign-ups are asked. Recommended: off.',
  'hints.userEmailWhitelist': 'An email address, or a pattern between slashes such as /@example\\.com$/.',
  'hints.invitationExpiryHours': 'Recommended: 168 (7 days).',
  'hints.failedSignInsBeforeCooldown': '0 disables. Recommended: 5.',
  'hints.cooldownDurationMinutes': '0 disables. Recommended: 30.',
  'hints.failedSignInsBeforeLockout': '0 disables. Recommended: 10.',
  'hints.reactivationGracePeriodDays': '0 means same day only. Recommended: 3.',
  'hints.inactivityExpiryDays': '0 disables. Recommended: 60.',
  'hints.inactivityDeletionDays': '0 disables. Recommended: 0.',
  'hints.inactivityNotificationEmailDays': '0 disables. Recommended: 7.',
  'hints.rememberMeDays': '0 disables. A fraction gives hours, for example 0.5 is 12 hours. Recommended: 0.',
  'hints.dashboardRedirect': 'End users with exactly one application that has a landing page go to it instead of the dashboard.',
  'hints.requireTwoStep': 'Recommended: on.',
  'hints.allowPasswordless':
    "People who have added a passkey can sign in with it alone, from a button or their browser's autofill; it counts as MFA. Recommended: on.",
  'hints.newBrowserNotice':
    "The email gives the time, browser and address, with a link that signs the person out everywhere and asks for a new password. A person's first browser is not new.",
  'hints.supportMessage': 'Shown on the help page. Write a link as [text](https://example.com) or [text](mailto:help@example.com).',
  'hints.customPrivacyPolicyURL': 'When set, the privacy policy page sends visitors here.',
  'hints.customTermsConditionsURL': 'When set, the terms and conditions page sends visitors here.',
  'hints.customHelpPageURL': 'When set, the help page sends visitors here.',

  'imageHints.logo': 'PNG, JPEG or GIF, up to {size}.',
  'imageHints.background': 'Shown behind every page. PNG, JPEG or GIF, up to {size}.',
  'imageHints.hero': 'Shown beside the sign-in form. PNG, JPEG or GIF, up to {size}.',
  'imageHints.favicon': 'The icon in the browser tab: an .ico file, up to {size}.',

  'optionLabels.DarkGrey': 'Dark grey',
  'optionLabels.DarkBlue': 'Dark blue',
  'optionLabels.Default': 'Default',
  'optionLabels.Serif': 'Serif',
  'optionLabels.Rounded': 'Rounded',
  'optionLabels.Grey': 'Grey',

  'validation.chooseOption': 'Please choose one of the options',
  'validation.httpUrl': 'Please enter a web address starting with https:// or http://',
  'validation.redirectUrlRequired': 'Please enter the URL to send users to',
  'validation.lockoutAfterCooldown': 'Lockout must take more failed sign-ins than the cooldown does (more than {cooldown}), or be 0',
  'validation.whitelistTooMany': 'Use at most {max} entries',
  'validation.whitelistEntry': '"{entry}" is neither an email address nor a pattern between slashes such as /@example\\.com$/',
  'validation.whitelistPatternInvalid': '"{entry}" is not a valid pattern',
  'validation.whitelistPatternUnsupported': '"{entry}" uses back-references or look-around, which cannot be checked in safe, linear time',
} as const;

const t = textsOf('organisation', ORGANISATION_EN);

type Key = keyof typeof ORGANISATION_EN;
/** The keys of one group (`labels`): what follows `labels.` in the catalog. */
type Under<P extends string> = { [K in Key]: K extends `${P}.${infer R}` ? R : never }[Key];
const under = <P extends string>(prefix: P): Under<P>[] =>
  (Object.keys(ORGANISATION_EN) as Key[])
    .filter((key) => key.startsWith(`${prefix}.`))
    .map((key) => key.slice(prefix.length + 1) as Under<P>);

const IMAGE_BYTES: Readonly<Record<Under<'imageHints'>, number>> = {
  logo: UPLOADS.logo.maxBytes,
  background: UPLOADS.background.maxBytes,
  hero: UPLOADS.hero.maxBytes,
  favicon: UPLOADS.favicon.maxBytes,
};

export const ORGANISATION_MESSAGES = liveTexts('organisation', ORGANISATION_EN, {
  resetChange: (label: string, from: string, to: string) => t('resetChange', { label, from, to }),
  whitelistRemove: (entry: string) => t('whitelistRemove', { entry }),
  sections: liveRecord(under('sections'), (key) => t(`sections.${key}`)),
  labels: liveRecord(under('labels'), (key) =>
    key === 'enforcePasswordHistory' ? t('labels.enforcePasswordHistory', { count: LIMITS.passwordHistory }) : t(`labels.${key}`),
  ),
  hints: liveRecord(under('hints'), (key) => t(`hints.${key}`)),
  imageHints: liveRecord(under('imageHints'), (key) => t(`imageHints.${key}`, { size: size(IMAGE_BYTES[key]) })),
  optionLabels: liveRecord(under('optionLabels'), (key) => t(`optionLabels.${key}`)) as Readonly<Record<string, string>>,
  validation: {
    get chooseOption() {
      return t('validation.chooseOption');
    },
    get httpUrl() {
      return t('validation.httpUrl');
    },
    get redirectUrlRequired() {
      return t('validation.redirectUrlRequired');
    },
    lockoutAfterCooldown: (cooldown: number) => t('validation.lockoutAfterCooldown', { cooldown }),
    whitelistTooMany: (max: number) => t('validation.whitelistTooMany', { max }),
    whitelistEntry: (entry: string) => t('validation.whitelistEntry', { entry }),
    whitelistPatternInvalid: (entry: string) => t('validation.whitelistPatternInvalid', { entry }),
    whitelistPatternUnsupported: (entry: string) => t('validation.whitelistPatternUnsupported', { entry }),
  },
});
