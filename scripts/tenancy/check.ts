/**
 * `npm run tenancy`: fails when a file of server/src writes `organisation_id` by hand more often than
 * scripts/tenancy/baseline.json allows (a new hand-written clause: use the scoped store, db/scoped.ts),
 * and when the baseline allows more than a file has (so the list only shrinks).
 *   --update   lower the baseline to what the files have (never raises an entry, never adds one)
 *   --figures  print the count per folder
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { format, resolveConfig } from 'prettier';

import { compare, countClauses, lowered, total } from './rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baselineFile = path.join(root, 'scripts/tenancy/baseline.json');
const found = countClauses(path.join(root, 'server/src'));
const stored = JSON.parse(readFileSync(baselineFile, 'utf8')) as { note: string; files: Record<string, number> };
let baseline = stored.files;

if (process.argv.includes('--figures')) {
  const folders: Record<string, number> = {};
  for (const [file, n] of Object.entries(found)) folders[file.split('/')[0]!] = (folders[file.split('/')[0]!] ?? 0) + n;
  console.log(`hand-written organisation_id: ${total(found)} in ${Object.keys(found).length} files`);
  for (const [folder, n] of Object.entries(folders).sort((a, b) => b[1] - a[1])) console.log(`  ${folder} ${n}`);
}

if (process.argv.includes('--update')) {
  baseline = lowered(found, baseline);
  const text = await format(JSON.stringify({ ...stored, files: baseline }, null, 2), {
    ...(await resolveConfig(baselineFile)),
    filepath: baselineFile,
  });
  writeFileSync(baselineFile, text);
  console.log(`tenancy: baseline lowered to ${total(baseline)} (was ${total(stored.files)})`);
}

const { grown, shrunk } = compare(found, baseline);
for (const { file, found: n, allowed } of grown)
  console.error(
    `tenancy: server/src/${file} writes organisation_id ${n} times, the baseline allows ${allowed}: reach tenant tables through the scoped store (db/scoped.ts), or name an escape`,
  );
for (const { file, found: n, allowed } of shrunk)
  console.error(`tenancy: server/src/${file} is down to ${n} (baseline ${allowed}): run \`npm run tenancy -- --update\``);
if (grown.length > 0 || shrunk.length > 0) process.exit(1);
console.log(`tenancy: ${total(found)} hand-written organisation_id in ${Object.keys(found).length} files, as the baseline allows`);
