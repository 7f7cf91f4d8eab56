/**
 * Self sign-up and completing sign-up. An address is proven before any password is set on it:
 * /signup emails a link; opening it (verifyEmail) creates the Pending account, or finds the existing
 * one, and hands the browser a short-lived completion token; /completesignup sets the password with it.
 * An invited user completes with the invitation link instead, which proves the address too.
 * Answers never depend on whether an account exists.
 */
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';
import type { VerifyEmailResult } from '@gatehouse/common/schemas/signup';

import { hashNewPassword, storePassword } from '../accounts/password.ts';
import { finishSignIn, type SignedIn } from '../accounts/session.ts';
import { setUserStatus } from '../accounts/status.ts';
import { findUserByEmail, findUserById, updateUser } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Browser } from '../http/outcome.ts';
import { mailQuotaUsed } from '../mail/service.ts';
import { isEmailWhitelisted } from '../organisations/email-whitelist.ts';
import type { Scope } from '../scope/scope.ts';
import { PASSWORD_AMR } from '../sessions/amr.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { emailWhitelistOf } from '../tenancy/organisation.ts';
import { sendSignUpEmail } from '../tokens/emails.ts';
import { issueEmailToken, peekEmailToken, useEmailToken } from '../tokens/service.ts';
import { deleteEmailTokens } from '../tokens/store.ts';
import { assertRoomForUsers } from '../users/limits.ts';
import { provisionUser } from '../users/provision.ts';

function assertSelfSignUpOpen(org: Organisation): void {
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
  if (org.row.prevent_self_sign_up) throw new AppError('SELF_SIGN_UP_DISABLED');
}

/** POST /api/signup: emails the sign-up link, whether or not the address already has an account. */
export async function startSignUp(ctx: AppContext, scope: Scope, email: string): Promise<void> {
  const org = scope.organisation;
  assertSelfSignUpOpen(org);
  if (!isEmailWhitelisted(emailWhitelistOf(org.row), email))
    throw fieldError('email', new AppError('EMAIL_NOT_ALLOWED').message, 'EMAIL_NOT_ALLOWED');
  // Checked for every address alike, so the answer says nothing about any one account.
  await assertRoomForUsers(ctx, org);
  if (await mailQuotaUsed(ctx, org, email, ['signUpVerification'], ACCOUNT_TOKENS.anonymousEmailsPerHour)) return;
  const existing = await findUserByEmail(scope.db, email);
  await sendSignUpEmail(ctx, scope, email, existing?.id ?? null);
}

export interface VerifiedEmail extends VerifyEmailResult {
  /** For completeSignUp: the token the browser keeps (in a cookie) to choose its password. */
  completionToken?: string;
}

/**
 * POST /api/verifyemail: uses a sign-up or verification link. A sign-up for a new address creates its
 * Pending account (email verified); a Pending account gets a completion token; an account that has
 * signed up is only marked verified.
 */
export async function verifyEmail(ctx: AppContext, scope: Scope, verificationID: string): Promise<VerifiedEmail> {
  const org = scope.organisation;
  const token = await useEmailToken(ctx, scope, verificationID, ['signup', 'verify']);
  if (!token) throw new AppError('TOKEN_INVALID');
  const db = ctx.db.kysely;
  const now = ctx.clock.now();

  if (token.purpose === 'verify') {
    const user = token.user_id ? await findUserById(scoped(db, org.id), token.user_id) : undefined;
    // The address may have changed since the link was sent: it then proves nothing.
    if (!user || user.email !== token.email) throw new AppError('TOKEN_INVALID');
    if (user.email_verified_date === null) await markVerified(ctx, scope, user);
    return { outcome: 'verified', email: user.email };
  }

  let user = await findUserByEmail(scoped(db, org.id), token.email);
  if (user && user.status !== 'Pending') {
    if (user.email_verified_date === null) await markVerified(ctx, scope, user);
    return { outcome: 'alreadySignedUp', email: user.email };
  }
  if (user) {
    const pending = user;
    // Whoever else prepared this Pending account loses any hold on it: the address's owner takes it over,
    // and its sessions and grants end with the change (the access-revocation subscriber).
    await db.transaction().execute(async (trx) => {
      await updateUser(scoped(trx, org.id), pending.id, {
        password_hash: null,
        email_verified_date: now,
        terms_accepted_at: token.created_at,
        updated_at: now,
      });
      await emit(ctx, trx, scope, {
        type: 'user.email_verified',
        subject: { kind: 'user', id: pending.id },
        details: { email: pending.email },
        endsOtherAccess: { keptSessionId: null },
      });
    });
  } else {
    user = await createSelfSignedUpUser(ctx, scope, token.email, token.created_at);
  }
  const completionToken = await issueEmailToken(ctx, {
    organisationId: org.id,
    purpose: 'completion',
    email: user.email,
    userId: user.id,
    lifetimeMs: ACCOUNT_TOKENS.signUpCompletionMinutes * MINUTE,
  });
  return { outcome: 'completeSignUp', email: user.email, completionToken };
}

async function markVerified(ctx: AppContext, scope: Scope, user: UserRow): Promise<void> {
  const now = ctx.clock.now();
  await scope.transaction(async (inner) => {
    await updateUser(inner.db, user.id, { email_verified_date: now, updated_at: now });
    await emit(ctx, inner.db, inner, {
      type: 'user.email_verified',
      subject: { kind: 'user', id: user.id },
      details: { email: user.email },
    });
  });
}

async function createSelfSignedUpUser(ctx: AppContext, scope: Scope, email: string, consentAt: number): Promise<UserRow> {
  const outcome = await provisionUser(ctx, scope, {
    email,
    prepare: () => ({ role: 'EndUser', via: 'sign-up', emailVerified: true, termsAcceptedAt: consentAt }),
  });
  if (outcome.kind === 'created') return outcome.user;
  // The address got its account from another sign-up link between this link's check and now.
  if (outcome.reason === 'emailTaken') throw new AppError('CONFLICT');
  throw new AppError(outcome.reason === 'baseOrganisation' ? 'BASE_ORGANISATION' : 'USER_LIMIT_REACHED');
}

/** GET /api/completesignup?invitationID=: the invitee's email, without using the invitation up. */
export async function invitationInfo(ctx: AppContext, scope: Scope, invitationID: string): Promise<{ email: string }> {
  const token = await peekEmailToken(ctx, scope, invitationID, ['invitation']);
  const user = token?.user_id ? await findUserById(scope.db, token.user_id) : undefined;
  if (!token || !user || user.status !== 'Pending' || user.email !== token.email) throw new AppError('TOKEN_INVALID');
  return { email: user.email };
}

/**
 * POST /api/completesignup: sets the first password of a Pending account, with an invitation token or
 * the completion token of a verified sign-up, and makes it SignedUp. The token is used up in the same
 * transaction, so of two concurrent completions exactly one succeeds.
 */
export async function completeSignUp(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
  input: { invitationToken?: string | undefined; completionToken?: string | null; password: string },
): Promise<SignedIn> {
  const org = scope.organisation;
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
  const purpose = input.invitationToken ? 'invitation' : 'completion';
  const raw = input.invitationToken ?? input.completionToken;
  if (!raw) throw new AppError('TOKEN_INVALID');
  const preview = await peekEmailToken(ctx, scope, raw, [purpose]);
  const pending = preview?.user_id ? await findUserById(scope.db, preview.user_id) : undefined;
  if (!preview || !pending || pending.status !== 'Pending' || pending.email !== preview.email) throw new AppError('TOKEN_INVALID');

  const passwordHash = await hashNewPassword(ctx, org, null, input.password);
  const now = ctx.clock.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const token = await useEmailToken(ctx, scope, raw, [purpose], trx);
    if (!token) throw new AppError('TOKEN_INVALID');
    await storePassword(scoped(trx, org.id), pending.id, passwordHash, now);
    const signedUp = await setUserStatus(ctx, scope, pending.id, 'SignedUp', {
      from: ['Pending'],
      trx,
      changes: {
        email_verified_date: pending.email_verified_date ?? now,
        terms_accepted_at: purpose === 'invitation' ? now : pending.terms_accepted_at,
      },
    });
    if (!signedUp) throw new AppError('TOKEN_INVALID');
    await deleteEmailTokens(scoped(trx, org.id), { userId: pending.id }, ['invitation', 'completion']);
    const user = { kind: 'user', id: pending.id } as const;
    await emit(ctx, trx, scope, {
      type: purpose === 'invitation' ? 'invitation.accepted' : 'user.signed_up',
      actor: user,
      subject: user,
    });
  });
  // Completing sign-up signs the user in.
  return finishSignIn(ctx, scope, browser, { userId: pending.id, amr: PASSWORD_AMR, details: { method: 'sign-up' } });
}
