import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

import { analyse, compare, fileCycles, isEmpty, LAYER_RULES, layerOf, mixedFolders, readGraph, type Violations } from './rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const none: Violations = { upward: [], folderCycles: [], moduleCycles: [] };

// A small server/src: infrastructure (config, db), two domains (users, mail), a surface and a root.
const clean: Record<string, string> = {
  'config.ts': 'export const config = { port: 1 };\n',
  'db/database.ts': "import { config } from '../config.ts';\nexport const db = () => config.port;\n",
  'mail/service.ts': "import { db } from '../db/database.ts';\nexport const sendMail = () => db();\n",
  'users/model.ts': 'export type User = { id: string };\n',
  'users/service.ts':
    "import { db } from '../db/database.ts';\nimport { sendMail } from '../mail/service.ts';\nexport const invite = () => (db(), sendMail());\n",
  'users/routes.ts': "import { invite } from './service.ts';\nexport const routes = [invite];\n",
  'users/service.test.ts': "import { routes } from './routes.ts';\nexport const t = routes;\n",
  'app.ts': "import { routes } from './users/routes.ts';\nexport const app = routes;\n",
};

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

async function findIn(files: Record<string, string>) {
  const base = mkdtempSync(path.join(tmpdir(), 'layers-'));
  dirs.push(base);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, 'src', name)), { recursive: true });
    writeFileSync(path.join(base, 'src', name), text);
  }
  return analyse(await readGraph(base, 'src'));
}

// dependency-cruiser and ESLint each take seconds on a busy machine.
describe('the layer rule', { timeout: 30_000 }, () => {
  it('places files by what they do: routes are surfaces, db is infrastructure, app.ts is the root', () => {
    expect(layerOf('users/routes.ts')).toBe('surface');
    expect(layerOf('users/service.ts')).toBe('domain');
    expect(layerOf('db/database.ts')).toBe('infrastructure');
    expect(layerOf('outbound/ssrf.ts')).toBe('infrastructure');
    expect(layerOf('app.ts')).toBe('root');
  });

  it('refuses a domain folder holding infrastructure: a rule naming one file of a domain folder makes it mixed', () => {
    const files = [
      'webhooks/service.ts',
      'webhooks/routes.ts',
      'webhooks/ssrf.ts',
      'outbound/post.ts',
      'jobs/registry.ts',
      'jobs/runner.ts',
    ];
    expect(mixedFolders(files)).toEqual([]);
    const perFile = [{ layer: 'infrastructure' as const, pattern: /^webhooks\/ssrf\.ts$/ }, ...LAYER_RULES];
    expect(mixedFolders(files, perFile)).toEqual(['webhooks']);
  });

  it('finds nothing in a tree whose imports all point down, tests left out', async () => {
    const found = await findIn(clean);
    expect(found).toMatchObject(none);
    expect(found.nodes).toEqual(['app.ts', 'config.ts', 'db', 'mail', 'users', 'users (surface)']);
  });

  it('fails a new cycle of folders and of files', async () => {
    const found = await findIn({
      ...clean,
      'mail/service.ts':
        "import { db } from '../db/database.ts';\nimport { invite } from '../users/service.ts';\nexport const sendMail = () => db() && invite;\n",
    });
    expect(found.folderCycles).toEqual(['mail -> users', 'users -> mail']);
    expect(found.moduleCycles).toEqual(['mail/service.ts -> users/service.ts', 'users/service.ts -> mail/service.ts']);
    const { added } = compare(found, none);
    expect(isEmpty(added)).toBe(false);
  });

  it('fails a cycle of folders that no two files close: mail/a -> users/b, users/c -> mail/d', async () => {
    const found = await findIn({
      ...clean,
      'mail/templates.ts': "import { hello } from '../users/names.ts';\nexport const template = hello;\n",
      'users/names.ts': "export const hello = 'hello';\n",
    });
    expect(found.moduleCycles).toEqual([]);
    expect(found.folderCycles).toEqual(['mail -> users', 'users -> mail']);
  });

  it('fails a runtime import into a higher layer, and allows a type-only one', async () => {
    const upward = await findIn({
      ...clean,
      'db/database.ts': "import { invite } from '../users/service.ts';\nexport const db = () => invite;\n",
    });
    expect(upward.upward).toEqual(['db/database.ts -> users/service.ts']);
    const typeOnly = await findIn({
      ...clean,
      'db/database.ts':
        "import { config } from '../config.ts';\nimport type { User } from '../users/model.ts';\nexport const db = (user?: User) => (user ? 0 : config.port);\n",
    });
    expect(typeOnly).toMatchObject(none);
  });

  it('leaves `import { type X }`, which Node keeps as a runtime import, to the lint: it must be written `import type`', async () => {
    const eslint = new ESLint({ cwd: root });
    const [result] = await eslint.lintText(
      "import { type AppContext } from '../context.ts';\nexport const f = (ctx: AppContext) => ctx;\n",
      {
        // An existing file of the project: type-aware rules parse the text as that file.
        filePath: path.join(root, 'server/src/db/search-key.ts'),
      },
    );
    expect(result?.messages.map((message) => message.ruleId)).toContain('@typescript-eslint/no-import-type-side-effects');
  });

  it('passes a known violation, and asks for a fixed one to leave the baseline', () => {
    const found: Violations = { upward: ['db/a.ts -> users/b.ts'], folderCycles: [], moduleCycles: [] };
    const baseline: Violations = { upward: ['db/a.ts -> users/b.ts', 'http/c.ts -> users/b.ts'], folderCycles: [], moduleCycles: [] };
    const { added, fixed } = compare(found, baseline);
    expect(isEmpty(added)).toBe(true);
    expect(fixed.upward).toEqual(['http/c.ts -> users/b.ts']);
  });
});

describe('server/src against scripts/layers/baseline.json', { timeout: 60_000 }, () => {
  const baseline = JSON.parse(readFileSync(path.join(root, 'scripts/layers/baseline.json'), 'utf8')) as Violations;

  it("fails when an import closes a new cycle or points up, today's known ones aside", async () => {
    const graph = await readGraph(root);
    expect(compare(analyse(graph), baseline).added).toEqual(none);
    expect(mixedFolders(graph.files)).toEqual([]);
    // The deliberate violations: the store of accounts importing the users' service closes a cycle
    // (users already imports accounts), and the database importing a domain points up.
    graph.imports.push({ from: 'accounts/store.ts', to: 'users/service.ts', typeOnly: false });
    graph.imports.push({ from: 'db/database.ts', to: 'webhooks/service.ts', typeOnly: false });
    const { added } = compare(analyse(graph), baseline);
    expect(added.upward).toEqual(['db/database.ts -> webhooks/service.ts']);
    expect(added.folderCycles).toContain('accounts -> users');
  });

  it('finds a cycle of type-only imports in common/, and none in the real common/src', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'layers-'));
    dirs.push(base);
    const files = {
      'mfa.ts': "import type { Answer } from './schemas/mfa.ts';\nexport const isCode = (a: Answer) => 'code' in a;\n",
      'schemas/mfa.ts': "import { isCode } from '../mfa.ts';\nexport type Answer = { code?: string };\nexport const f = isCode;\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(base, 'src', name)), { recursive: true });
      writeFileSync(path.join(base, 'src', name), text);
    }
    expect(fileCycles(await readGraph(base, 'src'))).toEqual([['mfa.ts', 'schemas/mfa.ts']]);
    expect(fileCycles(await readGraph(root, 'common/src'))).toEqual([]);
  });
});
