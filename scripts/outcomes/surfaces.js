// The server's surfaces: the only files that may write HTTP (import Fastify). Shared by eslint.config.js
// (the rule that holds it) and `npm run outcomes` (the figure). Globs relative to server/src.
export const SURFACES = ['http/**', '**/routes.ts', 'oidc/interaction.ts', 'spa/**', 'app.ts'];
// Code that is not the server's own running code: tests and the test harness.
export const NOT_SERVER_CODE = ['**/*.test.ts', 'testing/**'];
