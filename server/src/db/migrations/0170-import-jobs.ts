import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Import jobs (moving people in from a file, imports/): the uploaded file as text (its own table), how far the job has
 * come and what it did, under a lease so that one process at a time moves it forward and another takes
 * over when that one stops; and the rows it refused, with why and the row as given, for the report and
 * its CSV download. Imported password hashes go in users.password_hash as given (passwords/foreign.ts).
 */
export const importJobs: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('import_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('dry_run', 'boolean', (c) => c.notNull())
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('next_row', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refused_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('not_carried', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('error', 'text')
      .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_by', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('import_jobs_due').on('import_jobs').columns(['status', 'locked_until']).execute();
    // The file apart from the job's row: SQLite rewrites a whole row on every update, and the job's row
    // is updated at every batch.
    await db.schema
      .createTable('import_sources')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_sources_pk', ['organisation_id', 'job_id'])
      .execute();
    await db.schema
      .createTable('import_refusals')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
      .addColumn('row', 'integer', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_refusals_pk', ['organisation_id', 'job_id', 'row'])
      .execute();
  },
});
