/**
 * Every user-facing text of the spec, keyed. The SPA renders these and the server answers with them,
 * so a label or message is written once. Texts the spec gives are used exactly.
 */
import { indefiniteArticle } from './format.ts';
import { liveTexts, textsOf } from './i18n/runtime.ts';

/** The English texts (ICU MessageFormat): the catalog's `messages.*` keys. */
export const MESSAGES_EN = {
  // Generic notifications (spec section 8)
  genericError: 'Sorry, something went wrong - please try again',
  userNotFound: 'Sorry, the user was not found',
  clientNotFound: 'Sorry, the application was not found',
  notificationReceived: 'Notification received',
  networkError: 'Unable to reach the server, please check your connection and try again',

  // Root error page and 404
  errorPageTitle: 'Sorry, something went wrong',
  errorPageText: 'An unexpected error occurred, please try again.',
  errorPageCorrelationId: 'Correlation ID:',
  errorPageOccurredAt: 'Occurred at {time}',
  retry: 'Retry',
  notFoundTitle: 'Page not found',
  notFoundText: "Sorry, but we couldn't find the page you were looking for...",
  backToHome: 'Back to home',

  // Sign-in
  signInTitle: 'Sign in',
  /** An application asked for a fresh sign-in (prompt=login, max_age) while the user was signed in. */
  signInAgain: 'The application asks you to sign in again to continue.',
  signInHeader: 'Sign in to continue',
  signInButton: 'Sign in',
  forgotPassword: 'Forgot password?',
  createAccount: 'Create account',
  forgetMe: 'Forget me',
  accountDetailsUpdated: 'Account details updated',
  emailVerificationSuccessful: 'Email verification successful',
  alreadySignedUp: "You've already signed up, please sign in",
  invalidCredentials: 'The email address or password is incorrect',
  signInUnavailable: 'This account cannot sign in. Please contact your administrator.',
  baseOrganisationSignIn: 'Sign in through your organisation',

  // Validation
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  tooLong: 'Please use {max} characters or fewer',
  passwordsDoNotMatch: 'The passwords do not match',
  // A submit within a second of the previous one is not sent again (the double-submit guard).
  submitIgnored: 'Already sent a moment ago. Please wait a second, then try again.',

  // Token
  tokenUnrecognised: 'Token unrecognised or has expired, please request a new verification token from the dashboard page.',

  // Success messages
  userDetailsUpdated: 'User details updated',
  userInvited: 'Invitation sent to {email}',
  userDeleted: 'User deleted',
  passwordResetEmailSent: 'Password reset email sent',
  invitationEmailResent: 'Invitation email resent',
  verificationEmailSent: 'Verification email sent',
  accountUnlocked: 'Account unlocked',
  mfaReset: 'Multi-factor authentication reset',
  detailsUpdated: 'Details updated',
  applicationSettingsUpdated: 'Application settings updated',
  organisationSettingsUpdated: 'Organisation settings updated',
  messageSent: 'Message sent',
  confirmationEmailSent: 'Confirmation email sent',

  // Dashboards
  dashboardTitle: 'Dashboard',
  welcomeTitle: 'Welcome',
  securityLog: 'Security log',
  previouslySignedInAt: 'Previously signed in at',
  lastFailedSignInAt: 'Last failed sign in at',
  passwordLastChanged: 'Password last changed',
  never: 'Never',
  notYetVerified: 'Not yet verified',
  changePassword: 'Change password',
  myApplications: 'My applications',
  noApplications: "You haven't added any applications yet.",
  adminsAccessAll: 'Administrators can access all applications.',

  // Layout
  signOut: 'Sign out',
  privacyPolicy: 'Privacy policy',
  termsOfUse: 'Terms of use',
  getHelp: 'Get help',

  // Organisation MFA warnings
  disableEmailMfaWarning: 'this will also disable email MFA for any users that currently have it enabled',
  disableSmsMfaWarning: 'this will also disable SMS MFA for any users that currently have it set up',
  enableSmsMfaWarning: 'This will require additional configuration - please contact',

  qrFailure: 'Unable to generate QR code, please try again',

  // Uploaded images (checked again by content on the server)
  fileTooLarge: 'The file is too large: the limit is {kilobytes} KB',
  imageDropHint: 'Choose a file, or drop one here.',
  /** `article` is English grammar (a/an); other languages may leave it out. */
  fileWrongType: 'The file must be {article, select, an {an} other {a}} {typeNames} image no larger than {maxWidth} x {maxHeight} pixels',
} as const;

const t = textsOf('messages', MESSAGES_EN);

/** The texts in the active language, as live strings and functions. */
export const MESSAGES = liveTexts('messages', MESSAGES_EN, {
  tooLong: (max: number) => t('tooLong', { max }),
  errorPageOccurredAt: (time: string) => t('errorPageOccurredAt', { time }),
  userInvited: (email: string) => t('userInvited', { email }),
  fileTooLarge: (kilobytes: number) => t('fileTooLarge', { kilobytes }),
  fileWrongType: (typeNames: string, maxWidth: number, maxHeight: number) =>
    t('fileWrongType', { article: indefiniteArticle(typeNames), typeNames, maxWidth, maxHeight }),
});

export type MessageKey = keyof typeof MESSAGES;

/** The password fields' Show/Hide button (where the organisation's passwordVisibility allows it). */
export const PASSWORD_VISIBILITY_EN = {
  show: 'Show',
  hide: 'Hide',
  /** Read after Show or Hide by screen readers only, so the button's name says what it shows. */
  field: 'password',
} as const;

export const PASSWORD_VISIBILITY_MESSAGES = liveTexts('passwordVisibility', PASSWORD_VISIBILITY_EN);
