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

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  createdAt: number;
}

/** The answer to creating an endpoint or rolling its secret: the only time the secret is shown. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export interface WebhookDelivery {
  id: number;
  eventType: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
  nextAttemptAt: number | null;
}
