/**
 * The admin area under /api/admin: one guard for the whole subtree (401 signed out, 403 for anyone
 * but an admin), then the dashboard queries, the library of every item, users, moderation and
 * curation. The guard runs before any handler, so a non-admin never reaches validation or data.
 */
import { AdminContentQuerySchema, ContentMetricsQuerySchema, RegionMetricsQuerySchema } from '@onair/protocol';
import curationRoutes from '../curation/routes.ts';
import moderationAdminRoutes from '../moderation/admin-routes.ts';
import { searchContentLibrary } from './content-library.ts';
import { contentMetrics } from './content-metrics.ts';
import { regionMetrics } from './region-metrics.ts';
import { usageAnalytics } from './usage-analytics.ts';
import adminUserRoutes from './users-routes.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

async function dashboardRoutes(app: ZodApp) {
  app.get('/api/admin/content-metrics', { schema: { querystring: ContentMetricsQuerySchema } }, async (request) => contentMetrics(app.db.kysely, request.query));

  app.get('/api/admin/region-metrics', { schema: { querystring: RegionMetricsQuerySchema } }, async (request) => {
    const { period } = request.query;
    return regionMetrics(app.db.kysely, period);
  });

  app.get('/api/admin/usage-analytics', async () => usageAnalytics(app.db.kysely));

  app.get('/api/admin/content', { schema: { querystring: AdminContentQuerySchema } }, async (request) => searchContentLibrary(app.db.kysely, app.liveAudience, request.query));
}

export default async function adminRoutes(app: ZodApp) {
  // Not wrapped in fastify-plugin on purpose: the hook stays inside this encapsulated subtree.
  app.addHook('onRequest', app.requireRole('admin'));
  await app.register(dashboardRoutes);
  await app.register(adminUserRoutes);
  await app.register(moderationAdminRoutes);
  await app.register(curationRoutes);
}
