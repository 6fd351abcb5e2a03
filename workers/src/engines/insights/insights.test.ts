import { describe, expect, it } from 'vitest';
import { buildInsights, countryName, duration, type CreatorHistory } from './insights.ts';

const RECORD = {
  contentId: 1,
  title: 'Jazz After Dark — Episode 3',
  viewerCount: 300,
  peakViewers: 24,
  engagement: 0.2,
  averageWatchTime: 1200,
  deviceBreakdown: { mobile: 50, web: 30, tv: 15, satellite: 5 },
  locationBreakdown: { NG: 40, MX: 20, ES: 10, US: 30 },
};

const HISTORY: CreatorHistory = {
  item: { durationSeconds: 3600, language: 'en', viewsLast7: 120, viewsPrev7: 100, peakHourUtc: 20, mobileShareRecent: 0.55, mobileSharePrev: 0.45 },
  catalogueAvgWatchSeconds: 1500,
  catalogueViewsLast7: 900,
  catalogueViewsPrev7: 1000,
};

describe('insights', () => {
  it('states reach against the peak, shares and engagement from the record', () => {
    const out = buildInsights(RECORD, null);
    expect(out.insights).toContain('“Jazz After Dark — Episode 3” has reached 300 viewers; at most 24 watched at the same time.');
    // Distinct viewers and the largest audience at once: nothing said of viewers "now", which the record has not.
    expect(out.insights.concat(out.trends).join(' ')).not.toMatch(/\bnow\b/);
    expect(out.insights).toContain('Mobile leads with 50% of viewers, then web 30%, TV 15%, satellite 5%.');
    expect(out.insights).toContain('Viewers come from 4 countries; Nigeria leads with 40%, then United States (30%) and Mexico (20%); the top three hold 90%.');
    expect(out.insights).toContain('Engagement is 20%, which is low.');
    expect(out.recommendations.some((r) => r.startsWith('30% of viewers are in Mexico, Spain, where Spanish is spoken'))).toBe(true);
    expect(out.trends).toContain('Most of the audience watches on its own time: the largest live audience was 8% of all viewers.');
    expect(out.recommendations).toContain('Only 8% of the viewers have watched live together: announce the next live session to subscribers ahead of time.');
    const together = buildInsights({ ...RECORD, peakViewers: 180 }, null);
    expect(together.trends).toContain('The audience watches together: the largest live audience was 60% of all viewers.');
    expect(buildInsights({ ...RECORD, peakViewers: 0 }, null).insights[0]).toBe('“Jazz After Dark — Episode 3” has reached 300 viewers, none of them live.');
  });

  it('compares watch time and growth with the creator’s own history', () => {
    const out = buildInsights(RECORD, HISTORY);
    expect(out.insights).toContain('Viewers stay 20 min on average, 33% of its 1 h 00 min running time.');
    expect(out.insights).toContain("That is 20% shorter than your catalogue's average of 25 min.");
    expect(out.recommendations).toContain('Views of this item peak around 20:00 UTC; schedule the next live session near that hour.');
    expect(out.trends).toContain('Views of “Jazz After Dark — Episode 3” rose 20% over the last 7 days (120 against 100 the week before).');
    expect(out.trends).toContain('Across your catalogue, views fell 10% week over week.');
    expect(out.trends).toContain("Mobile's share of views rose from 45% to 55% over the last two weeks.");
  });

  it('says there are no viewers instead of inventing shares', () => {
    const out = buildInsights({ ...RECORD, viewerCount: 0, peakViewers: 0, deviceBreakdown: {}, locationBreakdown: {}, averageWatchTime: 0 }, null);
    expect(out.insights[0]).toBe('“Jazz After Dark — Episode 3” has no viewers recorded yet.');
    expect(out.insights.join(' ')).not.toMatch(/leads with/);
  });

  it('says "1 viewer" and "1 view" in the singular', () => {
    const one = { ...RECORD, viewerCount: 1, peakViewers: 1 };
    expect(buildInsights(one, null).insights[0]).toBe('“Jazz After Dark — Episode 3” has reached 1 viewer; at most 1 watched at the same time.');
    expect(buildInsights({ ...one, peakViewers: 0 }, null).insights[0]).toBe('“Jazz After Dark — Episode 3” has reached 1 viewer, who did not watch live.');
    const history = { ...HISTORY, item: { ...HISTORY.item, viewsLast7: 1, viewsPrev7: 0 } };
    expect(buildInsights(one, history).trends).toContain('“Jazz After Dark — Episode 3” gained 1 view over the last 7 days, after none the week before.');
  });

  it('says the location is unknown rather than naming an "Unknown Region" (ZZ)', () => {
    const text = (locationBreakdown: Record<string, number>) => buildInsights({ ...RECORD, locationBreakdown }, null).insights.join(' ');
    expect(text({ ZZ: 12 })).toContain('The location of the recorded viewers is unknown.');
    expect(text({ GH: 30, ZZ: 10 })).toContain('75% of viewers are in Ghana; the location of 25% is unknown.');
    expect(text({ NG: 50, US: 30, ZZ: 20 })).toContain('Viewers come from 2 countries; Nigeria leads with 50%, then United States (30%); the location of 20% is unknown.');
    for (const breakdown of [{ ZZ: 12 }, { GH: 30, ZZ: 10 }, { NG: 50, US: 30, ZZ: 20 }] as Record<string, number>[]) expect(text(breakdown)).not.toMatch(/Unknown Region|All recorded viewers/);
  });

  it('formats durations and country names', () => {
    expect(duration(42)).toBe('42 s');
    expect(duration(3900)).toBe('1 h 05 min');
    expect(countryName('gh')).toBe('Ghana');
  });
});
