/**
 * Texts of multi-factor authentication: /twostep, the code step of the sign-in page, its errors and the
 * SMS messages (spec sections 2, 8 and 9). Texts the spec gives are used exactly; the others are ours.
 */
import { liveRecord, liveTexts, textsOf } from './i18n/runtime.ts';
import { MFA } from './mfa.ts';
import type { TwoStepKind } from './policy.ts';

/** The English texts (ICU MessageFormat): the catalog's `mfa.*` keys. */
export const MFA_EN = {
  title: 'Multi-factor authentication',

  // Choosing a method (spec: App marked Recommended, SMS and Email when allowed; Continue)
  chooseIntro: 'Add a second step to signing in: after your password, you enter a code that only you can get.',
  requiredIntro: 'Your organisation requires multi-factor authentication. Set it up to continue.',
  methodLegend: 'How do you want to get your codes?',
  method0: 'App',
  method1: 'Email',
  method2: 'SMS',
  method3: 'Passkey',
  methodHint0: 'An authenticator app on your phone shows a new code every 30 seconds, even offline.',
  methodHint1: 'We email you a code each time you sign in.',
  methodHint2: 'We text a code to your mobile phone each time you sign in.',
  methodHint3: 'Your device confirms it is you with your fingerprint, face or screen lock.',
  recommended: 'Recommended',
  continue: 'Continue',
  cancel: 'Cancel',
  save: 'Save',
  password: 'Password',
  passwordHint: 'Confirm with your password.',

  // Authenticator app
  appIntro: 'Scan this QR code with your authenticator app.',
  qrAlt: 'QR code for your authenticator app',
  qrFailure: 'Unable to generate QR code, please try again',
  tryAgain: 'Try again',
  cantScan: "Can't scan?",
  secretIntro: 'Enter this key in your authenticator app instead (time-based):',
  appCodeLabel: 'Enter {digits} digit code displayed on authenticator app',

  // SMS
  phoneNumber: 'Mobile phone number',
  phoneHint: 'In international format, for example +44 7700 900123.',
  phoneInvalid: 'Please enter your mobile number in international format, starting with + and the country code',
  sendCode: 'Send code',
  codeSent: 'Code sent',
  resendCode: 'Resend code',
  smsCodeLabel: 'Enter {digits} digit code sent to your phone',

  // Email
  emailIntro: "We've emailed a code to {email}.",
  emailCodeLabel: 'Enter {digits} digit code sent to your email',

  // Enabled
  recoveryCodesHeading: 'Your recovery codes',
  recoveryCodesIntro:
    'If you lose access to your codes, each of these recovery codes signs you in once. Keep them somewhere safe: they will not be shown again after you leave this page.',
  copyCodes: 'Copy codes',
  codesCopied: 'Copied',
  downloadCodes: 'Download',
  /** The downloaded file: the codes, one per line, with where they belong. */
  recoveryCodesFileTitle: 'Recovery codes for {hostname}',
  recoveryCodesFileNote: 'Each code signs you in once.',
  enabledHeading: 'Multi-factor authentication is on',
  enabledText0: 'After your password, you enter a code from your authenticator app.',
  enabledText1: 'After your password, you enter a code we email you.',
  enabledText2: 'After your password, you enter a code we text to your phone.',
  enabledText3: 'After your password, you confirm with one of your passkeys.',
  // The person's factors: several methods, one the default
  factorsHeading: 'Your methods',
  factorsIntro: 'Sign-in asks for your default method first; "Use another method" offers the others.',
  factorName: 'Name (optional)',
  factorNameHint: 'To tell your methods apart, for example "Work phone".',
  factorDefault: 'Default',
  factorPhone: 'Codes go to {phone}',
  makeDefault: 'Make default',
  renameFactor: 'Rename',
  removeFactor: 'Remove',
  removeFactorLabel: 'Remove {method}',
  factorActions: 'Actions for {method}',
  addMethod: 'Add another method',
  addMethodHeading: 'Add another method',
  noMoreMethods: 'You have every method your organisation offers; you can still add another authenticator app.',
  // Recovery codes made anew
  regenerateHeading: 'Recovery codes',
  regenerateIntro: 'Lost your recovery codes, or used most of them? Make a new set: the old codes stop working.',
  regenerateCodes: 'Regenerate recovery codes',
  regenerateText: 'Your current recovery codes will stop working, and the new ones are shown once.',
  regenerateConfirmation: 'I understand that my current recovery codes will stop working',

  // Passkeys
  passkeysHeading: 'Passkeys',
  passkeysIntro: 'Sign in with your fingerprint, face or screen lock instead of a code. A passkey works only on this site.',
  addPasskey: 'Add a passkey',
  passkeyName: 'Name',
  passkeyDefaultName: 'Passkey',
  passkeyCreated: 'Added {date}',
  passkeyLastUsed: 'Last used {date}',
  passkeyNeverUsed: 'Never used',
  renamePasskey: 'Rename',
  removePasskey: 'Remove',
  noPasskeys: 'You have no passkeys yet.',
  usePasskey: 'Use a passkey',
  passkeyInvalid: 'That passkey could not be checked, please try again',
  passkeyNotFound: 'That passkey no longer exists',
  passkeyCancelled: 'The passkey was not used. Try again, or enter a code.',
  passkeyPrompt: 'Confirm with one of your passkeys.',
  signInWithPasskey: 'Sign in with a passkey',
  passwordlessCancelled: 'The passkey was not used. Try again, or sign in with your email and password.',
  passwordlessDisabled: 'Signing in with a passkey alone is not offered here, please sign in with your email and password',
  passwordlessUnsupported: 'This browser cannot use passkeys, please sign in with your email and password',
  confirmWithPasskey: 'Confirm with another passkey',
  confirmPasskeyCancelled: 'The passkey was not used. Try again, or confirm with your password.',
  requiredNote: 'Your organisation requires multi-factor authentication: after a reset you set it up again.',
  disable: 'Disable',
  reset: 'Reset',
  warning: 'Warning',
  disableText: 'Without multi-factor authentication, anyone who learns your password can sign in as you.',
  disableConfirmation: 'I understand that my account will be protected by my password only',
  resetText: 'Your current method and recovery codes will stop working, and you will set up multi-factor authentication again.',
  resetConfirmation: 'I understand that my current codes and recovery codes will stop working',
  disableButton: 'Disable MFA',
  resetButton: 'Reset MFA',

  // The sign-in page's code step
  codeStepHeading: 'Enter your code',
  /** The code step's heading for a user whose only second step is a passkey. */
  passkeyStepHeading: 'Confirm with your passkey',
  or: 'or',
  codeStepIntro0: 'Enter the {digits} digit code displayed on your authenticator app.',
  codeStepIntro1: "We've emailed you a {digits} digit code. It works for {minutes, plural, one {# minute} other {# minutes}}.",
  codeStepIntro2: "We've sent a {digits} digit code to {phone}. It works for {minutes, plural, one {# minute} other {# minutes}}.",
  code: 'Code',
  recoveryHint: 'No access to your codes? Enter one of your recovery codes instead.',
  rememberDeviceDays: 'Remember this device for {days, plural, one {# day} other {# days}}',
  rememberDeviceHours: 'Remember this device for {hours, plural, one {# hour} other {# hours}}',
  verify: 'Verify',
  startAgain: 'Sign in again',
  // 'Use another method': the person's other factors, offered after the password step.
  useAnotherMethod: 'Use another method',
  anotherMethodLegend: 'Sign in with',
  anotherMethod0: 'A code from your authenticator app',
  anotherMethod1: 'A code sent to your email',
  anotherMethod2: 'A code sent to your phone',
  anotherMethod2Phone: 'A code sent to {phone}',

  // Errors
  codeInvalid: 'That code is not right, please try again',
  codeExpired: 'That code has expired, please ask for a new one',
  signInExpired: 'Your sign-in has expired, please sign in again',
  setupExpired: 'Your set-up has expired, please start again',
  methodNotAllowed: 'Your organisation does not allow this method',
  alreadyEnabled: 'You already have this method',
  notEnabled: 'Multi-factor authentication is not on',
  lastFactorRequired: 'Your organisation requires multi-factor authentication: add another method before you remove your last one',
  factorNotFound: 'That method no longer exists',
  resendTooSoon: 'A code was sent less than a minute ago, please wait before asking for another',
  tooManyCodes: 'Too many codes have been sent, please try again in an hour',
  newCodeFrom: 'You can ask for a new code from {time}.',
  twoStepRequired: 'Please set up multi-factor authentication to continue',
  notYourself: 'You cannot reset your own multi-factor authentication here: use the MFA page',

  // Text messages
  smsSignInCode: '{code} is your {org} sign-in code. It works for {minutes, plural, one {# minute} other {# minutes}}. Never share it.',
  smsSetupCode: '{code} is your {org} code to set up SMS sign-in. It works for {minutes, plural, one {# minute} other {# minutes}}.',
} as const;

const t = textsOf('mfa', MFA_EN);
const KINDS = [0, 1, 2, 3] as const satisfies readonly TwoStepKind[];
/** Days as English says them before: whole or one decimal; under a day, hours. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export const MFA_MESSAGES = liveTexts('mfa', MFA_EN, {
  methods: liveRecord(KINDS, (kind) => t(`method${kind}`)),
  methodHints: liveRecord(KINDS, (kind) => t(`methodHint${kind}`)),
  appCodeLabel: (digits: number) => t('appCodeLabel', { digits }),
  smsCodeLabel: (digits: number) => t('smsCodeLabel', { digits }),
  emailIntro: (email: string) => t('emailIntro', { email }),
  emailCodeLabel: (digits: number) => t('emailCodeLabel', { digits }),
  /** The downloaded file: the codes, one per line, with where they belong. */
  recoveryCodesFile: (hostname: string, codes: readonly string[]) =>
    [t('recoveryCodesFileTitle', { hostname }), t('recoveryCodesFileNote'), '', ...codes, ''].join('\n'),
  enabledText: (method: TwoStepKind) => t(`enabledText${method}`),
  factorPhone: (phone: string) => t('factorPhone', { phone }),
  removeFactorLabel: (method: string) => t('removeFactorLabel', { method }),
  factorActions: (method: string) => t('factorActions', { method }),
  passkeyCreated: (date: string) => t('passkeyCreated', { date }),
  passkeyLastUsed: (date: string | null) => (date ? t('passkeyLastUsed', { date }) : t('passkeyNeverUsed')),
  codeStepIntro: {
    0: (digits: number) => t('codeStepIntro0', { digits }),
    1: (digits: number) => t('codeStepIntro1', { digits, minutes: MFA.emailCodeMinutes }),
    2: (digits: number, phone: string) => t('codeStepIntro2', { digits, phone, minutes: MFA.smsCodeMinutes }),
  },
  rememberDevice: (days: number) =>
    days >= 1 ? t('rememberDeviceDays', { days: oneDecimal(days) }) : t('rememberDeviceHours', { hours: oneDecimal(days * 24) }),
  anotherMethods: {
    get 0() {
      return t('anotherMethod0');
    },
    get 1() {
      return t('anotherMethod1');
    },
    2: (phone: string | null) => (phone ? t('anotherMethod2Phone', { phone }) : t('anotherMethod2')),
  },
  newCodeFrom: (time: string) => t('newCodeFrom', { time }),
  smsSignInCode: (org: string, code: string) => t('smsSignInCode', { code, org, minutes: MFA.smsCodeMinutes }),
  smsSetupCode: (org: string, code: string) => t('smsSetupCode', { code, org, minutes: MFA.smsCodeMinutes }),
});
