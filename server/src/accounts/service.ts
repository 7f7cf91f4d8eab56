/** Signing in with email and password: the same answer, in the same time, for an unknown email and a wrong password. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Organisation } from '../organisations/model.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../passwords/hash.ts';
import { findUserByEmail, findUserById, recordFailedSignIn, recordSignIn, updateUser } from './store.ts';

/** Statuses that may sign in; Pending users have no password yet and are answered as wrong credentials. */
const SIGN_IN_STATUSES = new Set<UserRow['status']>(['SignedUp']);

export async function authenticate(ctx: AppContext, org: Organisation, email: string, password: string): Promise<UserRow> {
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
  const db = ctx.db.kysely;
  const user = await findUserByEmail(db, org.id, email);
  if (!user || user.password_hash === null) {
    await verifyAgainstDummy(password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordFailedSignIn(db, org.id, user.id, ctx.clock.now());
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!SIGN_IN_STATUSES.has(user.status)) throw new AppError('ACCOUNT_UNAVAILABLE');
  const now = ctx.clock.now();
  if (needsRehash(user.password_hash)) {
    await updateUser(db, org.id, user.id, { password_hash: await hashPassword(password), updated_at: now });
  }
  await recordSignIn(db, org.id, user.id, now);
  return (await findUserById(db, org.id, user.id))!;
}

export function userAgentOf(request: FastifyRequest): string | undefined {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : undefined;
}
