import type { CreateTableBuilder, Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/** Mail outbox, link tokens, recovery requests, password history, sign-in throttling and lifecycle columns on users. */
export const accountLifecycle: MigrationFactory = (dialect) => ({
  async up(db: Kysely<unknown>) {
    // A sequence, so rows keep the order they were written in, even within one millisecond.
    const serialId = <T extends string>(t: CreateTableBuilder<T>) =>
      dialect === 'postgres'
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

    for (const column of ['cooldown_until', 'inactive_since', 'inactivity_warned_at', 'reactivated_at', 'terms_accepted_at']) {
      await db.schema.alterTable('users').addColumn(column, 'bigint').execute();
    }

    await db.schema
      .createTable('mail_outbox')
      .$call(serialId)
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('html', 'text')
      .addColumn('body', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema
      .createIndex('mail_outbox_recipient')
      .on('mail_outbox')
      .columns(['organisation_id', 'recipient', 'created_at'])
      .execute();

    await db.schema
      .createTable('email_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_tokens_email').on('email_tokens').columns(['organisation_id', 'email', 'purpose']).execute();
    await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['organisation_id', 'user_id']).execute();
    await db.schema.createIndex('email_tokens_expiry').on('email_tokens').column('expires_at').execute();

    await db.schema
      .createTable('recovery_flows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('verified_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recovery_flows_user').on('recovery_flows').columns(['organisation_id', 'user_id']).execute();
    await db.schema.createIndex('recovery_flows_expiry').on('recovery_flows').column('expires_at').execute();

    await db.schema
      .createTable('password_history')
      .$call(serialId)
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('password_history_user').on('password_history').columns(['organisation_id', 'user_id', 'id']).execute();

    // Failed sign-ins for emails with no account, counted like a user's so the answers cannot tell them apart.
    await db.schema
      .createTable('sign_in_throttle')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cooldown_until', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('sign_in_throttle_pk', ['organisation_id', 'email'])
      .execute();
  },
});
