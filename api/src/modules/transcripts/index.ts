/**
 * Captions and transcripts: the transcript job queued after each media job, and the routes.
 */
import type { FastifyInstance } from 'fastify';
import transcriptQueue from './queue.ts';
import transcriptRoutes from './routes.ts';

export default async function transcriptsModule(app: FastifyInstance) {
  await app.register(transcriptQueue);
  await app.register(transcriptRoutes);
}
