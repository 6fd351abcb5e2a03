/**
 * Every admin path: 401 signed out, 403 for a viewer and a creator, never a 2xx or a 400 before the
 * role check, and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { createTestApp, signIn, type TestApp, TINY_SEED } from '../../../test/support/app.ts';

const ADMIN_PATHS: [HTTPMethods, string, string][] = [
  ['GET', '/api/admin/content-metrics', '/api/admin/content-metrics?period=week'],
  ['GET', '/api/admin/region-metrics', '/api/admin/region-metrics?period=month'],
  ['GET', '/api/admin/usage-analytics', '/api/admin/usage-analytics'],
  ['GET', '/api/admin/content', '/api/admin/content?search=a'],
  ['GET', '/api/admin/moderation-queue', '/api/admin/moderation-queue'],
  ['GET', '/api/admin/system-health', '/api/admin/system-health'],
  ['POST', '/api/admin/system-health/errors/resolve', '/api/admin/system-health/errors/resolve'],
  ['POST', '/api/admin/moderation/:id/approve', '/api/admin/moderation/1/approve'],
  ['POST', '/api/admin/moderation/:id/reject', '/api/admin/moderation/1/reject'],
  ['GET', '/api/admin/users', '/api/admin/users?search=a'],
  ['POST', '/api/admin/users/:id/verify', '/api/admin/users/1/verify'],
  ['POST', '/api/admin/users/:id/approve-creator', '/api/admin/users/1/approve-creator'],
  ['POST', '/api/admin/users/:id/suspend', '/api/admin/users/1/suspend'],
  ['POST', '/api/admin/users/:id/unsuspend', '/api/admin/users/1/unsuspend'],
  ['POST', '/api/admin/users/:id/role', '/api/admin/users/1/role'],
  ['POST', '/api/admin/users/:id/message', '/api/admin/users/1/message'],
  ['GET', '/api/admin/curation', '/api/admin/curation'],
  ['POST', '/api/admin/curation', '/api/admin/curation'],
  ['DELETE', '/api/admin/curation/:id', '/api/admin/curation/1'],
];

describe('admin access', () => {
  let t: TestApp;
  let viewer: string;
  let creator: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    [viewer, creator, admin] = await Promise.all([
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'creator', 'creator123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
  });
  afterAll(() => t.close());

  // A body that would be valid for an admin: the refusal must come from the role, not from validation.
  const payload = { role: 'admin', text: 'hi', region: 'africa', contentType: 'tv', priority: 'high', timeoutMinutes: 5 };

  it.each(ADMIN_PATHS)('%s %s: 401 signed out, 403 for viewer and creator', async (method, route, url) => {
    expect(t.app.hasRoute({ method, url: route })).toBe(true);
    const call = (cookie?: string) =>
      t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(method === 'GET' || method === 'DELETE' ? {} : { payload }) });
    expect((await call()).statusCode).toBe(401);
    for (const cookie of [viewer, creator]) {
      const response = await call(cookie);
      expect(response.statusCode).toBe(403);
      expect(response.body).toBe('This needs the admin role');
    }
  });

  it('changed nothing while refusing', async () => {
    const db = t.database.db.kysely;
    expect(await db.selectFrom('adminActions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('regionalCurations').selectAll().execute()).toEqual([]);
    const users = await db.selectFrom('users').select(['role', 'status']).where('username', 'in', ['admin', 'viewer', 'creator']).execute();
    expect(users.every((u) => u.status === 'active')).toBe(true);
  });

  it('validates query parameters for an admin, naming the field', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect((await get('/api/admin/content-metrics?period=decade')).body).toBe('period must be one of day, week, month, year');
    expect((await get('/api/admin/region-metrics?period=year')).body).toBe('period must be one of day, week, month, quarter');
    expect((await get('/api/admin/content-metrics?limit=0')).body).toBe('limit must be at least 1');
    expect((await get('/api/admin/users?page=0')).body).toBe('page must be at least 1');
    expect((await get('/api/admin/users?role=owner')).body).toMatch(/^role must be one of/);
    expect((await get('/api/admin/moderation-queue?limit=x')).body).toBe('limit must be a number');
  });
});
