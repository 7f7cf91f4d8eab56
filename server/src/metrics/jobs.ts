import { HOUR } from '../clock.ts';
import type { Job } from '../jobs/runner.ts';
import { pruneMetrics } from './service.ts';

/** Forgets metric counters past their retention. */
export const metricsCleanup: Job = {
  name: 'metrics-cleanup',
  intervalMs: HOUR,
  async run(ctx) {
    return `deleted ${await pruneMetrics(ctx)} old metric counters`;
  },
};
