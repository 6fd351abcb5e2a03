/**
 * A signed-out viewer counts once per anonymous device id (issue 13, finding 4), however many tabs
 * watch; a socket without a valid id counts on its own, as before. Real socket clients.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, listen, type TestApp, TINY_SEED } from '../../test/support/app.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('anonymous viewers by device id', () => {
  let t: TestApp;
  let url: string;
  let itemId: number;
  const open: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    url = await listen(t);
    itemId = (await t.app.db.kysely.selectFrom('content').select('id').where('status', '=', 'live').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.disconnect();
    for (let i = 0; i < 50 && (await count()) > 0; i++) await sleep(100);
  });
  afterAll(() => t.close());

  const count = async () => (await t.app.presence.viewerCounts([itemId])).get(itemId) ?? 0;

  async function watch(auth: Record<string, unknown>): Promise<Socket> {
    const socket = connect(url, { transports: ['websocket'], auth, reconnection: false, forceNew: true });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = await socket.timeout(5000).emitWithAck('content:watch', { contentId: itemId });
    expect(ack.ok).toBe(true);
    return socket;
  }

  it('counts the tabs of one device once, and each other device once', async () => {
    const tabs = [await watch({ deviceId: 'device-aaaa-0001' }), await watch({ deviceId: 'device-aaaa-0001' }), await watch({ deviceId: 'device-aaaa-0001' })];
    expect(await count()).toBe(1);
    await watch({ deviceId: 'device-bbbb-0002' });
    expect(await count()).toBe(2);
    // Closing some tabs keeps the device watching; closing the last ends its view.
    tabs[0]!.disconnect();
    tabs[1]!.disconnect();
    await sleep(300);
    expect(await count()).toBe(2);
    tabs[2]!.disconnect();
    for (let i = 0; i < 50 && (await count()) !== 1; i++) await sleep(100);
    expect(await count()).toBe(1);
  }, 120_000);

  it('counts a socket without a device id, or with one it refuses, on its own', async () => {
    await watch({});
    await watch({});
    expect(await count()).toBe(2);
    for (const deviceId of ['short', 'x'.repeat(65), 'has spaces!', '../../etc', 12345678, { $ne: null }]) await watch({ deviceId });
    expect(await count()).toBe(8);
  }, 120_000);
});
