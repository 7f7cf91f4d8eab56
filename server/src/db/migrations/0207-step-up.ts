import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Step-up and pushed authorization requests per application:
 * - `clients.require_par`: the application must push its authorization requests (RFC 9126 6).
 * - `clients.minimum_acr`: the weakest sign-in the application accepts (common/acr.ts); null: any.
 * - `sign_in_states.step_up_acr` and `step_up_amr`: a code step that raises a live session to a level
 *   (the level, and the session's methods the step adds to); null for the second step of a sign-in.
 */
export const stepUp: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('clients')
      .addColumn('require_par', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.alterTable('clients').addColumn('minimum_acr', 'text').execute();
    await db.schema.alterTable('sign_in_states').addColumn('step_up_acr', 'text').execute();
    await db.schema.alterTable('sign_in_states').addColumn('step_up_amr', 'text').execute();
  },
});
