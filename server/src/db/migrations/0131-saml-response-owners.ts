import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * A SAML answer is kept only for a sign-in started here, and one address may hold only a few
 * (connections/saml-sign-in.ts): anyone may post to the ACS URL, and an organisation-wide cap let
 * anonymous posts fill every slot and lock the real answers out.
 * - `saml_responses.request_id`: the AuthnRequest it answers (its InResponseTo, a live flow's `state`);
 *   a newer answer to the same request replaces the one waiting.
 * - `saml_responses.address`: the address that posted it, to bound what one address holds.
 * Rows from before (two minutes' worth) have neither and simply expire.
 */
export const samlResponseOwners: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('saml_responses').addColumn('request_id', 'text').execute();
    await db.schema.alterTable('saml_responses').addColumn('address', 'text').execute();
    await db.schema.createIndex('saml_responses_address').on('saml_responses').columns(['organisation_id', 'address']).execute();
    await db.schema.createIndex('connection_flows_state').on('connection_flows').columns(['organisation_id', 'state']).execute();
  },
});
