/**
 * Broadcasts written straight to idle WebSockets (direct-frames.ts), and Engine.IO's own way everywhere
 * else: behind packets already waiting, over polling and through the upgrade to WebSocket, and to a reader
 * too slow to keep up. Real server, real socket.io-client sockets, the server's TCP writes watched.
 */
import type { Socket as NetSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { rooms } from '@onair/protocol';
import { createTestApp, listen, TINY_SEED, type TestApp } from '../../test/support/app.ts';
import { serverSocketOf, serverTcpOf, watchWrites } from '../../test/support/server-writes.ts';
import { closeAllSockets, collect, connectSocket, type ClientSocket } from '../../test/support/sockets.ts';
import { idleWebSocket } from './direct-frames.ts';

type Conn = Parameters<typeof idleWebSocket>[0];

function idleConnection(): Conn {
  const tcp = { writableLength: 0, destroyed: false, write: () => true };
  return { readyState: 'open', writeBuffer: [], transport: { name: 'websocket', writable: true, socket: { readyState: 1, _socket: tcp } }, write: () => undefined };
}

describe('idleWebSocket', () => {
  const frame = [Buffer.from([0x81, 1, 0x34])];

  it('answers the TCP socket of an open, writable WebSocket with nothing waiting', () => {
    const conn = idleConnection();
    expect(idleWebSocket(conn, frame)).toBe(conn.transport.socket!._socket);
  });

  it('leaves to Engine.IO a frame in parts, anything waiting, polling, and a connection or socket not open', () => {
    const header = Buffer.from([0x81, 1]);
    const payload = Buffer.from('4');
    for (const shape of [undefined, [header, payload], ['4'], []]) expect(idleWebSocket(idleConnection(), shape)).toBeNull();
    const changes: ((conn: Conn) => void)[] = [
      (c) => (c.readyState = 'closing'),
      (c) => c.writeBuffer.push({ type: 'message' }),
      (c) => (c.transport.writable = false),
      (c) => (c.transport.name = 'polling'),
      (c) => (c.transport.perMessageDeflate = {}),
      (c) => (c.transport.socket!.readyState = 2),
      (c) => (c.transport.socket!._socket!.writableLength = 10),
      (c) => (c.transport.socket!._socket!.destroyed = true),
    ];
    for (const change of changes) {
      const conn = idleConnection();
      change(conn);
      expect(idleWebSocket(conn, frame), change.toString()).toBeNull();
    }
  });
});

describe('broadcasts on a server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    url = await listen(t);
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  const broadcast = (contentId: number) => t.app.io.to(rooms.lobby()).emit('content:removed', { contentId });
  const serverSocket = (client: ClientSocket) => serverSocketOf(t.app, client);
  /** The Engine.IO connection, with the buffer Engine.IO keeps private. */
  const engineConn = (client: ClientSocket) => serverSocket(client).conn as unknown as Conn;

  it('go to an idle WebSocket as one write of the frame, past Engine.IO’s packet queue', async () => {
    const client = await connectSocket(url);
    const conn = serverSocket(client).conn;
    let queued = 0;
    conn.on('packetCreate', () => queued++);
    const written = watchWrites(t.app, client);
    const heard = collect(client, 'content:removed');
    broadcast(920_001);
    await expect.poll(() => heard.seen).toEqual([{ contentId: 920_001 }]);
    expect(queued).toBe(0);
    expect(written).toHaveLength(1);
    expect(written[0]!.subarray(2).toString()).toMatch(/^42\["content:removed",\{"contentId":920001\},"[^"]+"\]$/);
  });

  it('queue behind packets still waiting in Engine.IO, in order', async () => {
    const client = await connectSocket(url);
    const heard = collect(client, 'content:removed');
    const conn = engineConn(client);
    // Packets sent Engine.IO's way, as an acknowledgement is (a socket's own emit is a broadcast to its
    // room under connection state recovery). The first is written at once and leaves the transport
    // waiting for its callback; the second waits in Engine.IO's buffer, which a broadcast written
    // directly now would overtake.
    conn.write('2["content:removed",{"contentId":920011}]');
    conn.write('2["content:removed",{"contentId":920012}]');
    expect(conn.writeBuffer).toHaveLength(1);
    broadcast(920_013);
    broadcast(920_014);
    await expect.poll(() => heard.seen.length).toBe(4);
    expect(heard.seen.map((e) => e.contentId)).toEqual([920_011, 920_012, 920_013, 920_014]);
  });

  it('reach a socket on polling', async () => {
    const client = await connectSocket(url, undefined, ['polling']);
    const heard = collect(client, 'content:removed');
    broadcast(920_021);
    broadcast(920_022);
    await expect.poll(() => heard.seen.map((e) => e.contentId)).toEqual([920_021, 920_022]);
  });

  it('reach a socket through its upgrade from polling to WebSocket, every one from its first and in order', async () => {
    // Broadcasts every 2 ms from before the socket connects until 20 have gone out on WebSocket. Whether
    // any arrives over polling first is a race on loopback (the test before covers polling).
    const received: { contentId: number; over: string }[] = [];
    let next = 920_100;
    let client: ClientSocket | null = null;
    let onWebSocket = 0;
    const ticker = setInterval(() => {
      broadcast(next++);
      if (client?.connected && client.io.engine.transport.name === 'websocket') onWebSocket++;
    }, 2);
    try {
      // Its own connect, not connectSocket: the listener must be on before the first polling batch,
      // which can carry events right behind the connect.
      const connecting = connect(url, { transports: ['polling', 'websocket'], reconnection: false, forceNew: true }) as ClientSocket;
      connecting.on('content:removed', (e) => received.push({ contentId: e.contentId, over: connecting.io.engine.transport.name }));
      client = connecting;
      await expect.poll(() => onWebSocket, { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
    } finally {
      clearInterval(ticker);
    }
    const last = next - 1;
    await expect.poll(() => received.at(-1)?.contentId, { timeout: 5_000 }).toBe(last);
    const first = received[0]!.contentId;
    expect(received.map((r) => r.contentId)).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
    expect(received.some((r) => r.over === 'websocket'), 'some arrived over WebSocket').toBe(true);
    client.disconnect();
  });

  it('wait in Engine.IO for a reader that stopped reading, and all arrive in order once it reads again', async () => {
    const client = await connectSocket(url);
    const heard = collect(client, 'chat:message');
    const reader = (client.io.engine.transport as unknown as { ws: { _socket: NetSocket } }).ws._socket;
    reader.pause();
    const tcp = serverTcpOf(t.app, client);
    const conn = engineConn(client);
    // 64 broadcasts of 256 KiB: more than loopback's socket buffers hold, so the server's TCP socket
    // keeps bytes back and later broadcasts wait in Engine.IO's buffer.
    const text = 'x'.repeat(256 * 1024);
    let backedUp = false;
    for (let i = 0; i < 64; i++) {
      t.app.io.to(rooms.lobby()).emit('chat:message', { id: i, text } as never);
      backedUp ||= tcp.writableLength > 0 && conn.writeBuffer.length > 0;
    }
    expect(backedUp, 'the server held bytes back and queued packets').toBe(true);
    reader.resume();
    await expect.poll(() => heard.seen.length, { timeout: 15_000 }).toBe(64);
    expect(heard.seen.map((m) => m.id)).toEqual([...Array(64).keys()]);
  });
});
