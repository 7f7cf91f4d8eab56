/**
 * Telling every process at once that an organisation changed (REDIS_URL). Each process caches
 * organisations, and builds their providers from them, for ORGANISATION_CACHE_SECONDS; without Redis a
 * change made by one process reaches the others within that time. With Redis the change is
 * published, every subscribed process forgets the organisation at once, and while the subscription
 * is live the cache may be kept longer (LIVE_ORGANISATION_CACHE_MS). Whenever the subscription
 * (re)starts, everything cached is forgotten, as changes may have been missed meanwhile; while it is
 * down, the short lifetime applies again.
 */
import { createRequire } from 'node:module';

import type * as Redis from '@redis/client';

import type { Log } from '../telemetry/log.ts';

export const CHANGES_CHANNEL = 'gatehouse:organisation-changed';
/** How long while the subscription is live: a change is pushed, the time only bounds a lost message. */
export const LIVE_ORGANISATION_CACHE_MS = 30_000;

export interface OrganisationChanges {
  /** Whether changes made by other processes reach this one at once. */
  readonly live: boolean;
  /** Tells every process (this one too) that the organisation changed. Never throws: a failure is logged. */
  publish(organisationId: string): void;
  close(): Promise<void>;
}

/**
 * Subscribes to organisation changes through Redis. `forget(id)` drops one organisation, `forget(null)`
 * everything. Start-up does not wait for Redis: until it answers, the process runs as a lone one.
 */
export function subscribeToOrganisationChanges(
  url: string,
  forget: (organisationId: string | null) => void,
  log: Log,
): OrganisationChanges {
  const options = {
    url,
    // A publish while disconnected fails at once instead of waiting in a queue.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) },
  };
  // Loaded only with REDIS_URL: the client is about 5 MB of heap a process without Redis does not need.
  const { createClient } = createRequire(import.meta.url)('@redis/client') as typeof Redis;
  const publisher = createClient(options);
  const subscriber = createClient(options);
  let live = false;
  let closed = false;
  let subscribed = false;
  // Said once when the first connection fails: the client keeps retrying, so start() does not fail by itself.
  let saidAtStart = false;
  const sayUnreachableAtStart = (error: unknown) => {
    if (saidAtStart || closed) return;
    saidAtStart = true;
    log.warn({ err: error }, 'Redis unreachable at start (REDIS_URL): organisation changes from other processes arrive within 2 s');
  };
  const down = (error: unknown) => {
    if (live) log.warn({ err: error }, 'Redis unreachable: organisation changes from other processes now arrive within 2 s');
    else if (!subscribed) sayUnreachableAtStart(error);
    live = false;
  };
  publisher.on('error', () => {});
  subscriber.on('error', down);
  subscriber.on('end', () => (live = false));
  const goLive = () => {
    // Changes made while nobody listened were missed: start afresh.
    forget(null);
    live = true;
  };
  // After a reconnection the client subscribes again by itself.
  subscriber.on('ready', () => subscribed && goLive());
  const start = async () => {
    await subscriber.connect();
    await subscriber.subscribe(CHANGES_CHANNEL, (message) => forget(message));
    subscribed = true;
    goLive();
    await publisher.connect();
  };
  start().catch(sayUnreachableAtStart);

  return {
    get live() {
      return live;
    },
    publish(organisationId) {
      if (!publisher.isReady) {
        log.warn({ organisationId }, 'Redis unreachable: other processes see this organisation change within their cache lifetime');
        return;
      }
      publisher.publish(CHANGES_CHANNEL, organisationId).catch((error: unknown) => {
        log.warn({ err: error, organisationId }, 'Publishing an organisation change to Redis failed');
      });
    },
    async close() {
      closed = true;
      live = false;
      for (const client of [subscriber, publisher]) if (client.isOpen) client.destroy();
    },
  };
}
