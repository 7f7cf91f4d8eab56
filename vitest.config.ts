import { defineConfig } from 'vitest/config';

// Three tiers: unit tests beside the code, integration tests through real HTTP on real databases
// (SQLite always, PostgreSQL when reachable), and browser journeys in Chromium.
export default defineConfig({
  test: {
    globalSetup: ['./scripts/test-environment.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['common/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
