/**
 * GET /api/jobs/:id: the polling fallback of job:progress/done/failed, for any area's jobs. Someone
 * else's job is "not found", not "forbidden": job ids are not to be probed.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JobStatusSchema } from '@onair/protocol';
import { notFound } from '../http/errors.ts';
import { parseOr400 } from '../http/validate.ts';
import { signedInUser } from '../http/signed-in.ts';

const JobParamsSchema = z.object({ id: z.string().min(1).max(200) });

export default async function jobRoutes(app: FastifyInstance) {
  app.get('/api/jobs/:id', { onRequest: app.requireUser }, async (request) => {
    const { id } = parseOr400(JobParamsSchema, request.params);
    const job = await app.jobs.getJob(id);
    if (!job || job.userId !== signedInUser(request).id) throw notFound('No job with that id');
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
