/**
 * POST /api/summarize, GET /api/ai/engines and GET /api/jobs/:id.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JobStatusSchema, SummarizeRequestSchema, SummaryJobResultSchema } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { parseOr400 } from '../../http/validate.ts';
import { runJobAndWait } from './run-job.ts';

/** A summary is awaited this long before the request gives up (the job may still finish). */
export const SUMMARY_TIMEOUT_MS = 20_000;
const SUMMARY_RATE = { limit: 30, windowMs: 60_000 };

const JobParamsSchema = z.object({ id: z.string().min(1).max(200) });

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

  // The polling fallback of job:progress/done/failed. Someone else's job is "not found", not "forbidden":
  // job ids are not to be probed.
  app.get('/api/jobs/:id', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseOr400(JobParamsSchema, request.params);
    const job = await app.jobs.getJob(id);
    if (!job || job.userId !== request.user!.id) throw notFound('No job with that id');
    return JobStatusSchema.parse({
      id: job.id,
      name: job.name,
      state: job.state,
      progress: job.progress,
      message: job.message,
      ...(job.result !== undefined ? { result: job.result } : {}),
      ...(job.error !== undefined ? { error: job.error } : {}),
    });
  });
}
