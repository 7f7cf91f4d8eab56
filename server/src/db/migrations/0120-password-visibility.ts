import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * The password policy's passwordVisibility (spec section 3): password fields offer to show
 * what is typed (NIST 800-63B 5.1.1.2 asks verifiers to offer it). On unless an organisation turns it off.
 */
export const passwordVisibility: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('organisations')
      .addColumn('password_visibility', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
  },
});
