/**
 * The capacity benchmarks' native listeners against a real Socket.IO server (vanilla, with
 * connection-state recovery, as the baseline runs): they join, read and count every delivery (the
 * swept sockets between broadcasts), answer pings on every socket, and the sampled sockets'
 * latencies are on the sender's clock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { NativeListeners, SAMPLE_EVERY } from './native-listeners.ts';

const now = () => Number(process.hrtime.bigint()) / 1e6;

describe('NativeListeners', () => {
  const http = createServer();
  // Pings every 300 ms, so that each socket is pinged several times within a test; the pongs are
  // counted below rather than trusted to a tight timeout, which a loaded CI machine can miss (swept
  // sockets answer at the sweep that follows the sampled sockets' pings, at most SWEEP_MAX_MS later).
  const io = new Server(http, { serveClient: false, pingInterval: 300, pingTimeout: 5000, connectionStateRecovery: {} });
  let listeners: NativeListeners;
  const joined: string[] = [];
  const pongs = new Map<string, number>();

  beforeAll(async () => {
    io.engine.on('connection', (conn: { id: string; on(event: 'packet', listener: (packet: { type: string }) => void): void }) => {
      pongs.set(conn.id, 0);
      conn.on('packet', (packet) => {
        if (packet.type === 'pong') pongs.set(conn.id, pongs.get(conn.id)! + 1);
      });
    });
    io.on('connection', (socket) => {
      socket.on('join', (room: string, ack: (reply: unknown) => void) => {
        void socket.join(room);
        joined.push(room);
        ack({ ok: true });
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    listeners = new NativeListeners((http.address() as AddressInfo).port, ['join', 'live']);
  });

  afterAll(async () => {
    listeners.close();
    await new Promise((resolve) => io.close(resolve));
  });

  it('opens the sockets asked for, each joined to the room before grow resolves', async () => {
    await listeners.grow(300);
    expect(listeners.count).toBe(300);
    expect(joined.filter((room) => room === 'live')).toHaveLength(300);
    expect(io.sockets.adapter.rooms.get('live')?.size).toBe(300);
  });

  it('counts every delivery of a stamped message, and records a latency for each sampled socket on the sender’s monotonic clock', async () => {
    await listeners.takeLatencies();
    const sentAt = now();
    io.to('live').emit('chat:message', { id: 1, message: `bench:1:${sentAt.toFixed(2)}`, username: 'x' });
    io.to('live').emit('chat:message', { id: 2, message: 'not stamped' });
    await expect.poll(() => listeners.deliveries(), { timeout: 5000 }).toBe(300);
    const latencies = await listeners.takeLatencies();
    const elapsed = now() - sentAt;
    expect(latencies).toHaveLength(Math.ceil(300 / SAMPLE_EVERY));
    expect(latencies[0]).toBeGreaterThanOrEqual(-0.01);
    expect(latencies.at(-1)).toBeLessThanOrEqual(elapsed + 0.01);
    expect(latencies).toEqual([...latencies].sort((a, b) => a - b));
    expect(await listeners.deliveries()).toBe(0);
  });

  it('answers pings on every socket, stays connected, and reads frames longer than 125 and 65,535 bytes', async () => {
    const fewestPongs = () => Math.min(...pongs.values());
    const before = fewestPongs();
    await expect.poll(fewestPongs, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(before + 3);
    expect(pongs.size).toBe(300);
    expect(io.sockets.adapter.rooms.get('live')?.size).toBe(300);
    io.to('live').emit('chat:message', { message: `bench:2:${now().toFixed(2)}`, pad: 'x'.repeat(1000) });
    io.to('live').emit('chat:message', { message: `bench:3:${now().toFixed(2)}`, pad: 'y'.repeat(100_000) });
    await expect.poll(() => listeners.deliveries(), { timeout: 5000 }).toBe(600);
  });
});

/**
 * The bare `ws` baseline greets native listeners with just enough of Socket.IO's handshake to join
 * (the chat fan-out's native mode), broadcasts what a plain client sends to them and to itself, and
 * broadcasts nothing the listeners send.
 */
describe('the bare ws baseline with native listeners', () => {
  let server: ChildProcess;
  let listeners: NativeListeners;
  let sender: WebSocket;
  const heard: string[] = [];

  beforeAll(async () => {
    server = spawn(process.execPath, [fileURLToPath(new URL('../ws-baseline-server.mjs', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve) => server.stdout!.on('data', (d) => resolve(Number(/listening (\d+)/.exec(String(d))?.[1]))));
    sender = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    await new Promise((resolve, reject) => sender.once('open', resolve).once('error', reject));
    sender.on('message', (data) => heard.push(String(data)));
    listeners = new NativeListeners(port, ['join', 'live']);
  });

  afterAll(() => {
    listeners?.close();
    sender?.close();
    server?.kill();
  });

  it('lets the listeners join, and delivers a plain client’s text to every one of them and to the sender alone', async () => {
    await listeners.grow(50);
    expect(listeners.count).toBe(50);
    const text = `42${JSON.stringify(['chat:message', { message: `bench:1:${now().toFixed(2)}` }])}`;
    sender.send(text);
    await expect.poll(() => listeners.deliveries(), { timeout: 5000 }).toBe(50);
    await expect.poll(() => heard.length).toBe(1);
    // The listeners' handshakes and joins reached nobody.
    expect(heard).toEqual([text]);
    expect(await listeners.takeLatencies()).toHaveLength(Math.ceil(50 / SAMPLE_EVERY));
  });
});
