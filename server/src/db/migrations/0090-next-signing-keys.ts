import { type Kysely, sql } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Signing keys are published before they sign: activated_at is when a key started signing;
 * a key without one is the organisation's next key, already in the JWKS. Existing keys have signed
 * since they were made.
 */
export const nextSigningKeys: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_keys').addColumn('activated_at', 'bigint').execute();
    await sql`update oidc_keys set activated_at = created_at`.execute(db);
  },
});
