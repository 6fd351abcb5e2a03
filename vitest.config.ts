import { defineConfig } from 'vitest/config';

// Two projects: fast tests next to the code, and end-to-end flows in headless Chromium against the
// built app. `npm test` runs both; CI derives its "N passed, N failed" line from the JSON report.
// The browser flows start once the unit files are done (groupOrder). Run beside them, the two fought
// for the same two cores: 40 minutes together against 9 + 9 one after the other on a 2-core machine,
// and a timed step missed its window now and then.
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
          sequence: { groupOrder: 0 },
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
          // expect.poll's own default (1 s) is a unit test's: a page's title or a count set after a lazy
          // chunk loads took longer once on a loaded machine, and failed a flow that was right.
          expect: { poll: { timeout: 10_000 } },
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
