/** Scheduled clean-up of the provider's storage: expired artefacts, old events, keys retired past their retention. */
import { MINUTE } from '../clock.ts';
import type { Job } from '../jobs/runner.ts';
import { EVENT_RETENTION_MS } from '../metrics/oidc-events.ts';
import { deleteEventsBefore } from '../metrics/store.ts';
import { pruneRetiredKeys } from './keys.ts';
import { deleteExpiredArtefacts } from './store.ts';

export const oidcCleanup: Job = {
  name: 'oidc-cleanup',
  intervalMs: 15 * MINUTE,
  async run(ctx) {
    const now = ctx.clock.now();
    const artefacts = await deleteExpiredArtefacts(ctx.db.kysely, now);
    const events = await deleteEventsBefore(ctx.db.kysely, now - EVENT_RETENTION_MS);
    const organisations = await pruneRetiredKeys(ctx);
    return `deleted ${artefacts} expired provider artefacts, ${events} old events, retired keys of ${organisations.length} organisations`;
  },
};
