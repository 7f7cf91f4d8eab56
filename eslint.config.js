// Lint rules, including the import boundaries of docs/architecture.md that a rule can hold.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { NOT_SERVER_CODE, SURFACES } from './scripts/outcomes/surfaces.js';

const inServer = (globs) => globs.map((glob) => `server/src/${glob}`);

/**
 * The import order: Node's built-ins, packages (`@gatehouse/*` too), other absolute paths, relative
 * paths, and side-effect imports last. The plugin always moves a side-effect import within its block
 * (it cannot leave one between other imports); it keeps side-effect imports in their order among
 * themselves. A stylesheet's place decides the cascade, so they go last, where most already are.
 */
const IMPORT_GROUPS = [['^node:'], ['^@?\\w'], ['^'], ['^\\.'], ['^\\u0000']];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/dist-ssr/**', 'test-output/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{js,ts,tsx}'],
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: { 'simple-import-sort/imports': ['error', { groups: IMPORT_GROUPS }] },
  },
  {
    // Type-aware rules for promises: one not awaited (its rejection unhandled, its work racing the answer),
    // one passed where a callback's result is ignored (an event handler, a forEach), or an await of a value
    // that is no promise. Each file is checked with the tsconfig.json nearest to it (root or web/).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['common/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '@gatehouse/server*', '@gatehouse/web*', '**/server/**', '**/web/**'],
              message: 'common/ is pure TypeScript shared by browser and server: it imports nothing else in the repo and no Node API.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@gatehouse/server*', '**/server/**', 'node:*'], message: 'The SPA imports common/, never the server.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='form']",
          message: 'Use components/Form.tsx: it cancels every native submit, so typed fields never reach a URL.',
        },
      ],
    },
  },
  { files: ['web/src/components/Form.tsx'], rules: { 'no-restricted-syntax': 'off' } },
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/pages/**', '**/app/**'],
              message: 'components/ are domain-free: they import no feature, page or app code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@gatehouse/web*', '**/web/src/**', 'vitest'], message: 'The server imports common/, never the SPA or test code.' },
          ],
        },
      ],
      // `import { type A }` stays a runtime import under Node's type stripping, `import type` is erased;
      // the layer check (scripts/layers) counts runtime imports only and relies on the difference.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Domains answer outcomes (http/outcome.ts); only the surfaces write HTTP: http/, the routes, the
    // provider's interaction glue, the SPA's serving and app.ts, which builds the Fastify instance.
    // `npm run outcomes` counts the files that break this (0). The server-wide block's patterns are
    // repeated because a later block's options for the same rule replace an earlier one's.
    files: ['server/src/**/*.ts'],
    ignores: inServer([...NOT_SERVER_CODE, ...SURFACES]),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@gatehouse/web*', '**/web/src/**', 'vitest'], message: 'The server imports common/, never the SPA or test code.' },
            {
              group: ['fastify', '@fastify/*'],
              message:
                'Domains return outcomes (cookies, redirects, the session to start) as data: read a Browser and answer CookieChange/Redirect from http/outcome.ts; only surfaces (http/, routes.ts) write replies.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely', 'kysely/*', '**/store.ts', '**/db/*'],
              message: 'Route handlers stay thin: queries live in store.ts, rules in service.ts.',
            },
          ],
        },
      ],
    },
  },
);
