import { defineConfig } from 'vitest/config';

// Two projects: fast tests next to the code, and end-to-end flows in headless Chromium against the
// built app. `npm test` runs both; CI derives its "N passed, N failed" line from the JSON report.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{protocol,api,workers,web}/src/**/*.test.{ts,tsx}', '{api,workers}/test/**/*.test.ts', 'api/bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // A browser flow on a busy 2-core machine can miss a timing window once; a real regression
          // fails its retry too (the report still counts it as failed).
          retry: 1,
          pool: 'forks',
        },
      },
    ],
  },
});
