/**
 * Emailed link tokens (verification, invitation, completing sign-up, password reset): 256 random bits,
 * only their SHA-256 stored, bound to an organisation, an address and a purpose, expiring, and
 * deleted when used, so a link works once.
 */
import type { Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import { hashToken, newToken } from '../crypto/tokens.ts';
import type { Database, EmailTokenPurpose, EmailTokenRow, Executor } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import type { Scope } from '../scope/scope.ts';
import { deleteEmailTokens, findEmailToken, insertEmailToken, takeEmailToken } from './store.ts';

export interface TokenFor {
  organisationId: string;
  purpose: EmailTokenPurpose;
  email: string;
  userId: string | null;
  lifetimeMs: number;
  /** False keeps the owner's earlier tokens of the purpose (demo sign-ups all share one address). */
  replaceEarlier?: boolean;
}

/** Makes a token, replacing the owner's earlier tokens of the same purpose; returns the token for the link. */
export async function issueEmailToken(ctx: AppContext, spec: TokenFor, db: Executor = ctx.db.kysely): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  // In the caller's transaction when it has one (an invitation is issued with the user's creation).
  const write = (work: (trx: Executor) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await write(async (trx) => {
    const owner = spec.userId ? { userId: spec.userId } : { email: spec.email };
    if (spec.replaceEarlier !== false) await deleteEmailTokens(scoped(trx, spec.organisationId), owner, [spec.purpose]);
    await insertEmailToken(scoped(trx, spec.organisationId), {
      id: hashToken(token),
      purpose: spec.purpose,
      user_id: spec.userId,
      email: spec.email,
      created_at: now,
      expires_at: now + spec.lifetimeMs,
    });
  });
  return token;
}

/** The live token's record without using it up (to show whom an invitation is for). */
export async function peekEmailToken(
  ctx: AppContext,
  scope: Scope,
  token: string,
  purposes: readonly EmailTokenPurpose[],
): Promise<EmailTokenRow | null> {
  return (await findEmailToken(scope.db, hashToken(token), purposes, ctx.clock.now())) ?? null;
}

/** Uses a token up; null when it is unknown, expired, of another purpose or organisation, or already used. */
export async function useEmailToken(
  ctx: AppContext,
  scope: Scope,
  token: string,
  purposes: readonly EmailTokenPurpose[],
  trx?: Transaction<Database>,
): Promise<EmailTokenRow | null> {
  return (await takeEmailToken(scoped(trx ?? ctx.db.kysely, scope.organisation.id), hashToken(token), purposes, ctx.clock.now())) ?? null;
}
