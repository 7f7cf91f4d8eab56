/** The signed-in user's own account: 'Edit details', changing the password, and resending the verification email. */
import type { Locale } from '@gatehouse/common/i18n/locales';
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';
import type { updateAccountRequest } from '@gatehouse/common/schemas/account';
import type { changePasswordRequest } from '@gatehouse/common/schemas/passwords';
import type { z } from 'zod';

import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { sendVerificationEmail } from '../tokens/emails.ts';
import { newestEmailTokenAt } from '../tokens/store.ts';
import { hashNewPassword, storePassword } from './password.ts';
import { confirmCurrentPassword } from './service.ts';
import { findUserById, updateUser } from './store.ts';

/** Saves first name, surname and phone number; a new phone number needs the current password. */
export async function updateDetails(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  input: z.output<typeof updateAccountRequest>,
): Promise<UserRow> {
  const phone = input.phoneNumber ?? null;
  if (phone !== user.phone_number && phone !== null) await confirmCurrentPassword(ctx, scope, user, input.currentPassword);
  const now = ctx.clock.now();
  await updateUser(scope.db, user.id, {
    first_name: input.firstName ?? null,
    surname: input.surname ?? null,
    phone_number: phone,
    updated_at: now,
  });
  return (await findUserById(scope.db, user.id))!;
}

/** Sets the person's own language (null: their browser's). */
export async function setOwnLanguage(ctx: AppContext, scope: Scope, user: UserRow, locale: Locale | null): Promise<UserRow> {
  await updateUser(scope.db, user.id, { locale, updated_at: ctx.clock.now() });
  return (await findUserById(scope.db, user.id))!;
}

/**
 * Changes the password (the current one first, when there is one) and ends every session and grant of
 * the account; the caller starts a fresh session for this browser.
 */
export async function changePassword(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  input: z.output<typeof changePasswordRequest>,
): Promise<UserRow> {
  const org = scope.organisation;
  await confirmCurrentPassword(ctx, scope, user, input.currentPassword);
  const passwordHash = await hashNewPassword(ctx, org, user, input.password);
  await scope.transaction(async (inner) => {
    await storePassword(inner.db, user.id, passwordHash, ctx.clock.now());
    await emit(ctx, inner.db, inner, { type: 'user.password_changed', subject: { kind: 'user', id: user.id } });
  });
  return (await findUserById(scope.db, user.id))!;
}

/** Sends the verification email again, at most once a minute (the page asking for it may be reloaded). */
export async function resendOwnVerification(ctx: AppContext, scope: Scope, user: UserRow): Promise<void> {
  if (user.email_verified_date !== null) throw new AppError('EMAIL_ALREADY_VERIFIED');
  const last = await newestEmailTokenAt(scope.db, user.id, 'verify');
  if (last !== null && ctx.clock.now() - last < ACCOUNT_TOKENS.resendCooldownSeconds * 1000) return;
  await sendVerificationEmail(ctx, scope, user);
}

/**
 * A password set by the organisation's identity provider (SCIM): an administrator's reset, audited with
 * the application as actor, after which whoever held the old password is signed out (sessions, refresh
 * tokens and grants end). A Pending user becomes SignedUp.
 */
export async function setProvisionedPassword(ctx: AppContext, scope: Scope, user: UserRow, password: string): Promise<void> {
  const org = scope.organisation;
  const hash = await hashNewPassword(ctx, org, user, password);
  await scope.transaction(async (inner) => {
    await storePassword(inner.db, user.id, hash, ctx.clock.now(), user.status === 'Pending' ? { status: 'SignedUp' } : {});
    await emit(ctx, inner.db, inner, {
      type: 'user.password_reset',
      subject: { kind: 'user', id: user.id },
      details: { via: 'scim' },
    });
  });
}
