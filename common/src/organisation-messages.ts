/**
 * Texts of the organisation settings page (/organisation): the spec's exact texts first, then the
 * labels, guidance and validation messages of every setting.
 */
import { LIMITS, UPLOADS } from './policy.ts';

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / 1024} KB`);

export const ORGANISATION_MESSAGES = {
  // Spec section 2, Organisation settings
  title: 'Manage your organisation',
  resetToRecommended: 'Reset to recommended',
  resetConfirmation:
    'Resetting to the recommended settings will remove any changes you have made to any setting. Are you sure you want to reset these settings?',
  settingsApplied: 'Settings applied, click save to keep your changes',
  resetChangesIntro: 'These settings will change:',
  resetNoChanges: 'Your settings already match the recommended ones: nothing will change.',
  resetChange: (label: string, from: string, to: string) => `${label}: from ${from} to ${to}`,
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

  sections: {
    passwordPolicy: 'Password policy',
    signUpPolicy: 'Sign-up policy',
    signInPolicy: 'Sign-in policy',
    appearance: 'Appearance',
    customContent: 'Custom content',
  },

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
  whitelistRemove: (entry: string) => `Remove ${entry}`,
  whitelistEmpty: 'No entries: nobody can sign up by themselves.',
  imageChoose: 'Choose a file',
  imageRemove: 'Remove',
  imageRemoved: 'Removed when you save',
  imageNone: 'None',
  imageSelected: 'New image, saved when you save',
  imageCurrent: 'Current image',
  warning: 'Warning:',

  labels: {
    displayName: 'Display name',
    hideOrganisationName: 'Hide organisation name',
    passwordMinLength: 'Minimum password length',
    passwordExpiryDays: 'Password expiry (days)',
    passwordUpper: 'Require an upper-case letter',
    passwordLower: 'Require a lower-case letter',
    passwordDigit: 'Require a digit',
    passwordSpecial: 'Require a symbol or punctuation mark',
    usePasswordList: 'Refuse common and breached passwords',
    enforcePasswordHistory: `Prevent reuse of the last ${LIMITS.passwordHistory} passwords`,
    passwordVisibility: 'Let people show the password they are typing',
    preventSelfSignUp: 'Prevent self sign-up',
    requireSignUpChallenge: 'Always ask for a robot check on sign-up',
    userEmailWhitelist: 'Email addresses allowed to sign up',
    invitationExpiryHours: 'Invitation expiry (hours)',
    failedSignInsBeforeCooldown: 'Failed sign-ins before cooldown',
    cooldownDurationMinutes: 'Cooldown duration (minutes)',
    failedSignInsBeforeLockout: 'Failed sign-ins before lockout',
    reactivationGracePeriodDays: 'Reactivation grace period (days)',
    inactivityExpiryDays: 'Disable accounts after inactivity (days)',
    inactivityDeletionDays: 'Delete accounts after inactivity (days)',
    inactivityNotificationEmailDays: 'Warning email before disabling (days)',
    rememberMeDays: 'Remember me (days)',
    enableRedirectUrl: 'Redirect users after sign-in',
    redirectUrl: 'Redirect URL',
    dashboardRedirect: 'Send users with one application straight to it',
    requireTwoStep: 'Require multi-factor authentication (MFA) for every user',
    allowSMSTwoStep: 'Allow SMS codes for MFA',
    allowEmailTwoStep: 'Allow email codes for MFA',
    allowPasswordless: 'Allow passwordless sign-in with a passkey',
    newBrowserNotice: 'Email people when they sign in from a new browser',
    colour: 'Colour',
    font: 'Font',
    buttonStyle: 'Button style',
    inputStyle: 'Input style',
    logo: 'Logo',
    backgroundImage: 'Background image',
    hero: 'Hero image',
    favicon: 'Tab icon',
    supportMessage: 'Support message',
    customPrivacyPolicyURL: 'Custom privacy policy URL',
    customTermsConditionsURL: 'Custom terms and conditions URL',
    customHelpPageURL: 'Custom help page URL',
  },

  hints: {
    displayName: 'Shown on your sign-in pages and in the browser tab.',
    hideOrganisationName: 'Show only the logo in page headers.',
    passwordMinLength: 'Recommended: 10.',
    passwordExpiryDays: '0 disables expiry. Recommended: 0.',
    usePasswordList: 'Recommended: on.',
    passwordVisibility: 'Password fields get a Show password button, so a long password is typed without mistakes. Recommended: on.',
    preventSelfSignUp: 'People can then join only by invitation.',
    requireSignUpChallenge:
      'Every sign-up first solves a short puzzle in the browser (about a second, nothing is sent elsewhere). Without it, only bursts of sign-ups are asked. Recommended: off.',
    userEmailWhitelist: 'An email address, or a pattern between slashes such as /@example\\.com$/.',
    invitationExpiryHours: 'Recommended: 168 (7 days).',
    failedSignInsBeforeCooldown: '0 disables. Recommended: 5.',
    cooldownDurationMinutes: '0 disables. Recommended: 30.',
    failedSignInsBeforeLockout: '0 disables. Recommended: 10.',
    reactivationGracePeriodDays: '0 means same day only. Recommended: 3.',
    inactivityExpiryDays: '0 disables. Recommended: 60.',
    inactivityDeletionDays: '0 disables. Recommended: 0.',
    inactivityNotificationEmailDays: '0 disables. Recommended: 7.',
    rememberMeDays: '0 disables. A fraction gives hours, for example 0.5 is 12 hours. Recommended: 0.',
    dashboardRedirect: 'End users with exactly one application that has a landing page go to it instead of the dashboard.',
    requireTwoStep: 'Recommended: on.',
    allowPasswordless:
      "People who have added a passkey can sign in with it alone, from a button or their browser's autofill; it counts as MFA. Recommended: on.",
    newBrowserNotice:
      "The email gives the time, browser and address, with a link that signs the person out everywhere and asks for a new password. A person's first browser is not new.",
    supportMessage: 'Shown on the help page. Write a link as [text](https://example.com) or [text](mailto:help@example.com).',
    customPrivacyPolicyURL: 'When set, the privacy policy page sends visitors here.',
    customTermsConditionsURL: 'When set, the terms and conditions page sends visitors here.',
    customHelpPageURL: 'When set, the help page sends visitors here.',
  },

  imageHints: {
    logo: `PNG, JPEG or GIF, up to ${size(UPLOADS.logo.maxBytes)}.`,
    background: `Shown behind every page. PNG, JPEG or GIF, up to ${size(UPLOADS.background.maxBytes)}.`,
    hero: `Shown beside the sign-in form. PNG, JPEG or GIF, up to ${size(UPLOADS.hero.maxBytes)}.`,
    favicon: `The icon in the browser tab: an .ico file, up to ${size(UPLOADS.favicon.maxBytes)}.`,
  },

  optionLabels: {
    DarkGrey: 'Dark grey',
    DarkBlue: 'Dark blue',
    Default: 'Default',
    Serif: 'Serif',
    Rounded: 'Rounded',
    Grey: 'Grey',
  } as Record<string, string>,

  validation: {
    chooseOption: 'Please choose one of the options',
    httpUrl: 'Please enter a web address starting with https:// or http://',
    redirectUrlRequired: 'Please enter the URL to send users to',
    lockoutAfterCooldown: (cooldown: number) =>
      `Lockout must take more failed sign-ins than the cooldown does (more than ${cooldown}), or be 0`,
    whitelistTooMany: (max: number) => `Use at most ${max} entries`,
    whitelistEntry: (entry: string) => `"${entry}" is neither an email address nor a pattern between slashes such as /@example\\.com$/`,
    whitelistPatternInvalid: (entry: string) => `"${entry}" is not a valid pattern`,
    whitelistPatternUnsupported: (entry: string) =>
      `"${entry}" uses back-references or look-around, which cannot be checked in safe, linear time`,
  },
} as const;
