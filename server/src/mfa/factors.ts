/**
 * A person's second factors on /twostep: listed, named, one made the default, one removed
 * with the current password, and the recovery codes made anew. The last factor cannot go where the
 * organisation or an administrator requires MFA; elsewhere removing it turns MFA off, as Disable does.
 * Administrators list a person's factors and remove one (users/routes.ts).
 */
import { maskPhoneNumber } from '@gatehouse/common/mfa';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { Factor } from '@gatehouse/common/schemas/mfa';

import { twoStepRequired } from '../accounts/model.ts';
import { confirmCurrentPassword } from '../accounts/service.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { methodName } from './enrolment.ts';
import { newRecoveryCodes, recoveryCodeHash } from './secrets.ts';
import {
  clearTwoStep,
  findFactor,
  listFactors,
  lockedUser,
  removeFactors,
  renameFactor,
  replaceRecoveryCodes,
  setDefaultFactor,
} from './store.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The person's factors as the API shows them; a passkey's name and last use are its own row's. */
export async function factorsOf(db: ScopedExecutor, userId: string): Promise<Factor[]> {
  const factors = await listFactors(db, userId);
  const passkeys = await db
    .selectFrom('webauthn_credentials')
    .select(['id', 'name', 'last_used_at'])
    .where('user_id', '=', userId)
    .execute();
  const passkeyOf = new Map(passkeys.map((p) => [p.id, p]));
  return factors.map((f) => {
    const passkey = f.passkey_id === null ? undefined : passkeyOf.get(f.passkey_id);
    return {
      id: f.id,
      kind: f.kind,
      name: passkey?.name ?? f.name,
      phoneNumber: f.kind === TWO_STEP_KINDS.sms && f.phone_number ? maskPhoneNumber(f.phone_number) : null,
      isDefault: Boolean(f.is_default),
      createdAt: iso(f.created_at)!,
      lastUsedAt: iso(passkey?.last_used_at ?? f.last_used_at),
    };
  });
}

export async function makeDefaultFactor(ctx: AppContext, scope: Scope, user: UserRow, id: string): Promise<Factor[]> {
  await scope.transaction(async (inner) => {
    const factor = await findFactor(inner.db, user.id, id);
    if (!factor || !(await setDefaultFactor(inner.db, user.id, id))) throw new AppError('MFA_FACTOR_NOT_FOUND');
    await emit(ctx, inner.db, inner, {
      type: 'user.mfa_default_changed',
      subject: { kind: 'user', id: user.id },
      details: { method: methodName(factor.kind) },
    });
  });
  return factorsOf(scope.db, user.id);
}

/** POST /api/twostep/factors/{id}/rename: what the person calls one of their factors (a passkey's own name). */
export async function renameOwnFactor(ctx: AppContext, scope: Scope, user: UserRow, id: string, name: string): Promise<Factor[]> {
  await scope.transaction(async (inner) => {
    const factor = await findFactor(inner.db, user.id, id);
    if (!factor || !(await renameFactor(inner.db, user.id, id, name))) throw new AppError('MFA_FACTOR_NOT_FOUND');
    await emit(ctx, inner.db, inner, {
      type: 'user.mfa_factor_renamed',
      subject: { kind: 'user', id: user.id },
      details: { method: methodName(factor.kind), name },
    });
  });
  return factorsOf(scope.db, user.id);
}

/**
 * Removes one factor in a transaction that holds the person's row lock: of two removals at once, the
 * second sees what the first left, so required MFA never ends with no factor. The last factor is refused
 * where MFA is required (`refuseLast`) and otherwise turns MFA off (or, for an administrator, resets it).
 */
async function removeOneFactor(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  id: string,
  last: { refuse: boolean; event: 'user.mfa_disabled' | 'user.mfa_reset' },
): Promise<void> {
  const org = scope.organisation;
  await scope.transaction(async (inner) => {
    const locked = await lockedUser(inner.db, ctx.db.dialect, userId);
    const factor = locked && (await findFactor(inner.db, userId, id));
    if (!locked || !factor) throw new AppError('MFA_FACTOR_NOT_FOUND');
    const isLast = (await listFactors(inner.db, userId)).length === 1;
    if (isLast && last.refuse && twoStepRequired(org.row, locked)) throw new AppError('MFA_LAST_FACTOR_REQUIRED');
    if (isLast) {
      await clearTwoStep(inner.db, userId, ctx.clock.now());
      await emit(ctx, inner.db, inner, { type: last.event, subject: { kind: 'user', id: userId } });
      return;
    }
    await removeFactors(inner.db, userId, { id }, ctx.clock.now());
    await emit(ctx, inner.db, inner, {
      type: 'user.mfa_factor_removed',
      subject: { kind: 'user', id: userId },
      details: { method: methodName(factor.kind) },
    });
  });
}

/** POST /api/twostep/factors/{id}/remove: one factor, with the password; the last one only where MFA is not required. */
export async function removeFactor(ctx: AppContext, scope: Scope, user: UserRow, id: string, password: string): Promise<Factor[]> {
  const org = scope.organisation;
  const db = ctx.db.kysely;
  const factor = await findFactor(scoped(db, org.id), user.id, id);
  if (!factor) throw new AppError('MFA_FACTOR_NOT_FOUND');
  // Refused before the password is tried: nothing to count an attempt for (checked again under the lock).
  if ((await listFactors(scoped(db, org.id), user.id)).length === 1 && twoStepRequired(org.row, user))
    throw new AppError('MFA_LAST_FACTOR_REQUIRED');
  await confirmCurrentPassword(ctx, scope, user, password, 'password');
  await removeOneFactor(ctx, scope, user.id, id, { refuse: true, event: 'user.mfa_disabled' });
  return factorsOf(scoped(db, org.id), user.id);
}

/**
 * POST /api/twostep/recoverycodes: a new set of recovery codes, with the password; the old set stops
 * working. Only for a person with a factor (the codes stand in for one).
 */
export async function regenerateRecoveryCodes(ctx: AppContext, scope: Scope, user: UserRow, password: string): Promise<string[]> {
  if (!user.has_second_factor) throw new AppError('MFA_NOT_ENABLED');
  await confirmCurrentPassword(ctx, scope, user, password, 'password');
  const codes = newRecoveryCodes();
  await scope.transaction(async (inner) => {
    const locked = await lockedUser(inner.db, ctx.db.dialect, user.id);
    if (!locked?.has_second_factor) throw new AppError('MFA_NOT_ENABLED');
    await replaceRecoveryCodes(
      inner.db,
      user.id,
      codes.map((code) => recoveryCodeHash(ctx, user.id, code)),
      ctx.clock.now(),
    );
    await emit(ctx, inner.db, inner, { type: 'user.recovery_codes_regenerated', subject: { kind: 'user', id: user.id } });
  });
  return codes;
}

/**
 * An administrator removes one of a person's factors (a lost phone, say); the last one resets their MFA,
 * as 'Reset' does. The caller has checked the administrator may act on the person.
 */
export async function removeFactorOf(ctx: AppContext, scope: Scope, userId: string, id: string): Promise<Factor[]> {
  await removeOneFactor(ctx, scope, userId, id, { refuse: false, event: 'user.mfa_reset' });
  return factorsOf(scope.db, userId);
}
