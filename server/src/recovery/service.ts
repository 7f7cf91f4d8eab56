/**
 * Account recovery (spec: /recovery, /recoverycode). A request gives the browser a recovery token (in a
 * cookie) and emails a short code to the account; the code works only with that token, for 15 minutes,
 * for 5 attempts, once. An administrator's reset email carries a link token instead. Either way the
 * browser then chooses a new password, which ends every session of the account.
 * Requests for addresses with no recoverable account behave the same, but their code is never sent.
 */
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { ACCOUNT_TOKENS } from '@gatehouse/common/policy';

import { hashNewPassword, storePassword } from '../accounts/password.ts';
import { findUserByEmail, findUserById } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { deriveKey, hashToken, hmac, newCode, newToken, normaliseCode, safeEqual } from '../crypto/tokens.ts';
import type { UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { recipientLocale } from '../http/language.ts';
import { mailQuotaUsed, sendMail } from '../mail/service.ts';
import type { Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { useEmailToken } from '../tokens/service.ts';
import {
  countCodeAttempt,
  deleteUserRecoveryFlows,
  detachRecoveryFlow,
  findRecoveryFlow,
  insertRecoveryFlow,
  markRecoveryVerified,
  takeVerifiedRecoveryFlow,
} from './store.ts';

/** Who may recover: a LockedOut user may choose a new password but stays locked until an admin clears it. */
const RECOVERABLE = new Set<UserRow['status']>(['SignedUp', 'LockedOut']);

const codeKey = (ctx: AppContext) => deriveKey(ctx.config.cookieSecret, 'recovery-code');
const codeHash = (ctx: AppContext, flowId: string, code: string) => hmac(codeKey(ctx), flowId, normaliseCode(code));

function assertRecoveryOffered(org: Organisation): void {
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
}

/** No user has this id: the statements of an unknown address match nothing, but they run all the same. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export interface RecoveryStart {
  /** The token for the browser's cookie. */
  token: string;
  /** Emails the code, once the answer has gone (absent for an address with no recoverable account). */
  sendCode?: () => Promise<void>;
}

/**
 * Starts a recovery request for an address. The answer does the same work whether or not the address
 * has a recoverable account (the quota check, the deletion of earlier requests and
 * the email insert ran only for real accounts, and timing told them apart); what only a real account
 * needs, the quota and the email, happens after the answer.
 */
export async function startRecovery(ctx: AppContext, scope: Scope, email: string): Promise<RecoveryStart> {
  const org = scope.organisation;
  assertRecoveryOffered(org);
  const db = ctx.db.kysely;
  const user = await findUserByEmail(scoped(db, org.id), email);
  const recoverable = user !== undefined && RECOVERABLE.has(user.status) ? user : undefined;
  const token = newToken();
  const id = hashToken(token);
  const code = newCode();
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await deleteUserRecoveryFlows(scoped(trx, org.id), recoverable?.id ?? NO_USER);
    await insertRecoveryFlow(scoped(trx, org.id), {
      id,
      user_id: recoverable?.id ?? null,
      code_hash: codeHash(ctx, id, code),
      attempts: 0,
      verified_at: null,
      created_at: now,
      expires_at: now + ACCOUNT_TOKENS.recoveryCodeMinutes * MINUTE,
    });
  });
  if (!recoverable) return { token };
  const sendCode = async () => {
    // Recorded after the answer, like the email, so a known address costs the request no more work.
    await emit(ctx, db, scope, { type: 'recovery.requested', subject: { kind: 'user', id: recoverable.id } });
    // Over the hourly quota the request stays, but no code is sent and none can match.
    if (await mailQuotaUsed(ctx, org, recoverable.email, ['recoveryCode'], ACCOUNT_TOKENS.anonymousEmailsPerHour)) {
      await detachRecoveryFlow(scoped(db, org.id), id);
      return;
    }
    await sendMail(ctx, {
      org,
      to: recoverable.email,
      kind: 'recoveryCode',
      text: () => MAIL_MESSAGES.recoveryCode(org.displayName, code, ACCOUNT_TOKENS.recoveryCodeMinutes),
      locale: recipientLocale(org, recoverable.locale),
    });
  };
  return { token, sendCode };
}

/** Checks the code typed in the browser holding the request; afterwards the browser may choose a password. */
export async function verifyRecoveryCode(ctx: AppContext, scope: Scope, flowToken: string | null, code: string): Promise<void> {
  const org = scope.organisation;
  assertRecoveryOffered(org);
  if (!flowToken) throw new AppError('RECOVERY_EXPIRED');
  const db = ctx.db.kysely;
  const id = hashToken(flowToken);
  const now = ctx.clock.now();
  const flow = await countCodeAttempt(scoped(db, org.id), id, now, ACCOUNT_TOKENS.recoveryCodeAttempts);
  if (!flow) {
    const current = await findRecoveryFlow(scoped(db, org.id), id);
    // A second submit of a code that was just accepted is not an error.
    if (current && current.verified_at !== null && current.expires_at > now) return;
    throw new AppError('RECOVERY_EXPIRED');
  }
  if (!safeEqual(codeHash(ctx, id, code), flow.code_hash) || flow.user_id === null) {
    throw fieldError('code', new AppError('RECOVERY_CODE_INVALID').message, 'RECOVERY_CODE_INVALID');
  }
  await markRecoveryVerified(scoped(db, org.id), id, now, now + ACCOUNT_TOKENS.recoveryChoosePasswordMinutes * MINUTE);
}

/** Opens an administrator's reset link: a verified recovery request for this browser; returns its token. */
export async function openResetLink(ctx: AppContext, scope: Scope, resetID: string): Promise<string> {
  const org = scope.organisation;
  assertRecoveryOffered(org);
  const link = await useEmailToken(ctx, scope, resetID, ['reset']);
  const user = link?.user_id ? await findUserById(scope.db, link.user_id) : undefined;
  if (!link || !user || !RECOVERABLE.has(user.status) || user.email !== link.email) throw new AppError('TOKEN_INVALID');
  const token = newToken();
  const id = hashToken(token);
  const now = ctx.clock.now();
  await scope.transaction(async (inner) => {
    await deleteUserRecoveryFlows(inner.db, user.id);
    await insertRecoveryFlow(inner.db, {
      id,
      user_id: user.id,
      code_hash: hashToken(newToken()),
      attempts: 0,
      verified_at: now,
      created_at: now,
      expires_at: now + ACCOUNT_TOKENS.recoveryChoosePasswordMinutes * MINUTE,
    });
  });
  return token;
}

/**
 * Sets the new password of a verified recovery request, once, and signs the account out everywhere.
 * The code proved the address, so it counts as verified; consecutive failures are forgiven unless the
 * account is locked (lockout is cleared by an administrator only).
 */
export async function resetPassword(ctx: AppContext, scope: Scope, flowToken: string | null, password: string): Promise<void> {
  const org = scope.organisation;
  assertRecoveryOffered(org);
  if (!flowToken) throw new AppError('RECOVERY_EXPIRED');
  const db = ctx.db.kysely;
  const id = hashToken(flowToken);
  const flow = await findRecoveryFlow(scoped(db, org.id), id);
  const user = flow?.user_id ? await findUserById(scoped(db, org.id), flow.user_id) : undefined;
  if (!flow || flow.verified_at === null || flow.expires_at <= ctx.clock.now() || !user || !RECOVERABLE.has(user.status)) {
    throw new AppError('RECOVERY_EXPIRED');
  }
  const passwordHash = await hashNewPassword(ctx, org, user, password);
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    if (!(await takeVerifiedRecoveryFlow(scoped(trx, org.id), id, now))) throw new AppError('RECOVERY_EXPIRED');
    await storePassword(scoped(trx, org.id), user.id, passwordHash, now, {
      email_verified_date: user.email_verified_date ?? now,
      ...(user.status === 'SignedUp' ? { failed_auth_count: 0, cooldown_until: null } : {}),
    });
    await emit(ctx, trx, scope, {
      type: 'recovery.completed',
      actor: { kind: 'user', id: user.id },
      subject: { kind: 'user', id: user.id },
    });
  });
}
