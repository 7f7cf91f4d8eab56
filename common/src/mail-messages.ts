/**
 * The texts of every email Gatehouse sends. The server renders them into HTML and plain text with the
 * organisation's name, logo and colour; `org` is the organisation's display name.
 */
import { indefiniteArticle } from './format.ts';
import { textsOf } from './i18n/runtime.ts';

export interface MailText {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A one-time code, shown large after the paragraphs. */
  code?: string;
  /** The call to action; its link is supplied by the sender. */
  button?: string;
  /** A short line after the button, e.g. when the link stops working. */
  note?: string;
}

/** The English texts (ICU MessageFormat): the catalog's `mail.*` keys, `<kind>.<part>` per email. */
export const MAIL_EN = {
  lifetime: '{unit, select, day {{count, plural, one {# day} other {# days}}} other {{count, plural, one {# hour} other {# hours}}}}',
  'signUpVerification.subject': 'Confirm your email address for {org}',
  'signUpVerification.heading': 'Confirm your email address',
  'signUpVerification.paragraph': 'Someone, hopefully you, asked to create an account at {org} with this email address.',
  'signUpVerification.button': 'Confirm and choose a password',
  'signUpVerification.note': 'The link works for {lifetime}. If you did not ask for an account, you can ignore this email.',
  'emailVerification.subject': 'Confirm your email address for {org}',
  'emailVerification.heading': 'Confirm your email address',
  'emailVerification.paragraph': 'Please confirm that this is the email address of your {org} account.',
  'emailVerification.button': 'Confirm email address',
  /** `article` is English grammar (a/an); other languages may leave it out. */
  'emailVerification.note':
    'The link works for {lifetime}. If you do not have {article, select, an {an} other {a}} {org} account, you can ignore this email.',
  'invitation.subject': 'You have been invited to {org}',
  'invitation.heading': 'Join {org}',
  'invitation.paragraph': '{inviter} has invited you to create your {org} account.',
  'invitation.button': 'Accept the invitation',
  'invitation.note': 'The invitation works for {lifetime}. If you were not expecting it, you can ignore this email.',
  'recoveryCode.subject': 'Your {org} account recovery code',
  'recoveryCode.heading': 'Your account recovery code',
  'recoveryCode.paragraph': 'Use this code to choose a new password for your {org} account:',
  'recoveryCode.note':
    'It works for {minutes} minutes, once, in the browser where you asked for it. If you did not ask for a code, you can ignore this email: your password has not changed.',
  'passwordReset.subject': 'Choose a new password for {org}',
  'passwordReset.heading': 'Choose a new password',
  'passwordReset.paragraph': 'An administrator of {org} has sent you this link to choose a new password for your account.',
  'passwordReset.button': 'Choose a new password',
  'passwordReset.note': 'The link works for {lifetime}, once. Your current password keeps working until you choose a new one.',
  'accountUnlocked.subject': 'Your {org} account has been unlocked',
  'accountUnlocked.heading': 'Your account has been unlocked',
  'accountUnlocked.paragraph':
    'Your {org} account was locked after too many failed sign-in attempts. An administrator has now unlocked it and you can sign in again.',
  'accountUnlocked.button': 'Sign in',
  'accountUnlocked.note': 'If the failed attempts were not yours, choose a new password after signing in.',
  'inactivityWarning.subject': 'Your {org} account will be deactivated soon',
  'inactivityWarning.heading': 'Your account will be deactivated soon',
  'inactivityWarning.paragraph1':
    'Your {org} account has not been used for a while. Accounts unused for {days} days are deactivated, and yours will be on {date}.',
  'inactivityWarning.paragraph2': 'To keep it, simply sign in before then.',
  'inactivityWarning.button': 'Sign in',
  'lastAdminKeptActive.subject': 'Your {org} administrator account was kept active',
  'lastAdminKeptActive.heading': 'Your account was kept active',
  'lastAdminKeptActive.paragraph1':
    "Your {org} account has not been used for {days} days, when accounts are deactivated. Yours was kept active because you are the organisation's only active Organisation Admin: without you, nobody could manage its users.",
  'lastAdminKeptActive.paragraph2': 'Please sign in, and consider making a second Organisation Admin.',
  'lastAdminKeptActive.button': 'Sign in',
  'signInCode.subject': 'Your {org} sign-in code',
  'signInCode.heading': 'Your sign-in code',
  'signInCode.paragraph': 'Enter this code to finish signing in to {org}:',
  'signInCode.note':
    'It works for {minutes} minutes, once. If you are not signing in right now, someone else may know your password: change it.',
  'baseSignUp.subject': 'Set up your organisation on {product}',
  'baseSignUp.heading': 'Confirm your email address',
  'baseSignUp.paragraph':
    'Someone, hopefully you, asked to set up a new organisation on {product} with this email address. You will be its administrator.',
  'baseSignUp.button': "Choose your organisation's name",
  'baseSignUp.note': 'The link works for {lifetime}. If you did not ask for this, you can ignore this email: nothing is set up without it.',
  'supportRequest.subject': 'Support request from {email}',
  'supportRequest.heading': 'Support request',
  'supportRequest.from': 'From: {email} ({role, select, none {not signed in: the address is unconfirmed} other {signed in, {role}}})',
  'supportRequest.organisation': 'Organisation: {organisation} ({host})',
  'supportRequest.note': 'Reply to this email to answer the sender.',
  'twoStepSetupCode.subject': 'Your {org} code to set up sign-in codes by email',
  'twoStepSetupCode.heading': 'Confirm sign-in codes by email',
  'twoStepSetupCode.paragraph': 'Enter this code on the multi-factor authentication page of {org} to receive your sign-in codes by email:',
  'twoStepSetupCode.note':
    'It works for {minutes} minutes, once. If you did not ask for it, someone else may know your password: change it.',
  'newBrowser.subject': 'New sign-in to your {org} account',
  'newBrowser.heading': 'A sign-in from a new browser',
  'newBrowser.paragraph1': 'Your {org} account was just signed in to from a browser it has not been used in before.',
  'newBrowser.details': 'When: {time}. Browser: {browser}. Address: {address}.',
  'newBrowser.paragraph2': 'If this was you, there is nothing to do.',
  'newBrowser.button': "This wasn't me",
  'newBrowser.note':
    'The link signs your account out everywhere and asks for a new password at your next sign-in. It works for {lifetime}, once.',
  'newBrowser.unknown': 'unknown',
  footer: 'This email was sent by {org} ({host}).',
} as const;

const t = textsOf('mail', MAIL_EN);

/** A link's lifetime as people say it: whole days as days ("7 days"), otherwise hours. */
export function lifetime(hours: number): string {
  const days = hours >= 24 && hours % 24 === 0;
  return t('lifetime', { unit: days ? 'day' : 'hour', count: days ? hours / 24 : hours });
}

/** The texts of every email in the active language (the recipient's: `withLocale` around the call). */
export const MAIL_MESSAGES = {
  signUpVerification: (org: string, hours: number): MailText => ({
    subject: t('signUpVerification.subject', { org }),
    heading: t('signUpVerification.heading'),
    paragraphs: [t('signUpVerification.paragraph', { org })],
    button: t('signUpVerification.button'),
    note: t('signUpVerification.note', { lifetime: lifetime(hours) }),
  }),
  emailVerification: (org: string, hours: number): MailText => ({
    subject: t('emailVerification.subject', { org }),
    heading: t('emailVerification.heading'),
    paragraphs: [t('emailVerification.paragraph', { org })],
    button: t('emailVerification.button'),
    note: t('emailVerification.note', { lifetime: lifetime(hours), article: indefiniteArticle(org), org }),
  }),
  invitation: (org: string, inviter: string, hours: number): MailText => ({
    subject: t('invitation.subject', { org }),
    heading: t('invitation.heading', { org }),
    paragraphs: [t('invitation.paragraph', { inviter, org })],
    button: t('invitation.button'),
    note: t('invitation.note', { lifetime: lifetime(hours) }),
  }),
  recoveryCode: (org: string, code: string, minutes: number): MailText => ({
    subject: t('recoveryCode.subject', { org }),
    heading: t('recoveryCode.heading'),
    paragraphs: [t('recoveryCode.paragraph', { org })],
    code,
    note: t('recoveryCode.note', { minutes }),
  }),
  passwordReset: (org: string, hours: number): MailText => ({
    subject: t('passwordReset.subject', { org }),
    heading: t('passwordReset.heading'),
    paragraphs: [t('passwordReset.paragraph', { org })],
    button: t('passwordReset.button'),
    note: t('passwordReset.note', { lifetime: lifetime(hours) }),
  }),
  accountUnlocked: (org: string): MailText => ({
    subject: t('accountUnlocked.subject', { org }),
    heading: t('accountUnlocked.heading'),
    paragraphs: [t('accountUnlocked.paragraph', { org })],
    button: t('accountUnlocked.button'),
    note: t('accountUnlocked.note'),
  }),
  inactivityWarning: (org: string, date: string, days: number): MailText => ({
    subject: t('inactivityWarning.subject', { org }),
    heading: t('inactivityWarning.heading'),
    paragraphs: [t('inactivityWarning.paragraph1', { org, days, date }), t('inactivityWarning.paragraph2')],
    button: t('inactivityWarning.button'),
  }),
  /** To the only active Organisation Admin, whom the inactivity rule leaves active so the organisation keeps an admin. */
  lastAdminKeptActive: (org: string, days: number): MailText => ({
    subject: t('lastAdminKeptActive.subject', { org }),
    heading: t('lastAdminKeptActive.heading'),
    paragraphs: [t('lastAdminKeptActive.paragraph1', { org, days }), t('lastAdminKeptActive.paragraph2')],
    button: t('lastAdminKeptActive.button'),
  }),
  /** A one-time sign-in code (the MFA email method). */
  signInCode: (org: string, code: string, minutes: number): MailText => ({
    subject: t('signInCode.subject', { org }),
    heading: t('signInCode.heading'),
    paragraphs: [t('signInCode.paragraph', { org })],
    code,
    note: t('signInCode.note', { minutes }),
  }),
  /** The base organisation's trial sign-up: the link continues at /getstarted to choose the organisation's name. */
  baseSignUp: (product: string, hours: number): MailText => ({
    subject: t('baseSignUp.subject', { product }),
    heading: t('baseSignUp.heading'),
    paragraphs: [t('baseSignUp.paragraph', { product })],
    button: t('baseSignUp.button'),
    note: t('baseSignUp.note', { lifetime: lifetime(hours) }),
  }),
  /** A message from the help page's contact form, to the support address; replies go to the sender. */
  supportRequest: (sender: { email: string; organisation: string; host: string; role: string | null }, message: string): MailText => ({
    subject: t('supportRequest.subject', { email: sender.email }),
    heading: t('supportRequest.heading'),
    paragraphs: [
      t('supportRequest.from', { email: sender.email, role: sender.role ?? 'none' }),
      t('supportRequest.organisation', { organisation: sender.organisation, host: sender.host }),
      ...message.split(/\r?\n/).filter((line) => line.trim() !== ''),
    ],
    note: t('supportRequest.note'),
  }),
  /** The code that confirms the email method on /twostep. */
  twoStepSetupCode: (org: string, code: string, minutes: number): MailText => ({
    subject: t('twoStepSetupCode.subject', { org }),
    heading: t('twoStepSetupCode.heading'),
    paragraphs: [t('twoStepSetupCode.paragraph', { org })],
    code,
    note: t('twoStepSetupCode.note', { minutes }),
  }),
  /** A sign-in from a browser the person had not used (the organisation's newBrowserNotice); the button says "This wasn't me". */
  newBrowser: (org: string, seen: { time: string; browser: string | null; address: string | null }, hours: number): MailText => ({
    subject: t('newBrowser.subject', { org }),
    heading: t('newBrowser.heading'),
    paragraphs: [
      t('newBrowser.paragraph1', { org }),
      t('newBrowser.details', {
        time: seen.time,
        browser: seen.browser ?? t('newBrowser.unknown'),
        address: seen.address ?? t('newBrowser.unknown'),
      }),
      t('newBrowser.paragraph2'),
    ],
    button: t('newBrowser.button'),
    note: t('newBrowser.note', { lifetime: lifetime(hours) }),
  }),
  footer: (org: string, host: string) => t('footer', { org, host }),
} as const;

export type MailKind = Exclude<keyof typeof MAIL_MESSAGES, 'footer'>;
