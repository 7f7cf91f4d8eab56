/** Webhooks: the event types an endpoint subscribes to, the limits of its registration, and its texts. */
import { webUrlProblem } from './applications.ts';
import { AUDIT_EVENT_TYPES } from './audit.ts';

/** What an endpoint can subscribe to: every audit event type, and `webhook.test` ('Send test event'). */
export const WEBHOOK_EVENT_TYPES = [...AUDIT_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Subscribes an endpoint to every event type, present and future. */
export const ALL_EVENTS = '*';

export const WEBHOOK_LIMITS = { endpointsMax: 20, descriptionMax: 200, urlMax: 2000 } as const;

export const WEBHOOK_MESSAGES = {
  httpsOnly: 'Webhook addresses must start with https://',
  noEvents: 'Please choose at least one event',
  tooMany: `An organisation can have ${WEBHOOK_LIMITS.endpointsMax} webhook endpoints at most`,
} as const;

/** Why a webhook address cannot be registered (https only unless private addresses are allowed for development), or null. */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | null {
  const problem = webUrlProblem(value);
  if (problem) return problem;
  const url = new URL(value);
  if (url.hash) return 'A webhook address cannot contain a # part';
  if (url.protocol !== 'https:' && !allowPrivate) return WEBHOOK_MESSAGES.httpsOnly;
  return null;
}
