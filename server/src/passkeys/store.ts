/** Queries of passkeys; every one is scoped by organisation id. */
import type { Executor, WebauthnChallengeRow, WebauthnCredentialRow, WebauthnPasswordlessChallengeRow } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';
import { deleteExpired, take } from '../db/short-lived.ts';

export function listCredentials(db: ScopedExecutor, userId: string): Promise<WebauthnCredentialRow[]> {
  return db.selectFrom('webauthn_credentials').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function countCredentials(db: ScopedExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webauthn_credentials')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findCredential(db: ScopedExecutor, credentialId: string): Promise<WebauthnCredentialRow | undefined> {
  return db.selectFrom('webauthn_credentials').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertCredential(db: ScopedExecutor, row: Unstamped<WebauthnCredentialRow>): Promise<void> {
  await db.insertInto('webauthn_credentials').values(row).execute();
}

export async function renameCredential(db: ScopedExecutor, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('webauthn_credentials')
    .set({ name })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCredential(db: ScopedExecutor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webauthn_credentials').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every passkey of a user, and their challenges (an MFA reset or disable). */
export async function deleteUserCredentials(trx: ScopedExecutor, userId: string): Promise<void> {
  for (const table of ['webauthn_credentials', 'webauthn_challenges'] as const) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/** After an assertion: the authenticator's new counter and when it was used. */
export async function markCredentialUsed(db: ScopedExecutor, id: string, signCount: number, backedUp: boolean, now: number) {
  await db
    .updateTable('webauthn_credentials')
    .set({ sign_count: signCount, backed_up: backedUp, last_used_at: now })
    .where('id', '=', id)
    .execute();
}

export async function insertChallenge(db: ScopedExecutor, row: Unstamped<WebauthnChallengeRow>): Promise<void> {
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/** Takes a challenge once (db/short-lived.ts): only the one request that deletes a live one bound to `binding` gets it. */
export function takeChallenge(
  db: ScopedExecutor,
  id: string,
  purpose: WebauthnChallengeRow['purpose'],
  binding: string,
  now: number,
): Promise<WebauthnChallengeRow | undefined> {
  return take(db, 'webauthn_challenges', { id, purpose, binding }, now);
}

export async function deleteExpiredChallenges(db: Executor, now: number): Promise<number> {
  return (await deleteExpired(db, 'webauthn_challenges', now)) + (await deleteExpired(db, 'webauthn_passwordless_challenges', now));
}

export async function insertPasswordlessChallenge(db: ScopedExecutor, row: Unstamped<WebauthnPasswordlessChallengeRow>): Promise<void> {
  await db.insertInto('webauthn_passwordless_challenges').values(row).execute();
}

/** Takes a passwordless sign-in's challenge once (db/short-lived.ts), if it is live and was handed to this browser (`binding`). */
export async function takePasswordlessChallenge(db: ScopedExecutor, id: string, binding: string, now: number): Promise<boolean> {
  return (await take(db, 'webauthn_passwordless_challenges', { id, binding }, now)) !== undefined;
}
