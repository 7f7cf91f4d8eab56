/**
 * Queries of the base organisation's front door that span organisations: demo organisations are
 * counted and deleted by the system (like every scheduled job), never on behalf of one organisation.
 */
import { type Kysely, sql, type SqlBool } from 'kysely';

import type { Database } from '../db/schema.ts';

// The predicate of the partial index organisations_demo_expiry, written the same way so both databases use it.
const isDemo = sql<SqlBool>`is_demo`;

export async function countDemoOrganisations(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(isDemo)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function expiredDemoOrganisationIds(db: Kysely<Database>, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('organisations')
    .select('id')
    .where(isDemo)
    .where('demo_expires_at', '<=', now)
    .orderBy('demo_expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes a demo organisation; everything of it goes with it (every tenant table cascades). Never a real one. */
export async function deleteDemoOrganisation(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('organisations').where('id', '=', id).where(isDemo).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
