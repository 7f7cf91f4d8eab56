/**
 * The server's layers (docs/architecture.md, "Layers of the server") and the check that holds them: every file of
 * server/src belongs to one layer; a file imports only its own layer or lower ones; the folders of a
 * layer import each other without a cycle; no two files import each other, even through others.
 * Only runtime imports count: `import type` is erased before the code runs (verbatimModuleSyntax,
 * erasableSyntaxOnly, Node's type stripping), so it loads nothing and orders nothing.
 *
 * dependency-cruiser reads and resolves the imports and tells runtime from type-only ones; the rules
 * and the ratchet are here because its own baseline does not cover folder cycles and matches a cycle by
 * its exact path, which changes whenever an unrelated import is added.
 */
import path from 'node:path';

import { cruise, type ICruiseResult } from 'dependency-cruiser';

export const LAYERS = ['infrastructure', 'domain', 'surface', 'root'] as const;
export type Layer = (typeof LAYERS)[number];

/**
 * Which layer a file is in, by its path inside server/src: the first pattern that matches wins, and a
 * file no pattern names is in the domain layer. Infrastructure is named by whole folders and root files
 * only (`mixedFolders` holds it); surfaces may sit inside a domain folder (its routes.ts, jobs.ts).
 */
export const LAYER_RULES: readonly { layer: Layer; pattern: RegExp; what: string }[] = [
  { layer: 'root', pattern: /^(app|boot|main)\.ts$|^cli\/main\.ts$/, what: 'build the application and start it: server and command' },
  { layer: 'root', pattern: /^subscribers\.ts$/, what: 'the subscribers of domain events, wired into the context' },
  { layer: 'root', pattern: /^jobs\/registry\.ts$/, what: 'the list of every job, from every domain' },
  { layer: 'surface', pattern: /(^|\/)routes\.ts$/, what: 'HTTP handlers registered with serve' },
  { layer: 'surface', pattern: /(^|\/)jobs\.ts$/, what: "a domain's scheduled entry points" },
  { layer: 'surface', pattern: /^cli\//, what: 'the gatehouse command' },
  { layer: 'surface', pattern: /^mail\/(cli|outbox-page)\.ts$/, what: 'the development outbox, as a command and a page' },
  { layer: 'surface', pattern: /^imports\/cli\.ts$/, what: 'the import-users command' },
  { layer: 'surface', pattern: /^oidc\/interaction\.ts$/, what: "the provider's interaction glue" },
  { layer: 'surface', pattern: /^scim\/(auth|discovery)\.ts$/, what: 'the SCIM endpoints: bearer check, discovery documents' },
  { layer: 'surface', pattern: /^spa\//, what: "the SPA's files and index.html" },
  { layer: 'surface', pattern: /^http\/openapi\.ts$/, what: 'the OpenAPI document, served' },
  {
    layer: 'infrastructure',
    pattern: /^(config|clock|context|lifetimes)\.ts$/,
    what: "configuration, time, the application context, the provider's lifetimes",
  },
  {
    layer: 'infrastructure',
    pattern: /^(db|http|jobs|telemetry|tenancy)\//,
    what: 'data, HTTP plumbing, job runner, telemetry, Host to organisation',
  },
  {
    layer: 'infrastructure',
    pattern: /^(scope|events|delivery)\//,
    what: 'the scope, domain events, the outbox',
  },
  {
    layer: 'infrastructure',
    pattern: /^(crypto|outbound|uploads)\//,
    what: 'sealing and token primitives; outbound SMTP, SMS and guarded HTTP; image content checks',
  },
];

export function layerOf(file: string, rules: readonly { layer: Layer; pattern: RegExp }[] = LAYER_RULES): Layer {
  return rules.find((rule) => rule.pattern.test(file))?.layer ?? 'domain';
}

/**
 * Folders holding both infrastructure and domain files: none may. Infrastructure is named by whole
 * folders (or files at the root), so a primitive written inside a domain folder is a domain file, and a
 * rule that names one file of a domain folder as infrastructure is refused here: move the file instead.
 */
export function mixedFolders(files: readonly string[], rules: readonly { layer: Layer; pattern: RegExp }[] = LAYER_RULES): string[] {
  const layersOf = new Map<string, Set<Layer>>();
  for (const file of files) {
    const slash = file.indexOf('/');
    if (slash < 0) continue;
    const folder = file.slice(0, slash);
    layersOf.set(folder, (layersOf.get(folder) ?? new Set()).add(layerOf(file, rules)));
  }
  return [...layersOf]
    .filter(([, layers]) => layers.has('infrastructure') && layers.has('domain'))
    .map(([folder]) => folder)
    .sort();
}

/** A folder of one layer: `users` for users/service.ts, `users (surface)` for users/routes.ts; a root file is its own folder. */
export function nodeOf(file: string): string {
  const slash = file.indexOf('/');
  if (slash < 0) return file;
  const folder = file.slice(0, slash);
  const layer = layerOf(file);
  return layer === folderLayer(folder) ? folder : `${folder} (${layer})`;
}

/** The layer most files of a folder are in by the rules above: domain unless a rule names the folder. */
function folderLayer(folder: string): Layer {
  return layerOf(`${folder}/index.ts`);
}

export interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

export interface Graph {
  files: string[];
  imports: Import[];
}

/** Reads the imports of `srcDir` (under `baseDir`) with dependency-cruiser; tests and test helpers are left out. */
export async function readGraph(baseDir: string, srcDir = 'server/src'): Promise<Graph> {
  const prefix = srcDir.replace(/\/$/, '') + '/';
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const result = await cruise([srcDir], {
    baseDir,
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '\\.d\\.ts$', `^${escaped}testing/`] },
  });
  const output = result.output as ICruiseResult;
  const inside = (name: string) => name.startsWith(prefix);
  const modules = output.modules.filter((module) => inside(module.source) && !module.source.endsWith('.d.ts'));
  const files = modules.map((module) => module.source.slice(prefix.length)).sort();
  const byEdge = new Map<string, Import>();
  for (const module of modules) {
    for (const dependency of module.dependencies) {
      if (!inside(dependency.resolved) || dependency.resolved.endsWith('.d.ts')) continue;
      const from = module.source.slice(prefix.length);
      const to = dependency.resolved.slice(prefix.length);
      const typeOnly = dependency.dependencyTypes.includes('type-only');
      const key = `${from} -> ${to}`;
      const seen = byEdge.get(key);
      // `import type { A }` and `import { b }` from one file: the edge is a runtime one.
      byEdge.set(key, { from, to, typeOnly: (seen?.typeOnly ?? true) && typeOnly });
    }
  }
  return { files, imports: [...byEdge.values()].sort((a, b) => edgeKey(a).localeCompare(edgeKey(b))) };
}

export const edgeKey = ({ from, to }: { from: string; to: string }) => `${from} -> ${to}`;

/**
 * The cycles of files in a graph, type-only imports included: common/ is held to none at all, since its
 * types are the contract every workspace shares and a cycle of them is a knot in the design, not only
 * at run time.
 */
export function fileCycles(graph: Graph): string[][] {
  return cycles(
    graph.files,
    graph.imports.map((edge) => [edge.from, edge.to] as const),
  );
}

/** Strongly connected components (Tarjan), each as a sorted list; only those of two or more nodes. */
export function cycles(nodes: Iterable<string>, arrows: Iterable<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const node of nodes) next.set(node, []);
  for (const [from, to] of arrows) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, position] = frame;
      if (position === 0) {
        index.set(node, counter);
        low.set(node, counter);
        counter++;
        stack.push(node);
        onStack.add(node);
      }
      const targets = next.get(node)!;
      if (position < targets.length) {
        frame[1]++;
        const target = targets[position]!;
        if (!index.has(target)) work.push([target, 0]);
        else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** What the rule finds: each list is sorted and each entry one line of the baseline. */
export interface Violations {
  /** `from -> to` file imports into a higher layer. */
  upward: string[];
  /** `from -> to` arrows between folders (of one layer each) that lie on a cycle of folders. */
  folderCycles: string[];
  /** `from -> to` file imports that lie on a cycle of files. */
  moduleCycles: string[];
}

export interface Analysis extends Violations {
  /** Runtime imports between folders: `from -> to` to the file imports that make the arrow. */
  arrows: Map<string, string[]>;
  nodes: string[];
  folderComponents: string[][];
  moduleComponents: string[][];
}

const rank = (layer: Layer) => LAYERS.indexOf(layer);

export function analyse(graph: Graph): Analysis {
  const runtime = graph.imports.filter((edge) => !edge.typeOnly);
  const upward = runtime.filter((edge) => rank(layerOf(edge.to)) > rank(layerOf(edge.from))).map(edgeKey);

  const nodes = [...new Set(graph.files.map(nodeOf))].sort();
  const arrows = new Map<string, string[]>();
  for (const edge of runtime) {
    const from = nodeOf(edge.from);
    const to = nodeOf(edge.to);
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    arrows.set(key, [...(arrows.get(key) ?? []), edgeKey(edge)]);
  }
  const pairs = [...arrows.keys()].map((key) => key.split(' -> ') as [string, string]);
  const folderComponents = cycles(nodes, pairs);
  const componentOf = new Map(folderComponents.flatMap((component, i) => component.map((node) => [node, i] as const)));
  const folderCycles = pairs
    .filter(([from, to]) => componentOf.has(from) && componentOf.get(from) === componentOf.get(to))
    .map(([from, to]) => `${from} -> ${to}`);

  const moduleComponents = cycles(
    graph.files,
    runtime.map((edge) => [edge.from, edge.to] as const),
  );
  const moduleOf = new Map(moduleComponents.flatMap((component, i) => component.map((file) => [file, i] as const)));
  const moduleCycles = runtime.filter((edge) => moduleOf.has(edge.from) && moduleOf.get(edge.from) === moduleOf.get(edge.to)).map(edgeKey);

  return {
    upward: upward.sort(),
    folderCycles: folderCycles.sort(),
    moduleCycles: moduleCycles.sort(),
    arrows,
    nodes,
    folderComponents,
    moduleComponents,
  };
}

export const KINDS = ['upward', 'folderCycles', 'moduleCycles'] as const;

export interface Comparison {
  /** Violations the baseline does not list: the check fails. */
  added: Violations;
  /** Baseline entries that are no longer violations: fixed, to be taken out of the baseline. */
  fixed: Violations;
}

export function compare(found: Violations, baseline: Violations): Comparison {
  const added = {} as Violations;
  const fixed = {} as Violations;
  for (const kind of KINDS) {
    const known = new Set(baseline[kind]);
    const now = new Set(found[kind]);
    added[kind] = found[kind].filter((entry) => !known.has(entry));
    fixed[kind] = baseline[kind].filter((entry) => !now.has(entry));
  }
  return { added, fixed };
}

export const isEmpty = (violations: Violations) => KINDS.every((kind) => violations[kind].length === 0);

/** The folders and arrows of server/src counted as the figures count them: every directory and every root file is a node. */
export function folderFigures(graph: Graph, runtimeOnly: boolean) {
  const folderOfFile = (file: string) => (file.includes('/') ? path.posix.dirname(file) : file);
  const nodes = new Set(graph.files.map(folderOfFile));
  const arrows = new Set<string>();
  for (const edge of graph.imports) {
    if (runtimeOnly && edge.typeOnly) continue;
    const from = folderOfFile(edge.from);
    const to = folderOfFile(edge.to);
    if (from !== to) arrows.add(`${from} -> ${to}`);
  }
  const components = cycles(
    nodes,
    [...arrows].map((key) => key.split(' -> ') as [string, string]),
  );
  return { folders: nodes.size, arrows: arrows.size, largestCycle: components[0]?.length ?? 0, cycle: components[0] ?? [] };
}
