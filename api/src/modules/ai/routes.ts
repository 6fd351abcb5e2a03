/**
 * POST /api/summarize and GET /api/ai/engines (GET /api/jobs/:id is in api/src/jobs/routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { SummarizeRequestSchema, SummaryJobResultSchema } from '@onair/protocol';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { parseOr400 } from '../../http/validate.ts';
import { runJobAndWait } from '../../jobs/run-job.ts';

/** A summary is awaited this long before the request gives up (the job may still finish). */
export const SUMMARY_TIMEOUT_MS = 20_000;
const SUMMARY_RATE = { limit: 30, windowMs: 60_000 };

export default async function aiRoutes(app: FastifyInstance) {
  app.post('/api/summarize', { preHandler: app.requireUser }, async (request) => {
    const { text } = parseOr400(SummarizeRequestSchema, request.body);
    await enforceRateLimit(app.rateLimiter, `summarize:${request.user!.id}`, SUMMARY_RATE, 'Too many summaries');
    const result = await runJobAndWait(app, {
      name: 'summary',
      payload: { text },
      userId: request.user!.id,
      timeoutMs: SUMMARY_TIMEOUT_MS,
      label: 'summary',
      result: SummaryJobResultSchema,
    });
    return { summary: result.summary };
  });

  app.get('/api/ai/engines', { preHandler: app.requireUser }, async () => app.translationEngines.report());
}
