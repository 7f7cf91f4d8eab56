import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestDatabase, testDialects } from '../testing/harness.ts';
import { openDatabase, type Db } from './database.ts';
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

describe.each(testDialects())('migration 0009 on %s', (dialect) => {
  it('accepts a database already at 0008 and backfills the search copies of existing names', async () => {
    const database = await createTestDatabase(dialect);
    const db = openDatabase(database.database);
    try {
      await migrate(db, '0008-base-signup');
      const now = Date.now();
      await insertOrganisation(db, 'o1', 'acme');
      for (const [id, first, last] of [
        ['u1', 'Ada', 'Lovelace'],
        ['u2', null, 'ÉCOLE'],
        ['u3', null, null],
      ] as const) {
        await sql`insert into users (id, organisation_id, email, first_name, surname, role, status, requires_new_password,
          failed_auth_count, multi_factor_auth_required, created_at, updated_at)
          values (${id}, 'o1', ${`${id}@acme.test`}, ${first}, ${last}, 'EndUser', 'Pending', false, 0, false, ${now}, ${now})`.execute(
          db.kysely,
        );
      }
      await migrate(db);
      const rows = await db.kysely.selectFrom('users').select(['id', 'first_name_search', 'surname_search']).orderBy('id').execute();
      expect(rows.map((r) => ({ ...r }))).toEqual([
        { id: 'u1', first_name_search: 'ada', surname_search: 'lovelace' },
        { id: 'u2', first_name_search: null, surname_search: 'école' },
        { id: 'u3', first_name_search: null, surname_search: null },
      ]);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});

/** An organisation as the schema of 0008 holds one (later migrations' columns have defaults). */
async function insertOrganisation(db: Db, id: string, name: string): Promise<void> {
  const now = Date.now();
  await sql`insert into organisations (id, name, display_name, is_base, is_demo, tier, hide_organisation_name, prevent_self_sign_up,
    user_email_whitelist, invitation_expiry_hours, password_expiry_days, password_min_length, password_upper, password_lower,
    password_digit, password_special, use_password_list, enforce_password_history, require_two_step, allow_sms_two_step,
    allow_email_two_step, enable_redirect_url, dashboard_redirect, failed_sign_ins_before_cooldown, cooldown_duration_minutes,
    failed_sign_ins_before_lockout, reactivation_grace_period_days, inactivity_expiry_days, inactivity_deletion_days,
    inactivity_notification_email_days, remember_me_days, colour, font, button_style, input_style, created_at, updated_at)
    values (${id}, ${name}, ${name}, false, false, 'starter', false, false, '[]', 168, 0, 10, false, false, false, false, true, false,
    false, false, false, false, false, 5, 30, 10, 3, 60, 0, 7, 0, 'Blue', 'Default', 'Default', 'Default', ${now}, ${now})`.execute(
    db.kysely,
  );
}

describe.each(testDialects())('migration 0121 on %s', (dialect) => {
  it("counts the users already there per status, then keeps every organisation's counters with each write", async () => {
    const database = await createTestDatabase(dialect);
    const db = openDatabase(database.database);
    const user = (id: string, org: string, status: string) =>
      sql`insert into users (id, organisation_id, email, role, status, requires_new_password, failed_auth_count,
        multi_factor_auth_required, created_at, updated_at)
        values (${id}, ${org}, ${`${id}@acme.test`}, 'EndUser', ${status}, false, 0, false, 0, 0)`.execute(db.kysely);
    const counters = async () =>
      (
        await db.kysely
          .selectFrom('user_counts')
          .select(['organisation_id', 'status', 'count'])
          .orderBy('organisation_id')
          .orderBy('status')
          .execute()
      )
        .filter((r) => r.count !== 0)
        .map((r) => `${r.organisation_id} ${r.status} ${r.count}`);
    try {
      await migrate(db, '0120-password-visibility');
      await insertOrganisation(db, 'o1', 'acme');
      await insertOrganisation(db, 'o2', 'globex');
      await user('u1', 'o1', 'Pending');
      await user('u2', 'o1', 'Pending');
      await user('u3', 'o1', 'SignedUp');
      await user('u4', 'o2', 'SignedUp');
      await migrate(db);
      expect(await counters()).toEqual(['o1 Pending 2', 'o1 SignedUp 1', 'o2 SignedUp 1']);

      await user('u5', 'o1', 'Disabled');
      await db.kysely.updateTable('users').set({ status: 'SignedUp' }).where('id', 'in', ['u1', 'u2']).execute();
      await db.kysely.updateTable('users').set({ first_name: 'Ada', status: 'SignedUp' }).where('id', '=', 'u3').execute();
      await db.kysely.deleteFrom('users').where('id', 'in', ['u5', 'u4']).execute();
      expect(await counters()).toEqual(['o1 SignedUp 3']);
      await db.kysely.deleteFrom('organisations').where('id', '=', 'o1').execute();
      expect(await db.kysely.selectFrom('user_counts').selectAll().execute()).toEqual([
        expect.objectContaining({ organisation_id: 'o2', count: 0 }),
      ]);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
