/**
 * Every route of the AI area, registered together: summaries and engines; translations;
 * insights; recommendations and likes.
 */
import type { FastifyInstance } from 'fastify';
import insightsRoutes from '../insights/routes.ts';
import recommendationRoutes from '../recommendations/routes.ts';
import translationRoutes from '../translation/routes.ts';
import aiRoutes from './routes.ts';

export default async function aiModule(app: FastifyInstance) {
  await app.register(aiRoutes);
  await app.register(translationRoutes);
  await app.register(insightsRoutes);
  await app.register(recommendationRoutes);
}
