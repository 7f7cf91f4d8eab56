import { type Kysely, sql } from 'kysely';

import type { MigrationFactory } from './index.ts';

export const foundation: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('organisations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('is_base', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('demo_expires_at', 'bigint')
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('hide_organisation_name', 'boolean', (c) => c.notNull())
      .addColumn('prevent_self_sign_up', 'boolean', (c) => c.notNull())
      .addColumn('user_email_whitelist', 'text', (c) => c.notNull())
      .addColumn('invitation_expiry_hours', 'integer', (c) => c.notNull())
      .addColumn('password_expiry_days', 'integer', (c) => c.notNull())
      .addColumn('password_min_length', 'integer', (c) => c.notNull())
      .addColumn('password_upper', 'boolean', (c) => c.notNull())
      .addColumn('password_lower', 'boolean', (c) => c.notNull())
      .addColumn('password_digit', 'boolean', (c) => c.notNull())
      .addColumn('password_special', 'boolean', (c) => c.notNull())
      .addColumn('use_password_list', 'boolean', (c) => c.notNull())
      .addColumn('enforce_password_history', 'boolean', (c) => c.notNull())
      .addColumn('require_two_step', 'boolean', (c) => c.notNull())
      .addColumn('allow_sms_two_step', 'boolean', (c) => c.notNull())
      .addColumn('allow_email_two_step', 'boolean', (c) => c.notNull())
      .addColumn('enable_redirect_url', 'boolean', (c) => c.notNull())
      .addColumn('redirect_url', 'text')
      .addColumn('dashboard_redirect', 'boolean', (c) => c.notNull())
      .addColumn('failed_sign_ins_before_cooldown', 'integer', (c) => c.notNull())
      .addColumn('cooldown_duration_minutes', 'integer', (c) => c.notNull())
      .addColumn('failed_sign_ins_before_lockout', 'integer', (c) => c.notNull())
      .addColumn('reactivation_grace_period_days', 'integer', (c) => c.notNull())
      .addColumn('inactivity_expiry_days', 'integer', (c) => c.notNull())
      .addColumn('inactivity_deletion_days', 'integer', (c) => c.notNull())
      .addColumn('inactivity_notification_email_days', 'integer', (c) => c.notNull())
      .addColumn('remember_me_days', 'integer', (c) => c.notNull())
      .addColumn('colour', 'text', (c) => c.notNull())
      .addColumn('font', 'text', (c) => c.notNull())
      .addColumn('button_style', 'text', (c) => c.notNull())
      .addColumn('input_style', 'text', (c) => c.notNull())
      .addColumn('logo_id', 'text')
      .addColumn('background_image_id', 'text')
      .addColumn('hero_image_id', 'text')
      .addColumn('favicon_id', 'text')
      .addColumn('support_message', 'text')
      .addColumn('custom_privacy_policy_url', 'text')
      .addColumn('custom_terms_conditions_url', 'text')
      .addColumn('custom_help_page_url', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // At most one base organisation, even when several processes start at once.
    await sql`create unique index organisations_one_base on organisations (is_base) where is_base`.execute(db);

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('surname', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('password_set_date', 'bigint')
      .addColumn('requires_new_password', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('previous_sign_in', 'bigint')
      .addColumn('last_sign_in', 'bigint')
      .addColumn('last_failed_sign_in', 'bigint')
      .addColumn('email_verified_date', 'bigint')
      .addColumn('failed_auth_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('multi_factor_auth_required', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('users_organisation_email', ['organisation_id', 'email'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('amr', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').columns(['organisation_id', 'user_id']).execute();
    await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
  },
});
