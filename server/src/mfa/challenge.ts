/**
 * The code step of signing in. A correct password of a user with a second step makes no session: it
 * makes a sign-in state, bound to this browser by a cookie holding a 256-bit token (only its SHA-256 is
 * stored), named to the SPA by a signInStateID, and living MFA.signInMinutes. The code is then checked
 * against it (MFA.attemptsPerCode per sign-in; MFA.failedCodesBeforeLockout in a row, across sign-ins,
 * lock the account), and only a right code, or an unused recovery code, starts the session; the state
 * is used once. Remember-me marks the browser so that it skips the step for rememberMeDays.
 */
import { methodName } from './enrolment.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MFA, maskPhoneNumber } from '@gatehouse/common/mfa';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { SignInResult } from '@gatehouse/common/schemas/account';
import type { signInCodeRequest, SignInChallenge } from '@gatehouse/common/schemas/mfa';
import type { passkeySignInRequest } from '@gatehouse/common/schemas/passkeys';
import { countCredentials } from '../passkeys/store.ts';
import { assertionOptions, PASSKEY_AMR, verifyUserAssertion } from '../passkeys/service.ts';
import type { z } from 'zod';
import { DAY, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { SignInStateRow, UserRow } from '../db/schema.ts';
import { AppError, concerning, fieldError } from '../http/errors.ts';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from '../http/cookies.ts';
import { startSession } from '../accounts/session.ts';
import { setUserStatus } from '../accounts/status.ts';
import { findUserById, recordFailedSignIn, recordSignIn } from '../accounts/store.ts';
import { countSignIn, type SignInMethod } from '../metrics/service.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { hashToken, newToken, safeEqual } from '../security/tokens.ts';
import { assertCodeQuota, codeMinutes, deliverCode, type CodeChannel } from './delivery.ts';
import { amrForCode, RECOVERY_CODE_AMR } from './model.ts';
import { codeHash, codeMatches, decryptMfaSecret, looksLikeRecoveryCode, newNumericCode, recoveryCodeHashes } from './secrets.ts';
import {
  acceptTotpStep,
  countSignInAttempt,
  findSignInState,
  findUserMfa,
  insertRememberedDevice,
  insertSignInState,
  isRememberedDevice,
  replaceSignInCode,
  reserveCodeAttempt,
  resetFailedCodes,
  takeSignInState,
  useRecoveryCode,
} from './store.ts';
import { matchingStep } from './totp.ts';

export type SignInCodeInput = z.output<typeof signInCodeRequest>;
export type PasskeySignInInput = z.output<typeof passkeySignInRequest>;

/** Whether this browser was remembered at an earlier code step of this user (and the organisation still offers remember-me). */
export async function deviceRemembered(ctx: AppContext, request: FastifyRequest, org: Organisation, user: UserRow): Promise<boolean> {
  if (org.row.remember_me_days <= 0) return false;
  const token = readFlowCookie(ctx, request, 'gatehouse_device');
  return token !== null && isRememberedDevice(ctx.db.kysely, org.id, user.id, hashToken(token), ctx.clock.now());
}

/** Where a user's email or SMS codes go. */
async function codeDestination(ctx: AppContext, org: Organisation, user: UserRow, channel: CodeChannel): Promise<string> {
  if (channel === TWO_STEP_KINDS.email) return user.email;
  const phone = (await findUserMfa(ctx.db.kysely, org.id, user.id))?.phone_number;
  if (!phone) throw new Error('An SMS second step without a phone number');
  return phone;
}

/** A correct password of a user with a second step: the code step starts (an email or SMS code is sent). */
export async function beginCodeStep(ctx: AppContext, reply: FastifyReply, org: Organisation, user: UserRow): Promise<SignInChallenge> {
  const kind = user.two_step_kind!;
  ctx.telemetry.mfaChallenges.inc({ method: methodName(kind) });
  const token = newToken();
  const id = hashToken(token);
  const now = ctx.clock.now();
  let sent: { to: string; code: string; channel: CodeChannel } | null = null;
  if (kind === TWO_STEP_KINDS.email || kind === TWO_STEP_KINDS.sms) {
    const to = await codeDestination(ctx, org, user, kind);
    await assertCodeQuota(ctx, org, kind, to);
    sent = { to, code: newNumericCode(), channel: kind };
  }
  const state: SignInStateRow = {
    id,
    organisation_id: org.id,
    user_id: user.id,
    state_id: newToken(),
    kind,
    code_hash: sent ? codeHash(ctx, id, sent.code) : null,
    code_sent_at: sent ? now : null,
    code_expires_at: sent ? now + codeMinutes(sent.channel) * MINUTE : null,
    attempts: 0,
    created_at: now,
    expires_at: now + MFA.signInMinutes * MINUTE,
  };
  await insertSignInState(ctx.db.kysely, state);
  if (sent) await deliverCode(ctx, org, sent.channel, 'signIn', sent.to, sent.code);
  setFlowCookie(ctx, reply, 'gatehouse_signin', token, MFA.signInMinutes * MINUTE);
  return {
    authType: 'code',
    signInStateID: state.state_id,
    data: {
      digits: MFA.digits,
      isEmail: kind === TWO_STEP_KINDS.email,
      isSMS: kind === TWO_STEP_KINDS.sms,
      rememberMeDays: org.row.remember_me_days,
      phoneNumber: sent && kind === TWO_STEP_KINDS.sms ? maskPhoneNumber(sent.to) : null,
      passkey: (await countCredentials(ctx.db.kysely, org.id, user.id)) > 0,
      passkeyOnly: kind === TWO_STEP_KINDS.passkey,
    },
  };
}

/** The live sign-in of this browser that the SPA names; anything else has expired as far as anyone can tell. */
export async function currentSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  org: Organisation,
  signInStateID: string,
): Promise<SignInStateRow> {
  const token = readFlowCookie(ctx, request, 'gatehouse_signin');
  const state = token ? await findSignInState(ctx.db.kysely, org.id, hashToken(token)) : undefined;
  if (!state || state.expires_at <= ctx.clock.now() || !safeEqual(state.state_id, signInStateID)) throw new AppError('SIGN_IN_EXPIRED');
  return state;
}

/** 'Resend code' on the code step: a new email or SMS code, at most one a minute. */
export async function resendSignInCode(ctx: AppContext, request: FastifyRequest, org: Organisation, signInStateID: string): Promise<void> {
  const state = await currentSignIn(ctx, request, org, signInStateID);
  if (state.kind !== TWO_STEP_KINDS.email && state.kind !== TWO_STEP_KINDS.sms) throw new AppError('BAD_REQUEST');
  const now = ctx.clock.now();
  if (state.code_sent_at !== null && now - state.code_sent_at < MFA.resendMs) throw new AppError('MFA_RESEND_TOO_SOON');
  const user = await findUserById(ctx.db.kysely, org.id, state.user_id);
  if (!user || user.two_step_kind !== state.kind) throw new AppError('SIGN_IN_EXPIRED');
  const channel: CodeChannel = state.kind;
  const to = await codeDestination(ctx, org, user, channel);
  await assertCodeQuota(ctx, org, channel, to);
  const code = newNumericCode();
  const replaced = await replaceSignInCode(
    ctx.db.kysely,
    org.id,
    state.id,
    { hash: codeHash(ctx, state.id, code), sentAt: now, expiresAt: now + codeMinutes(channel) * MINUTE },
    now - MFA.resendMs,
  );
  if (!replaced) throw new AppError('MFA_RESEND_TOO_SOON');
  await deliverCode(ctx, org, channel, 'signIn', to, code);
}

/** The methods a right code proves, or null for a wrong one; an emailed or texted code past its time is refused as expired. */
async function checkCode(ctx: AppContext, org: Organisation, user: UserRow, state: SignInStateRow, code: string): Promise<string[] | null> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  if (looksLikeRecoveryCode(code)) {
    for (const hash of recoveryCodeHashes(ctx, user.id, code))
      if (await useRecoveryCode(db, org.id, user.id, hash, now)) return RECOVERY_CODE_AMR;
    return null;
  }
  if (state.kind === TWO_STEP_KINDS.app) {
    const mfa = await findUserMfa(db, org.id, user.id);
    if (!mfa?.secret) return null;
    const step = matchingStep(decryptMfaSecret(ctx, org.id, user.id, mfa.secret), code, now);
    // A code already used (by this sign-in or any other) is refused: one step is accepted once.
    return step !== null && (await acceptTotpStep(db, org.id, user.id, step)) ? amrForCode(state.kind) : null;
  }
  // Passkeys only: no code was sent, so only a recovery code (above) answers in a code.
  if (state.kind === TWO_STEP_KINDS.passkey) return null;
  if (!codeMatches(ctx, state.id, code, state.code_hash)) return null;
  if (state.code_expires_at === null || state.code_expires_at <= now)
    throw fieldError('code', MFA_MESSAGES.codeExpired, 'MFA_CODE_EXPIRED');
  return amrForCode(state.kind);
}

/** Too many wrong codes in a row: the account locks like after too many wrong passwords, and this sign-in ends. */
async function lockForCodes(ctx: AppContext, org: Organisation, user: UserRow, state: SignInStateRow): Promise<AppError> {
  await takeSignInState(ctx.db.kysely, org.id, state.id);
  await resetFailedCodes(ctx.db.kysely, org.id, user.id);
  await setUserStatus(ctx, org.id, user.id, 'LockedOut', { from: ['SignedUp'] });
  return concerning(new AppError('ACCOUNT_LOCKED'), user.id);
}

/** A browser remembered for the organisation's rememberMeDays: a random token in a cookie, its hash bound to user and organisation. */
async function rememberDevice(ctx: AppContext, reply: FastifyReply, org: Organisation, user: UserRow): Promise<void> {
  const token = newToken();
  const now = ctx.clock.now();
  const lifetime = org.row.remember_me_days * DAY;
  await insertRememberedDevice(ctx.db.kysely, {
    id: hashToken(token),
    organisation_id: org.id,
    user_id: user.id,
    created_at: now,
    expires_at: now + lifetime,
  });
  setFlowCookie(ctx, reply, 'gatehouse_device', token, lifetime);
}

/** The user of a live sign-in, or the sign-in ends (locked, disabled or deleted meanwhile, or the method was reset). */
async function signInUser(ctx: AppContext, org: Organisation, state: SignInStateRow): Promise<UserRow> {
  const db = ctx.db.kysely;
  const user = await findUserById(db, org.id, state.user_id);
  if (!user || user.status !== 'SignedUp' || user.two_step_kind !== state.kind) {
    await takeSignInState(db, org.id, state.id);
    const error = new AppError(user?.status === 'LockedOut' ? 'ACCOUNT_LOCKED' : 'SIGN_IN_EXPIRED');
    throw user ? concerning(error, user.id) : error;
  }
  return user;
}

/**
 * The second step of a sign-in, answered with a code or a passkey: counted against the sign-in's
 * attempts and the user's failed codes (too many lock the account), taken once, then the session.
 * `check` answers the amr of a right answer, or null.
 */
async function completeSecondStep(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  org: Organisation,
  input: { signInStateID: string; rememberMe?: boolean | undefined; returnurl?: string | undefined },
  answer: {
    check: (user: UserRow, state: SignInStateRow) => Promise<string[] | null>;
    wrong: () => AppError;
    method: SignInMethod;
  },
): Promise<SignInResult> {
  const db = ctx.db.kysely;
  const state = await currentSignIn(ctx, request, org, input.signInStateID);
  const user = await signInUser(ctx, org, state);
  const counted = await countSignInAttempt(db, org.id, state.id, ctx.clock.now(), MFA.attemptsPerCode);
  if (!counted) {
    await takeSignInState(db, org.id, state.id);
    throw new AppError('SIGN_IN_EXPIRED');
  }
  const reserved = await reserveCodeAttempt(db, org.id, user.id, MFA.failedCodesBeforeLockout);
  if (!reserved) throw await lockForCodes(ctx, org, user, state);

  const amr = await answer.check(user, counted);
  if (!amr) {
    await recordFailedSignIn(db, org.id, user.id, ctx.clock.now());
    if (reserved.failed_code_count >= MFA.failedCodesBeforeLockout) throw await lockForCodes(ctx, org, user, state);
    throw concerning(answer.wrong(), user.id);
  }
  // Once: of two right answers for one sign-in, only one signs in.
  if (!(await takeSignInState(db, org.id, state.id))) throw new AppError('SIGN_IN_EXPIRED');
  clearFlowCookie(ctx, reply, 'gatehouse_signin');
  await resetFailedCodes(db, org.id, user.id);
  if (input.rememberMe && org.row.remember_me_days > 0) await rememberDevice(ctx, reply, org, user);
  await recordSignIn(db, org.id, user.id, ctx.clock.now());
  await countSignIn(ctx, org.id, user.id, answer.method);
  return startSession(ctx, request, reply, org, (await findUserById(db, org.id, user.id))!, amr, input.returnurl);
}

/** POST /api/authenticate with a signInStateID and a code: the second step; a right code signs the user in. */
export function completeCodeStep(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  org: Organisation,
  input: SignInCodeInput,
): Promise<SignInResult> {
  return completeSecondStep(ctx, request, reply, org, input, {
    check: (user, counted) => checkCode(ctx, org, user, counted, input.code),
    wrong: () => fieldError('code', MFA_MESSAGES.codeInvalid, 'MFA_CODE_INVALID'),
    method: 'password and code',
  });
}

/** POST /api/authenticate/passkey/options: a challenge bound to this sign-in, for the user's passkeys. */
export async function passkeyStepOptions(ctx: AppContext, request: FastifyRequest, org: Organisation, signInStateID: string) {
  const state = await currentSignIn(ctx, request, org, signInStateID);
  const user = await signInUser(ctx, org, state);
  return assertionOptions(ctx, org, user, 'sign-in', state.id);
}

/** POST /api/authenticate/passkey: the code step answered with a passkey; counted like a code (attempts, lockout). */
export function completePasskeyStep(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  org: Organisation,
  input: PasskeySignInInput,
): Promise<SignInResult> {
  return completeSecondStep(ctx, request, reply, org, input, {
    check: async (user, counted) =>
      (await verifyUserAssertion(ctx, org, user, 'sign-in', counted.id, input.credential)) ? PASSKEY_AMR : null,
    wrong: () => new AppError('PASSKEY_INVALID'),
    method: 'password and passkey',
  });
}
