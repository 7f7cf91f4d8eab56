/**
 * A person's second factors on /twostep (issue 30): listed, one made the default, one removed with the
 * current password. The last factor cannot go where the organisation or an administrator requires MFA;
 * elsewhere removing it turns MFA off, as Disable does.
 */
import { maskPhoneNumber } from '@gatehouse/common/mfa';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { Factor } from '@gatehouse/common/schemas/mfa';
import { emit } from '../events/events.ts';
import { confirmCurrentPassword } from '../accounts/service.ts';
import { twoStepRequired } from '../accounts/model.ts';
import type { AppContext } from '../context.ts';
import type { Executor, UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { methodName, turnOffTwoStep } from './enrolment.ts';
import { findFactor, listFactors, removeFactors, setDefaultFactor } from './store.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The person's factors as the API shows them; a passkey's name and last use are its own row's. */
export async function factorsOf(db: Executor, organisationId: string, userId: string): Promise<Factor[]> {
  const factors = await listFactors(db, organisationId, userId);
  const passkeys = await db
    .selectFrom('webauthn_credentials')
    .select(['id', 'name', 'last_used_at'])
    .where('organisation_id', '=', organisationId)
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

export async function makeDefaultFactor(ctx: AppContext, org: Organisation, user: UserRow, id: string): Promise<Factor[]> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await setDefaultFactor(trx, org.id, user.id, id))) throw new AppError('MFA_FACTOR_NOT_FOUND');
  });
  return factorsOf(ctx.db.kysely, org.id, user.id);
}

/** POST /api/twostep/factors/{id}/remove: one factor, with the password; the last one only where MFA is not required. */
export async function removeFactor(ctx: AppContext, org: Organisation, user: UserRow, id: string, password: string): Promise<Factor[]> {
  const db = ctx.db.kysely;
  const factor = await findFactor(db, org.id, user.id, id);
  if (!factor) throw new AppError('MFA_FACTOR_NOT_FOUND');
  const last = (await listFactors(db, org.id, user.id)).length === 1;
  // Refused before the password is tried: nothing to count an attempt for.
  if (last && twoStepRequired(org.row, user)) throw new AppError('MFA_LAST_FACTOR_REQUIRED');
  await confirmCurrentPassword(ctx, org, user, password, 'password');
  if (last) {
    await turnOffTwoStep(ctx, org.id, user.id, 'user.mfa_disabled');
    return [];
  }
  await db.transaction().execute(async (trx) => {
    if (!(await findFactor(trx, org.id, user.id, id))) throw new AppError('MFA_FACTOR_NOT_FOUND');
    await removeFactors(trx, org.id, user.id, { id }, ctx.clock.now());
    await emit(ctx, trx, org.id, {
      type: 'user.mfa_factor_removed',
      subject: { kind: 'user', id: user.id },
      details: { method: methodName(factor.kind) },
    });
  });
  return factorsOf(db, org.id, user.id);
}
