/**
 * The texts of every email Gatehouse sends. The server renders them into HTML and plain text with the
 * organisation's name, logo and colour; `org` is the organisation's display name.
 */
import { indefiniteArticle } from './format.ts';

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

/** A link's lifetime as people say it: whole days as days ("7 days"), otherwise hours. */
export function lifetime(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export const MAIL_MESSAGES = {
  signUpVerification: (org: string, hours: number): MailText => ({
    subject: `Confirm your email address for ${org}`,
    heading: 'Confirm your email address',
    paragraphs: [`Someone, hopefully you, asked to create an account at ${org} with this email address.`],
    button: 'Confirm and choose a password',
    note: `The link works for ${lifetime(hours)}. If you did not ask for an account, you can ignore this email.`,
  }),
  emailVerification: (org: string, hours: number): MailText => ({
    subject: `Confirm your email address for ${org}`,
    heading: 'Confirm your email address',
    paragraphs: [`Please confirm that this is the email address of your ${org} account.`],
    button: 'Confirm email address',
    note: `The link works for ${lifetime(hours)}. If you do not have ${indefiniteArticle(org)} ${org} account, you can ignore this email.`,
  }),
  invitation: (org: string, inviter: string, hours: number): MailText => ({
    subject: `You have been invited to ${org}`,
    heading: `Join ${org}`,
    paragraphs: [`${inviter} has invited you to create your ${org} account.`],
    button: 'Accept the invitation',
    note: `The invitation works for ${lifetime(hours)}. If you were not expecting it, you can ignore this email.`,
  }),
  recoveryCode: (org: string, code: string, minutes: number): MailText => ({
    subject: `Your ${org} account recovery code`,
    heading: 'Your account recovery code',
    paragraphs: [`Use this code to choose a new password for your ${org} account:`],
    code,
    note: `It works for ${minutes} minutes, once, in the browser where you asked for it. If you did not ask for a code, you can ignore this email: your password has not changed.`,
  }),
  passwordReset: (org: string, hours: number): MailText => ({
    subject: `Choose a new password for ${org}`,
    heading: 'Choose a new password',
    paragraphs: [`An administrator of ${org} has sent you this link to choose a new password for your account.`],
    button: 'Choose a new password',
    note: `The link works for ${lifetime(hours)}, once. Your current password keeps working until you choose a new one.`,
  }),
  accountUnlocked: (org: string): MailText => ({
    subject: `Your ${org} account has been unlocked`,
    heading: 'Your account has been unlocked',
    paragraphs: [
      `Your ${org} account was locked after too many failed sign-in attempts. An administrator has now unlocked it and you can sign in again.`,
    ],
    button: 'Sign in',
    note: 'If the failed attempts were not yours, choose a new password after signing in.',
  }),
  inactivityWarning: (org: string, date: string, days: number): MailText => ({
    subject: `Your ${org} account will be deactivated soon`,
    heading: 'Your account will be deactivated soon',
    paragraphs: [
      `Your ${org} account has not been used for a while. Accounts unused for ${days} days are deactivated, and yours will be on ${date}.`,
      'To keep it, simply sign in before then.',
    ],
    button: 'Sign in',
  }),
  /** To the only active Organisation Admin, whom the inactivity rule leaves active so the organisation keeps an admin. */
  lastAdminKeptActive: (org: string, days: number): MailText => ({
    subject: `Your ${org} administrator account was kept active`,
    heading: 'Your account was kept active',
    paragraphs: [
      `Your ${org} account has not been used for ${days} days, when accounts are deactivated. Yours was kept active because you are the organisation's only active Organisation Admin: without you, nobody could manage its users.`,
      'Please sign in, and consider making a second Organisation Admin.',
    ],
    button: 'Sign in',
  }),
  /** A one-time sign-in code (the MFA email method). */
  signInCode: (org: string, code: string, minutes: number): MailText => ({
    subject: `Your ${org} sign-in code`,
    heading: 'Your sign-in code',
    paragraphs: [`Enter this code to finish signing in to ${org}:`],
    code,
    note: `It works for ${minutes} minutes, once. If you are not signing in right now, someone else may know your password: change it.`,
  }),
  /** The base organisation's trial sign-up: the link continues at /getstarted to choose the organisation's name. */
  baseSignUp: (product: string, hours: number): MailText => ({
    subject: `Set up your organisation on ${product}`,
    heading: 'Confirm your email address',
    paragraphs: [
      `Someone, hopefully you, asked to set up a new organisation on ${product} with this email address. You will be its administrator.`,
    ],
    button: "Choose your organisation's name",
    note: `The link works for ${lifetime(hours)}. If you did not ask for this, you can ignore this email: nothing is set up without it.`,
  }),
  /** A message from the help page's contact form, to the support address; replies go to the sender. */
  supportRequest: (sender: { email: string; organisation: string; host: string; role: string | null }, message: string): MailText => ({
    subject: `Support request from ${sender.email}`,
    heading: 'Support request',
    paragraphs: [
      `From: ${sender.email} (${sender.role ? `signed in, ${sender.role}` : 'not signed in: the address is unconfirmed'})`,
      `Organisation: ${sender.organisation} (${sender.host})`,
      ...message.split(/\r?\n/).filter((line) => line.trim() !== ''),
    ],
    note: 'Reply to this email to answer the sender.',
  }),
  /** The code that confirms the email method on /twostep. */
  twoStepSetupCode: (org: string, code: string, minutes: number): MailText => ({
    subject: `Your ${org} code to set up sign-in codes by email`,
    heading: 'Confirm sign-in codes by email',
    paragraphs: [`Enter this code on the multi-factor authentication page of ${org} to receive your sign-in codes by email:`],
    code,
    note: `It works for ${minutes} minutes, once. If you did not ask for it, someone else may know your password: change it.`,
  }),
  footer: (org: string, host: string) => `This email was sent by ${org} (${host}).`,
} as const;

export type MailKind = Exclude<keyof typeof MAIL_MESSAGES, 'footer'>;
