/**
 * The one file that knows node-media-server's internals. We use its RTMP protocol stack (handshake,
 * chunking, AMF, publish/play, GOP cache) and nothing else: no HTTP server, recorder or notifier. Its
 * server takes its settings from a process-wide context, so there is one RTMP ingest per process.
 */
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';

const require = createRequire(import.meta.url);

/** The parts of an RTMP session (node-media-server's BaseSession/RtmpSession) we read. */
export interface NmsSession {
  id: string;
  /** `address:port` of the peer. */
  ip: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  isPublisher: boolean;
  inBytes: number;
  videoCodec: number;
  videoWidth: number;
  videoHeight: number;
  videoFramerate: number;
  audioCodec: number;
  audioSamplerate: number;
  audioChannels: number;
  socket: Socket;
  rtmp: { onPacketCallback: (packet: NmsPacket) => void };
  /** The stream path's broadcast hub (players subscribe to it). */
  broadcast: import('./flv-recorder.ts').NmsBroadcast;
  close(): void;
}

/** A media packet. flags: 0 audio header, 1 audio, 2 video header, 3 keyframe, 4 inter frame, 5 metadata. */
export interface NmsPacket {
  codec_id: number;
  codec_type: number;
  flags: number;
  dts: number;
  size: number;
}

interface NmsContext {
  config: Record<string, unknown>;
  sessions: Map<string, NmsSession>;
  broadcasts: Map<string, unknown>;
  eventEmitter: EventEmitter;
}

const context = require('node-media-server/src/core/context.js') as NmsContext;
const logger = require('node-media-server/src/core/logger.js') as { level: string };
const RtmpSessionClass = require('node-media-server/src/session/rtmp_session.js') as new (socket: Socket) => NmsSession & { run(): void };

// Its logger prints every session at info level with console.log; ours says what matters.
logger.level = 'error';

export const nmsEvents: EventEmitter = context.eventEmitter;

/** Serves one accepted TCP connection with node-media-server's RTMP session. */
export function serveRtmpConnection(socket: Socket): NmsSession {
  const session = new RtmpSessionClass(socket);
  session.run();
  context.sessions.set(session.id, session);
  return session;
}

export function rtmpSessions(): IterableIterator<NmsSession> {
  return context.sessions.values();
}

export const VIDEO_CODECS: Record<number, string> = { 7: 'H.264', 12: 'HEVC', 13: 'AV1' };
export const AUDIO_CODECS: Record<number, string> = { 10: 'AAC', 2: 'MP3', 13: 'Opus' };
