/**
 * POST /api/analytics/insights {analyticsData}: insights, recommendations and trends computed by an
 * insights job from the record given, and from the view history when the content is the caller's.
 */
import { InsightsJobResultSchema, InsightsRequestSchema } from '@onair/protocol';
import { runJobAndWait } from '../../jobs/run-job.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export const INSIGHTS_TIMEOUT_MS = 20_000;

export default async function insightsRoutes(app: ZodApp) {
  app.post('/api/analytics/insights', { onRequest: app.requireUser, schema: { body: InsightsRequestSchema } }, async (request) => {
    const { analyticsData } = request.body;
    return runJobAndWait(app, {
      name: 'insights',
      payload: { analyticsData },
      userId: signedInUser(request).id,
      timeoutMs: INSIGHTS_TIMEOUT_MS,
      label: 'insights report',
      result: InsightsJobResultSchema,
    });
  });
}
