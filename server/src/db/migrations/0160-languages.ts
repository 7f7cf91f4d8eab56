import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Languages (docs/i18n.md):
 * - `users.locale`: the person's own language (a tag of common/src/i18n/locales.ts); null follows the
 *   browser. It wins over the switcher and Accept-Language once the person is known, and their emails use it.
 * - `organisations.default_locale`: the language when no wish names an offered one.
 * - `organisations.offered_locales`: JSON array of the tags the organisation offers; empty offers every one.
 */
export const languages: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('locale', 'text').execute();
    await db.schema
      .alterTable('organisations')
      .addColumn('default_locale', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
    await db.schema
      .alterTable('organisations')
      .addColumn('offered_locales', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
});
