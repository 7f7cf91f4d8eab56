/**
 * Who reacts to domain events, in the order they run (events/events.ts): the one place that wires the
 * reactions to changes. boot.ts and the test harness build each context's `events` from this list.
 */
import { auditSubscriber } from './audit/subscriber.ts';
import { DomainEvents, type Subscriber } from './events/events.ts';
import { metricsSubscriber } from './metrics/subscriber.ts';
import { accessRevocationSubscriber, clientGrantsSubscriber, endedSessionsSubscriber, providerCacheSubscriber } from './oidc/subscriber.ts';
import { invitationMailSubscriber } from './users/invitation.ts';
import { newBrowserSubscriber } from './users/new-browser.ts';
import { unlockMailSubscriber } from './users/unlock-mail.ts';
import { webhooksSubscriber } from './webhooks/subscriber.ts';

/** The audit row first (its id names the event in webhook payloads), then the rest. */
export const SUBSCRIBERS: readonly Subscriber[] = [
  auditSubscriber,
  webhooksSubscriber,
  metricsSubscriber,
  invitationMailSubscriber,
  unlockMailSubscriber,
  newBrowserSubscriber,
  accessRevocationSubscriber,
  endedSessionsSubscriber,
  clientGrantsSubscriber,
  providerCacheSubscriber,
];

export function domainEvents(subscribers: readonly Subscriber[] = SUBSCRIBERS): DomainEvents {
  return new DomainEvents(subscribers);
}
