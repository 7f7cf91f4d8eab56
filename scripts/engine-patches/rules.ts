/**
 * What counts as patching oidc-provider: replacing a method on one of its classes or models (an
 * assignment to `provider.<Model>.<name>` or to a `.prototype.<name>`, or the cast that reaches one
 * through a local name: `const x = provider.<Model> as unknown as`), importing one of
 * its internal modules (`oidc-provider/lib/...`), or telling its errors apart by their sentences
 * (`error_description ===`, `.endsWith(`/`.startsWith(`/`.includes(` on an error_description).
 * Only server/src/oidc/provider-patches.ts may do the first two; nothing may do the third.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The one module allowed to patch the engine, relative to server/src. */
export const PATCH_MODULE = 'oidc/provider-patches.ts';

const RULES: { name: string; pattern: RegExp }[] = [
  {
    name: 'replaces an engine method',
    pattern: /\bprovider\.[A-Z]\w*(?:\.prototype)?(?:\s+as\s+unknown\s+as\s+\{[^}]*\})?\)?\.\w+\s*=(?!=)/,
  },
  { name: 'replaces an engine method', pattern: /\b\w*[pP]rototype\.\w+\s*=(?!=)/ },
  // The cast to a local name a patch then assigns through (a call through such a cast only reads).
  {
    name: 'reaches into an engine class',
    pattern: /(?:=|\bof)\s*\[?provider\.[A-Z]\w*(?:\.prototype)?(?:,\s*provider\.[A-Z]\w*)*\]?\s+as\s+unknown\s+as\b/,
  },
  { name: 'imports an engine internal', pattern: /from\s+['"]oidc-provider\/lib\// },
  { name: "matches the engine's error sentences", pattern: /error_description\)?\s*(?:===|!==|\?*\.(?:endsWith|startsWith|includes)\()/ },
];

export interface Finding {
  file: string;
  line: number;
  rule: string;
}

/** The patches in one file's source (`file` relative to server/src); the patch module's own are allowed. */
export function patchesIn(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  source.split('\n').forEach((text, i) => {
    for (const { name, pattern } of RULES) {
      const allowed = file === PATCH_MODULE && name !== "matches the engine's error sentences";
      if (!allowed && pattern.test(text)) findings.push({ file, line: i + 1, rule: name });
    }
  });
  return findings;
}

/** Every patch outside the patch module in the server's source (tests and test helpers excepted). */
export function patchesUnder(root: string): Finding[] {
  const findings: Finding[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.d.ts')) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (file.startsWith('testing/')) continue;
    findings.push(...patchesIn(file, readFileSync(path.join(root, file), 'utf8')));
  }
  return findings;
}
