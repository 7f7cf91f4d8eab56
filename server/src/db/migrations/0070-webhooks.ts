import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Webhook endpoints an organisation registers (webhooks/). Deliveries are outbox messages of the channel
 * 'webhook' (mail_outbox), so they share its leases, retries and clean-up; the index below is the
 * delivery log of one endpoint.
 */
export const webhooks: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      /** JSON array of event types; ["*"] for all. */
      .addColumn('event_types', 'text', (c) => c.notNull())
      /** The signing secret, encrypted with KEY_ENCRYPTION_KEY (it must be used, so it cannot be hashed). */
      .addColumn('secret_encrypted', 'text', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_endpoints_organisation').on('webhook_endpoints').column('organisation_id').execute();
    await db.schema
      .createIndex('mail_outbox_recipient_log')
      .on('mail_outbox')
      .columns(['organisation_id', 'channel', 'recipient', 'id'])
      .execute();
  },
});
