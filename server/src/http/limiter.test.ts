import { describe, expect, it } from 'vitest';

import { ManualClock } from '../clock.ts';
import { memoryLimiter } from './limiter.ts';

describe('the in-process counters', () => {
  it('allow `limit` counts per window, then refuse with the time left, and start again when the window ends', async () => {
    const clock = new ManualClock();
    const limiter = memoryLimiter(clock);
    for (let i = 0; i < 3; i++) expect((await limiter.count('k', 3, 60_000)).allowed).toBe(true);
    clock.advance(20_000);
    expect(await limiter.count('k', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Reading does not count.
    expect((await limiter.count('other', 1, 60_000, false)).allowed).toBe(true);
    expect((await limiter.count('other', 1, 60_000, false)).allowed).toBe(true);
    clock.advance(40_000);
    expect(await limiter.count('k', 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });

  it('keep at most their cap of counters however many addresses come, dropping expired ones first', async () => {
    const clock = new ManualClock();
    const limiter = memoryLimiter(clock, 100);
    await limiter.count('kept', 1, 600_000);
    for (let i = 0; i < 50; i++) await limiter.count(`short-${i}`, 1, 1000);
    clock.advance(2000);
    for (let i = 0; i < 60; i++) await limiter.count(`new-${i}`, 1, 600_000);
    // The expired ones made room: the oldest live counter is still there.
    expect((await limiter.count('kept', 1, 600_000)).allowed).toBe(false);
    for (let i = 0; i < 10_000; i++) await limiter.count(`flood-${i}`, 1, 600_000);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});
