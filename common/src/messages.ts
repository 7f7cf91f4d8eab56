/**
 * Every user-facing text of the spec, keyed. The SPA renders these and the server answers with them,
 * so a label or message is written once. Texts the spec gives are used exactly.
 */
import { indefiniteArticle } from './format.ts';
export const MESSAGES = {
  // Generic notifications (spec section 8)
  genericError: 'Sorry, something went wrong - please try again',
  userNotFound: 'Sorry, the user was not found',
  clientNotFound: 'Sorry, the application was not found',
  notificationReceived: 'Notification received',
  networkError: 'Unable to reach the server, please check your connection and try again',

  // Root error page and 404
  errorPageTitle: 'Sorry, something went wrong',
  errorPageText: 'An unexpected error occurred, please try again.',
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
  tooLong: (max: number) => `Please use ${max} characters or fewer`,
  passwordsDoNotMatch: 'The passwords do not match',
  // A submit within a second of the previous one is not sent again (the double-submit guard).
  submitIgnored: 'Already sent a moment ago. Please wait a second, then try again.',

  // Token
  tokenUnrecognised: 'Token unrecognised or has expired, please request a new verification token from the dashboard page.',

  // Success messages
  userDetailsUpdated: 'User details updated',
  userInvited: (email: string) => `Invitation sent to ${email}`,
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
  fileTooLarge: (kilobytes: number) => `The file is too large: the limit is ${kilobytes} KB`,
  imageDropHint: 'Choose a file, or drop one here.',
  fileWrongType: (typeNames: string, maxWidth: number, maxHeight: number) =>
    `The file must be ${indefiniteArticle(typeNames)} ${typeNames} image no larger than ${maxWidth} x ${maxHeight} pixels`,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The password fields' Show/Hide button (where the organisation's passwordVisibility allows it). */
export const PASSWORD_VISIBILITY_MESSAGES = {
  show: 'Show',
  hide: 'Hide',
  /** Read after Show or Hide by screen readers only, so the button's name says what it shows. */
  field: 'password',
} as const;
