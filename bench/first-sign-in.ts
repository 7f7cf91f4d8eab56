/**
 * The password step of a sign-in, for an imported person and a native one: a native sign-in verifies
 * Gatehouse's argon2id hash; an imported person's first verifies the foreign hash (bcrypt cost 10 here,
 * what Auth0 and most spreadsheets hold) and re-hashes with argon2id; their next sign-ins are native.
 * Medians of BENCH_SIGN_INS (default 30) rounds, one at a time, through server/src/passwords/hash.ts.
 * The target (issue 46): imported first <= 1.2 x native + the foreign hash's own cost.
 *
 *   node bench/first-sign-in.ts
 */
import { cpus } from 'node:os';

import bcrypt from 'bcryptjs';

import { hashPassword, needsRehash, verifyPassword } from '../server/src/passwords/hash.ts';

const ROUNDS = Number(process.env.BENCH_SIGN_INS ?? 30);
const PASSWORD = 'an old password from before';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const native = await hashPassword(PASSWORD);
const foreign = bcrypt.hashSync(PASSWORD, 10);
const rounds = { native: [] as number[], imported: [] as number[], foreignOnly: [] as number[] };
for (let n = 0; n < ROUNDS; n += 1) {
  rounds.native.push(await timed(() => verifyPassword(native, PASSWORD)));
  rounds.imported.push(
    await timed(async () => {
      if (!(await verifyPassword(foreign, PASSWORD))) throw new Error('the bcrypt hash did not verify');
      if (needsRehash(foreign)) await hashPassword(PASSWORD);
    }),
  );
  rounds.foreignOnly.push(await timed(() => bcrypt.compare(PASSWORD, foreign)));
}
const [nat, imp, own] = [median(rounds.native), median(rounds.imported), median(rounds.foreignOnly)];
const date = new Date().toISOString().slice(0, 10);
console.log('| date | machine | native sign-in | imported first sign-in | bcrypt cost 10 alone | imported / (native + bcrypt) |');
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(
  `| ${date} | ${cpus().length} vCPU, Node ${process.versions.node} | ${nat.toFixed(1)} ms | ${imp.toFixed(1)} ms | ${own.toFixed(1)} ms | ${(imp / (nat + own)).toFixed(2)} |`,
);
