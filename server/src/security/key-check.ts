/**
 * Before the server or the CLI uses a database, checks that the configured key-encryption key(s) open
 * what the database holds sealed. A wrong or lost KEY_ENCRYPTION_KEY (a new DATA_DIR makes a new one)
 * would otherwise start a server that answers 500 for every organisation's discovery and JWKS while
 * /readyz says ready.
 */
import { sql } from 'kysely';

import { type Config, ConfigError, keyEncryptionKeys } from '../config.ts';
import { decryptSecret, KeyEncryptionError } from '../crypto/key-encryption.ts';
import { SEALED_COLUMNS, untyped } from '../crypto/sealed-columns.ts';
import type { Db } from '../db/database.ts';
import { acrossOrganisations, organisationIdOf } from '../db/scoped.ts';

/** The configured key-encryption keys do not open what the database holds. */
export class KeyEncryptionKeyMismatch extends ConfigError {}

/** 'v1.' then the 8-character fingerprint of the key that sealed the envelope (crypto/key-encryption.ts). */
const FINGERPRINT_START = 4;
const FINGERPRINT_LENGTH = 8;

/**
 * Opens one sealed value of each key-encryption key that sealed something, per sealed column; throws a
 * KeyEncryptionKeyMismatch naming the cause and the remedy when one does not open.
 */
export async function checkKeyEncryptionKey(db: Db, config: Config): Promise<void> {
  const keys = keyEncryptionKeys(config);
  // Across organisations: the installation's key is checked once, on one value of each key that sealed something.
  const kysely = untyped(acrossOrganisations(db.kysely, 'operator'));
  for (const sealed of Object.values(SEALED_COLUMNS)) {
    const fingerprint = sql<string>`substr(${sql.ref(sealed.column)}, ${sql.lit(FINGERPRINT_START)}, ${sql.lit(FINGERPRINT_LENGTH)})`;
    // One row per key that sealed something in this column (usually one; two during a rotation).
    const groups = await kysely
      .selectFrom(sealed.table)
      .select(fingerprint.as('fingerprint'))
      .where(sealed.column, 'is not', null)
      .groupBy(fingerprint)
      .execute();
    for (const { fingerprint: seal } of groups) {
      const row = await kysely
        .selectFrom(sealed.table)
        .select([...sealed.key, sealed.column])
        .select(organisationIdOf(sealed.table).as('organisationId'))
        .where(fingerprint, '=', seal)
        .limit(1)
        .executeTakeFirst();
      if (!row) continue;
      try {
        decryptSecret(keys, String(row[sealed.column]), sealed.associatedData(String(row.organisationId), row));
      } catch (error) {
        if (!(error instanceof KeyEncryptionError)) throw error;
        throw new KeyEncryptionKeyMismatch(mismatchMessage(config, sealed.table === 'oidc_keys'));
      }
    }
  }
}

function mismatchMessage(config: Config, signingKeys: boolean): string {
  const what = signingKeys ? "the organisations' token signing keys" : 'secrets';
  const source = config.keyEncryptionKeyFile
    ? `KEY_ENCRYPTION_KEY is not set, so the key in ${config.keyEncryptionKeyFile} was used${config.keyEncryptionKeyCreated ? ', made just now as DATA_DIR held none (it was removed again)' : ''}`
    : 'the KEY_ENCRYPTION_KEY given was used';
  return (
    `KEY_ENCRYPTION_KEY does not open ${what} stored in the database: they were encrypted with another key (${source}). ` +
    'Give this process the KEY_ENCRYPTION_KEY the database was used with (or the DATA_DIR holding its key-encryption-key file); ' +
    'during a rotation, give the other key as KEY_ENCRYPTION_KEY_DECRYPT_ONLY. See docs/operations.md.'
  );
}
