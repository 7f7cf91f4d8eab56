/**
 * How fast the common-password list loads and answers: `node bench/common-passwords.ts`.
 * Results go in bench/README.md with the machine and the date.
 */
import { performance } from 'node:perf_hooks';

import { commonPasswordCount, isCommonPassword } from '../server/src/passwords/common-passwords.ts';

const heapBefore = process.memoryUsage().heapUsed;
const loadStart = performance.now();
const entries = commonPasswordCount();
const loadMs = performance.now() - loadStart;
const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

const samples = ['password123', 'correct horse battery staple', 'Qwertyuiop', 'a long and quiet river', '1q2w3e4r5t', 'tK8#qz!Lw2@vR9$m'];
const rounds = 1_000_000;
let hits = 0;
const start = performance.now();
for (let i = 0; i < rounds; i++) if (isCommonPassword(samples[i % samples.length]!)) hits++;
const perSecond = rounds / ((performance.now() - start) / 1000);

console.log(`entries (case-folded): ${entries}`);
console.log(`first load: ${loadMs.toFixed(0)} ms, heap: ${heapMiB.toFixed(1)} MiB`);
console.log(`lookups: ${Math.round(perSecond).toLocaleString('en-GB')} per second (${hits} hits in ${rounds})`);
