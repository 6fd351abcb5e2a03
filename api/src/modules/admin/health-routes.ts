import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  const adminOnly = { onRequest: app.requireRole('admin') };

  app.get('/api/admin/system-health', adminOnly, async () => app.health.latest());

  /** Marks the errors seen so far as dealt with; the monitor's pending count drops to zero. */
  app.post('/api/admin/system-health/errors/resolve', adminOnly, async () => {
    let resolved = 0;
    for (const error of app.serverErrors) {
      if (!error.resolved) {
        error.resolved = true;
        resolved += 1;
      }
    }
    return { resolved };
  });
}
