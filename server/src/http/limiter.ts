/**
 * Counters for the limits by address and by identifier (common/src/policy.ts RATE_LIMITS): fixed
 * windows, shared by every process through Redis (REDIS_URL) with one atomic script per count, or kept
 * in this process otherwise. While Redis is unreachable each process counts for itself (a warning says
 * so once), so an outage neither refuses everyone nor lifts the limits; counting moves back to Redis
 * as soon as it answers again. docs/decisions.md says why a fixed window.
 */
import { createRequire } from 'node:module';

import type * as Redis from '@redis/client';

import type { Clock } from '../clock.ts';
import type { Log } from '../telemetry/log.ts';

/** How one count ended: whether the request is within the limit, and when the window ends. */
export interface Count {
  allowed: boolean;
  /** Whole seconds until the window ends (at least 1): the answer's Retry-After. */
  retryAfterSeconds: number;
}

export interface Limiter {
  /** Counts one request against `key` (`add` false only reads) and tells whether it is within `limit` per `windowMs`. */
  count(key: string, limit: number, windowMs: number, add?: boolean): Promise<Count>;
  close(): Promise<void>;
}

/** At most this many counters in one process: beyond, expired ones go first, then the oldest (about 100 bytes each). */
export const MEMORY_COUNTERS_MAX = 100_000;

const KEY_PREFIX = 'gatehouse:limit:';

/** Counted: within while at most `limit`; only read: within while another may still be counted. */
const verdict = (count: number, limit: number, msLeft: number, add: boolean): Count => ({
  allowed: add ? count <= limit : count < limit,
  retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
});

/** Counters in this process's memory, capped at `max` keys. */
export function memoryLimiter(clock: Clock, max = MEMORY_COUNTERS_MAX): Limiter & { readonly size: number } {
  const counters = new Map<string, { count: number; endsAt: number }>();
  const makeRoom = (now: number) => {
    for (const [key, counter] of counters) if (counter.endsAt <= now) counters.delete(key);
    // Still full: the oldest windows go (a flood of new keys can then only shorten the counts it pushes out).
    for (const key of counters.keys()) {
      if (counters.size < max) break;
      counters.delete(key);
    }
  };
  return {
    get size() {
      return counters.size;
    },
    async count(key, limit, windowMs, add = true) {
      const now = clock.now();
      let counter = counters.get(key);
      if (!counter || counter.endsAt <= now) {
        if (!add) return verdict(0, limit, windowMs, add);
        if (counter) counters.delete(key);
        else if (counters.size >= max) makeRoom(now);
        counter = { count: 0, endsAt: now + windowMs };
        counters.set(key, counter);
      }
      if (add) counter.count++;
      return verdict(counter.count, limit, counter.endsAt - now, add);
    },
    async close() {
      counters.clear();
    },
  };
}

// INCR (or GET, to read) and the window's expiry in one atomic step: two processes never both start a window.
const COUNT_SCRIPT = `
local n
if ARGV[2] == '1' then n = redis.call('INCR', KEYS[1]) else n = tonumber(redis.call('GET', KEYS[1]) or '0') end
local ttl = redis.call('PTTL', KEYS[1])
if n > 0 and ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** Counters in Redis, with `fallback` counting while Redis cannot be reached. */
export function redisLimiter(url: string, fallback: Limiter, log: Log): Limiter {
  // Loaded only with REDIS_URL, as tenancy/changes.ts does.
  const { createClient } = createRequire(import.meta.url)('@redis/client') as typeof Redis;
  const client = createClient({
    url,
    // A count while disconnected fails at once (and falls back) instead of waiting in a queue.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) },
  });
  let degraded = false;
  let closed = false;
  const degrade = (error: unknown) => {
    if (!degraded && !closed) log.warn({ err: error }, 'Redis unreachable: rate limits are counted by each process alone until it returns');
    degraded = true;
  };
  client.on('error', degrade);
  client.on('ready', () => {
    if (degraded) log.info({}, 'Redis reachable again: rate limits are counted across every process');
    degraded = false;
  });
  client.connect().catch(degrade);
  return {
    async count(key, limit, windowMs, add = true) {
      if (!client.isReady) {
        degrade(new Error('not connected'));
        return fallback.count(key, limit, windowMs, add);
      }
      try {
        const [count, ttl] = (await client.eval(COUNT_SCRIPT, {
          keys: [KEY_PREFIX + key],
          arguments: [String(windowMs), add ? '1' : '0'],
        })) as [number, number];
        return verdict(count, limit, ttl > 0 ? ttl : windowMs, add);
      } catch (error) {
        degrade(error);
        return fallback.count(key, limit, windowMs, add);
      }
    },
    async close() {
      closed = true;
      if (client.isOpen) client.destroy();
      await fallback.close();
    },
  };
}
