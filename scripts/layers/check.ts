/**
 * `npm run layers`: the layer rule of docs/architecture.md as a ratchet. Fails when server/src has an
 * upward import, a cycle of folders or a cycle of files that scripts/layers/baseline.json does not
 * list, and when the baseline lists one that is gone (so the file only shrinks); when a folder holds both
 * infrastructure and domain files; and when common/src has any cycle of files, type-only imports included.
 *   --update   take the fixed entries out of the baseline (never adds one)
 *   --figures  print the graph's figures (folders, arrows, upward imports, cycles)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { format, resolveConfig } from 'prettier';

import {
  analyse,
  compare,
  fileCycles,
  folderFigures,
  isEmpty,
  KINDS,
  layerOf,
  LAYERS,
  mixedFolders,
  readGraph,
  type Violations,
} from './rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOWN = 12;
const baselineFile = path.join(root, 'scripts/layers/baseline.json');

const LABELS: Record<(typeof KINDS)[number], string> = {
  upward: 'import into a higher layer',
  folderCycles: 'arrow on a cycle of folders',
  moduleCycles: 'import on a cycle of files',
};

const graph = await readGraph(root);
const found = analyse(graph);
const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Violations & { note: string };
const { added, fixed } = compare(found, baseline);

if (process.argv.includes('--figures')) {
  const all = folderFigures(graph, false);
  const runtime = folderFigures(graph, true);
  const runtimeImports = graph.imports.filter((edge) => !edge.typeOnly);
  const typeOnlyUpward = graph.imports.filter((edge) => edge.typeOnly && rank(edge.to) > rank(edge.from));
  console.log(`files ${graph.files.length}; imports between them ${graph.imports.length}, ${runtimeImports.length} at runtime`);
  console.log(`folders (every directory and root file) ${all.folders}`);
  console.log(`arrows between folders: ${all.arrows} counting type-only imports, ${runtime.arrows} at runtime`);
  console.log(
    `largest cycle of folders: ${all.largestCycle} counting type-only imports, ${runtime.largestCycle} at runtime: ${runtime.cycle.join(' ')}`,
  );
  console.log(`layered folders ${found.nodes.length}, runtime arrows ${found.arrows.size}`);
  const upwardArrows = new Set(
    found.upward.map((edge) =>
      edge
        .split(' -> ')
        .map((file) => file.split('/')[0])
        .join(' -> '),
    ),
  );
  console.log(
    `upward imports ${found.upward.length} (between ${upwardArrows.size} folder pairs); type-only upward imports (allowed) ${typeOnlyUpward.length}`,
  );
  console.log(
    `cycles of folders: ${found.folderComponents.map((c) => c.length).join(', ') || 'none'}; arrows on them ${found.folderCycles.length}`,
  );
  for (const component of found.folderComponents) console.log(`  ${component.join(', ')}`);
  console.log(
    `cycles of files: ${found.moduleComponents.map((c) => c.length).join(', ') || 'none'}; imports on them ${found.moduleCycles.length}`,
  );
  for (const component of found.moduleComponents) console.log(`  ${component.join(', ')}`);
}

function rank(file: string) {
  return LAYERS.indexOf(layerOf(file));
}

if (process.argv.includes('--update')) {
  const shrunk: Violations & { note: string } = { ...baseline };
  for (const kind of KINDS) shrunk[kind] = baseline[kind].filter((entry) => !fixed[kind].includes(entry));
  const text = await format(JSON.stringify(shrunk, null, 2), { ...(await resolveConfig(baselineFile)), filepath: baselineFile });
  writeFileSync(baselineFile, text);
  const removed = KINDS.reduce((sum, kind) => sum + fixed[kind].length, 0);
  console.log(`layers: ${removed} fixed entries taken out of scripts/layers/baseline.json`);
  for (const kind of KINDS) {
    baseline[kind] = shrunk[kind];
    fixed[kind] = [];
  }
}

let failed = false;
if (!isEmpty(added)) {
  failed = true;
  console.error('layers: new violations of the layer rule (docs/architecture.md, "Layers of the server"):');
  for (const kind of KINDS) {
    // One new import can join two large cycles: the first entries of each kind say enough.
    for (const entry of added[kind].slice(0, SHOWN)) {
      const through = kind === 'folderCycles' ? ` (${found.arrows.get(entry)?.join(', ')})` : '';
      console.error(`  ${LABELS[kind]}: ${entry}${through}`);
    }
    if (added[kind].length > SHOWN) console.error(`  ... and ${added[kind].length - SHOWN} more of this kind`);
  }
  console.error('Move the code to its layer, or send the call through a domain event; do not add to the baseline.');
}
if (!isEmpty(fixed)) {
  failed = true;
  console.error('layers: these baseline entries are fixed; run `npm run layers -- --update` to take them out:');
  for (const kind of KINDS) for (const entry of fixed[kind]) console.error(`  ${LABELS[kind]}: ${entry}`);
}
const mixed = mixedFolders(graph.files);
if (mixed.length > 0) {
  failed = true;
  console.error('layers: folders holding both infrastructure and domain files (infrastructure lives in folders of its own):');
  for (const folder of mixed) {
    const infrastructure = graph.files.filter((file) => file.startsWith(`${folder}/`) && layerOf(file) === 'infrastructure');
    console.error(`  ${folder}: ${infrastructure.join(', ')}`);
  }
  console.error('Move the infrastructure files to an infrastructure folder (scripts/layers/rules.ts) instead of naming them one by one.');
}
const commonCycles = fileCycles(await readGraph(root, 'common/src'));
if (commonCycles.length > 0) {
  failed = true;
  console.error('layers: common/src has cycles of files (type-only imports count there):');
  for (const component of commonCycles) console.error(`  ${component.join(', ')}`);
}
const left = KINDS.map((kind) => `${kind} ${baseline[kind].length - fixed[kind].length}`).join(', ');
if (!failed) console.log(`layers: no new violation; known and still to remove: ${left}; common/src: no cycle`);
process.exitCode = failed ? 1 : 0;
