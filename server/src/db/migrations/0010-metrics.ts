import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * The metrics' counters (metrics/store.ts): one row per organisation, metric and minute, incremented by
 * an upsert on write, so the dashboard sums at most a day of minutes instead of counting events; an
 * index that answers the Accounts tile's counts per status from the index alone; and when each
 * application last had a code issued.
 */
export const metrics: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('metric_counts')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('bucket_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_counts_pk', ['organisation_id', 'metric', 'bucket_start'])
      .execute();
    // Pruning by age crosses organisations.
    await db.schema.createIndex('metric_counts_age').on('metric_counts').column('bucket_start').execute();
    await db.schema.createIndex('users_organisation_status').on('users').columns(['organisation_id', 'status']).execute();
    // The Applications tile's applications in use: the organisation's few client rows, not a day of codes.
    await db.schema.alterTable('clients').addColumn('last_code_at', 'bigint').execute();
  },
});
