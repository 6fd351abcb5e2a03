import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmartTvDeviceSchema, TvRegisterResponseSchema } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

describe.each(await testDialects())('smart TV pairing on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  let listener: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    [viewer, listener] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
  });
  afterAll(() => t.close());

  const status = (token: string) => t.app.inject({ method: 'GET', url: '/api/tv/status', headers: { 'x-tv-token': token } });
  const list = async (cookie: string) => SmartTvDeviceSchema.array().parse((await t.app.inject({ method: 'GET', url: '/api/user/smart-tv-devices', headers: { cookie } })).json());

  it('pairs a TV by the code it shows, lists it as connected, and removes it', async () => {
    const registered = TvRegisterResponseSchema.parse((await t.app.inject({ method: 'POST', url: '/api/tv/register', payload: { deviceName: 'Living room', platform: 'androidtv' } })).json());
    expect(registered.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect((await status(registered.token)).json()).toMatchObject({ paired: false, code: registered.code, username: null });
    expect(await list(viewer)).toEqual([]);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/user/smart-tv-devices/pair', headers: { cookie: viewer }, payload: { code: 'ZZZZZZ' } });
    expect(wrong.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/user/smart-tv-devices/pair', headers: { cookie: viewer }, payload: { code: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^code must be the 6 characters/);

    const paired = await t.app.inject({ method: 'POST', url: '/api/user/smart-tv-devices/pair', headers: { cookie: viewer }, payload: { code: registered.code.toLowerCase() } });
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json()).toMatchObject({ deviceName: 'Living room', platform: 'androidtv', isConnected: true });
    expect((await status(registered.token)).json()).toMatchObject({ paired: true, username: 'viewer', code: null });
    // A code works once.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/smart-tv-devices/pair', headers: { cookie: listener }, payload: { code: registered.code } })).statusCode).toBe(404);

    const [tv] = await list(viewer);
    expect(tv).toMatchObject({ deviceName: 'Living room', isConnected: true });
    expect(await list(listener)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/smart-tv-devices/${tv!.id}`, headers: { cookie: listener } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/smart-tv-devices/${tv!.id}`, headers: { cookie: viewer } })).statusCode).toBe(200);
    expect(await list(viewer)).toEqual([]);
    expect((await status(registered.token)).statusCode).toBe(401);
  }, 90_000);

  it('refuses unknown TVs and signed-out lists', async () => {
    expect((await status('not-a-real-token-at-all-000')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/status' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/smart-tv-devices' })).statusCode).toBe(401);
    const badPlatform = await t.app.inject({ method: 'POST', url: '/api/tv/register', payload: { platform: 'toaster' } });
    expect(badPlatform.statusCode).toBe(400);
    expect(badPlatform.body).toMatch(/^platform must be one of/);
  }, 90_000);
});
