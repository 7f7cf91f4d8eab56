import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * A circuit breaker per webhook endpoint (webhooks/delivery.ts). `failures` counts the
 * endpoint's failed attempts in a row, whichever message they carried; from the fifth on, the circuit is
 * open until `circuit_open_until` (no attempt is made to the endpoint before then), and after it one
 * process at a time probes the endpoint with a single delivery. A success closes it (both reset).
 */
export const webhookCircuits: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('webhook_endpoints')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('circuit_open_until', 'bigint').execute();
  },
});
