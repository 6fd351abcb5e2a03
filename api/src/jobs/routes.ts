/**
 * GET /api/jobs/:id: the polling fallback of job:progress/done/failed, for any area's jobs. Someone
 * else's job is "not found", not "forbidden": job ids are not to be probed.
 */
import { z } from 'zod';
import { JobStatusSchema } from '@onair/protocol';
import { notFound } from '../http/errors.ts';
import { signedInUser } from '../http/signed-in.ts';
import type { ZodApp } from '../http/typed-routes.ts';

const JobParamsSchema = z.object({ id: z.string().min(1).max(200) });

export default async function jobRoutes(app: ZodApp) {
  app.get('/api/jobs/:id', { onRequest: app.requireUser, schema: { params: JobParamsSchema } }, async (request) => {
    const { id } = request.params;
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
