import type { CreateTableBuilder, Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Multi-factor authentication: the method of each user (users.two_step_kind), its secret material,
 * recovery codes, remembered devices, set-ups in progress and sign-ins waiting for their code.
 */
export const mfa: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    // Null while the user has no second step; 0 app, 1 email, 2 SMS (the spec's numbering).
    await db.schema.alterTable('users').addColumn('two_step_kind', 'integer').execute();

    const owned = <T extends string>(t: CreateTableBuilder<T>) =>
      t
        .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'));

    await db.schema
      .createTable('user_mfa')
      .$call(owned)
      .addColumn('secret', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('last_step', 'bigint')
      .addColumn('failed_code_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_mfa_pk', ['organisation_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('mfa_enrolments')
      .$call(owned)
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('secret', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('code_hash', 'text')
      .addColumn('code_sent_at', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mfa_enrolments_pk', ['organisation_id', 'user_id'])
      .execute();
    await db.schema.createIndex('mfa_enrolments_expiry').on('mfa_enrolments').column('expires_at').execute();

    await db.schema
      .createTable('mfa_recovery_codes')
      .$call(owned)
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mfa_recovery_codes_pk', ['organisation_id', 'user_id', 'code_hash'])
      .execute();

    await db.schema
      .createTable('mfa_remembered_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(owned)
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mfa_remembered_devices_user')
      .on('mfa_remembered_devices')
      .columns(['organisation_id', 'user_id'])
      .execute();
    await db.schema.createIndex('mfa_remembered_devices_expiry').on('mfa_remembered_devices').column('expires_at').execute();

    await db.schema
      .createTable('sign_in_states')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(owned)
      .addColumn('state_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('code_hash', 'text')
      .addColumn('code_sent_at', 'bigint')
      .addColumn('code_expires_at', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_in_states_user').on('sign_in_states').columns(['organisation_id', 'user_id']).execute();
    await db.schema.createIndex('sign_in_states_expiry').on('sign_in_states').column('expires_at').execute();
  },
});
