/**
 * What the rate limits cost a request (server/src/http/limiter.ts): the CPU time of this process per
 * count, in memory and in Redis, under a closed loop of BENCH_CONNECTIONS (default 16) counts at once,
 * like the requests of a busy process. A password sign-in makes two counts (by address, by email), a
 * token request one read (failures of client authentication only are counted), so the figures compare
 * with those endpoints' CPU time per request in this README.
 *
 *   node bench/limits.ts   (BENCH_REDIS_URL, default redis://127.0.0.1:6379; BENCH_COUNTS, default 200000)
 */
import { systemClock } from '../server/src/clock.ts';
import { type Limiter, memoryLimiter, redisLimiter } from '../server/src/http/limiter.ts';

const COUNTS = Number(process.env.BENCH_COUNTS ?? 200_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = { info: () => {}, warn: (_: object, message: string) => console.warn(message), error: () => {} };

async function measure(name: string, limiter: Limiter, counts: number): Promise<string> {
  // Many addresses, as under load: each loop counts its own keys.
  let next = 0;
  const loop = async (id: number) => {
    while (next < counts) {
      const i = next++;
      await limiter.count(`bench:a:org:${id}.${i % 5000}`, 1_000_000, 300_000);
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, id) => loop(id)));
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMicros = (used.user + used.system) / counts;
  return `| ${name} | ${counts.toLocaleString('en')} | ${Math.round(counts / (wall / 1000)).toLocaleString('en')} | ${cpuMicros.toFixed(2)} |`;
}

const rows = ['| counters | counts | counts per second | CPU µs per count (this process) |', '| --- | --- | --- | --- |'];
const memory = memoryLimiter(systemClock);
await measure('warm-up', memory, 20_000);
rows.push(await measure('in process', memory, COUNTS));
const redis = redisLimiter(REDIS_URL, memoryLimiter(systemClock), log);
// Until connected, counts fall back to memory: wait for the first count that reaches Redis.
await new Promise((resolve) => setTimeout(resolve, 500));
await measure('warm-up', redis, 2_000);
rows.push(await measure('Redis (loopback)', redis, Math.min(COUNTS, 50_000)));
await redis.close();
console.log(rows.join('\n'));
