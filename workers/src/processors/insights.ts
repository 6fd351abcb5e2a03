import { loadCreatorHistory } from '../engines/insights/history.ts';
import { buildInsights } from '../engines/insights/insights.ts';
import type { Processor } from './types.ts';

/** Insights over the record given; the caller's own content is also compared with its history. */
export const insightsProcessor: Processor<'insights'> = async (payload, ctx) => {
  await ctx.progress(20, 'Reading the view history');
  const history = await loadCreatorHistory(ctx.db, payload.analyticsData.contentId, ctx.userId);
  await ctx.progress(70, 'Computing shares and trends');
  return buildInsights(payload.analyticsData, history);
};
