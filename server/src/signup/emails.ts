/** The emails that carry a link token: sign-up, verification of an existing account, and invitation. */
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import { HOUR } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { sendMail } from '../mail/service.ts';
import { linkFor } from '../mail/templates.ts';
import type { Organisation } from '../organisations/model.ts';
import { issueEmailToken } from '../tokens/service.ts';

/** The sign-up link for an address (its account may or may not exist yet). */
export async function sendSignUpEmail(ctx: AppContext, org: Organisation, email: string, userId: string | null): Promise<void> {
  const hours = ACCOUNT_TOKENS.verificationLinkHours;
  const token = await issueEmailToken(ctx, { organisationId: org.id, purpose: 'signup', email, userId, lifetimeMs: hours * HOUR });
  await sendMail(ctx, {
    org,
    to: email,
    kind: 'signUpVerification',
    text: MAIL_MESSAGES.signUpVerification(org.displayName, hours),
    link: linkFor(ctx.config, org, ROUTES.verifyEmail.path, { verificationID: token }),
  });
}

/** Confirms the address of an existing account. */
export async function sendVerificationEmail(ctx: AppContext, org: Organisation, user: UserRow): Promise<void> {
  const hours = ACCOUNT_TOKENS.verificationLinkHours;
  const token = await issueEmailToken(ctx, {
    organisationId: org.id,
    purpose: 'verify',
    email: user.email,
    userId: user.id,
    lifetimeMs: hours * HOUR,
  });
  await sendMail(ctx, {
    org,
    to: user.email,
    kind: 'emailVerification',
    text: MAIL_MESSAGES.emailVerification(org.displayName, hours),
    link: linkFor(ctx.config, org, ROUTES.verifyEmail.path, { verificationID: token }),
  });
}

/** The invitation to a Pending user, valid for the organisation's invitationExpiryHours. */
export async function sendInvitationEmail(ctx: AppContext, org: Organisation, user: UserRow, inviter: UserRow): Promise<void> {
  const hours = org.row.invitation_expiry_hours;
  const token = await issueEmailToken(ctx, {
    organisationId: org.id,
    purpose: 'invitation',
    email: user.email,
    userId: user.id,
    lifetimeMs: hours * HOUR,
  });
  const inviterName = [inviter.first_name, inviter.surname].filter(Boolean).join(' ') || inviter.email;
  await sendMail(ctx, {
    org,
    to: user.email,
    kind: 'invitation',
    text: MAIL_MESSAGES.invitation(org.displayName, inviterName, hours),
    link: linkFor(ctx.config, org, ROUTES.completeSignup.path, { invitationID: token }),
  });
}
