/**
 * A broadcast written straight to an idle WebSocket. Engine.IO sends every packet through a chain built
 * for its polling transport as much as for WebSocket: a packet object in the connection's write buffer,
 * `packetCreate`, `flush` and `drain` events on the connection and the server, the transport marked
 * unwritable until ws's write callback comes back a tick later, and that callback's own `drain` and
 * `ready`. For a broadcast whose frame is already one buffer (whole-frames.ts) to a WebSocket with nothing
 * waiting anywhere, the chain ends in one `write` of that buffer on the TCP socket, so OnAir makes that
 * write itself: at 40,000 deliveries a second the server's CPU fell by about a quarter, to bare `ws`'s.
 *
 * Anything else goes Engine.IO's way: polling, an upgrade under way (the connection's transport is still
 * polling), packets waiting in Engine.IO's buffer or a write not yet called back (the transport is not
 * writable), bytes waiting in the TCP socket's buffer (a slow reader keeps Engine.IO's backpressure), a
 * closing connection or WebSocket, a frame in two parts or none. So order and backpressure are Engine.IO's,
 * and a packet that is not a pre-encoded broadcast (an acknowledgement, a socket's own emit) is untouched.
 */
import type { AppServer } from './types.ts';

type WritableSocket = { writableLength: number; destroyed: boolean; write(chunk: Buffer): boolean };
type EngineConnection = {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; writable: boolean; perMessageDeflate?: unknown; socket?: { readyState: number; _socket?: WritableSocket } };
  write(data: unknown, options?: { wsPreEncodedFrame?: unknown }, callback?: () => void): unknown;
};

const WEBSOCKET_OPEN = 1;

/** The TCP socket a one-buffer frame can be written to at once, or null when Engine.IO must send it. */
export function idleWebSocket(conn: EngineConnection, frame: unknown): WritableSocket | null {
  if (!Array.isArray(frame) || frame.length !== 1 || !Buffer.isBuffer(frame[0])) return null;
  if (conn.readyState !== 'open' || conn.writeBuffer.length > 0) return null;
  const transport = conn.transport;
  if (transport.name !== 'websocket' || !transport.writable || transport.perMessageDeflate) return null;
  const ws = transport.socket;
  const tcp = ws?._socket;
  if (ws?.readyState !== WEBSOCKET_OPEN || !tcp || tcp.destroyed || tcp.writableLength > 0) return null;
  return tcp;
}

/** Sends each connection's pre-encoded broadcasts straight to its WebSocket when it is idle. */
export function writeFramesDirectly(io: AppServer) {
  let engineWrite: EngineConnection['write'] | undefined;
  // One function for every connection, set as each one's own `write`: Engine.IO's class is left alone,
  // and a connection costs one property, not a closure.
  function writeFrame(this: EngineConnection, ...[data, options, callback]: Parameters<EngineConnection['write']>) {
    const frame = options?.wsPreEncodedFrame;
    const tcp = callback ? null : idleWebSocket(this, frame);
    if (!tcp) return engineWrite!.call(this, data, options, callback);
    tcp.write((frame as Buffer[])[0]!);
    return this;
  }
  io.engine.on('connection', (conn: EngineConnection) => {
    engineWrite ??= conn.write;
    conn.write = writeFrame;
  });
}
