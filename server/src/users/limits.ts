/** The starter package's limit of registered users (spec sections 1 and 9), enforced exactly even with several processes. */
import { TIER_USER_LIMITS } from '@gatehouse/common/policy';
import type { Transaction } from 'kysely';

import { countUsers } from '../accounts/store.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { AppError } from '../http/errors.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { lockOrganisation } from '../tenancy/store.ts';

/**
 * Refuses when the organisation's tier allows no more users. With `add`, the check and the insert run
 * in one transaction holding the organisation's lock, so no two additions can both take the last place.
 */
export async function assertRoomForUsers(
  ctx: AppContext,
  org: Organisation,
  add?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const limit = TIER_USER_LIMITS[org.row.tier];
  if (!add) {
    if (limit !== null && (await countUsers(scoped(ctx.db.kysely, org.id))) >= limit) throw new AppError('USER_LIMIT_REACHED');
    return;
  }
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (limit !== null) {
      const db = scoped(trx, org.id);
      await lockOrganisation(db, ctx.db.dialect);
      if ((await countUsers(db)) >= limit) throw new AppError('USER_LIMIT_REACHED');
    }
    await add(trx);
  });
}
