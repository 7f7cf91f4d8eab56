/**
 * User administration's part of the account lifecycle: inviting users, and the per-user actions
 * (resend the invitation or verification email, clear a lockout, enable, disable, send a password
 * reset email). Organisation Admins and User Admins act on users of their own rank or below; nobody
 * changes their own status. The list and edit screens and their API are issue 6's.
 */
import { checkedClientIds, grantClientAccess } from '../applications/service.ts';
import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { ROLE_RANK } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import type { inviteUserRequest } from '@gatehouse/common/schemas/users';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { setUserStatus } from '../accounts/status.ts';
import { deleteThrottle, findUserByEmail, findUserById, insertUser, newUserRow } from '../accounts/store.ts';
import { sendMail } from '../mail/service.ts';
import { turnOffTwoStep } from '../mfa/enrolment.ts';
import { linkFor } from '../mail/templates.ts';
import type { Organisation } from '../organisations/model.ts';
import { sendInvitationEmail, sendPasswordResetEmail, sendVerificationEmail } from '../tokens/emails.ts';
import { assertRoomForUsers } from './limits.ts';

export type InviteUserInput = z.output<typeof inviteUserRequest>;

export interface ActionResult {
  message: string;
  user: UserRow;
}

/** The user an admin acts on: 404 when not in this organisation, 403 when above the admin's rank. */
async function targetUser(ctx: AppContext, org: Organisation, actor: UserRow, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db.kysely, org.id, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (ROLE_RANK[user.role] > ROLE_RANK[actor.role]) throw new AppError('FORBIDDEN');
  return user;
}

/** POST /api/users: a Pending user with the given details and an invitation email. */
export async function inviteUser(ctx: AppContext, org: Organisation, actor: UserRow, input: InviteUserInput): Promise<UserRow> {
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
  if (ROLE_RANK[input.role] > ROLE_RANK[actor.role]) throw fieldError('role', ACCOUNT_MESSAGES.roleNotAllowed, 'FORBIDDEN');
  if (await findUserByEmail(ctx.db.kysely, org.id, input.email)) throw fieldError('email', ACCOUNT_MESSAGES.userExists, 'CONFLICT');
  const clientIds = await checkedClientIds(ctx, org.id, input.clients);
  const id = randomUUID();
  const now = ctx.clock.now();
  try {
    await assertRoomForUsers(ctx, org, async (trx) => {
      await insertUser(
        trx,
        newUserRow({
          id,
          organisationId: org.id,
          email: input.email,
          role: input.role,
          now,
          changes: {
            first_name: input.firstName,
            surname: input.surname ?? null,
            multi_factor_auth_required: input.multiFactorAuthRequired,
          },
        }),
      );
      await grantClientAccess(trx, org.id, id, clientIds, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', ACCOUNT_MESSAGES.userExists, 'CONFLICT');
    throw error;
  }
  await deleteThrottle(ctx.db.kysely, org.id, input.email);
  const user = (await findUserById(ctx.db.kysely, org.id, id))!;
  await sendInvitationEmail(ctx, org, user, actor);
  return user;
}

/** A Pending user gets a fresh invitation; a signed-up user with an unverified address a verification email. */
export async function resendUserVerification(ctx: AppContext, org: Organisation, actor: UserRow, id: string): Promise<ActionResult> {
  const user = await targetUser(ctx, org, actor, id);
  if (user.status === 'Pending') {
    await sendInvitationEmail(ctx, org, user, actor);
    return { message: MESSAGES.invitationEmailResent, user };
  }
  if (user.email_verified_date !== null) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await sendVerificationEmail(ctx, org, user);
  return { message: MESSAGES.verificationEmailSent, user };
}

/** 'Clear lockout': LockedOut becomes SignedUp, the counters reset, and the user is told by email. */
export async function clearLockout(ctx: AppContext, org: Organisation, actor: UserRow, id: string): Promise<ActionResult> {
  await targetUser(ctx, org, actor, id);
  const user = await setUserStatus(ctx, org.id, id, 'SignedUp', { from: ['LockedOut'] });
  if (!user) throw new AppError('STATUS_CONFLICT', { message: ACCOUNT_MESSAGES.notLocked });
  await sendMail(ctx, {
    org,
    to: user.email,
    kind: 'accountUnlocked',
    text: MAIL_MESSAGES.accountUnlocked(org.displayName),
    link: linkFor(ctx.config, org, ROUTES.home.path),
  });
  return { message: MESSAGES.accountUnlocked, user };
}

function assertNotSelf(actor: UserRow, id: string): void {
  if (actor.id === id) throw new AppError('FORBIDDEN', { message: ACCOUNT_MESSAGES.notYourself });
}

/** Enable: a Disabled or Inactive user returns to SignedUp (Pending if they never chose a password). */
export async function enableUser(ctx: AppContext, org: Organisation, actor: UserRow, id: string): Promise<ActionResult> {
  assertNotSelf(actor, id);
  const target = await targetUser(ctx, org, actor, id);
  const user = await setUserStatus(ctx, org.id, id, target.password_hash === null ? 'Pending' : 'SignedUp', {
    from: ['Disabled', 'Inactive'],
  });
  if (!user) throw new AppError('STATUS_CONFLICT', { message: ACCOUNT_MESSAGES.notEnableable });
  return { message: MESSAGES.userDetailsUpdated, user };
}

/** Disable: the user can no longer sign in, and loses their sessions at once. */
export async function disableUser(ctx: AppContext, org: Organisation, actor: UserRow, id: string): Promise<ActionResult> {
  assertNotSelf(actor, id);
  await targetUser(ctx, org, actor, id);
  const user = await setUserStatus(ctx, org.id, id, 'Disabled', { from: ['Pending', 'SignedUp', 'LockedOut', 'Inactive'] });
  if (!user) throw new AppError('STATUS_CONFLICT');
  return { message: MESSAGES.userDetailsUpdated, user };
}

/** 'Send reset email': a link to choose a new password. */
export async function sendUserPasswordReset(ctx: AppContext, org: Organisation, actor: UserRow, id: string): Promise<ActionResult> {
  const user = await targetUser(ctx, org, actor, id);
  if (user.status === 'Pending') throw new AppError('STATUS_CONFLICT', { message: ACCOUNT_MESSAGES.cannotReset });
  if (user.status !== 'SignedUp' && user.status !== 'LockedOut') throw new AppError('STATUS_CONFLICT');
  await sendPasswordResetEmail(ctx, org, user);
  return { message: MESSAGES.passwordResetEmailSent, user };
}

/**
 * 'Reset' of the user's MFA state: their method, recovery codes and remembered devices are gone; they
 * sign in with their password and, where MFA is required, set it up again. Nobody resets their own here.
 */
export async function resetUserTwoStep(ctx: AppContext, org: Organisation, actor: UserRow, id: string): Promise<ActionResult> {
  if (actor.id === id) throw new AppError('FORBIDDEN', { message: MFA_MESSAGES.notYourself });
  await targetUser(ctx, org, actor, id);
  await turnOffTwoStep(ctx, org.id, id);
  return { message: MESSAGES.mfaReset, user: (await findUserById(ctx.db.kysely, org.id, id))! };
}
