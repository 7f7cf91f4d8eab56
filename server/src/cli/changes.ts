/**
 * Organisation changes a command makes (rotate-keys, import-organisation, ...) told to the running
 * servers through Redis (REDIS_URL), as a server tells the others: without it they would serve the old
 * organisation for their cache lifetime (up to 30 s while subscribed). The command waits for the
 * publish before it exits; when Redis cannot be reached it warns and exits at once, its change made.
 */
import { createClient } from '@redis/client';

import type { AppContext } from '../context.ts';
import { CHANGES_CHANNEL, LIVE_ORGANISATION_CACHE_MS } from '../tenancy/changes.ts';
import { onOrganisationChanged } from '../tenancy/notice.ts';

/** How long a command waits for Redis to take its notices before it warns and exits. */
const PUBLISH_WAIT_MS = 3000;

/** Publishes the context's organisation notices; the answer resolves once they are published (or given up). */
export function publishOrganisationChanges(ctx: AppContext, warn: (text: string) => void): () => Promise<void> {
  const url = ctx.config.redisUrl;
  if (!url) return async () => {};
  let client: ReturnType<typeof createClient> | null = null;
  let connected: Promise<unknown> | null = null;
  // Each publish settles with its failure, or null: none is left rejected while the command works on.
  const pending: Promise<unknown>[] = [];
  onOrganisationChanged(ctx, (organisationId) => {
    if (!client) {
      // Connected on the first change only: a command that changes nothing never reaches for Redis.
      client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: PUBLISH_WAIT_MS, reconnectStrategy: false } });
      client.on('error', () => {});
      connected = client.connect();
    }
    const publisher = client;
    pending.push(
      connected!.then(
        () => publisher.publish(CHANGES_CHANNEL, organisationId).then(() => null),
        (error: unknown) => error,
      ),
    );
  });
  return async () => {
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<Error>((resolve) => {
      timer = setTimeout(() => resolve(new Error(`no answer within ${PUBLISH_WAIT_MS / 1000} s`)), PUBLISH_WAIT_MS);
    });
    const failures = await Promise.race([Promise.all(pending), givenUp.then((error) => [error])]);
    clearTimeout(timer);
    if (client?.isOpen) client.destroy();
    const failure = failures.find((error) => error !== null);
    if (failure !== undefined)
      warn(
        `Warning: Redis (REDIS_URL) could not be told of this change (${failure instanceof Error ? failure.message : String(failure)}): ` +
          `running servers serve it within their cache lifetime (up to ${LIVE_ORGANISATION_CACHE_MS / 1000} s).`,
      );
  };
}
