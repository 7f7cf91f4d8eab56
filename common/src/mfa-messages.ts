/**
 * Texts of multi-factor authentication: /twostep, the code step of the sign-in page, its errors and the
 * SMS messages (spec sections 2, 8 and 9). Texts the spec gives are used exactly; the others are ours.
 */
import { MFA, rememberDuration } from './mfa.ts';
import type { TwoStepKind } from './policy.ts';

export const MFA_MESSAGES = {
  title: 'Multi-factor authentication',

  // Choosing a method (spec: App marked Recommended, SMS and Email when allowed; Continue)
  chooseIntro: 'Add a second step to signing in: after your password, you enter a code that only you can get.',
  requiredIntro: 'Your organisation requires multi-factor authentication. Set it up to continue.',
  methodLegend: 'How do you want to get your codes?',
  methods: { 0: 'App', 1: 'Email', 2: 'SMS', 3: 'Passkey' } satisfies Record<TwoStepKind, string>,
  methodHints: {
    0: 'An authenticator app on your phone shows a new code every 30 seconds, even offline.',
    1: 'We email you a code each time you sign in.',
    2: 'We text a code to your mobile phone each time you sign in.',
    3: 'Your device confirms it is you with your fingerprint, face or screen lock.',
  } satisfies Record<TwoStepKind, string>,
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
  appCodeLabel: (digits: number) => `Enter ${digits} digit code displayed on authenticator app`,

  // SMS
  phoneNumber: 'Mobile phone number',
  phoneHint: 'In international format, for example +44 7700 900123.',
  phoneInvalid: 'Please enter your mobile number in international format, starting with + and the country code',
  sendCode: 'Send code',
  codeSent: 'Code sent',
  resendCode: 'Resend code',
  smsCodeLabel: (digits: number) => `Enter ${digits} digit code sent to your phone`,

  // Email
  emailIntro: (email: string) => `We've emailed a code to ${email}.`,
  emailCodeLabel: (digits: number) => `Enter ${digits} digit code sent to your email`,

  // Enabled
  recoveryCodesHeading: 'Your recovery codes',
  recoveryCodesIntro:
    'If you lose access to your codes, each of these recovery codes signs you in once. Keep them somewhere safe: they will not be shown again after you leave this page.',
  copyCodes: 'Copy codes',
  codesCopied: 'Copied',
  downloadCodes: 'Download',
  /** The downloaded file: the codes, one per line, with where they belong. */
  recoveryCodesFile: (hostname: string, codes: readonly string[]) =>
    [`Recovery codes for ${hostname}`, 'Each code signs you in once.', '', ...codes, ''].join('\n'),
  enabledHeading: 'Multi-factor authentication is on',
  enabledText: (method: TwoStepKind) =>
    ({
      0: 'After your password, you enter a code from your authenticator app.',
      1: 'After your password, you enter a code we email you.',
      2: 'After your password, you enter a code we text to your phone.',
      3: 'After your password, you confirm with one of your passkeys.',
    })[method],
  // The person's factors: several methods, one the default
  factorsHeading: 'Your methods',
  factorsIntro: 'Sign-in asks for your default method first; "Use another method" offers the others.',
  factorName: 'Name (optional)',
  factorNameHint: 'To tell your methods apart, for example "Work phone".',
  factorDefault: 'Default',
  factorPhone: (phone: string) => `Codes go to ${phone}`,
  makeDefault: 'Make default',
  renameFactor: 'Rename',
  removeFactor: 'Remove',
  removeFactorLabel: (method: string) => `Remove ${method}`,
  factorActions: (method: string) => `Actions for ${method}`,
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
  passkeyCreated: (date: string) => `Added ${date}`,
  passkeyLastUsed: (date: string | null) => (date ? `Last used ${date}` : 'Never used'),
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
  codeStepIntro: {
    0: (digits: number) => `Enter the ${digits} digit code displayed on your authenticator app.`,
    1: (digits: number) => `We've emailed you a ${digits} digit code. It works for ${MFA.emailCodeMinutes} minutes.`,
    2: (digits: number, phone: string) => `We've sent a ${digits} digit code to ${phone}. It works for ${MFA.smsCodeMinutes} minutes.`,
  },
  code: 'Code',
  recoveryHint: 'No access to your codes? Enter one of your recovery codes instead.',
  rememberDevice: (days: number) => `Remember this device for ${rememberDuration(days)}`,
  verify: 'Verify',
  startAgain: 'Sign in again',
  // 'Use another method': the person's other factors, offered after the password step.
  useAnotherMethod: 'Use another method',
  anotherMethodLegend: 'Sign in with',
  anotherMethods: {
    0: 'A code from your authenticator app',
    1: 'A code sent to your email',
    2: (phone: string | null) => (phone ? `A code sent to ${phone}` : 'A code sent to your phone'),
  },

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
  newCodeFrom: (time: string) => `You can ask for a new code from ${time}.`,
  twoStepRequired: 'Please set up multi-factor authentication to continue',
  notYourself: 'You cannot reset your own multi-factor authentication here: use the MFA page',

  // Text messages
  smsSignInCode: (org: string, code: string) =>
    `${code} is your ${org} sign-in code. It works for ${MFA.smsCodeMinutes} minutes. Never share it.`,
  smsSetupCode: (org: string, code: string) =>
    `${code} is your ${org} code to set up SMS sign-in. It works for ${MFA.smsCodeMinutes} minutes.`,
} as const;
