/**
 * Rotation of KEY_ENCRYPTION_KEY without downtime: once every process runs with the new key as
 * KEY_ENCRYPTION_KEY and the old one as KEY_ENCRYPTION_KEY_DECRYPT_ONLY, this rewrites every envelope
 * still sealed under the old key (every column of crypto/sealed-columns.ts) under the new one.
 * Each row is rewritten only if it still holds what was read, so a concurrent change is never lost.
 */
import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret, sealedWith } from '../crypto/key-encryption.ts';
import { SEALED_COLUMNS, type SealedColumnName, untypedInScope } from '../crypto/sealed-columns.ts';
import { acrossOrganisations, scoped } from '../db/scoped.ts';

export type ReencryptReport = Record<SealedColumnName, number>;

/** Organisation by organisation, each through its scoped store: the organisation a row is bound to is the store's. */
export async function reencryptSecrets(ctx: AppContext): Promise<ReencryptReport> {
  const current = ctx.config.keyEncryptionKey;
  const keys = keyEncryptionKeys(ctx.config);
  const report = {
    signingKeys: 0,
    authenticatorKeys: 0,
    enrolments: 0,
    webhookSecrets: 0,
    clientSecrets: 0,
    connectionSecrets: 0,
    connectionKeys: 0,
    samlNameIdSecrets: 0,
  } satisfies ReencryptReport;

  const organisations = await acrossOrganisations(ctx.db.kysely, 'operator')
    .selectFrom('organisations')
    .select('id')
    .orderBy('id')
    .execute();
  for (const { id: organisationId } of organisations) {
    const db = untypedInScope(scoped(ctx.db.kysely, organisationId));
    for (const [name, sealed] of Object.entries(SEALED_COLUMNS) as [SealedColumnName, (typeof SEALED_COLUMNS)[SealedColumnName]][]) {
      const rows = await db
        .selectFrom(sealed.table)
        .select([...sealed.key, sealed.column])
        .where(sealed.column, 'is not', null)
        .execute();
      for (const row of rows) {
        const envelope = row[sealed.column];
        if (typeof envelope !== 'string' || sealedWith(current, envelope)) continue;
        const associatedData = sealed.associatedData(organisationId, row);
        let update = db
          .updateTable(sealed.table)
          .set({ [sealed.column]: encryptSecret(current, decryptSecret(keys, envelope, associatedData), associatedData) })
          .where(sealed.column, '=', envelope);
        for (const column of sealed.key) update = update.where(column, '=', row[column]);
        const result = await update.executeTakeFirst();
        report[name] += Number(result.numUpdatedRows);
      }
    }
  }
  return report;
}
