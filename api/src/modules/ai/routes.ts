/**
 * POST /api/summarize and GET /api/ai/engines (GET /api/jobs/:id is in api/src/jobs/routes.ts).
 */
import { SummarizeRequestSchema, SummaryJobResultSchema } from '@onair/protocol';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { runJobAndWait } from '../../jobs/run-job.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

/** A summary is awaited this long before the request gives up (the job may still finish). */
export const SUMMARY_TIMEOUT_MS = 20_000;
const SUMMARY_RATE = { limit: 30, windowMs: 60_000 };

export default async function aiRoutes(app: ZodApp) {
  app.post('/api/summarize', { onRequest: app.requireUser, schema: { body: SummarizeRequestSchema } }, async (request) => {
    const { text } = request.body;
    await enforceRateLimit(app.rateLimiter, `summarize:${signedInUser(request).id}`, SUMMARY_RATE, 'Too many summaries');
    const result = await runJobAndWait(app, {
      name: 'summary',
      payload: { text },
      userId: signedInUser(request).id,
      timeoutMs: SUMMARY_TIMEOUT_MS,
      label: 'summary',
      result: SummaryJobResultSchema,
    });
    return { summary: result.summary };
  });

  app.get('/api/ai/engines', { onRequest: app.requireUser }, async () => app.translationEngines.report());
}
