/**
 * Rotation of KEY_ENCRYPTION_KEY without downtime: once every process runs with the new key as
 * KEY_ENCRYPTION_KEY and the old one as KEY_ENCRYPTION_KEY_DECRYPT_ONLY, this rewrites every envelope
 * still sealed under the old key (signing keys, authenticator keys, webhook secrets) under the new one.
 * Each row is rewritten only if it still holds what was read, so a concurrent change is never lost.
 */
import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret, sealedWith } from '../oidc/key-encryption.ts';

export interface ReencryptReport {
  signingKeys: number;
  authenticatorKeys: number;
  enrolments: number;
  webhookSecrets: number;
}

export async function reencryptSecrets(ctx: AppContext): Promise<ReencryptReport> {
  const db = ctx.db.kysely;
  const current = ctx.config.keyEncryptionKey;
  const keys = keyEncryptionKeys(ctx.config);
  const reseal = (envelope: string, associatedData: string) =>
    encryptSecret(current, decryptSecret(keys, envelope, associatedData), associatedData);
  const report: ReencryptReport = { signingKeys: 0, authenticatorKeys: 0, enrolments: 0, webhookSecrets: 0 };

  for (const row of await db.selectFrom('oidc_keys').select(['organisation_id', 'kid', 'encrypted_jwk']).execute()) {
    if (sealedWith(current, row.encrypted_jwk)) continue;
    const result = await db
      .updateTable('oidc_keys')
      .set({ encrypted_jwk: reseal(row.encrypted_jwk, `${row.organisation_id}:${row.kid}`) })
      .where('organisation_id', '=', row.organisation_id)
      .where('kid', '=', row.kid)
      .where('encrypted_jwk', '=', row.encrypted_jwk)
      .executeTakeFirst();
    report.signingKeys += Number(result.numUpdatedRows);
  }
  for (const table of ['user_mfa', 'mfa_enrolments'] as const) {
    const rows = await db.selectFrom(table).select(['organisation_id', 'user_id', 'secret']).where('secret', 'is not', null).execute();
    for (const row of rows) {
      if (!row.secret || sealedWith(current, row.secret)) continue;
      const result = await db
        .updateTable(table)
        .set({ secret: reseal(row.secret, `mfa:${row.organisation_id}:${row.user_id}`) })
        .where('organisation_id', '=', row.organisation_id)
        .where('user_id', '=', row.user_id)
        .where('secret', '=', row.secret)
        .executeTakeFirst();
      if (table === 'user_mfa') report.authenticatorKeys += Number(result.numUpdatedRows);
      else report.enrolments += Number(result.numUpdatedRows);
    }
  }
  for (const row of await db.selectFrom('webhook_endpoints').select(['organisation_id', 'id', 'secret_encrypted']).execute()) {
    if (sealedWith(current, row.secret_encrypted)) continue;
    const result = await db
      .updateTable('webhook_endpoints')
      .set({ secret_encrypted: reseal(row.secret_encrypted, `webhook-secret:${row.organisation_id}:${row.id}`) })
      .where('organisation_id', '=', row.organisation_id)
      .where('id', '=', row.id)
      .where('secret_encrypted', '=', row.secret_encrypted)
      .executeTakeFirst();
    report.webhookSecrets += Number(result.numUpdatedRows);
  }
  return report;
}
