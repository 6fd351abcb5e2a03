import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that encode, ingest or transcribe live media in real time: an ffmpeg encoder that must keep up
 * with its clock, a broadcast's grace period counted in seconds. They run one at a time, after the
 * other unit files: beside a busy file on a 2-core machine an encoder fell behind and a reconnect
 * missed its window.
 */
const REAL_TIME = ['api/src/modules/media/live/**/*.test.ts', 'api/test/media-scale-out.test.ts'];

// Three groups, one after the other (groupOrder), all in `npm test`; CI derives its "N passed, N failed"
// line from the JSON report.
// - `unit`: the files next to the code, two at a time. Most of their time is waiting on a database,
//   Redis or a socket, so two workers on two cores finish in about half the time of one.
// - `real-time`: the files above, one at a time.
// - `e2e`: the browser flows in headless Chromium against the built app, one file at a time. Run beside
//   the unit files they fought for the same two cores: 40 minutes together against 9 + 9 one after the
//   other, and a timed step missed its window now and then.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{protocol,api,workers,web}/src/**/*.test.{ts,tsx}', '{api,workers}/test/**/*.test.ts', 'api/bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...REAL_TIME],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'real-time',
          include: REAL_TIME,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
