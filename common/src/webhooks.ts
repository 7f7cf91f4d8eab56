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
  intro:
    "Gatehouse tells your other systems when something happens: each event is posted, signed with the endpoint's secret (Standard Webhooks), and retried for about a day until the endpoint accepts it.",
  addHeading: 'Add an endpoint',
  url: 'Endpoint URL',
  description: 'Description',
  events: 'Events to send',
  allEvents: 'All events, including those added later',
  add: 'Add endpoint',
  none: 'No endpoints yet.',
  secretHeading: 'Signing secret',
  secretOnce: 'Copy the signing secret now: it is not shown again. Your endpoint verifies each delivery with it.',
  copy: 'Copy',
  copied: 'Copied',
  enabled: 'Enabled',
  disabled: 'Disabled',
  enable: 'Enable',
  disable: 'Disable',
  sendTest: 'Send test event',
  testQueued: 'Test event queued: it appears in the deliveries below.',
  deliveries: 'Deliveries',
  event: 'Event',
  showDeliveries: 'Show deliveries',
  hideDeliveries: 'Hide deliveries',
  noDeliveries: 'Nothing delivered yet.',
  resend: 'Resend',
  resent: 'Queued again.',
  rollSecret: 'Roll secret',
  rollConfirm: 'The current secret stops working at once: deliveries are signed with the new one only.',
  delete: 'Delete',
  deleteConfirm: 'Delete this endpoint? Deliveries still queued for it are given up.',
  cancel: 'Cancel',
  edit: 'Edit',
  save: 'Save changes',
  status: 'Status',
  attempts: 'Attempts',
  lastError: 'Last error',
  queuedAt: 'Queued',
  deliveredAt: 'Delivered',
  nextAttempt: 'Next attempt',
  subscribed: 'Sends',
  privateAddress: 'This address leads to a private, loopback or link-local network, which webhooks may not reach',
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
