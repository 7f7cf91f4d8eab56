/**
 * Persistent NameIDs: the same for a person and an application every time, different for each
 * application, and saying nothing of the person (an HMAC of the application and user ids). The key is
 * the organisation's own secret, sealed at rest (crypto/sealed-columns.ts), so rotating
 * KEY_ENCRYPTION_KEY re-seals it and leaves every NameID as it was. An organisation that had SAML
 * applications before the secret existed (migration 0155 marks it) gets the value its NameIDs were
 * made from until then, derived once (at its first persistent NameID) from KEY_ENCRYPTION_KEY; any
 * other organisation gets a random one. docs/saml-applications.md says why an upgrade comes before a rotation.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import { SEALED_COLUMNS } from '../crypto/sealed-columns.ts';
import type { Scope } from '../scope/scope.ts';
import { fillLegacyIdpSecret, findIdpSecret, insertIdpSecret } from './store.ts';

const associatedData = (organisationId: string) => SEALED_COLUMNS.samlNameIdSecrets.associatedData(organisationId);

/** What persistent NameIDs were keyed with before each organisation had its own secret. */
const legacySecret = (ctx: AppContext, organisationId: string) =>
  Buffer.from(hkdfSync('sha256', ctx.config.keyEncryptionKey, organisationId, 'gatehouse saml persistent nameid', 32)).toString(
    'base64url',
  );

const seal = (ctx: AppContext, organisationId: string, secret: string) =>
  encryptSecret(ctx.config.keyEncryptionKey, secret, associatedData(organisationId));

/** The organisation's secret: read and opened, or made once (two processes at once: one insert wins, both read it). */
async function nameIdSecret(ctx: AppContext, { db, organisation }: Scope): Promise<Buffer> {
  const organisationId = organisation.id;
  let row = await findIdpSecret(db);
  if (!row) {
    await insertIdpSecret(db, seal(ctx, organisationId, randomBytes(32).toString('base64url')));
    row = await findIdpSecret(db);
  } else if (row.name_id_secret_sealed === null) {
    await fillLegacyIdpSecret(db, seal(ctx, organisationId, legacySecret(ctx, organisationId)));
    row = await findIdpSecret(db);
  }
  const sealed = row?.name_id_secret_sealed;
  if (!sealed) throw new Error('The SAML NameID secret could not be stored');
  return Buffer.from(decryptSecret(keyEncryptionKeys(ctx.config), sealed, associatedData(organisationId)), 'base64url');
}

/** The persistent NameID of `userId` at application `clientId`. */
export async function persistentNameId(ctx: AppContext, scope: Scope, clientId: string, userId: string): Promise<string> {
  const key = await nameIdSecret(ctx, scope);
  return createHmac('sha256', key).update(`${clientId}\n${userId}`).digest('base64url');
}
