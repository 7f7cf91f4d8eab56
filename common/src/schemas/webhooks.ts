/** Request and answer schemas of the webhook endpoints (Organisation Admins). */
import { z } from 'zod';

import { ALL_EVENTS, WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '../webhooks.ts';
import { formBoolean, formList, optionalString, requiredString } from './fields.ts';

const eventTypes = formList(z.enum([ALL_EVENTS, ...WEBHOOK_EVENT_TYPES])).refine((types) => types.length > 0, {
  error: WEBHOOK_MESSAGES.noEvents,
});

/** The address is checked again on the server against the deployment's rule for private addresses. */
export const webhookEndpointRequest = z.object({
  url: requiredString(WEBHOOK_LIMITS.urlMax),
  description: optionalString(WEBHOOK_LIMITS.descriptionMax),
  eventTypes,
  enabled: formBoolean.optional(),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointRequest>;
export type WebhookEndpointRequest = z.output<typeof webhookEndpointRequest>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint or rolling its secret: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventType: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
  deliveredAt: z.number().int().nullable(),
  nextAttemptAt: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A delivery's path: its endpoint and its own id (an outbox message number). */
export const webhookDeliveryParams = z.object({
  id: z.string().min(1).max(100),
  deliveryId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
