/**
 * Setting up, turning off and resetting a user's second step (/twostep). A method is turned on only
 * with the current password and a code it produced: the authenticator app's code for the key just
 * shown, or the code sent to the phone or email address. Turning it on shows ten recovery codes once,
 * marks this session as multi-factor and ends the account's other sessions, which were made without it.
 */
import { randomUUID } from 'node:crypto';

import { MFA } from '@gatehouse/common/mfa';
import { maskPhoneNumber } from '@gatehouse/common/mfa';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';
import type { AppSetup, CodeSent, saveTwoStepRequest } from '@gatehouse/common/schemas/mfa';
import type { Transaction } from 'kysely';
import type { z } from 'zod';

import { confirmCurrentPassword } from '../accounts/service.ts';
import { findUserByEmail, findUserById, updateUser } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { safeEqual } from '../crypto/tokens.ts';
import type { Database, OrganisationRow, SessionRow, UserRow } from '../db/schema.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { amrForCode } from '../sessions/amr.ts';
import { updateSessionAmr } from '../sessions/store.ts';
import { type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { assertCodeQuota, type CodeChannel, codeMinutes, deliverCode } from './delivery.ts';
import {
  codeHash,
  codeMatches,
  decryptMfaSecret,
  encryptMfaSecret,
  newNumericCode,
  newRecoveryCodes,
  recoveryCodeHash,
} from './secrets.ts';
import {
  addFactor,
  clearTwoStep,
  clearTwoStepKinds,
  countEnrolmentAttempt,
  findEnrolment,
  findFactorOfKind,
  holdsFactor,
  lockedTwoStepPolicy,
  replaceEnrolment,
  replaceRecoveryCodes,
  takeEnrolment,
} from './store.ts';
import { matchingStep, newTotpSecret, qrCodeDataUrl, totpUri } from './totp.ts';

export type SaveTwoStepInput = z.output<typeof saveTwoStepRequest>;

type AllowedMethods = Pick<OrganisationRow, 'allow_email_two_step' | 'allow_sms_two_step'>;

/** Whether the organisation offers a method: the app always, email and SMS when its sign-in policy allows them. */
export function methodAllowed(policy: AllowedMethods, kind: TwoStepKind): boolean {
  if (kind === TWO_STEP_KINDS.email) return policy.allow_email_two_step;
  if (kind === TWO_STEP_KINDS.sms) return policy.allow_sms_two_step;
  return true;
}

/** Several factors per person: any number of authenticator apps, one email and one SMS factor. */
async function assertCanSetUp(ctx: AppContext, scope: Scope, user: UserRow, kind: TwoStepKind): Promise<void> {
  const org = scope.organisation;
  if (!methodAllowed(org.row, kind)) throw new AppError('MFA_METHOD_NOT_ALLOWED');
  if (await holdsOnlyOne(scope.db, user.id, kind)) throw new AppError('MFA_ALREADY_ENABLED');
}

/** Whether the user already holds the one factor of this kind a person may have (email codes, SMS codes). */
async function holdsOnlyOne(db: ScopedExecutor, userId: string, kind: TwoStepKind): Promise<boolean> {
  return kind !== TWO_STEP_KINDS.app && (await findFactorOfKind(db, userId, kind)) !== undefined;
}

/** The code sent for a set-up is bound to the user and where it was sent. */
const setupBinding = (userId: string, to: string) => `setup:${userId}:${to}`;

/** POST /api/refreshotp: a new authenticator key for this user, replacing any shown before. */
export async function startAppSetup(ctx: AppContext, scope: Scope, user: UserRow): Promise<AppSetup> {
  const org = scope.organisation;
  await assertCanSetUp(ctx, scope, user, TWO_STEP_KINDS.app);
  const secret = newTotpSecret();
  const now = ctx.clock.now();
  await replaceEnrolment(scope.db, {
    user_id: user.id,
    kind: TWO_STEP_KINDS.app,
    secret: encryptMfaSecret(ctx, org.id, user.id, secret),
    phone_number: null,
    code_hash: null,
    code_sent_at: null,
    attempts: 0,
    created_at: now,
    expires_at: now + MFA.appSetupMinutes * MINUTE,
  });
  const uri = totpUri(secret, org.displayName, user.email);
  return { secret, uri, qrCode: await qrCodeDataUrl(uri), digits: MFA.digits };
}

/** POST /api/setupsmsotp and /api/setupemailotp: 'Send code' to the phone, or to the account's email address. */
export async function sendSetupCode(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  channel: CodeChannel,
  phoneNumber?: string,
): Promise<CodeSent> {
  const org = scope.organisation;
  await assertCanSetUp(ctx, scope, user, channel);
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  const previous = await findEnrolment(scoped(db, org.id), user.id);
  const lastSent = previous?.code_sent_at ?? null;
  if (lastSent !== null && now - lastSent < MFA.resendMs) throw new AppError('MFA_RESEND_TOO_SOON');
  const to = channel === TWO_STEP_KINDS.sms ? phoneNumber! : user.email;
  await assertCodeQuota(ctx, scope, channel, to);
  const code = newNumericCode();
  await replaceEnrolment(scoped(db, org.id), {
    user_id: user.id,
    kind: channel,
    secret: null,
    phone_number: channel === TWO_STEP_KINDS.sms ? to : null,
    code_hash: codeHash(ctx, setupBinding(user.id, to), code),
    code_sent_at: now,
    attempts: 0,
    created_at: now,
    expires_at: now + codeMinutes(channel) * MINUTE,
  });
  await deliverCode(ctx, scope, channel, 'setup', to, code, user);
  return { sentTo: channel === TWO_STEP_KINDS.sms ? maskPhoneNumber(to) : user.email, digits: MFA.digits };
}

/**
 * POST /api/saveotp: checks the password, then the code against the set-up in progress (attempt-limited),
 * and turns the method on. Answers the recovery codes, which are shown this once.
 */
export async function saveTwoStep(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  session: SessionRow,
  input: SaveTwoStepInput,
): Promise<{ user: UserRow; recoveryCodes: string[] }> {
  const org = scope.organisation;
  const kind = input.type;
  await assertCanSetUp(ctx, scope, user, kind);
  await confirmCurrentPassword(ctx, scope, user, input.password, 'password');
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  const enrolment = await countEnrolmentAttempt(scoped(db, org.id), user.id, kind, now, MFA.attemptsPerCode);
  if (!enrolment) throw new AppError('MFA_SETUP_EXPIRED');

  let lastStep: number | null = null;
  if (kind === TWO_STEP_KINDS.app) {
    const secret = decryptMfaSecret(ctx, org.id, user.id, enrolment.secret!);
    // The key on the page must be the one set up last (another tab may have replaced it).
    if (!safeEqual(input.secret!.replace(/\s/g, '').toUpperCase(), secret)) throw new AppError('MFA_SETUP_EXPIRED');
    lastStep = matchingStep(secret, input.code, now);
    if (lastStep === null) throw fieldError('code', MFA_MESSAGES.codeInvalid, 'MFA_CODE_INVALID');
  } else {
    const to = kind === TWO_STEP_KINDS.sms ? enrolment.phone_number! : user.email;
    if (!codeMatches(ctx, setupBinding(user.id, to), input.code, enrolment.code_hash)) {
      throw fieldError('code', MFA_MESSAGES.codeInvalid, 'MFA_CODE_INVALID');
    }
  }

  let recoveryCodes: string[] = [];
  await db.transaction().execute(async (trx) => {
    if (!(await takeEnrolment(scoped(trx, org.id), user.id, kind))) throw new AppError('MFA_SETUP_EXPIRED');
    if (!methodAllowed(await lockedTwoStepPolicy(scoped(trx, org.id), ctx.db.dialect), kind)) throw new AppError('MFA_METHOD_NOT_ALLOWED');
    if (await holdsOnlyOne(scoped(trx, org.id), user.id, kind)) throw new AppError('MFA_ALREADY_ENABLED');
    const first = !(await holdsFactor(scoped(trx, org.id), user.id));
    await addFactor(scoped(trx, org.id), {
      id: randomUUID(),
      user_id: user.id,
      kind,
      name: input.name ?? null,
      secret: enrolment.secret,
      phone_number: enrolment.phone_number,
      passkey_id: null,
      last_step: lastStep,
      created_at: now,
      last_used_at: null,
    });
    // The emailed code proved the address.
    if (kind === TWO_STEP_KINDS.email && user.email_verified_date === null)
      await updateUser(scoped(trx, org.id), user.id, { email_verified_date: now });
    recoveryCodes =
      (await factorAdded(ctx, trx, scope, user.id, session.id, { first, method: methodName(kind), amr: amrForCode(kind), now })) ?? [];
  });
  return { user: (await findUserById(scoped(db, org.id), user.id))!, recoveryCodes };
}

/**
 * What a factor added in `trx` brings (an app, email or SMS code, a passkey: mfa/passkey-enrolment.ts).
 * The first factor of a user brings ten recovery codes (answered: shown once), and `amr` on this session,
 * which has shown it; the account's other sessions, and every grant of the applications, were made with
 * the password alone and end (the event's endsOtherAccess: the access-revocation subscriber). Another
 * factor keeps the set the person has. Emits `user.mfa_enrolled` either way.
 */
export async function factorAdded(
  ctx: AppContext,
  trx: Transaction<Database>,
  scope: Scope,
  userId: string,
  sessionId: string,
  factor: { first: boolean; method: string; amr: string[]; now: number },
): Promise<string[] | null> {
  const organisationId = scope.organisation.id;
  let recoveryCodes: string[] | null = null;
  if (factor.first) {
    recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(
      scoped(trx, organisationId),
      userId,
      recoveryCodes.map((code) => recoveryCodeHash(ctx, userId, code)),
      factor.now,
    );
    await updateSessionAmr(scoped(trx, organisationId), sessionId, factor.amr);
  }
  await emit(ctx, trx, scope, {
    type: 'user.mfa_enrolled',
    subject: { kind: 'user', id: userId },
    details: { method: factor.method },
    ...(factor.first ? { endsOtherAccess: { keptSessionId: sessionId } } : {}),
  });
  return recoveryCodes;
}

/** Turns a user's second step off, with everything it left behind (recovery codes, remembered devices). */
export async function turnOffTwoStep(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  event: 'user.mfa_disabled' | 'user.mfa_reset',
): Promise<void> {
  await scope.transaction(async (inner) => {
    await clearTwoStep(inner.db, userId, ctx.clock.now());
    await emit(ctx, inner.db, inner, { type: event, subject: { kind: 'user', id: userId } });
  });
}

/** How the audit log and telemetry name a method. */
export const methodName = (kind: number) =>
  kind === TWO_STEP_KINDS.app ? 'app' : kind === TWO_STEP_KINDS.email ? 'email' : kind === TWO_STEP_KINDS.passkey ? 'passkey' : 'sms';

/**
 * An administrator's or operator's reset: the device may be lost or in other hands, so what the
 * applications were given with it ends too (the user sets a step up again where one is required).
 */
export async function resetTwoStep(ctx: AppContext, scope: Scope, userId: string): Promise<void> {
  // Its event ends the grants (the access-revocation subscriber).
  await turnOffTwoStep(ctx, scope, userId, 'user.mfa_reset');
}

/**
 * `gatehouse reset-mfa`: an operator turns off the second step of a user who lost it and has no
 * administrator to reset it (typically an organisation's only admin). False when there is no such user.
 */
export async function resetTwoStepByEmail(
  ctx: AppContext,
  organisationName: string,
  email: string,
  scopeFor: (organisation: Organisation) => Scope,
): Promise<boolean> {
  const org = await findOrganisationByName(ctx.db.kysely, organisationName.toLowerCase());
  const user = org ? await findUserByEmail(scoped(ctx.db.kysely, org.id), email) : undefined;
  if (!org || !user) return false;
  await resetTwoStep(ctx, scopeFor(toOrganisation(ctx.config, org)), user.id);
  return true;
}

/** POST /api/disableotp: Disable (or Reset, when MFA is required: the user then sets it up again) with the current password. */
export async function disableTwoStep(ctx: AppContext, scope: Scope, user: UserRow, password: string): Promise<UserRow> {
  // Nothing to turn off: answered before the password is tried, so no attempt is counted for nothing.
  if (!user.has_second_factor) throw new AppError('MFA_NOT_ENABLED');
  await confirmCurrentPassword(ctx, scope, user, password, 'password');
  await turnOffTwoStep(ctx, scope, user.id, 'user.mfa_disabled');
  return (await findUserById(scope.db, user.id))!;
}

/**
 * After the organisation's sign-in policy changed (in the settings save's transaction): users whose
 * method is no longer allowed lose it, as the settings page warns. Answers how many did.
 */
export function dropDisallowedMethods(
  ctx: AppContext,
  trx: Parameters<typeof clearTwoStepKinds>[0],
  policy: AllowedMethods,
): Promise<number> {
  const disallowed = [TWO_STEP_KINDS.email, TWO_STEP_KINDS.sms].filter((kind) => !methodAllowed(policy, kind));
  return clearTwoStepKinds(trx, disallowed, ctx.clock.now());
}
