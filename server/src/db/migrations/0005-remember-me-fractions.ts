import { type Kysely, sql } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * remember_me_days may hold a fraction of a day (0.5 is 12 hours; the sign-in page then speaks of
 * hours). SQLite's INTEGER affinity keeps a fraction as it is; PostgreSQL needs a floating type.
 */
export const rememberMeFractions: MigrationFactory = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql`alter table organisations alter column remember_me_days type double precision`.execute(db);
    }
  },
});
