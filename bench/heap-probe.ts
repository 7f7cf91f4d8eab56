/**
 * A probe for a server under a bench, loaded with `--import` (BENCH_GATEHOUSE_FLAGS): after every full
 * (mark-compact) garbage collection it appends to BENCH_HEAP_LOG the seconds since start, the heap in use
 * just after that collection, the heap's total size and the process's resident memory (MiB). The heap in
 * use after full collections is what tells a leak (it keeps rising) from a heap that settles; the
 * resident memory alone also moves with when V8 last collected.
 *
 *   BENCH_HEAP_LOG=/tmp/heap.tsv BENCH_GATEHOUSE_FLAGS="--import=./bench/heap-probe.ts" node bench/sign-in-load.ts
 */
import { appendFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const log = process.env.BENCH_HEAP_LOG;
if (log) {
  const started = performance.now();
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  appendFileSync(log, 'seconds\theap used after a full collection, MiB\theap total, MiB\tRSS, MiB\n');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      const memory = process.memoryUsage();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      appendFileSync(log, `${seconds}\t${mib(memory.heapUsed)}\t${mib(memory.heapTotal)}\t${mib(memory.rss)}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}
