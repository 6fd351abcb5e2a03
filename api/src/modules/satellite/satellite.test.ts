import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SatelliteReceiverSchema } from '@onair/protocol';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('satellite receivers on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  let listener: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [viewer, listener, admin] = await Promise.all([
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'listener', 'listener123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
  });
  afterAll(() => t.close());

  const list = async (cookie: string) => SatelliteReceiverSchema.array().parse((await t.app.inject({ method: 'GET', url: '/api/satellite-receivers', headers: { cookie } })).json());
  const add = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/satellite-receivers', headers: { cookie }, payload });
  const patch = (cookie: string, deviceId: string, payload?: Record<string, unknown>, query = '') =>
    t.app.inject({ method: 'PATCH', url: `/api/satellite-receivers/${encodeURIComponent(deviceId)}/status${query}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const rows = async () => Number((await t.database.db.kysely.selectFrom('satelliteReceivers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('needs a session for every call', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/satellite-receivers' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/satellite-receivers', payload: { deviceId: 'a', deviceName: 'b', model: 'Generic-DVB-S2' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/satellite-receivers/a/status' })).statusCode).toBe(401);
  });

  it('registers a receiver, not yet seen, with its location', async () => {
    const response = await add(viewer, {
      deviceId: 'SR-0001',
      deviceName: ' Rooftop dish ',
      model: 'OnAir-SR2000',
      firmwareVersion: '2.4.1',
      location: { latitude: 5.6, longitude: -0.19, region: 'West Africa' },
    });
    expect(response.statusCode).toBe(201);
    const receiver = SatelliteReceiverSchema.parse(response.json());
    expect(receiver).toMatchObject({
      deviceId: 'SR-0001',
      deviceName: 'Rooftop dish',
      model: 'OnAir-SR2000',
      firmwareVersion: '2.4.1',
      location: { latitude: 5.6, longitude: -0.19, region: 'West Africa' },
      status: 'offline',
      lastSeen: null,
      ownerName: 'viewer',
    });
    const minimal = await add(viewer, { deviceId: 'SR-0002', deviceName: 'Kitchen box', model: 'Generic-DVB-S2' });
    expect(minimal.json()).toMatchObject({ firmwareVersion: null, location: { latitude: null, longitude: null, region: null } });
    expect((await list(viewer)).map((r) => r.deviceId).sort()).toEqual(['SR-0001', 'SR-0002']);
  });

  it('rejects bad registrations with a 400 naming the field and writes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ deviceName: 'x', model: 'Generic-DVB-S2' }, /^deviceId is required/],
      [{ deviceId: '  ', deviceName: 'x', model: 'Generic-DVB-S2' }, /^deviceId is required/],
      [{ deviceId: 'has space', deviceName: 'x', model: 'Generic-DVB-S2' }, /^deviceId may only use/],
      [{ deviceId: 'a1', model: 'Generic-DVB-S2' }, /^deviceName is required/],
      [{ deviceId: 'a1', deviceName: 'x' }, /^model must be one of/],
      [{ deviceId: 'a1', deviceName: 'x', model: 'Acme-9000' }, /^model must be one of/],
      [{ deviceId: 'a1', deviceName: 'x', model: 'Generic-DVB-S2', location: { latitude: 91 } }, /^location.latitude must be between/],
      [{ deviceId: 'a1', deviceName: 'x', model: 'Generic-DVB-S2', firmwareVersion: 'v'.repeat(33) }, /^firmwareVersion must be at most/],
    ];
    for (const [payload, message] of cases) {
      const response = await add(viewer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect(await rows()).toBe(before);
  });

  it('keeps device ids unique per owner only', async () => {
    const again = await add(viewer, { deviceId: 'SR-0001', deviceName: 'Copy', model: 'OnAir-SR1000' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('deviceId: SR-0001 is already taken by one of your receivers; choose another device id');
    expect((await add(listener, { deviceId: 'SR-0001', deviceName: 'Same id, other home', model: 'OnAir-SR3000' })).statusCode).toBe(201);
  });

  it('toggles online → offline and anything else → online, sets error explicitly and updates lastSeen', async () => {
    const before = Date.now();
    const on = await patch(viewer, 'SR-0002');
    expect(on.statusCode).toBe(200);
    expect(on.json().status).toBe('online');
    expect(Date.parse(on.json().lastSeen)).toBeGreaterThanOrEqual(before - 5);
    expect((await patch(viewer, 'SR-0002')).json().status).toBe('offline');
    expect((await patch(viewer, 'SR-0002', { status: 'error' })).json().status).toBe('error');
    expect((await patch(viewer, 'SR-0002')).json().status).toBe('online');
    const bad = await patch(viewer, 'SR-0002', { status: 'asleep' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^status/);
    expect((await patch(viewer, 'no-such-box')).statusCode).toBe(404);
  });

  it('never shows or changes another person’s receiver', async () => {
    expect((await list(listener)).map((r) => r.deviceName)).toEqual(['Same id, other home']);
    const stored = () => t.database.db.kysely.selectFrom('satelliteReceivers').select(['status', 'lastSeen']).where('deviceId', '=', 'SR-0002').executeTakeFirstOrThrow();
    const before = await stored();
    expect((await patch(listener, 'SR-0002')).statusCode).toBe(404);
    const owner = await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    expect((await patch(listener, 'SR-0002', { status: 'error' }, `?ownerId=${owner.id}`)).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
    // The listener's own SR-0001 changes, the viewer's SR-0001 does not.
    expect((await patch(listener, 'SR-0001')).json()).toMatchObject({ status: 'online', ownerName: 'listener' });
    expect((await list(viewer)).find((r) => r.deviceId === 'SR-0001')?.status).toBe('offline');
  });

  it('shows admins every receiver and asks them to name the owner when a device id is ambiguous', async () => {
    const all = await list(admin);
    expect(all.map((r) => r.ownerName).sort()).toEqual(['listener', 'viewer', 'viewer']);
    const ambiguous = await patch(admin, 'SR-0001');
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.body).toMatch(/^ownerId/);
    const owner = await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    expect((await patch(admin, 'SR-0001', { status: 'error' }, `?ownerId=${owner.id}`)).json()).toMatchObject({ status: 'error', ownerName: 'viewer' });
    expect((await patch(admin, 'SR-0002')).json()).toMatchObject({ status: 'offline', ownerName: 'viewer' });
  });
});
