/**
 * Passkeys as a second step: a registered passkey becomes one of the user's factors (the first factor
 * brings recovery codes, marks this session multi-factor and ends the account's other sessions and
 * grants), and removing the last passkey of a passkey-only user turns their second step off. The
 * WebAuthn checks themselves are passkeys/service.ts's; this is the part that belongs to the factors.
 */
import { randomUUID } from 'node:crypto';

import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { Passkey, RegisterPasskeyResult } from '@gatehouse/common/schemas/passkeys';

import { twoStepRequired } from '../accounts/model.ts';
import { confirmCurrentPassword } from '../accounts/service.ts';
import type { AppContext } from '../context.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import { listPasskeys, verifyRegistration, verifyUserAssertion } from '../passkeys/service.ts';
import { deleteCredential, insertCredential, listCredentials } from '../passkeys/store.ts';
import type { Scope } from '../scope/scope.ts';
import { PASSKEY_AMR } from '../sessions/amr.ts';
import { factorAdded, turnOffTwoStep } from './enrolment.ts';
import { addFactor, holdsFactor, listFactors, lockedUser, settleFactors } from './store.ts';

/** POST /api/passkeys: checks the browser's attestation against this session's challenge and keeps the passkey. */
export async function registerPasskey(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  session: SessionRow,
  input: { name: string; credential: unknown },
): Promise<RegisterPasskeyResult> {
  const org = scope.organisation;
  const credential = await verifyRegistration(ctx, scope, user, session, input);
  const db = ctx.db.kysely;
  const now = credential.created_at;

  let recoveryCodes: string[] | null = null;
  await db.transaction().execute(async (trx) => {
    // A passkey is one more factor; the first factor of a user brings recovery codes (for a lost device).
    const first = !(await holdsFactor(scoped(trx, org.id), user.id));
    await insertCredential(scoped(trx, org.id), credential);
    await addFactor(scoped(trx, org.id), {
      id: randomUUID(),
      user_id: user.id,
      kind: TWO_STEP_KINDS.passkey,
      name: null,
      secret: null,
      phone_number: null,
      passkey_id: credential.id,
      last_step: null,
      created_at: now,
      last_used_at: null,
    });
    // As with any new second step: this session has shown it; the others were made without it and end.
    recoveryCodes = await factorAdded(ctx, trx, scope, user.id, session.id, { first, method: 'passkey', amr: PASSKEY_AMR, now });
  });
  return { passkeys: await listPasskeys(ctx, scope, user), recoveryCodes };
}

/**
 * Removal, confirmed with the password or with another of the user's passkeys (an assertion of this
 * session's 'confirm' challenge); the last passkey of a passkey-only user turns their second step off.
 */
export async function removePasskey(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  session: SessionRow,
  id: string,
  confirmation: { password: string } | { credential: unknown },
): Promise<Passkey[]> {
  const org = scope.organisation;
  const db = ctx.db.kysely;
  const credential = (await listCredentials(scoped(db, org.id), user.id)).find((c) => c.id === id);
  if (!credential) throw new AppError('PASSKEY_NOT_FOUND');
  // The last factor stays where MFA is required (refused before the password is tried; checked again under the lock).
  if (twoStepRequired(org.row, user) && !(await holdsAnotherFactor(scoped(db, org.id), user.id, id)))
    throw new AppError('MFA_LAST_FACTOR_REQUIRED');
  if ('password' in confirmation) await confirmCurrentPassword(ctx, scope, user, confirmation.password, 'password');
  else {
    const other = (confirmation.credential as { id?: unknown }).id !== credential.credential_id;
    if (!other || !(await verifyUserAssertion(ctx, scope, user, 'confirm', session.id, confirmation.credential)))
      throw new AppError('PASSKEY_INVALID');
  }
  let lastFactor = false;
  await db.transaction().execute(async (trx) => {
    // Under the person's row lock: of two removals at once, the second sees what the first left.
    const locked = await lockedUser(scoped(trx, org.id), ctx.db.dialect, user.id);
    if (locked && twoStepRequired(org.row, locked) && !(await holdsAnotherFactor(scoped(trx, org.id), user.id, id)))
      throw new AppError('MFA_LAST_FACTOR_REQUIRED');
    // Its credentials row goes with it (a foreign key); the default passes on, or a user left with no
    // factor has their second step turned off.
    if (!(await deleteCredential(scoped(trx, org.id), user.id, id))) throw new AppError('PASSKEY_NOT_FOUND');
    await emit(ctx, trx, scope, {
      type: 'user.passkey_removed',
      subject: { kind: 'user', id: user.id },
      details: { passkey: credential.name },
    });
    lastFactor = !(await holdsFactor(scoped(trx, org.id), user.id));
    if (!lastFactor) await settleFactors(scoped(trx, org.id), user.id, ctx.clock.now());
  });
  if (lastFactor) await turnOffTwoStep(ctx, scope, user.id, 'user.mfa_disabled');
  return listPasskeys(ctx, scope, user);
}

/** Whether the user holds a factor other than the passkey `passkeyId`. */
async function holdsAnotherFactor(db: ScopedExecutor, userId: string, passkeyId: string): Promise<boolean> {
  return (await listFactors(db, userId)).some((f) => f.passkey_id !== passkeyId);
}
