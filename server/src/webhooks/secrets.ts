/** Endpoint secrets are encrypted at rest with KEY_ENCRYPTION_KEY, bound to their organisation and endpoint. */
import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import type { WebhookEndpointRow } from '../db/schema.ts';

const boundTo = (organisationId: string, endpointId: string) => `webhook-secret:${organisationId}:${endpointId}`;

export function sealSecret(ctx: AppContext, organisationId: string, endpointId: string, secret: string): string {
  return encryptSecret(ctx.config.keyEncryptionKey, secret, boundTo(organisationId, endpointId));
}

/** The secret of one of the organisation's endpoints. */
export function endpointSecret(
  ctx: AppContext,
  organisationId: string,
  endpoint: Pick<WebhookEndpointRow, 'id' | 'secret_encrypted'>,
): string {
  return decryptSecret(keyEncryptionKeys(ctx.config), endpoint.secret_encrypted, boundTo(organisationId, endpoint.id));
}
