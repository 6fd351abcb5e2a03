import { describe, expect, it } from 'vitest';
import { InlineJobQueue } from './inline.ts';
import { JobFailedError, JobTimeoutError, type JobEvent, type JobHandler } from './types.ts';

const TEXT = { text: 'Some text.' };

function collect(queue: InlineJobQueue) {
  const events: JobEvent[] = [];
  queue.onEvent((e) => events.push(e));
  return events;
}

describe('inline job driver', () => {
  it('runs after enqueue returns, reports progress and completion with the owner, and keeps the status', async () => {
    const calls: string[] = [];
    const handler: JobHandler = async (name, payload, ctx) => {
      calls.push(`${name}:${ctx.userId}:${ctx.attempt}`);
      await ctx.progress(40, 'Halfway');
      return { summary: (payload as typeof TEXT).text, sentenceCount: 1, selected: [0] };
    };
    const queue = new InlineJobQueue(handler);
    const events = collect(queue);
    const jobId = await queue.enqueue('summary', TEXT, { userId: 7 });
    expect(calls).toEqual([]);
    expect(jobId).toMatch(/^summary-[0-9a-f-]{36}$/);
    const result = await queue.waitForResult(jobId, 2000);
    expect(result).toEqual({ summary: 'Some text.', sentenceCount: 1, selected: [0] });
    expect(events).toEqual([
      { type: 'progress', jobId, name: 'summary', userId: 7, progress: 40, message: 'Halfway' },
      { type: 'done', jobId, name: 'summary', userId: 7, progress: 100, result, elapsedMs: expect.any(Number) },
    ]);
    expect(await queue.getJob(jobId)).toMatchObject({ id: jobId, userId: 7, state: 'completed', progress: 100, result });
    await queue.close();
  });

  it('retries a failing job with exponential backoff and fails for good after the last attempt', async () => {
    const attempts: number[] = [];
    const queue = new InlineJobQueue(async () => {
      attempts.push(Date.now());
      throw new Error('engine crashed');
    }, { backoffMs: 50 });
    const events = collect(queue);
    const jobId = await queue.enqueue('summary', TEXT, { userId: 3 });
    await expect(queue.waitForResult(jobId, 5000)).rejects.toThrow(new JobFailedError(jobId, 'engine crashed'));
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(45);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(95);
    expect(events).toEqual([{ type: 'failed', jobId, name: 'summary', userId: 3, error: 'engine crashed', elapsedMs: expect.any(Number) }]);
    await queue.close();
  });

  it('does not retry a permanent failure, and succeeds on a retry after a transient one', async () => {
    let calls = 0;
    const queue = new InlineJobQueue(async (_name, payload) => {
      calls += 1;
      if ((payload as typeof TEXT).text === 'bad') throw Object.assign(new Error('no engine'), { permanent: true });
      if (calls === 2) throw new Error('flaky');
      return { summary: 'ok', sentenceCount: 1, selected: [0] };
    }, { backoffMs: 10 });
    const bad = await queue.enqueue('summary', { text: 'bad' }, { userId: 1 });
    await expect(queue.waitForResult(bad, 2000)).rejects.toThrow('no engine');
    expect(calls).toBe(1);
    const good = await queue.enqueue('summary', TEXT, { userId: 1 });
    await expect(queue.waitForResult(good, 2000)).resolves.toMatchObject({ summary: 'ok' });
    expect(calls).toBe(3);
    await queue.close();
  });

  it('times out a wait without failing the job, and validates payloads before queueing', async () => {
    let release!: () => void;
    const queue = new InlineJobQueue(async () => {
      await new Promise<void>((r) => (release = r));
      return { summary: 'late', sentenceCount: 1, selected: [0] };
    });
    const jobId = await queue.enqueue('summary', TEXT, { userId: 1 });
    await expect(queue.waitForResult(jobId, 50)).rejects.toBeInstanceOf(JobTimeoutError);
    release();
    await expect(queue.waitForResult(jobId, 1000)).resolves.toMatchObject({ summary: 'late' });
    await expect(queue.enqueue('summary', { text: '' }, { userId: 1 })).rejects.toThrow();
    await queue.close();
  });
});
