import { afterEach, describe, expect, it } from 'vitest';
import type { JobsRuntimeFactory } from './types.ts';
import { logsInfo } from './plugin.ts';
import { composeJobs } from '../../test/support/jobs.ts';
import { createTestApp, TINY_SEED, type TestApp } from '../../test/support/app.ts';

/**
 * The test server's real jobs runtime, counting how often its engines report is asked for. The count is
 * what matters: the report itself never arrives, so no probe runs on past the test.
 */
function countingReports() {
  const counted = { reports: 0 };
  const jobs: JobsRuntimeFactory = async (ctx) => {
    const runtime = await composeJobs(ctx);
    const report = () => {
      counted.reports++;
      return new Promise<never>(() => undefined);
    };
    return { ...runtime, engines: { ...runtime.engines, report } };
  };
  return { counted, jobs };
}

describe('the engines report at start', () => {
  let t: TestApp | undefined;
  // Forgotten once closed: a later test that builds no server must not close the last one again.
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is made, to be logged, where info lines are logged', async () => {
    const { counted, jobs } = countingReports();
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { LOG_LEVEL: 'info' }, deps: { jobs } });
    expect(counted.reports).toBe(1);
  });

  it('is not made where info lines are dropped: its probes would run every Apertium mode for nobody', async () => {
    const { counted, jobs } = countingReports();
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { LOG_LEVEL: 'warn' }, deps: { jobs } });
    expect(counted.reports).toBe(0);
  });

  it('knows which levels write info lines', () => {
    expect(['trace', 'debug', 'info'].every(logsInfo)).toBe(true);
    expect(['warn', 'error', 'fatal', 'silent', undefined].some(logsInfo)).toBe(false);
  });
});
