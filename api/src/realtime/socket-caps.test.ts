/**
 * Caps on abuse (issue 13, finding 4): one client opening 2,000 sockets gets only its share, and the
 * peak of an item counts that client once, however many of its sockets watch.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, listen, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { closeAllSockets, connectSocket, emitWithAck, type ClientSocket } from '../../test/support/sockets.ts';

const PER_IP = 12;
const PER_USER = 4;

function tryConnect(url: string, options: { cookie?: string; deviceId?: string } = {}): Promise<Socket | null> {
  const socket = connect(url, {
    transports: ['websocket'],
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
    auth: options.deviceId ? { deviceId: options.deviceId } : {},
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.disconnect();
      resolve(null);
    });
  });
}

describe('caps on sockets and viewers', () => {
  let t: TestApp;
  let url: string;
  let itemId: number;
  const open: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { SOCKETS_PER_IP: String(PER_IP), SOCKETS_PER_USER: String(PER_USER) } });
    url = await listen(t);
    const item = await t.app.db.kysely.selectFrom('content').select('id').where('status', '=', 'live').executeTakeFirstOrThrow();
    itemId = item.id;
    await t.app.db.kysely.updateTable('content').set({ peakViewers: 0 }).where('id', '=', itemId).execute();
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.disconnect();
    closeAllSockets();
    // The server gives places back when it sees the connections close.
    for (let i = 0; i < 50 && t.app.io.engine.clientsCount > 0; i++) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(() => t.close());

  it('caps 2,000 sockets from one client, and the peak counts that client once', async () => {
    let connected = 0;
    // In waves, as a flood would arrive; every refused handshake is answered at once.
    for (let wave = 0; wave < 20; wave++) {
      const results = await Promise.all(Array.from({ length: 100 }, () => tryConnect(url, { deviceId: 'one-device-0001' })));
      for (const s of results) if (s) open.push(s);
      connected += results.filter(Boolean).length;
    }
    expect(connected).toBe(PER_IP);
    const acks = await Promise.all(open.map((s) => s.timeout(5000).emitWithAck('content:watch', { contentId: itemId })));
    expect(acks.every((a) => a.ok)).toBe(true);
    expect(acks.at(-1).data.viewerCount).toBe(1);
    await new Promise((r) => setTimeout(r, 800));
    const row = await t.app.db.kysely.selectFrom('content').select('peakViewers').where('id', '=', itemId).executeTakeFirstOrThrow();
    expect(row.peakViewers).toBe(1);
  }, 120_000);

  it('frees places as sockets close', async () => {
    const first = await Promise.all(Array.from({ length: PER_IP }, () => tryConnect(url)));
    expect(first.every(Boolean)).toBe(true);
    expect(await tryConnect(url)).toBeNull();
    first[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    const again = await tryConnect(url);
    expect(again).not.toBeNull();
    open.push(...(first.slice(1) as Socket[]), again!);
  });

  it('caps the sockets of one account, and counts its tabs as one viewer', async () => {
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const tabs: ClientSocket[] = [];
    for (let i = 0; i < PER_USER; i++) tabs.push(await connectSocket(url, cookie));
    await expect(connectSocket(url, cookie)).rejects.toThrow(/Too many connections for this account/);
    const acks = await Promise.all(tabs.map((s) => emitWithAck(s, 'content:watch', { contentId: itemId })));
    expect(acks.every((a) => a.ok)).toBe(true);
    expect((acks.at(-1) as { data: { viewerCount: number } }).data.viewerCount).toBe(1);
  });
});
