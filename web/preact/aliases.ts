import { fileURLToPath } from 'node:url';

/**
 * Module aliases that make the SPA's React code render with Preact: the same list for the build
 * (web/vite.config.ts) and the unit tests (vitest.config.ts), so that tests render what ships.
 * Exact matches only: `react-router` and `react-hook-form` are packages of their own.
 */
export const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./react.ts', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];
