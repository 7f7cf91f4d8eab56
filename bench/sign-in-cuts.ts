/**
 * The CPU cost of the pieces of a sign-in request that issue 40's CPU work cut, each measured alone in
 * this process (process.threadCpuUsage: the main thread's CPU time, steadier than the server's rate on a
 * shared machine): the security headers as @fastify/helmet set them (helmet's options parsed again at
 * every request) against the headers built once; a request id from a random-number call against one from
 * the pooled bytes; and the unknown email's attempt counter built and compiled by Kysely at each call
 * (what a prepared query skips). Prints microseconds per operation.
 *
 *   node bench/sign-in-cuts.ts   (BENCH_ROUNDS, default 20,000)
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

import { newCorrelationId } from '@gatehouse/common/format';
import helmet from 'helmet';
import { Kysely, PostgresDialect, sql } from 'kysely';

import type { Database } from '../server/src/db/schema.ts';
import { scoped } from '../server/src/db/scoped.ts';
import { correlationId } from '../server/src/http/correlation-id.ts';
import { securityHeaderOptions } from '../server/src/http/security-headers.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20_000);

/** The options server/src/app.ts gives helmet (on http, as the benches run). */
const HELMET_OPTIONS = securityHeaderOptions(false);

function microseconds(run: () => void): number {
  for (let i = 0; i < Math.min(2000, ROUNDS); i++) run();
  const before = process.threadCpuUsage();
  for (let i = 0; i < ROUNDS; i++) run();
  const used = process.threadCpuUsage(before);
  return (used.user + used.system) / ROUNDS;
}

const request = new IncomingMessage(new Socket());
const response = () => new ServerResponse(request);
const next = () => {};
const built = helmet(HELMET_OPTIONS);

// Compiling needs no connection: a dialect over a pool that is never asked for one.
const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) });
const db = scoped(kysely, 'org-1');
const policy = { now: Date.now(), cooldownEvery: 5, cooldownMs: 60_000, lockoutAfter: 10 };
const unknownAttemptBuiltEachTime = () => {
  db.insertInto('sign_in_throttle')
    .values({ email: 'nobody@acme.test', failed_count: 0, cooldown_until: null, updated_at: policy.now })
    .onConflict((oc) => oc.column('email').doNothing())
    .compile();
  db.updateTable('sign_in_throttle')
    .set((eb) => ({
      failed_count: eb('failed_count', '+', 1),
      cooldown_until: sql<
        number | null
      >`case when (${sql.ref('failed_count')} + 1) % ${policy.cooldownEvery} = 0 then ${policy.now + policy.cooldownMs} else cooldown_until end`,
      updated_at: policy.now,
    }))
    .where('email', '=', 'nobody@acme.test')
    .where('failed_count', '<', policy.lockoutAfter)
    .where((eb) => eb.or([eb('cooldown_until', 'is', null), eb('cooldown_until', '<=', policy.now)]))
    .returning('failed_count')
    .compile();
};

const rows: [string, number][] = [
  [
    'security headers, options parsed at each request (@fastify/helmet)',
    microseconds(() => helmet(HELMET_OPTIONS)(request, response(), next)),
  ],
  ['security headers, built once', microseconds(() => built(request, response(), next))],
  ['(a bare response, in both rows above)', microseconds(() => response())],
  ['request id, a random-number call each', microseconds(() => newCorrelationId())],
  ['request id, from pooled bytes', microseconds(() => correlationId())],
  ["unknown email's attempt count, built and compiled at each call", microseconds(unknownAttemptBuiltEachTime)],
];
console.log(`\n${new Date().toISOString().slice(0, 16)}, Node ${process.version}, ${ROUNDS} rounds each\n`);
console.log('| operation | CPU µs |');
console.log('| --- | ---: |');
for (const [name, us] of rows) console.log(`| ${name} | ${us.toFixed(2)} |`);
await kysely.destroy().catch(() => {});
