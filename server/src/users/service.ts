/**
 * User administration's part of the account lifecycle: inviting users, and the per-user actions
 * (resend the invitation or verification email, clear a lockout, enable, disable, send a password
 * reset email), the /users list and search, editing and deleting. Organisation Admins and User Admins
 * act on users of their own rank or below; nobody changes their own status, role or access, or deletes
 * themselves.
 */
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { LIMITS, ROLE_RANK } from '@gatehouse/common/policy';
import type { Account } from '@gatehouse/common/schemas/account';
import type { Factor } from '@gatehouse/common/schemas/mfa';
import type { inviteUserRequest, listUsersRequest, updateUserRequest, UserListPage } from '@gatehouse/common/schemas/users';
import { USER_MESSAGES } from '@gatehouse/common/user-messages';
import type { z } from 'zod';

import { coolingDown } from '../accounts/model.ts';
import { deleteUserAccount, setUserStatus } from '../accounts/status.ts';
import { deleteThrottle, endCooldown, findUserByEmail, findUserById, updateUser } from '../accounts/store.ts';
import { checkedClientIds, grantClientAccess } from '../applications/service.ts';
import { listUserClients } from '../applications/store.ts';
import { changedFields } from '../audit/changes.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { UserRow, UserUpdate } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { resetTwoStep } from '../mfa/enrolment.ts';
import { factorsOf, removeFactorOf } from '../mfa/factors.ts';
import type { ActingActor, ActingScope, Scope } from '../scope/scope.ts';
import { type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { sendInvitationEmail, sendPasswordResetEmail, sendVerificationEmail } from '../tokens/emails.ts';
import { accountOf } from './account.ts';
import { provisionUser } from './provision.ts';
import { findManagingApplications, listUsers } from './store.ts';

export type InviteUserInput = z.output<typeof inviteUserRequest>;

export interface ActionResult {
  message: string;
  user: UserRow;
}

/** The user an admin acts on: 404 when not in this organisation, 403 when above the admin's rank. */
export async function targetUser(ctx: AppContext, scope: ActingScope, id: string): Promise<UserRow> {
  const user = await findUserById(scope.db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (ROLE_RANK[user.role] > ROLE_RANK[scope.actor.role]) throw new AppError('FORBIDDEN');
  return user;
}

/** POST /api/users: a Pending user with the given details and an invitation email. */
export async function inviteUser(ctx: AppContext, scope: ActingScope, input: InviteUserInput): Promise<UserRow> {
  const { organisation: org, actor } = scope;
  const outcome = await provisionUser(ctx, scope, {
    email: input.email,
    prepare: async () => {
      if (ROLE_RANK[input.role] > ROLE_RANK[actor.role]) throw fieldError('role', ACCOUNT_MESSAGES.roleNotAllowed, 'FORBIDDEN');
      return {
        role: input.role,
        via: 'invitation',
        firstName: input.firstName,
        surname: input.surname ?? null,
        locale: input.locale ?? null,
        multiFactorAuthRequired: input.multiFactorAuthRequired,
        clientIds: await checkedClientIds(ctx, org.id, input.clients),
      };
    },
    // With the user: the invitation mail's subscriber queues the email in this transaction.
    withUser: (trx, id) => sendInvitationEmail(ctx, scope, { id, email: input.email }, trx),
  });
  if (outcome.kind === 'created') return outcome.user;
  if (outcome.reason === 'emailTaken') throw fieldError('email', ACCOUNT_MESSAGES.userExists, 'CONFLICT');
  throw new AppError(outcome.reason === 'baseOrganisation' ? 'BASE_ORGANISATION' : 'USER_LIMIT_REACHED');
}

/** A Pending user gets a fresh invitation; a signed-up user with an unverified address a verification email. */
export async function resendUserVerification(ctx: AppContext, scope: ActingScope, id: string): Promise<ActionResult> {
  const user = await targetUser(ctx, scope, id);
  if (user.status === 'Pending') {
    await sendInvitationEmail(ctx, scope, user);
    return { message: MESSAGES.invitationEmailResent, user };
  }
  if (user.email_verified_date !== null) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await sendVerificationEmail(ctx, scope, user);
  return { message: MESSAGES.verificationEmailSent, user };
}

/**
 * 'Clear lockout': LockedOut becomes SignedUp, the counters reset, and the user is told by email. A
 * user cooling down (still SignedUp) is released the same way: the cooldown and the count end.
 */
export async function clearLockout(ctx: AppContext, scope: ActingScope, id: string): Promise<ActionResult> {
  const org = scope.organisation;
  const target = await targetUser(ctx, scope, id);
  // Either way the change emits user.unlocked in its transaction, whose subscriber mails the user (users/unlock-mail.ts).
  const user = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!coolingDown(org.row, target, ctx.clock.now())) return setUserStatus(ctx, scope, id, 'SignedUp', { from: ['LockedOut'], trx });
    const cooled = await endCooldown(scoped(trx, org.id), id, ctx.clock.now());
    if (!cooled) return null;
    await emit(ctx, trx, scope, { type: 'user.unlocked', subject: { kind: 'user', id } });
    return cooled;
  });
  if (!user) throw new AppError('STATUS_CONFLICT', { message: ACCOUNT_MESSAGES.notLocked });
  return { message: MESSAGES.accountUnlocked, user };
}

/** Whether the acting party is the user `id` themselves (an application never is). */
const isSelf = (actor: ActingActor, id: string): boolean => actor.kind === 'user' && actor.id === id;

function assertNotSelf(actor: ActingActor, id: string): void {
  if (isSelf(actor, id)) throw new AppError('FORBIDDEN', { message: ACCOUNT_MESSAGES.notYourself });
}

/** Enable: a Disabled or Inactive user returns to SignedUp (Pending if they never chose a password). */
export async function enableUser(ctx: AppContext, scope: ActingScope, id: string): Promise<ActionResult> {
  const { actor } = scope;
  assertNotSelf(actor, id);
  const target = await targetUser(ctx, scope, id);
  const user = await setUserStatus(ctx, scope, id, target.password_hash === null ? 'Pending' : 'SignedUp', {
    from: ['Disabled', 'Inactive'],
  });
  if (!user) throw new AppError('STATUS_CONFLICT', { message: ACCOUNT_MESSAGES.notEnableable });
  return { message: MESSAGES.userDetailsUpdated, user };
}

/**
 * `gatehouse enable-user`: the operator enables a Disabled, Inactive or locked-out user, for the
 * organisation that has no admin left who could (its only admin was disabled or deactivated). Answers
 * the new status, or null when there is no such user or they need nothing.
 */
export async function enableUserByOperator(
  ctx: AppContext,
  organisationName: string,
  email: string,
  scopeFor: (organisation: Organisation) => Scope,
): Promise<UserRow['status'] | null> {
  const row = await findOrganisationByName(ctx.db.kysely, organisationName.toLowerCase());
  const target = row ? await findUserByEmail(scoped(ctx.db.kysely, row.id), email) : undefined;
  if (!row || !target) return null;
  const user = await setUserStatus(
    ctx,
    scopeFor(toOrganisation(ctx.config, row)),
    target.id,
    target.password_hash === null ? 'Pending' : 'SignedUp',
    {
      from: ['Disabled', 'Inactive', 'LockedOut'],
    },
  );
  return user?.status ?? null;
}

/** Disable: the user can no longer sign in, and loses their sessions at once. */
export async function disableUser(ctx: AppContext, scope: ActingScope, id: string): Promise<ActionResult> {
  const { actor } = scope;
  assertNotSelf(actor, id);
  await targetUser(ctx, scope, id);
  const user = await setUserStatus(ctx, scope, id, 'Disabled', { from: ['Pending', 'SignedUp', 'LockedOut', 'Inactive'] });
  if (!user) throw new AppError('STATUS_CONFLICT');
  return { message: MESSAGES.userDetailsUpdated, user };
}

/**
 * Disables or re-enables a user for a provisioning application (SCIM `active`), which manages End
 * users only; disabling ends the user's sessions and tokens at once. Answers the user after it.
 */
export async function setUserActive(ctx: AppContext, scope: Scope, target: UserRow, active: boolean): Promise<UserRow> {
  const changed = active
    ? target.status === 'Disabled'
      ? await setUserStatus(ctx, scope, target.id, target.password_hash === null ? 'Pending' : 'SignedUp', { from: ['Disabled'] })
      : null
    : target.status !== 'Disabled'
      ? await setUserStatus(ctx, scope, target.id, 'Disabled', { from: ['Pending', 'SignedUp', 'LockedOut', 'Inactive'] })
      : null;
  return changed ?? (await findUserById(scope.db, target.id)) ?? target;
}

/**
 * Writes changes to a user's columns for a provisioning application, in one transaction with a
 * `user.updated` event naming what changed; answers the user as stored after it. A taken email is a
 * CONFLICT on field email.
 */
export async function applyUserChanges(ctx: AppContext, scope: Scope, target: UserRow, changes: UserUpdate): Promise<UserRow> {
  const now = ctx.clock.now();
  const details = changedFields(target, changes);
  try {
    await scope.transaction(async (inner) => {
      await updateUser(inner.db, target.id, { ...changes, updated_at: now });
      if (Object.keys(details).length > 0)
        await emit(ctx, inner.db, inner, { type: 'user.updated', subject: { kind: 'user', id: target.id }, details });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', ACCOUNT_MESSAGES.userExists, 'CONFLICT');
    throw error;
  }
  return (await findUserById(scope.db, target.id))!;
}

/** 'Send reset email': a link to choose a new password. */
export async function sendUserPasswordReset(ctx: AppContext, scope: ActingScope, id: string): Promise<ActionResult> {
  const user = await targetUser(ctx, scope, id);
  if (user.status === 'Pending') throw new AppError('STATUS_CONFLICT', { message: ACCOUNT_MESSAGES.cannotReset });
  if (user.status !== 'SignedUp' && user.status !== 'LockedOut') throw new AppError('STATUS_CONFLICT');
  await sendPasswordResetEmail(ctx, scope, user);
  await emit(ctx, ctx.db.kysely, scope, {
    type: 'user.password_reset',
    subject: { kind: 'user', id: user.id },
    details: { resetEmailSent: true },
  });
  return { message: MESSAGES.passwordResetEmailSent, user };
}

/**
 * 'Reset' of the user's MFA state: their method, recovery codes and remembered devices are gone; they
 * sign in with their password and, where MFA is required, set it up again. Nobody resets their own here.
 */
export async function resetUserTwoStep(ctx: AppContext, scope: ActingScope, id: string): Promise<ActionResult> {
  const { actor } = scope;
  if (isSelf(actor, id)) throw new AppError('FORBIDDEN', { message: MFA_MESSAGES.notYourself });
  await targetUser(ctx, scope, id);
  await resetTwoStep(ctx, scope, id);
  return { message: MESSAGES.mfaReset, user: (await findUserById(scope.db, id))! };
}

/** The user's second factors, for their administrator (not their own: that is /twostep). */
export async function userFactors(ctx: AppContext, scope: ActingScope, id: string): Promise<Factor[]> {
  await targetUser(ctx, scope, id);
  return factorsOf(scope.db, id);
}

/** An administrator removes one of the user's factors; the last one resets their MFA. Nobody does this to themselves here. */
export async function removeUserFactor(ctx: AppContext, scope: ActingScope, id: string, factorId: string): Promise<Factor[]> {
  const { actor } = scope;
  if (isSelf(actor, id)) throw new AppError('FORBIDDEN', { message: MFA_MESSAGES.notYourself });
  await targetUser(ctx, scope, id);
  return removeFactorOf(ctx, scope, id, factorId);
}

export type ListUsersInput = z.output<typeof listUsersRequest>;
export type UpdateUserInput = z.output<typeof updateUserRequest>;

/** GET /api/users and POST /api/users/search: a page of the organisation's users, by email, optionally by prefix. */
export async function listUsersPage(ctx: AppContext, scope: Scope, input: ListUsersInput): Promise<UserListPage> {
  const org = scope.organisation;
  const limit = LIMITS.usersPageSize;
  const { rows, more, total, exact } = await listUsers(ctx.db.kysely, ctx.db.dialect, {
    organisationId: org.id,
    search: input.search,
    after: input.after,
    offset: (input.page - 1) * limit,
    limit,
  });
  const managers = await findManagingApplications(
    scope.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      surname: row.surname,
      role: row.role,
      status: row.status,
      managedBy: managers.get(row.id)?.name ?? null,
    })),
    page: input.page,
    totalPages: Math.ceil(total / limit),
    total,
    totalExact: exact,
    next: more ? rows.at(-1)!.email : null,
  };
}

/** The application with SCIM on that provisions the user, or null (docs/scim.md). */
export async function managingApplication(ctx: AppContext, scope: Scope, userId: string): Promise<{ id: string; name: string } | null> {
  return (await findManagingApplications(scope.db, [userId])).get(userId) ?? null;
}

/** A user as the admin screens show them: the account, and the application that provisions them. */
export async function adminAccount(ctx: AppContext, scope: Scope, user: UserRow): Promise<Account> {
  return { ...(await accountOf(ctx, scope.organisation, user)), managedBy: await managingApplication(ctx, scope, user.id) };
}

/** GET /api/users/{id}: any user of the organisation (a 404 for anyone else's). */
export async function getUser(ctx: AppContext, scope: Scope, id: string): Promise<UserRow> {
  const user = await findUserById(scope.db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/**
 * PUT /api/users/{id}: names and phone number; for someone else also role (up to the caller's own),
 * MFA enforcement (unless the organisation requires MFA of everyone) and application access. On
 * oneself those three are ignored, as the screen hides them (spec section 6).
 */
export async function updateUserDetails(ctx: AppContext, scope: ActingScope, id: string, input: UpdateUserInput): Promise<ActionResult> {
  const { organisation: org, actor } = scope;
  const target = await targetUser(ctx, scope, id);
  const self = isSelf(actor, target.id);
  const now = ctx.clock.now();
  const changes: UserUpdate = {
    first_name: input.firstName ?? null,
    surname: input.surname ?? null,
    phone_number: input.phoneNumber ?? null,
    // Not sent: unchanged (the screens' form has no language; the management API may set it).
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
    updated_at: now,
  };
  // What an identity provider sets through SCIM is its to change: the next sync would overwrite an edit.
  const manager = target.scim_client_id === null ? null : await managingApplication(ctx, scope, target.id);
  if (manager) {
    const owned = [
      ['firstName', 'first_name'],
      ['surname', 'surname'],
      ['phoneNumber', 'phone_number'],
    ] as const;
    for (const [field, column] of owned) {
      if (changes[column] !== target[column]) throw fieldError(field, USER_MESSAGES.scimOwnedField(manager.name));
    }
  }
  let clientIds: string[] | undefined;
  if (!self) {
    if (input.role !== undefined) {
      if (ROLE_RANK[input.role] > ROLE_RANK[actor.role]) throw fieldError('role', ACCOUNT_MESSAGES.roleNotAllowed, 'FORBIDDEN');
      changes.role = input.role;
    }
    if (input.multiFactorAuthRequired !== undefined && !org.row.require_two_step) {
      changes.multi_factor_auth_required = input.multiFactorAuthRequired;
    }
    clientIds = await checkedClientIds(ctx, org.id, input.clients);
  }
  const { updated_at: _, ...edited } = changes;
  const details = changedFields(target, edited);
  if (clientIds) {
    const before = (await listUserClients(scope.db, id)).map((c) => c.id).sort();
    Object.assign(details, changedFields({ applications: before }, { applications: [...clientIds].sort() }));
  }
  await scope.transaction(async (inner) => {
    await updateUser(inner.db, id, changes);
    if (clientIds) await grantClientAccess(inner.db, id, clientIds, now);
    if (Object.keys(details).length > 0) await emit(ctx, inner.db, inner, { type: 'user.updated', subject: { kind: 'user', id }, details });
  });
  return { message: MESSAGES.userDetailsUpdated, user: (await findUserById(scope.db, id))! };
}

/**
 * DELETE /api/users/{id}: the user is removed for good (docs/decisions.md): their sessions, grants and
 * tokens are ended first, and the rows that name them (invitations, recovery, MFA, access) cascade.
 */
export async function deleteUserById(ctx: AppContext, scope: ActingScope, id: string): Promise<void> {
  const { actor } = scope;
  if (isSelf(actor, id)) throw new AppError('FORBIDDEN', { message: USER_MESSAGES.cannotDeleteYourself });
  const user = await targetUser(ctx, scope, id);
  await deleteUserAccount(ctx, scope, user.id, user.email);
  await deleteThrottle(scope.db, user.email);
}
