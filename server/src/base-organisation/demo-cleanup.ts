/** The demo-cleanup job: demo organisations, with everything in them, are deleted when their time is up. */
import { MINUTE } from '../clock.ts';
import type { Job } from '../jobs/runner.ts';
import { invalidateOrganisationProvider } from '../oidc/revision.ts';
import { deleteDemoOrganisation, expiredDemoOrganisationIds } from './store.ts';

const BATCH = 100;

export const demoCleanup: Job = {
  name: 'demo-cleanup',
  intervalMs: 15 * MINUTE,
  async run(ctx) {
    let deleted = 0;
    for (;;) {
      const ids = await expiredDemoOrganisationIds(ctx.db.kysely, ctx.clock.now(), BATCH);
      // One organisation per statement: each cascade is its own short transaction.
      for (const id of ids) {
        if (await deleteDemoOrganisation(ctx.db.kysely, id)) deleted++;
        // Drops this process's cached provider at once; other processes stop resolving the host within 2 s.
        await invalidateOrganisationProvider(ctx, id);
      }
      if (ids.length < BATCH) return `deleted ${deleted} expired demo organisations`;
    }
  },
};
