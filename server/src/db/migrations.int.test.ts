import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../testing/harness.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrations/index.ts';

describe.skipIf(!inject('postgresUrl'))('migrations on postgres', () => {
  // Regression: Kysely's migrator looked for its tables in every schema, so another schema of the same
  // database holding them (another install, a parallel test run) made it skip creating its own and fail.
  it("ignores another schema's migration tables in the same database", async () => {
    const other = `gh_other_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const database = await createTestDatabase('postgres');
    const db = openDatabase(database.database);
    try {
      await admin.query(`create schema ${other}`);
      await admin.query(`create table ${other}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`);
      await admin.query(`create table ${other}.kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`);
      await migrate(db);
      const rows = await db.kysely.selectFrom('organisations').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await db.close();
      await database.drop();
      await admin.query(`drop schema if exists ${other} cascade`);
      await admin.end();
    }
  });
});
