/**
 * Texts of the account lifecycle: sign-up, email verification, recovery, passwords, profile and
 * remember-me (spec sections 2, 5 and 8). Texts the spec gives are used exactly; the others are ours.
 */
import { liveTexts, textsOf } from './i18n/runtime.ts';
import { LIMITS } from './policy.ts';

/** The English texts (ICU MessageFormat): the catalog's `account.*` keys. */
export const ACCOUNT_EN = {
  // Sign-up (/signup)
  signUpTitle: 'Sign up',
  signUpHeading: 'Create your new account',
  createAccountButton: 'Create Account',
  alreadyHaveAccount: 'Already have an account?',
  consentPrefix: 'I accept the',
  termsAndConditions: 'terms and conditions',
  consentJoin: 'and the',
  privacyPolicy: 'privacy policy',
  checkYourEmailHeading: 'Check your email',
  checkYourEmail:
    "We've sent a link to {email}. Follow it to confirm your email address and choose your password. The link works for 24 hours.",
  selfSignUpDisabled: 'Sign-up is not available for this organisation, please ask an administrator for an invitation',
  emailNotAllowed: 'This email address cannot be used to sign up here',
  userLimitReached: "Your organisation has reached the Starter package's limit of {limit} users",

  // Complete sign-up (/completesignup)
  completeSignUpTitle: 'Complete sign up',
  chooseYourPassword: 'Please choose your password to complete sign up',
  signUpButton: 'Sign up',

  // Verify email (/verifyemail)
  verifyingEmail: 'Verifying email...',
  sorry: 'Sorry...',
  invitationUsed:
    'This invitation has already been used or has expired. If you have already chosen a password, sign in; otherwise ask your administrator to invite you again.',
  requestNewLink: 'Sign up again',

  // A new-browser notice's "This wasn't me" link (/notme)
  notMeHeading: 'Secure your account',
  notMeText:
    'If you did not sign in from the browser the email told you of, sign your account out everywhere: every browser and application is signed out, and you choose a new password at your next sign-in.',
  notMeButton: 'Sign out everywhere',
  notMeDone: 'Your account has been signed out everywhere. Sign in again to choose a new password.',

  // Email verification required (/emailverificationrequired)
  verificationRequiredHeading: 'The application needs you to verify your email',
  verificationRequiredText: "We've sent you an email containing instructions that you will need to follow in order to continue.",
  continue: 'Continue',
  cancel: 'Cancel',
  emailAlreadyVerified: 'Your email address is already verified',

  // Recovery (/recovery, /recoverycode)
  recoveryTitle: 'Account recovery',
  recoveryIntro: "Enter the email address of your account and we'll email you a code to choose a new password.",
  emailMeACode: 'Email me a code',
  alreadyHaveACode: 'Already have a code?',
  codeLabel: 'Code',
  codeIntro: 'Enter the code we emailed you. It works for 15 minutes.',
  didntGetCode: "Didn't get your code?",
  submit: 'Submit',
  recoveryCodeInvalid: 'That code is not right or has expired, please check it or ask for a new one',
  recoveryExpired: 'Your recovery request has expired, please ask for a new code',

  // Passwords
  passwordExpiredTitle: 'Password expired',
  passwordExpiredIntro: 'Your password has expired. Please choose a new one to continue.',
  choosePasswordTitle: 'Choose a new password',
  changePasswordTitle: 'Change password',
  currentPassword: 'Current Password',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm password',
  currentPasswordWrong: 'The current password is incorrect',
  passwordTooCommon: 'This password is one of the most commonly used passwords, please choose another',
  passwordReused: 'You have used this password recently, please choose one you have not used for your last {count} passwords',
  passwordSameAsCurrent: 'The new password must differ from the current one',
  passwordChangeRequired: 'Please choose a new password to continue',
  passwordStrength: 'Password strength',

  // Sign-in protection
  cooldown: 'Too many failed sign-in attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
  lockedOut: 'This account is locked after too many failed sign-in attempts. Please contact your administrator.',

  // The sign-in form was submitted before the page's script ran: nothing was checked or kept.
  signInNotSent: 'The page had not finished loading, so your sign-in was not sent. Please sign in again.',

  // Remember-me on the sign-in page
  rememberedEmail: 'Signing in as',
  showEmail: 'Show email address',
  hideEmail: 'Hide email address',

  // Profile (/account)
  accountTitle: 'Profile',
  editDetails: 'Edit details',
  firstName: 'First name',
  surname: 'Surname',
  mobilePhoneNumber: 'Mobile phone number',
  phoneInvalid: 'Please enter a phone number of digits, spaces and an optional leading +',
  phoneChangeNeedsPassword: 'Enter your current password to change your phone number',
  save: 'Save',
  resendConfirmation: 'Resend confirmation email',

  // User administration (the API and its screens)
  userExists: 'A user with this email address already exists',
  roleNotAllowed: 'You cannot give a user a role above your own',
  notYourself: 'You cannot change your own status',
  notLocked: 'This account is not locked',
  notPending: 'This user has already signed up',
  notEnableable: 'This account is already active',
  cannotReset: 'This user has not finished signing up: resend the invitation instead',
} as const;

const t = textsOf('account', ACCOUNT_EN);

export const ACCOUNT_MESSAGES = liveTexts('account', ACCOUNT_EN, {
  checkYourEmail: (email: string) => t('checkYourEmail', { email }),
  get userLimitReached() {
    return t('userLimitReached', { limit: LIMITS.starterPackageUsers });
  },
  get passwordReused() {
    return t('passwordReused', { count: LIMITS.passwordHistory });
  },
  cooldown: (minutes: number) => t('cooldown', { minutes }),
});
