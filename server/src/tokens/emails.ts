/** The emails that carry a link token: sign-up, verification of an existing account, invitation, password reset. */
import { MAIL_MESSAGES, type MailKind, type MailText } from '@gatehouse/common/mail-messages';
import { ACCOUNT_TOKENS, BASE_SIGNUP } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';

import { HOUR } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { EmailTokenPurpose, Executor, UserRow } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import { recipientLocale } from '../http/language.ts';
import { sendMail } from '../mail/service.ts';
import { linkFor } from '../mail/templates.ts';
import type { Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { issueEmailToken } from './service.ts';

interface LinkEmail {
  to: string;
  userId: string | null;
  purpose: EmailTokenPurpose;
  hours: number;
  kind: MailKind;
  /** The texts, written in `locale`. */
  text: () => MailText;
  /** The recipient's own language, if they have one. */
  personLocale: string | null;
  /** The page the link opens, and the query parameter that carries the token. */
  path: string;
  param: string;
}

/** Issues a link token (replacing the owner's earlier ones of the purpose) and emails the link, in `db`'s transaction when given one. */
async function sendLinkEmail(ctx: AppContext, org: Organisation, email: LinkEmail, db: Executor = ctx.db.kysely): Promise<void> {
  const token = await issueEmailToken(
    ctx,
    {
      organisationId: org.id,
      purpose: email.purpose,
      email: email.to,
      userId: email.userId,
      lifetimeMs: email.hours * HOUR,
    },
    db,
  );
  await sendMail(
    ctx,
    {
      org,
      to: email.to,
      kind: email.kind,
      text: email.text,
      locale: recipientLocale(org, email.personLocale),
      link: linkFor(ctx.config, org, email.path, { [email.param]: token }),
    },
    db,
  );
}

/** The sign-up link for an address (its account may or may not exist yet). */
export function sendSignUpEmail(ctx: AppContext, scope: Scope, email: string, userId: string | null): Promise<void> {
  const org = scope.organisation;
  const hours = ACCOUNT_TOKENS.verificationLinkHours;
  return sendLinkEmail(ctx, org, {
    to: email,
    userId,
    purpose: 'signup',
    hours,
    kind: 'signUpVerification',
    text: () => MAIL_MESSAGES.signUpVerification(org.displayName, hours),
    personLocale: null,
    path: ROUTES.verifyEmail.path,
    param: 'verificationID',
  });
}

/** Confirms the address of an existing account. */
export function sendVerificationEmail(ctx: AppContext, scope: Scope, user: UserRow): Promise<void> {
  const org = scope.organisation;
  const hours = ACCOUNT_TOKENS.verificationLinkHours;
  return sendLinkEmail(ctx, org, {
    to: user.email,
    userId: user.id,
    purpose: 'verify',
    hours,
    kind: 'emailVerification',
    text: () => MAIL_MESSAGES.emailVerification(org.displayName, hours),
    personLocale: user.locale,
    path: ROUTES.verifyEmail.path,
    param: 'verificationID',
  });
}

/**
 * Invites a Pending user: `invitation.sent`, in `db`'s transaction (the user's creation, or a resend by
 * itself); the invitation mail's subscriber (users/invitation.ts) issues the link and queues the email with it.
 */
export async function sendInvitationEmail(
  ctx: AppContext,
  scope: Scope,
  user: Pick<UserRow, 'id' | 'email'>,
  db: Executor = ctx.db.kysely,
): Promise<void> {
  await emit(ctx, db, scope, { type: 'invitation.sent', subject: { kind: 'user', id: user.id }, details: { email: user.email } });
}

/**
 * The invitation email to a Pending user, valid for the organisation's invitationExpiryHours, from an
 * admin or an application (`inviterName`), written in `db`'s transaction.
 */
export function queueInvitationEmail(
  ctx: AppContext,
  db: Executor,
  org: Organisation,
  user: Pick<UserRow, 'id' | 'email'> & { locale?: string | null },
  inviterName: string,
): Promise<void> {
  const hours = org.row.invitation_expiry_hours;
  return sendLinkEmail(
    ctx,
    org,
    {
      to: user.email,
      userId: user.id,
      purpose: 'invitation',
      hours,
      kind: 'invitation',
      text: () => MAIL_MESSAGES.invitation(org.displayName, inviterName, hours),
      personLocale: user.locale ?? null,
      path: ROUTES.completeSignup.path,
      param: 'invitationID',
    },
    db,
  );
}

/** An administrator's 'Send reset email': a link to choose a new password, once, within 24 hours. */
export function sendPasswordResetEmail(ctx: AppContext, scope: Scope, user: UserRow): Promise<void> {
  const org = scope.organisation;
  const hours = ACCOUNT_TOKENS.passwordResetLinkHours;
  return sendLinkEmail(ctx, org, {
    to: user.email,
    userId: user.id,
    purpose: 'reset',
    hours,
    kind: 'passwordReset',
    text: () => MAIL_MESSAGES.passwordReset(org.displayName, hours),
    personLocale: user.locale,
    path: ROUTES.recoveryCode.path,
    param: 'resetID',
  });
}

/** A trial sign-up on the base organisation: the link resumes it at /getstarted to choose the organisation's name. */
export function sendBaseSignUpEmail(ctx: AppContext, scope: Scope, email: string): Promise<void> {
  const base = scope.organisation;
  const hours = BASE_SIGNUP.linkHours;
  return sendLinkEmail(ctx, base, {
    to: email,
    userId: null,
    purpose: 'basesignup',
    hours,
    kind: 'baseSignUp',
    text: () => MAIL_MESSAGES.baseSignUp(base.displayName, hours),
    personLocale: null,
    path: ROUTES.getStarted.path,
    param: 'signupid',
  });
}
