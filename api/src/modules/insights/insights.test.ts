import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsightsResponseSchema } from '@onair/protocol';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('insights on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  let record: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signIn(t.app, 'creator', 'creator123');
    viewer = await signIn(t.app, 'viewer', 'viewer123');
    const k = t.database.db.kysely;
    const { id: creatorId } = await k.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    const item = await k.selectFrom('content').select(['id', 'title']).where('creatorId', '=', creatorId).orderBy('id').executeTakeFirstOrThrow();
    record = {
      contentId: item.id,
      title: item.title,
      viewerCount: 160,
      peakViewers: 40,
      engagement: 0.25,
      averageWatchTime: 600,
      deviceBreakdown: { mobile: 30, web: 10 },
      locationBreakdown: { GH: 20, BR: 12, US: 8 },
    };
  });
  afterAll(() => t.close());

  const post = (payload: unknown, cookie = creator) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/insights', headers: { cookie }, payload: payload as object });

  it('computes insights from the record, and compares with history for the creator’s own content', async () => {
    const own = await post({ analyticsData: record });
    expect(own.statusCode).toBe(200);
    const result = InsightsResponseSchema.parse(own.json());
    expect(result.insights).toContain(`“${String(record.title)}” has reached 160 viewers; at most 40 watched at the same time.`);
    expect(result.insights).toContain('Mobile leads with 75% of viewers, then web 25%.');
    expect(result.recommendations.some((r) => r.startsWith('30% of viewers are in Brazil, where Portuguese is spoken'))).toBe(true);
    expect(result.insights.some((s) => /your catalogue's average/.test(s))).toBe(true);

    const other = InsightsResponseSchema.parse((await post({ analyticsData: record }, viewer)).json());
    expect(other.insights.some((s) => /your catalogue/.test(s))).toBe(false);
    expect(other.trends.some((s) => /over the last 7 days/.test(s))).toBe(false);
  });

  it('answers 400 naming the field for a bad record, and 401 signed out', async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(/^analyticsData/);
    const engagement = await post({ analyticsData: { ...record, engagement: 3 } });
    expect(engagement.statusCode).toBe(400);
    expect(engagement.body).toMatch(/^analyticsData\.engagement/);
    const devices = await post({ analyticsData: { ...record, deviceBreakdown: { mobile: -1 } } });
    expect(devices.statusCode).toBe(400);
    expect(devices.body).toMatch(/^analyticsData\.deviceBreakdown\.mobile/);
    expect((await t.app.inject({ method: 'POST', url: '/api/analytics/insights', payload: { analyticsData: record } })).statusCode).toBe(401);
  });
});
