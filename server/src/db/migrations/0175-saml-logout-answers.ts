import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * A sign-out an application started (its LogoutRequest) goes through the session's other SAML
 * applications before that application gets its LogoutResponse: `respond_to` keeps whom to answer
 * (JSON { clientId, requestId, relayState, partial }), null for a sign-out of Gatehouse's own.
 */
export const samlLogoutAnswers: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('saml_logout_flows').addColumn('respond_to', 'text').execute();
  },
});
