/**
 * No actions from other origins (issue 13, finding 2): a form post with the session cookie from a page
 * on another origin (even another port of the same host) is refused, state-changing routes take JSON
 * only, sockets from other origins are refused at the handshake, webhooks opt out explicitly, and the
 * security headers, no-store on secrets and configured public URLs are in place.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server.ts';
import { createTestApp, listen, signIn, testConfig, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { createTestDatabase } from '../../../test-support/databases.ts';
import { closeAllSockets, connectSocket } from '../../test/support/sockets.ts';
import { io as connect } from 'socket.io-client';
import { composeJobs } from '../../test/support/jobs.ts';

const ATTACKER = 'http://127.0.0.1:9';

describe('state-changing requests from other origins', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let targetId: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { PUBLIC_URL: 'http://onair.test:8080', ALLOWED_ORIGINS: 'https://studio.example.org' } });
    url = await listen(t);
    admin = await signIn(t.app, 'admin', 'admin123');
    const target = await t.app.db.kysely.selectFrom('users').select('id').where('verified', '=', 0).where('role', '!=', 'admin').executeTakeFirstOrThrow();
    targetId = target.id;
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const verifiedFlag = async () =>
    (await t.app.db.kysely.selectFrom('users').select('verified').where('id', '=', targetId).executeTakeFirstOrThrow()).verified;

  it('refuses a text/plain form post carrying the admin cookie from another port of the same host', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${targetId}/verify`,
      headers: { cookie: admin, origin: ATTACKER, 'content-type': 'text/plain', 'sec-fetch-site': 'same-site' },
      payload: 'x=1',
    });
    expect(response.statusCode).toBe(403);
    expect(await verifiedFlag()).toBe(0);
  });

  it('refuses by Sec-Fetch-Site when a browser sends no Origin', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${targetId}/verify`,
        headers: { cookie: admin, 'sec-fetch-site': site },
      });
      expect(response.statusCode, site).toBe(403);
    }
    expect(await verifiedFlag()).toBe(0);
  });

  it('refuses bodies that are not JSON even from the right origin (415), and writes nothing', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${targetId}/verify`,
        headers: { cookie: admin, origin: 'http://onair.test:8080', 'content-type': type },
        payload: 'x=1',
      });
      expect(response.statusCode, type).toBe(415);
    }
    expect(await verifiedFlag()).toBe(0);
  });

  it('lets the app itself, the allowed origins and non-browser clients through', async () => {
    for (const headers of [{ origin: 'http://onair.test:8080' }, { origin: 'https://studio.example.org' }, { 'sec-fetch-site': 'same-origin' }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers,
        payload: { username: 'viewer', password: 'viewer123' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    const verify = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${targetId}/verify`,
      headers: { cookie: admin, origin: 'http://onair.test:8080' },
    });
    expect(verify.statusCode).toBe(200);
    expect(await verifiedFlag()).toBe(1);
  });

  it('leaves safe methods alone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: admin, origin: ATTACKER, 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a socket handshake from another origin, and accepts the app and non-browser clients', async () => {
    const refused = connect(url, { transports: ['websocket'], extraHeaders: { cookie: admin, origin: ATTACKER }, forceNew: true, reconnection: false });
    const outcome = await new Promise<string>((resolve) => {
      refused.once('connect', () => resolve('connected'));
      refused.once('connect_error', () => resolve('refused'));
    });
    refused.disconnect();
    expect(outcome).toBe('refused');
    const polling = connect(url, { transports: ['polling'], extraHeaders: { cookie: admin, origin: ATTACKER }, forceNew: true, reconnection: false });
    const pollingOutcome = await new Promise<string>((resolve) => {
      polling.once('connect', () => resolve('connected'));
      polling.once('connect_error', () => resolve('refused'));
    });
    polling.disconnect();
    expect(pollingOutcome).toBe('refused');
    expect((await connectSocket(url, admin)).connected).toBe(true);
    const own = connect(url, { transports: ['websocket'], extraHeaders: { cookie: admin, origin: 'http://onair.test:8080' }, forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      own.once('connect', () => resolve());
      own.once('connect_error', reject);
    });
    own.disconnect();
  });
});

describe('webhook routes opt out of the origin and JSON checks', () => {
  it('lets a route marked config.webhook take a urlencoded post from a server, and keeps others guarded', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildServer(testConfig(), { db: database.db, jobs: composeJobs });
    app.post('/api/test-webhook', { config: { webhook: true } }, async (request) => ({ got: request.body }));
    app.post('/api/test-guarded', async () => ({ ok: true }));
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    await app.ready();
    try {
      const hook = await app.inject({
        method: 'POST',
        url: '/api/test-webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://api.twilio.com' },
        payload: 'Body=hello',
      });
      expect(hook.statusCode).toBe(200);
      expect(hook.json()).toEqual({ got: 'Body=hello' });
      const guarded = await app.inject({
        method: 'POST',
        url: '/api/test-guarded',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'Body=hello',
      });
      expect(guarded.statusCode).toBe(415);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('security headers, secrets and public URLs', () => {
  let t: TestApp;
  let creator: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { PUBLIC_URL: 'https://tv.example.org' } });
    creator = await signIn(t.app, 'creator', 'creator123');
  });
  afterAll(() => t.close());

  it('sends pages a CSP the app can live with, nosniff, framing by the app itself only, and no HSTS over plain HTTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/landing' });
    const csp = String(response.headers['content-security-policy']);
    // The Smart TV page frames /tv; other sites may not frame any page.
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' wss://tv.example.org");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers a policy for data, without the headers only pages read', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/stats' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    }
    // Unknown API paths and refusals are data too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('gives an API route that answers with a page the pages\' headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/education-domain-proofs/999999/ABCD1234' });
    expect(String(response.headers['content-type'])).toContain('text/html');
    expect(String(response.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('keeps every API answer out of caches, refusals and pages under /api/ included, and pages outside it alone', async () => {
    const answers = {
      ok: await t.app.inject({ method: 'GET', url: '/api/public/stats' }),
      missing: await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      invalid: await t.app.inject({ method: 'GET', url: '/api/content/not-a-number' }),
      unauthorised: await t.app.inject({ method: 'GET', url: '/api/creator/streaming/config' }),
      page: await t.app.inject({ method: 'GET', url: '/api/education-domain-proofs/999999/ABCD1234' }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.statusCode]))).toEqual({ ok: 200, missing: 404, invalid: 400, unauthorised: 401, page: 422 });
    for (const [name, response] of Object.entries(answers)) expect(response.headers['cache-control'], name).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/landing' })).headers['cache-control']).not.toBe('no-store');
  });

  it('sends HSTS when cookies are Secure', async () => {
    const secure = await createTestApp('sqlite', { seed: false, env: { COOKIE_SECURE: 'true' } });
    try {
      for (const url of ['/api/health', '/landing']) {
        const response = await secure.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      }
    } finally {
      await secure.close();
    }
  });

  it('marks the stream key responses no-store and takes the ingest URL from configuration, not the Host header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/creator/streaming/key/regenerate',
      headers: { cookie: creator, host: 'evil.example:1234' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().ingestUrl).toBe('rtmp://tv.example.org/live');
    const config = await t.app.inject({ method: 'GET', url: '/api/creator/streaming/config', headers: { cookie: creator, host: 'evil.example' } });
    expect(config.headers['cache-control']).toBe('no-store');
    expect(config.json().ingestUrl).toBe('rtmp://tv.example.org/live');
  });

  it('uses RTMP_PUBLIC_URL when set', async () => {
    expect(testConfig({ RTMP_PUBLIC_URL: 'rtmp://ingest.example.org:1936/app' }).rtmpPublicUrl).toBe('rtmp://ingest.example.org:1936/app');
    expect(testConfig({ PUBLIC_URL: 'https://tv.example.org/' }).publicUrl).toBe('https://tv.example.org');
    expect(testConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(testConfig({ PORT: '4000' }).rtmpPublicUrl).toBe('rtmp://localhost/live');
    expect(testConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example/path' }).allowedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:3000', 'https://a.example', 'https://b.example', 'http://localhost:5173']),
    );
    expect(testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).allowedOrigins).not.toContain('http://localhost:5173');
    expect(() => testConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('trusts the loopback names of its own port it listens on without PUBLIC_URL, and only then', () => {
    const origins = (env: Record<string, string>) => testConfig({ PORT: '4000', ...env }).allowedOrigins;
    expect(origins({})).toEqual(expect.arrayContaining(['http://localhost:4000', 'http://127.0.0.1:4000']));
    // The default 0.0.0.0 is IPv4 only: IPv6's loopback on this port could be another program's.
    expect(origins({})).not.toContain('http://[::1]:4000');
    expect(origins({ HOST: '::' })).toEqual(expect.arrayContaining(['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000']));
    expect(origins({ HOST: '::1' })).toEqual(expect.arrayContaining(['http://localhost:4000', 'http://[::1]:4000']));
    expect(origins({ HOST: '::1' })).not.toContain('http://127.0.0.1:4000');
    expect(origins({})).not.toContain('http://127.0.0.1:4001');
    const published = origins({ PUBLIC_URL: 'https://tv.example.org' });
    for (const origin of ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000']) expect(published).not.toContain(origin);
    const onLan = origins({ HOST: '192.168.1.5' });
    expect(onLan).toContain('http://192.168.1.5:4000');
    expect(onLan).not.toContain('http://127.0.0.1:4000');
  });
});

describe('the default address without PUBLIC_URL', () => {
  it('lets a page from 127.0.0.1 on its own port sign in, and refuses another port of it', async () => {
    const t = await createTestApp('sqlite', { seed: TINY_SEED, env: { PORT: '4123' } });
    try {
      const signInFrom = (origin: string) =>
        t.app.inject({ method: 'POST', url: '/api/login', headers: { origin }, payload: { username: 'viewer', password: 'viewer123' } });
      expect((await signInFrom('http://127.0.0.1:4123')).statusCode).toBe(200);
      expect((await signInFrom('http://127.0.0.1:4124')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
