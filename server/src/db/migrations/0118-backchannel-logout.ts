import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * OpenID Connect Back-Channel Logout: where an application wants logout tokens (they always
 * carry sid). The tokens themselves go through the outbox (channel 'logout'), so they share its leases,
 * retries and clean-up.
 */
export const backchannelLogout: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('clients').addColumn('backchannel_logout_uri', 'text').execute();
  },
});
