/**
 * `npm run engine-patches`: fails when anything in server/src outside oidc/provider-patches.ts patches
 * oidc-provider's internals or matches its error sentences (rules.ts); prints the count either way, the
 * figure docs/architecture.md gives.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PATCH_MODULE, patchesUnder } from './rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src');
const findings = patchesUnder(root);
for (const { file, line, rule } of findings)
  console.error(`engine-patches: server/src/${file}:${line} ${rule}: move it to server/src/${PATCH_MODULE} with its reason and a test`);
console.log(`engine-patches: ${findings.length} outside server/src/${PATCH_MODULE}`);
if (findings.length > 0) process.exit(1);
