/**
 * `npm run scope`: fails when a function of server/src takes a database and an organisation id side by
 * side (a store takes the Scope's bound store, `scope.db`, instead), and when a file binds the store by
 * hand (`scoped(db, id)`) more often than scripts/scope/baseline.json allows, or less (so the list only
 * shrinks). The cross-organisation escapes need neither: they name their reason (`acrossOrganisations`).
 *   --update   lower the baseline to what the files have (never raises an entry, never adds one)
 *   --figures  print the figures
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { format, resolveConfig } from 'prettier';

import { compare, lowered, total } from '../tenancy/rules.ts';
import { scan } from './rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baselineFile = path.join(root, 'scripts/scope/baseline.json');
const found = scan(path.join(root, 'server/src'));
const stored = JSON.parse(readFileSync(baselineFile, 'utf8')) as { note: string; handBindings: Record<string, number> };
let baseline = stored.handBindings;

if (process.argv.includes('--figures')) {
  console.log(`functions taking a database and an organisation id: ${found.organisationParameters.length}`);
  console.log(`functions taking the context and an organisation id (services; not held): ${found.contextParameters.length}`);
  console.log(`scoped(db, id) bound by hand: ${total(found.handBindings)} in ${Object.keys(found.handBindings).length} files`);
}

if (process.argv.includes('--update')) {
  baseline = lowered(found.handBindings, baseline);
  const text = await format(JSON.stringify({ ...stored, handBindings: baseline }, null, 2), {
    ...(await resolveConfig(baselineFile)),
    filepath: baselineFile,
  });
  writeFileSync(baselineFile, text);
  console.log(`scope: baseline lowered to ${total(baseline)} (was ${total(stored.handBindings)})`);
}

let failed = false;
for (const where of found.organisationParameters) {
  failed = true;
  console.error(`scope: server/src/${where} takes a database and an organisation id: take the scoped store (scope.db) alone`);
}
const { grown, shrunk } = compare(found.handBindings, baseline);
for (const { file, found: n, allowed } of grown)
  console.error(
    `scope: server/src/${file} binds the scoped store by hand ${n} times, the baseline allows ${allowed}: pass scope.db (or scope.transaction)`,
  );
for (const { file, found: n, allowed } of shrunk)
  console.error(`scope: server/src/${file} is down to ${n} (baseline ${allowed}): run \`npm run scope -- --update\``);
if (failed || grown.length > 0 || shrunk.length > 0) process.exit(1);
console.log(
  `scope: 0 functions take a database beside an organisation id; ${total(found.handBindings)} hand bindings in ${Object.keys(found.handBindings).length} files, as the baseline allows`,
);
