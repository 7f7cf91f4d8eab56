/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): each delivery carries webhook-id,
 * webhook-timestamp and webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by
 * the endpoint's secret `whsec_<base64 key>`, so the `standardwebhooks` libraries verify it as is.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes, in the spec's `whsec_` form. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery. */
export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': webhookSignature(secret, id, timestampSeconds, body),
  };
}
