import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';

import { createTestDatabase, testDialects } from '../testing/harness.ts';
import { type Db, openDatabase } from './database.ts';
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

describe.each(testDialects())('migration 0126 on %s', (dialect) => {
  it("moves every user's second step into credentials, one row per factor, with nothing lost", async () => {
    const database = await createTestDatabase(dialect);
    const db = openDatabase(database.database);
    const user = (id: string, kind: number | null) =>
      sql`insert into users (id, organisation_id, email, role, status, requires_new_password, failed_auth_count,
        multi_factor_auth_required, two_step_kind, created_at, updated_at)
        values (${id}, 'o1', ${`${id}@acme.test`}, 'EndUser', 'SignedUp', false, 0, false, ${kind}, 0, 0)`.execute(db.kysely);
    const method = (id: string, secret: string | null, phone: string | null, lastStep: number | null, failed: number) =>
      sql`insert into user_mfa (organisation_id, user_id, secret, phone_number, last_step, failed_code_count, created_at)
        values ('o1', ${id}, ${secret}, ${phone}, ${lastStep}, ${failed}, 1000)`.execute(db.kysely);
    const passkey = (id: string, userId: string, createdAt: number, lastUsed: number | null) =>
      sql`insert into webauthn_credentials (id, organisation_id, user_id, credential_id, public_key, sign_count, transports,
        device_type, backed_up, name, created_at, last_used_at)
        values (${id}, 'o1', ${userId}, ${`cred-${id}`}, 'pk', 0, '', 'singleDevice', false, ${`Key ${id}`}, ${createdAt}, ${lastUsed})`.execute(
        db.kysely,
      );
    const recoveryCodes = async (userId: string, used: (number | null)[]) => {
      for (const [i, usedAt] of used.entries())
        await sql`insert into mfa_recovery_codes (organisation_id, user_id, code_hash, used_at, created_at)
          values ('o1', ${userId}, ${`${userId}-h${i}`}, ${usedAt}, 1000)`.execute(db.kysely);
    };
    try {
      await migrate(db, '0125-sign-in-connections');
      await insertOrganisation(db, 'o1', 'acme');
      await user('app', 0);
      await method('app', 'sealed-envelope-of-the-key', null, 58_000_001, 2);
      await recoveryCodes('app', [null, 5000, null, 7000]);
      await user('email', 1);
      await method('email', null, null, null, 0);
      await recoveryCodes('email', [null, null]);
      await user('sms', 2);
      await method('sms', null, '+15005550007', null, 1);
      await recoveryCodes('sms', [null]);
      await user('keys', 3);
      await method('keys', null, null, null, 0);
      await passkey('k2', 'keys', 3000, null);
      await passkey('k1', 'keys', 2000, 9000);
      await recoveryCodes('keys', [null]);
      await user('both', 0);
      await method('both', 'sealed-envelope-2', null, null, 0);
      await passkey('k3', 'both', 4000, null);
      await recoveryCodes('both', [null]);
      await user('none', null);

      await migrate(db);

      const rows = await db.kysely
        .selectFrom('credentials')
        .select(['user_id', 'kind', 'secret', 'phone_number', 'passkey_id', 'last_step', 'is_default', 'created_at', 'last_used_at'])
        .orderBy('user_id')
        .orderBy('kind')
        .orderBy('created_at')
        .execute();
      const shown = rows.map((r) => ({
        ...r,
        is_default: Boolean(r.is_default),
        last_step: r.last_step === null ? null : Number(r.last_step),
        created_at: Number(r.created_at),
        last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
      }));
      const row = (userId: string, kind: number, fields: Partial<(typeof shown)[number]> = {}) => ({
        user_id: userId,
        kind,
        secret: null,
        phone_number: null,
        passkey_id: null,
        last_step: null,
        is_default: false,
        created_at: 1000,
        last_used_at: null,
        ...fields,
      });
      expect(shown).toEqual([
        row('app', 0, { secret: 'sealed-envelope-of-the-key', last_step: 58_000_001, is_default: true }),
        row('app', 4, { last_used_at: 7000 }),
        row('both', 0, { secret: 'sealed-envelope-2', is_default: true }),
        row('both', 3, { passkey_id: 'k3', created_at: 4000 }),
        row('both', 4),
        row('email', 1, { is_default: true }),
        row('email', 4),
        row('keys', 3, { passkey_id: 'k1', created_at: 2000, last_used_at: 9000, is_default: true }),
        row('keys', 3, { passkey_id: 'k2', created_at: 3000 }),
        row('keys', 4),
        row('sms', 2, { phone_number: '+15005550007', is_default: true }),
        row('sms', 4),
      ]);
      // The recovery codes themselves stay, used ones still used.
      const codes = await db.kysely.selectFrom('mfa_recovery_codes').select(['user_id', 'used_at']).where('user_id', '=', 'app').execute();
      expect(codes.filter((c) => c.used_at !== null)).toHaveLength(2);
      expect(codes).toHaveLength(4);

      const users = await db.kysely.selectFrom('users').select(['id', 'has_second_factor', 'failed_code_count']).orderBy('id').execute();
      expect(users.map((u) => `${u.id} ${Boolean(u.has_second_factor)} ${u.failed_code_count}`)).toEqual([
        'app true 2',
        'both true 0',
        'email true 0',
        'keys true 0',
        'none false 0',
        'sms true 1',
      ]);
      // Removing a passkey removes its credentials row.
      await db.kysely.deleteFrom('webauthn_credentials').where('id', '=', 'k2').execute();
      expect(await db.kysely.selectFrom('credentials').select('id').where('passkey_id', '=', 'k2').execute()).toEqual([]);
      // The old shape is gone.
      await expect(sql`select two_step_kind from users`.execute(db.kysely)).rejects.toThrow();
      await expect(sql`select * from user_mfa`.execute(db.kysely)).rejects.toThrow();
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
