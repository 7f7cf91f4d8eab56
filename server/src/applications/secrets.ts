/**
 * Client secrets at rest. Every application keeps the SHA-256 of its secret; one that authenticates
 * with client_secret_jwt also keeps the secret sealed under KEY_ENCRYPTION_KEY, bound to its
 * organisation and client id, because an HMAC is checked with the secret itself.
 */
import { createHash, randomBytes } from 'node:crypto';

import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import type { ClientRow } from '../db/schema.ts';

/** SHA-256 of a client secret: secrets are 256 random bits, so a fast hash is enough and nothing reversible is kept. */
export const hashClientSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const newClientSecret = (): string => randomBytes(32).toString('base64url');

const boundTo = (organisationId: string, clientId: string) => `client-secret:${organisationId}:${clientId}`;

/** The columns a new secret of one of the organisation's applications writes: its hash, and its sealed form when the application signs assertions with it. */
export function secretColumns(
  ctx: AppContext,
  organisationId: string,
  client: Pick<ClientRow, 'id' | 'token_endpoint_auth_method'>,
  secret: string,
): Pick<ClientRow, 'secret_hash' | 'secret_sealed'> {
  return {
    secret_hash: hashClientSecret(secret),
    secret_sealed:
      client.token_endpoint_auth_method === 'client_secret_jwt'
        ? encryptSecret(ctx.config.keyEncryptionKey, secret, boundTo(organisationId, client.id))
        : null,
  };
}

/** The secret of one of the organisation's client_secret_jwt applications, or null when it has none Gatehouse can sign with. */
export function unsealedClientSecret(
  ctx: AppContext,
  organisationId: string,
  client: Pick<ClientRow, 'id' | 'secret_sealed'>,
): string | null {
  return client.secret_sealed === null
    ? null
    : decryptSecret(keyEncryptionKeys(ctx.config), client.secret_sealed, boundTo(organisationId, client.id));
}
