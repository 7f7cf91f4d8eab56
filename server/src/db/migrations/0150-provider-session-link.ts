import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * `oidc_artefacts.session_id`: on a provider session's row, the id of the Gatehouse session it mirrors
 * (stamped by the adapter from the request's own session), so ending one Gatehouse session ends that
 * browser's provider session too, with the back-channel logouts of its applications only. Null on every
 * other model and on provider sessions from before (they end with the account's other provider sessions).
 */
export const providerSessionLink: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_artefacts').addColumn('session_id', 'text').execute();
  },
});
