import { type Kysely, sql } from 'kysely';

import type { MigrationFactory } from './index.ts';

/** The contact form's Reply-To on outgoing mail, and the demo clean-up's index of expiring demo organisations. */
export const baseSignUp: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'text').execute();
    // Only demo organisations are ever looked up by expiry: a partial index stays as small as they are few.
    await sql`create index organisations_demo_expiry on organisations (demo_expires_at) where is_demo`.execute(db);
  },
});
