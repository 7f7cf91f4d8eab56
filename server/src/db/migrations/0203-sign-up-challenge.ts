import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/** The organisation's sign-up policy setting: every sign-up asks for a proof-of-work challenge (off by default). */
export const signUpChallenge: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('organisations')
      .addColumn('require_sign_up_challenge', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
});
