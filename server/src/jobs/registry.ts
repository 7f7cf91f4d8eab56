/** Every scheduled job of the server. Each domain adds its own here. */
import { LIMITS } from '@gatehouse/common/policy';
import { MINUTE } from '../clock.ts';
import { deleteExpiredSessions } from '../sessions/store.ts';
import { oidcCleanup } from '../oidc/jobs.ts';
import type { Job } from './runner.ts';

const expireSessions: Job = {
  name: 'expire-sessions',
  intervalMs: 15 * MINUTE,
  async run(ctx) {
    const deleted = await deleteExpiredSessions(ctx.db.kysely, ctx.clock.now(), LIMITS.sessionIdleMs);
    return `deleted ${deleted} expired sessions`;
  },
};

export const JOBS: readonly Job[] = [expireSessions, oidcCleanup];
