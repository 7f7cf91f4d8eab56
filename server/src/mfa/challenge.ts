/**
 * The code step of signing in. A correct password of a user with a second step makes no session: it
 * makes a sign-in state, bound to this browser by a cookie holding a 256-bit token (only its SHA-256 is
 * stored), named to the SPA by a signInStateID, and living MFA.signInMinutes. The code is then checked
 * against it (MFA.attemptsPerCode per sign-in; MFA.failedCodesBeforeLockout in a row, across sign-ins,
 * lock the account), and only a right code, or an unused recovery code, starts the session; the state
 * is used once. Remember-me marks the browser so that it skips the step for rememberMeDays.
 */
import { ACR_PHISHING_RESISTANT, type AcrValue } from '@gatehouse/common/acr';
import { maskPhoneNumber, MFA } from '@gatehouse/common/mfa';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';
import type { SignInChallenge, signInCodeRequest } from '@gatehouse/common/schemas/mfa';
import type { passkeySignInRequest } from '@gatehouse/common/schemas/passkeys';
import type { z } from 'zod';

import { type CodeStep, finishSignIn, type SignedIn } from '../accounts/session.ts';
import { afterSecondStep } from '../accounts/sign-in-rules.ts';
import { setUserStatus } from '../accounts/status.ts';
import { findUserById, recordFailedSignIn } from '../accounts/store.ts';
import { DAY, MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { hashToken, newToken, safeEqual } from '../crypto/tokens.ts';
import type { CredentialRow, SignInStateRow, UserRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { scoped } from '../db/scoped.ts';
import { AppError, concerning, fieldError } from '../http/errors.ts';
import { type Browser, clearCookie, type CookieChange, setCookie } from '../http/outcome.ts';
import type { SignInMethod } from '../metrics/service.ts';
import { assertionOptions, verifyUserAssertion } from '../passkeys/service.ts';
import type { Scope } from '../scope/scope.ts';
import { amrForCode, PASSKEY_AMR, RECOVERY_CODE_AMR, steppedUp } from '../sessions/amr.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { assertCodeQuota, type CodeChannel, codeMinutes, deliverCode } from './delivery.ts';
import { methodAllowed, methodName } from './enrolment.ts';
import { codeHash, codeMatches, decryptMfaSecret, looksLikeRecoveryCode, newNumericCode, recoveryCodeHashes } from './secrets.ts';
import {
  acceptTotpStep,
  countSignInAttempt,
  findFactorOfKind,
  findSignInState,
  insertRememberedDevice,
  insertSignInState,
  isRememberedDevice,
  listFactors,
  markFactorUsed,
  RECOVERY_CODES_KIND,
  replaceSignInCode,
  reserveCodeAttempt,
  resetFailedCodes,
  switchSignInKind,
  takeSignInState,
  useRecoveryCode,
} from './store.ts';
import { matchingStep } from './totp.ts';

export type SignInCodeInput = z.output<typeof signInCodeRequest>;
export type PasskeySignInInput = z.output<typeof passkeySignInRequest>;

/** Whether this browser was remembered at an earlier code step of this user (and the organisation still offers remember-me). */
export async function deviceRemembered(ctx: AppContext, scope: Scope, browser: Browser, user: UserRow): Promise<boolean> {
  const org = scope.organisation;
  if (org.row.remember_me_days <= 0) return false;
  const token = browser.cookie('gatehouse_device');
  return token !== null && isRememberedDevice(scope.db, user.id, hashToken(token), ctx.clock.now());
}

/** Where a user's email or SMS codes go. */
async function codeDestination(ctx: AppContext, scope: Scope, user: UserRow, channel: CodeChannel): Promise<string> {
  if (channel === TWO_STEP_KINDS.email) return user.email;
  const phone = (await findFactorOfKind(scope.db, user.id, TWO_STEP_KINDS.sms))?.phone_number;
  if (!phone) throw new Error('An SMS second step without a phone number');
  return phone;
}

/** The kinds of the person's factors that the organisation allows now, the default's first. */
function usableKinds(org: Organisation, factors: readonly CredentialRow[]): TwoStepKind[] {
  const kinds: TwoStepKind[] = [];
  for (const factor of factors) {
    const kind = factor.kind as TwoStepKind;
    if (factor.kind !== RECOVERY_CODES_KIND && methodAllowed(org.row, kind) && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/** The kinds a sign-in state may be answered with: a step-up to a phishing-resistant sign-in takes passkeys only. */
function kindsFor(org: Organisation, factors: readonly CredentialRow[], stepUpAcr: string | null): TwoStepKind[] {
  const kinds = usableKinds(org, factors);
  return stepUpAcr === ACR_PHISHING_RESISTANT ? kinds.filter((kind) => kind === TWO_STEP_KINDS.passkey) : kinds;
}

/** A code for the email or SMS factor of a sign-in, checked against the quota; null for the others. */
async function newSignInCode(
  ctx: AppContext,
  scope: Scope,
  factors: readonly CredentialRow[],
  user: UserRow,
  kind: TwoStepKind,
): Promise<{ to: string; code: string; channel: CodeChannel } | null> {
  if (kind !== TWO_STEP_KINDS.email && kind !== TWO_STEP_KINDS.sms) return null;
  const to = kind === TWO_STEP_KINDS.email ? user.email : factors.find((f) => f.kind === TWO_STEP_KINDS.sms)?.phone_number;
  if (!to) throw new Error('An SMS factor without a phone number');
  await assertCodeQuota(ctx, scope, kind, to);
  return { to, code: newNumericCode(), channel: kind };
}

/** The code step as the SPA shows it: the method asked for, and the person's others. */
function challengeOf(
  org: Organisation,
  state: Unstamped<SignInStateRow>,
  factors: readonly CredentialRow[],
  kinds: readonly TwoStepKind[],
): SignInChallenge {
  const phone = factors.find((f) => f.kind === TWO_STEP_KINDS.sms)?.phone_number ?? null;
  const masked = phone === null ? null : maskPhoneNumber(phone);
  return {
    authType: 'code',
    signInStateID: state.state_id,
    data: {
      digits: MFA.digits,
      isEmail: state.kind === TWO_STEP_KINDS.email,
      isSMS: state.kind === TWO_STEP_KINDS.sms,
      rememberMeDays: org.row.remember_me_days,
      phoneNumber: state.kind === TWO_STEP_KINDS.sms ? masked : null,
      passkey: kinds.includes(TWO_STEP_KINDS.passkey),
      passkeyOnly: state.kind === TWO_STEP_KINDS.passkey,
      otherMethods: kinds
        .filter((kind) => kind !== state.kind && kind !== TWO_STEP_KINDS.passkey)
        .map((kind) => ({ kind, phoneNumber: kind === TWO_STEP_KINDS.sms ? masked : null })),
    },
  };
}

/**
 * A correct password of a user with a second step, or an upstream sign-in through `connectionId` that
 * did not stand for it (connections/sign-in.ts): the code step starts with their default factor (an
 * email or SMS code is sent).
 */
export async function beginCodeStep(ctx: AppContext, scope: Scope, user: UserRow, connectionId: string | null = null): Promise<CodeStep> {
  const factors = await listFactors(scope.db, user.id);
  const step = await startSecondStep(ctx, scope, user, factors, { connectionId, stepUpAcr: null, stepUpAmr: null });
  // Every factor of a kind the organisation stopped allowing is removed with the settings save.
  if (!step) throw new Error('A code step for a user without a usable factor');
  return step;
}

/**
 * A step-up (oidc/step-up.ts): the signed-in person, whose session's methods are `sessionAmr`, is asked
 * for a factor that raises the session to `acr` (a passkey for a phishing-resistant sign-in, any factor
 * for two), as the code step of a sign-in, without their password again. Null when they hold no factor
 * that would.
 */
export async function beginStepUp(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  acr: AcrValue,
  sessionAmr: readonly string[],
): Promise<CodeStep | null> {
  const factors = await listFactors(scope.db, user.id);
  return startSecondStep(ctx, scope, user, factors, { connectionId: null, stepUpAcr: acr, stepUpAmr: JSON.stringify(sessionAmr) });
}

async function startSecondStep(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  factors: readonly CredentialRow[],
  origin: { connectionId: string | null; stepUpAcr: AcrValue | null; stepUpAmr: string | null },
): Promise<CodeStep | null> {
  const org = scope.organisation;
  const kinds = kindsFor(org, factors, origin.stepUpAcr);
  const kind = kinds[0];
  if (kind === undefined) return null;
  ctx.telemetry.mfaChallenges.inc({ method: methodName(kind) });
  const token = newToken();
  const id = hashToken(token);
  const now = ctx.clock.now();
  const sent = await newSignInCode(ctx, scope, factors, user, kind);
  const state: Unstamped<SignInStateRow> = {
    id,
    user_id: user.id,
    state_id: newToken(),
    kind,
    code_hash: sent ? codeHash(ctx, id, sent.code) : null,
    code_sent_at: sent ? now : null,
    code_expires_at: sent ? now + codeMinutes(sent.channel) * MINUTE : null,
    attempts: 0,
    created_at: now,
    expires_at: now + MFA.signInMinutes * MINUTE,
    connection_id: origin.connectionId,
    step_up_acr: origin.stepUpAcr,
    step_up_amr: origin.stepUpAmr,
  };
  await insertSignInState(scope.db, state);
  if (sent) await deliverCode(ctx, scope, sent.channel, 'signIn', sent.to, sent.code, user);
  return {
    kind: 'codeStep',
    challenge: challengeOf(org, state, factors, kinds),
    cookies: [setCookie('gatehouse_signin', token, MFA.signInMinutes * MINUTE)],
  };
}

/**
 * 'Use another method': the live sign-in asks for another of the person's factors. Its attempts carry
 * over (switching does not buy more guesses); a code sent for the earlier method stops working, and a
 * new one goes out for email or SMS, at most one a minute to one place.
 */
export async function switchSignInMethod(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
  input: { signInStateID: string; kind: TwoStepKind },
): Promise<SignInChallenge> {
  const org = scope.organisation;
  const state = await currentSignIn(ctx, scope, browser, input.signInStateID);
  const user = await signInUser(ctx, scope, state);
  const factors = await listFactors(scope.db, user.id);
  const kinds = kindsFor(org, factors, state.step_up_acr);
  if (!kinds.includes(input.kind)) throw new AppError('MFA_METHOD_NOT_ALLOWED');
  if (input.kind === state.kind) return challengeOf(org, state, factors, kinds);
  const now = ctx.clock.now();
  const sent = await newSignInCode(ctx, scope, factors, user, input.kind);
  const switched = await switchSignInKind(scope.db, state.id, {
    kind: input.kind,
    hash: sent ? codeHash(ctx, state.id, sent.code) : null,
    sentAt: sent ? now : null,
    expiresAt: sent ? now + codeMinutes(sent.channel) * MINUTE : null,
    now,
  });
  if (!switched) throw new AppError('SIGN_IN_EXPIRED');
  ctx.telemetry.mfaChallenges.inc({ method: methodName(input.kind) });
  if (sent) await deliverCode(ctx, scope, sent.channel, 'signIn', sent.to, sent.code, user);
  return challengeOf(org, { ...state, kind: input.kind }, factors, kinds);
}

/** The code step of this browser's live sign-in as it stands (the page it was sent to after an upstream sign-in asks). */
export async function currentSignInStep(ctx: AppContext, scope: Scope, browser: Browser, signInStateID: string): Promise<SignInChallenge> {
  const org = scope.organisation;
  const state = await currentSignIn(ctx, scope, browser, signInStateID);
  const user = await signInUser(ctx, scope, state);
  const factors = await listFactors(scope.db, user.id);
  return challengeOf(org, state, factors, kindsFor(org, factors, state.step_up_acr));
}

/** The live sign-in of this browser that the SPA names; anything else has expired as far as anyone can tell. */
export async function currentSignIn(ctx: AppContext, scope: Scope, browser: Browser, signInStateID: string): Promise<SignInStateRow> {
  const token = browser.cookie('gatehouse_signin');
  const state = token ? await findSignInState(scope.db, hashToken(token)) : undefined;
  if (!state || state.expires_at <= ctx.clock.now() || !safeEqual(state.state_id, signInStateID)) throw new AppError('SIGN_IN_EXPIRED');
  return state;
}

/** 'Resend code' on the code step: a new email or SMS code, at most one a minute. */
export async function resendSignInCode(ctx: AppContext, scope: Scope, browser: Browser, signInStateID: string): Promise<void> {
  const state = await currentSignIn(ctx, scope, browser, signInStateID);
  if (state.kind !== TWO_STEP_KINDS.email && state.kind !== TWO_STEP_KINDS.sms) throw new AppError('BAD_REQUEST');
  const now = ctx.clock.now();
  if (state.code_sent_at !== null && now - state.code_sent_at < MFA.resendMs) throw new AppError('MFA_RESEND_TOO_SOON');
  const user = await findUserById(scope.db, state.user_id);
  if (!user || !(await findFactorOfKind(scope.db, user.id, state.kind))) throw new AppError('SIGN_IN_EXPIRED');
  const channel: CodeChannel = state.kind;
  const to = await codeDestination(ctx, scope, user, channel);
  await assertCodeQuota(ctx, scope, channel, to);
  const code = newNumericCode();
  const replaced = await replaceSignInCode(
    scope.db,
    state.id,
    { hash: codeHash(ctx, state.id, code), sentAt: now, expiresAt: now + codeMinutes(channel) * MINUTE },
    now - MFA.resendMs,
  );
  if (!replaced) throw new AppError('MFA_RESEND_TOO_SOON');
  await deliverCode(ctx, scope, channel, 'signIn', to, code, user);
}

/** The methods a right code proves, or null for a wrong one; an emailed or texted code past its time is refused as expired. */
async function checkCode(ctx: AppContext, scope: Scope, user: UserRow, state: SignInStateRow, code: string): Promise<string[] | null> {
  const org = scope.organisation;
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  // A step-up to a phishing-resistant sign-in is answered with a passkey only: a code, recovery codes
  // included, can be relayed by a phishing page.
  if (state.step_up_acr === ACR_PHISHING_RESISTANT) return null;
  if (looksLikeRecoveryCode(code)) {
    for (const hash of recoveryCodeHashes(ctx, user.id, code))
      if (await useRecoveryCode(scoped(db, org.id), user.id, hash, now)) {
        const set = await findFactorOfKind(scoped(db, org.id), user.id, RECOVERY_CODES_KIND);
        if (set) await markFactorUsed(scoped(db, org.id), user.id, set.id, now);
        return RECOVERY_CODE_AMR;
      }
    return null;
  }
  if (state.kind === TWO_STEP_KINDS.app) {
    // Any of the person's authenticator apps; a code already used (by this sign-in or any other) is
    // refused: one step of one app is accepted once.
    for (const app of await listFactors(scoped(db, org.id), user.id)) {
      if (app.kind !== TWO_STEP_KINDS.app || !app.secret) continue;
      const step = matchingStep(decryptMfaSecret(ctx, org.id, user.id, app.secret), code, now);
      if (step !== null && (await acceptTotpStep(scoped(db, org.id), app.id, step))) {
        await markFactorUsed(scoped(db, org.id), user.id, app.id, now);
        return amrForCode(state.kind);
      }
    }
    return null;
  }
  // Passkeys only: no code was sent, so only a recovery code (above) answers in a code.
  if (state.kind === TWO_STEP_KINDS.passkey) return null;
  if (!codeMatches(ctx, state.id, code, state.code_hash)) return null;
  if (state.code_expires_at === null || state.code_expires_at <= now)
    throw fieldError('code', MFA_MESSAGES.codeExpired, 'MFA_CODE_EXPIRED');
  const factor = await findFactorOfKind(scoped(db, org.id), user.id, state.kind);
  if (factor) await markFactorUsed(scoped(db, org.id), user.id, factor.id, now);
  return amrForCode(state.kind);
}

/** Too many wrong codes in a row: the account locks like after too many wrong passwords, and this sign-in ends. */
async function lockForCodes(ctx: AppContext, scope: Scope, user: UserRow, state: SignInStateRow): Promise<AppError> {
  await takeSignInState(scope.db, state.id);
  await resetFailedCodes(scope.db, user.id);
  await setUserStatus(ctx, scope, user.id, 'LockedOut', { from: ['SignedUp'] });
  return concerning(new AppError('ACCOUNT_LOCKED'), user.id);
}

/** A browser remembered for the organisation's rememberMeDays: a random token in a cookie, its hash bound to user and organisation. */
async function rememberDevice(ctx: AppContext, scope: Scope, user: UserRow): Promise<CookieChange> {
  const org = scope.organisation;
  const token = newToken();
  const now = ctx.clock.now();
  const lifetime = org.row.remember_me_days * DAY;
  await insertRememberedDevice(scope.db, {
    id: hashToken(token),
    user_id: user.id,
    created_at: now,
    expires_at: now + lifetime,
  });
  return setCookie('gatehouse_device', token, lifetime);
}

/** The user of a live sign-in, or the sign-in ends (locked, disabled or deleted meanwhile, or the method was reset). */
async function signInUser(ctx: AppContext, scope: Scope, state: SignInStateRow): Promise<UserRow> {
  const org = scope.organisation;
  const db = ctx.db.kysely;
  const user = await findUserById(scoped(db, org.id), state.user_id);
  const usable =
    methodAllowed(org.row, state.kind) && user !== undefined && (await findFactorOfKind(scoped(db, org.id), user.id, state.kind));
  if (!user || user.status !== 'SignedUp' || !usable) {
    await takeSignInState(scoped(db, org.id), state.id);
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
  scope: Scope,
  browser: Browser,
  input: { signInStateID: string; rememberMe?: boolean | undefined; returnurl?: string | undefined },
  answer: {
    check: (user: UserRow, state: SignInStateRow) => Promise<string[] | null>;
    wrong: () => AppError;
    /** How the audit log names the sign-in, after a password or after an upstream sign-in. */
    method: { password: SignInMethod; connection: SignInMethod };
  },
): Promise<SignedIn> {
  const org = scope.organisation;
  const db = ctx.db.kysely;
  const state = await currentSignIn(ctx, scope, browser, input.signInStateID);
  const user = await signInUser(ctx, scope, state);
  const counted = await countSignInAttempt(scoped(db, org.id), state.id, ctx.clock.now(), MFA.attemptsPerCode);
  if (!counted) {
    await takeSignInState(scoped(db, org.id), state.id);
    throw new AppError('SIGN_IN_EXPIRED');
  }
  const reserved = await reserveCodeAttempt(scoped(db, org.id), user.id, MFA.failedCodesBeforeLockout);
  if (!reserved) throw await lockForCodes(ctx, scope, user, state);

  const amr = await answer.check(user, counted);
  if (!amr) {
    await recordFailedSignIn(scoped(db, org.id), user.id, ctx.clock.now());
    if (reserved.failed_code_count >= MFA.failedCodesBeforeLockout) throw await lockForCodes(ctx, scope, user, state);
    throw concerning(answer.wrong(), user.id);
  }
  // Once: of two right answers for one sign-in, only one signs in.
  if (!(await takeSignInState(scoped(db, org.id), state.id))) throw new AppError('SIGN_IN_EXPIRED');
  const cookies: CookieChange[] = [clearCookie('gatehouse_signin')];
  await resetFailedCodes(scoped(db, org.id), user.id);
  if (input.rememberMe && org.row.remember_me_days > 0) cookies.push(await rememberDevice(ctx, scope, user));
  const finished = afterSecondStep(amr, state.connection_id, answer.method);
  // A step-up adds the factor to the methods of the session it raises (no password was asked again).
  if (state.step_up_amr !== null) finished.amr = steppedUp(JSON.parse(state.step_up_amr) as string[], amr);
  const signedIn = await finishSignIn(ctx, scope, browser, {
    userId: user.id,
    ...finished,
    returnurl: input.returnurl,
    gone: () => new AppError('SIGN_IN_EXPIRED'),
  });
  return { ...signedIn, cookies: [...cookies, ...signedIn.cookies] };
}

/** POST /api/authenticate with a signInStateID and a code: the second step; a right code signs the user in. */
export function completeCodeStep(ctx: AppContext, scope: Scope, browser: Browser, input: SignInCodeInput): Promise<SignedIn> {
  return completeSecondStep(ctx, scope, browser, input, {
    check: (user, counted) => checkCode(ctx, scope, user, counted, input.code),
    wrong: () => fieldError('code', MFA_MESSAGES.codeInvalid, 'MFA_CODE_INVALID'),
    method: { password: 'password and code', connection: 'connection and code' },
  });
}

/** POST /api/authenticate/passkey/options: a challenge bound to this sign-in, for the user's passkeys. */
export async function passkeyStepOptions(ctx: AppContext, scope: Scope, browser: Browser, signInStateID: string) {
  const state = await currentSignIn(ctx, scope, browser, signInStateID);
  const user = await signInUser(ctx, scope, state);
  return assertionOptions(ctx, scope, user, 'sign-in', state.id);
}

/** POST /api/authenticate/passkey: the code step answered with a passkey; counted like a code (attempts, lockout). */
export function completePasskeyStep(ctx: AppContext, scope: Scope, browser: Browser, input: PasskeySignInInput): Promise<SignedIn> {
  return completeSecondStep(ctx, scope, browser, input, {
    check: async (user, counted) =>
      (await verifyUserAssertion(ctx, scope, user, 'sign-in', counted.id, input.credential)) ? PASSKEY_AMR : null,
    wrong: () => new AppError('PASSKEY_INVALID'),
    method: { password: 'password and passkey', connection: 'connection and passkey' },
  });
}
