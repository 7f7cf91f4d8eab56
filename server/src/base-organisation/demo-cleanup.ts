/** The demo-cleanup job: demo organisations, with everything in them, are deleted when their time is up. */
import { MINUTE } from '../clock.ts';
import type { Job } from '../jobs/runner.ts';
import { tellOrganisationChanged } from '../tenancy/notice.ts';
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
        if (!(await deleteDemoOrganisation(ctx.db.kysely, id))) continue;
        deleted++;
        // The organisation is gone: this process forgets it at once, other processes at once with Redis, else within 2 s.
        tellOrganisationChanged(ctx, id);
      }
      if (ids.length < BATCH) return `deleted ${deleted} expired demo organisations`;
    }
  },
};
