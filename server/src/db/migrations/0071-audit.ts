import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * The audit log (audit/): append-only, one row per security-relevant event, newest first by id. The
 * indexes answer the screen's filters (by type, by subject) with cursor paging, and retention by age.
 */
export const audit: MigrationFactory = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_events')
      .$call((t) =>
        dialect === 'postgres'
          ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
          : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
      )
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('subject_kind', 'text')
      .addColumn('subject_id', 'text')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('request_id', 'text')
      .addColumn('details', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_events_organisation').on('audit_events').columns(['organisation_id', 'id']).execute();
    await db.schema.createIndex('audit_events_type').on('audit_events').columns(['organisation_id', 'type', 'id']).execute();
    await db.schema.createIndex('audit_events_subject').on('audit_events').columns(['organisation_id', 'subject_id', 'id']).execute();
    await db.schema.createIndex('audit_events_actor').on('audit_events').columns(['organisation_id', 'actor_id', 'id']).execute();
    await db.schema.createIndex('audit_events_age').on('audit_events').column('at').execute();
  },
});
