import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { closeAllSockets, collect, connectSocket, nextEvent } from '../../test/support/sockets.ts';

const TEXT = [
  'The city council approved a new budget for public transport on Tuesday.',
  'The plan adds forty electric buses and extends two tram lines to the northern suburbs.',
  'Officials said fares will stay the same for at least two years.',
  'Construction of the tram extension is expected to start next spring.',
  'Residents welcomed the plan but asked for more night services.',
].join(' ');

describe('job events over the socket', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    url = await listen(t);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  it('tells the user who started a job its progress and result, and nobody else', async () => {
    const viewer = await signIn(t.app, 'viewer', 'viewer123');
    const mine = await connectSocket(url, viewer);
    const other = await connectSocket(url, await signIn(t.app, 'listener', 'listener123'));
    const othersSaw = collect(other, 'job:done');
    // Arrival, not speed, is what this checks: a CI machine under load took the summary past 3 s before its first progress.
    const progress = nextEvent(mine, 'job:progress', undefined, 10_000);
    const done = nextEvent(mine, 'job:done', (e) => e.name === 'summary', 10_000);
    const response = await t.app.inject({ method: 'POST', url: '/api/summarize', headers: { cookie: viewer }, payload: { text: TEXT } });
    expect(response.statusCode).toBe(200);
    expect((await progress).progress).toBeGreaterThanOrEqual(0);
    expect((await done).result).toMatchObject({ summary: response.json().summary });
    await new Promise((r) => setTimeout(r, 100));
    expect(othersSaw.seen).toHaveLength(0);
  });
});
