import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnginesReportSchema, SUMMARY_TEXT_MAX } from '@onair/protocol';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import type { JobEvent } from '../../jobs/types.ts';

const dialects = await testDialects();

const ARTICLE = [
  'Heavy rain flooded parts of the capital on Monday, closing roads and schools across three districts.',
  'Emergency services rescued more than 200 residents from flooded homes in the eastern districts.',
  'The national weather service said the rain was the heaviest in the capital for thirty years.',
  'A local football match was postponed.',
  'Officials said schools in the flooded districts will stay closed until the water recedes and roads are safe.',
  'The government promised emergency funds to repair flooded roads and homes in the capital.',
  'Shops in the city centre reported fewer customers than usual.',
  'Forecasters expect more rain in the capital later this week.',
].join(' ');

describe.each(dialects)('AI routes on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  let listener: string;
  let viewerId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    viewer = await signIn(t.app, 'viewer', 'viewer123');
    listener = await signIn(t.app, 'listener', 'listener123');
    viewerId = (await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it('summarizes a news paragraph into fewer whole sentences, as a job whose events carry the user', async () => {
    const events: JobEvent[] = [];
    const off = t.app.jobs.onEvent((e) => events.push(e));
    const response = await t.app.inject({ method: 'POST', url: '/api/summarize', headers: { cookie: viewer }, payload: { text: ARTICLE } });
    off();
    expect(response.statusCode).toBe(200);
    const { summary } = response.json() as { summary: string };
    expect(summary.length).toBeLessThan(ARTICLE.length / 2);
    for (const sentence of summary.match(/[^.]+\./g)!) expect(ARTICLE).toContain(sentence.trim());
    expect(summary).toMatch(/flood/);
    expect(summary).not.toMatch(/football|Shops/);
    const mine = events.filter((e) => e.name === 'summary');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((e) => e.userId === viewerId)).toBe(true);
    expect(mine.at(-1)).toMatchObject({ type: 'done', result: { summary } });
    expect(mine.some((e) => e.type === 'progress' && typeof e.message === 'string')).toBe(true);
  });

  it('answers 400 naming the text for blank, missing or too long input, and 401 signed out', async () => {
    const post = (payload: unknown, cookie = viewer) => t.app.inject({ method: 'POST', url: '/api/summarize', headers: { cookie }, payload: payload as object });
    for (const payload of [{ text: '   ' }, {}, { text: 42 }]) {
      const r = await post(payload);
      expect(r.statusCode).toBe(400);
      expect(r.body).toMatch(/^text: /);
    }
    const long = await post({ text: 'a'.repeat(SUMMARY_TEXT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/^text: at most 30,000 characters/);
    expect((await t.app.inject({ method: 'POST', url: '/api/summarize', payload: { text: ARTICLE } })).statusCode).toBe(401);
  });

  it('reports the engines for the 12 languages, signed in only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/engines' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/ai/engines', headers: { cookie: viewer } });
    expect(response.statusCode).toBe(200);
    const report = EnginesReportSchema.parse(response.json());
    expect(report.languages.map((l) => l.code)).toEqual(['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh', 'ar', 'hi']);
    expect(report.libreTranslate).toEqual({ configured: false, url: null, reachable: null, languages: null });
    expect(report.languages.find((l) => l.code === 'ru')).toMatchObject({ available: false, hint: expect.stringMatching(/TRANSLATE_URL/) });
  });

  it("shows a job's status to its owner only", async () => {
    const jobId = await t.app.jobs.enqueue('summary', { text: ARTICLE }, { userId: viewerId });
    await t.app.jobs.waitForResult(jobId, 10_000);
    const mine = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { cookie: viewer } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: jobId, name: 'summary', state: 'completed', progress: 100, result: { summary: expect.any(String) } });
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { cookie: listener } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/summary-nope', headers: { cookie: viewer } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}` })).statusCode).toBe(401);
  });
});
