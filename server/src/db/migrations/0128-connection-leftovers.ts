import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * What OpenID Connect connections still lacked (connections/):
 * - `sign_in_connections.client_auth`: how Gatehouse authenticates at the provider's token endpoint,
 *   'client_secret_basic' (as before) or 'private_key_jwt' with the connection's own key pair:
 *   `private_key_sealed` (the private JWK, sealed under KEY_ENCRYPTION_KEY, crypto/sealed-columns.ts)
 *   and `public_jwk` (published at /signin/connections/{id}/jwks and shown for pasting).
 * - `sign_in_connections.allow_password`: whether people whose email is in the connection's domains may
 *   still sign in with a password ("Use my password instead"). Connections made before keep the
 *   password, as they did; the screen's default for a new one is off.
 * - `sign_in_states.connection_id`: a code step that follows an upstream sign-in through this connection
 *   (not a password), so the session's amr says `fed`, not `pwd`.
 * - `connection_links.groups`: the upstream's groups (the connection's groups claim) at the last sign-in,
 *   a JSON array of strings; a plain attribute shown to admins, granting nothing.
 */
export const connectionLeftovers: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sign_in_connections')
      .addColumn('allow_password', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
    await db.schema
      .alterTable('sign_in_connections')
      .addColumn('client_auth', 'text', (c) => c.notNull().defaultTo('client_secret_basic'))
      .execute();
    await db.schema.alterTable('sign_in_connections').addColumn('private_key_sealed', 'text').execute();
    await db.schema.alterTable('sign_in_connections').addColumn('public_jwk', 'text').execute();
    await db.schema.alterTable('sign_in_states').addColumn('connection_id', 'text').execute();
    await db.schema.alterTable('connection_links').addColumn('groups', 'text').execute();
  },
});
