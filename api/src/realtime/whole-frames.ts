/**
 * One write a delivery instead of two. Socket.IO's adapter encodes a broadcast once, as a WebSocket
 * frame in two buffers (ws's header, then the payload: `wsPreEncodedFrame`), and each receiving socket
 * writes them with ws's `sendFrame`, which corks the socket, writes twice and uncorks: a `writev` of
 * two buffers a delivery, where most of a large room's fan-out time goes. Joined once per broadcast,
 * the frame goes out as one buffer, for which `sendFrame` makes a single plain write. The frame is
 * private to socket.io-adapter, engine.io and ws; a frame in any other shape is left as it came.
 */
import type { AppServer } from './types.ts';

type PacketOptions = { wsPreEncodedFrame?: unknown };
type Encoding = { _encode(packet: unknown, options: PacketOptions): unknown[] };

/** The header and payload of a frame as one buffer; anything else unchanged. */
export function joinFrame(frame: unknown): unknown {
  if (!Array.isArray(frame) || frame.length !== 2) return frame;
  const [header, payload] = frame as unknown[];
  return Buffer.isBuffer(header) && Buffer.isBuffer(payload) ? [Buffer.concat([header, payload])] : frame;
}

/** Wraps the main namespace's adapter so that each broadcast's pre-encoded frame is one buffer. */
export function sendWholeFrames(io: AppServer) {
  const adapter = io.of('/').adapter as unknown as Encoding;
  const encode = adapter._encode.bind(adapter);
  adapter._encode = (packet, options) => {
    const packets = encode(packet, options);
    if (options.wsPreEncodedFrame !== undefined) options.wsPreEncodedFrame = joinFrame(options.wsPreEncodedFrame);
    return packets;
  };
}
