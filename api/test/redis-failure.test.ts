/**
 * Clear failures (issue 13, finding 7): a REDIS_URL pointing at nothing stops the API and the worker
 * process with one line naming what could not be reached, quickly and with a non-zero exit, or, with
 * REDIS_WAIT=true, keeps retrying with one line per attempt.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRedisReachable, RedisUnreachableError } from '../src/db/index.ts';
import { freePort, REPO_ROOT } from '../../test-support/processes.ts';

async function deadRedisUrl() {
  // A port nothing listens on.
  return `redis://:hunter2@127.0.0.1:${await freePort()}`;
}

function run(entry: string, env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', DATABASE_URL: ':memory:', SEED_DEMO: 'false', SESSION_SECRET: 'x'.repeat(40), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('an unreachable REDIS_URL', () => {
  it('is reported in one line within 5 s by the check both processes run first', async () => {
    const url = await deadRedisUrl();
    const started = Date.now();
    const error = await checkRedisReachable(url).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(RedisUnreachableError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/?: ECONNREFUSED/);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('\n');
  });

  it('keeps retrying with one line per attempt when asked to wait', async () => {
    const lines: string[] = [];
    const url = await deadRedisUrl();
    const waiting = checkRedisReachable(url, { wait: true, retryEveryMs: 100, log: (line) => lines.push(line) });
    await new Promise((r) => setTimeout(r, 1500));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((l) => /^Cannot reach Redis at .*retrying in \d+ s \(attempt \d+/.test(l))).toBe(true);
    void waiting.catch(() => undefined);
  });

  it.each([
    ['the API', 'scripts/api.ts', /^onair: Cannot reach Redis at .*ECONNREFUSED/],
    ['npm run workers', 'workers/src/main.ts', /^onair workers: Cannot reach Redis at .*ECONNREFUSED/],
  ])('stops %s with one line and a non-zero exit, never a hang', async (_name, entry, pattern) => {
    const result = await run(entry, { REDIS_URL: await deadRedisUrl() }, 60_000);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    const lines = result.stderr.trim().split('\n').filter(Boolean);
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(result.stdout.trim()).toBe('');
  }, 90_000);
});
