import { type Kysely, sql } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * What the lists of a person's sessions show ("Devices and sessions" on /account, the person's page):
 * - `sessions.public_id`: the id the screens and APIs name a session by. The row's own id is the hash
 *   of the cookie's token, the key a signed-in request is found by; it never leaves the server.
 * - `sessions.address`: the address the session was signed in from.
 * Sessions from before get a public id from their hash (they last 12 hours at most) and no address.
 */
export const sessionDevices: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
    await sql`update sessions set public_id = substr(id, 1, 32)`.execute(db);
    await db.schema.createIndex('sessions_public_id').on('sessions').columns(['organisation_id', 'public_id']).execute();
  },
});
