/**
 * The RTMP listener encoders push to (OBS's "Custom" service: server `rtmp://host:1935/live`, key = the
 * Studio's stream key). Every publish is authorised before anything is packaged: the key must match a
 * stream configuration whose owner may broadcast; otherwise the connection is closed and the refusal is
 * logged without the key. Plays are only for this machine's own packager and restreamers (loopback).
 */
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { FlvRecorder } from './flv-recorder.ts';
import { InputStats } from './input-stats.ts';
import { nmsEvents, rtmpSessions, serveRtmpConnection, type NmsPacket, type NmsSession } from './nms.ts';

export const INGEST_APP = 'live';

export interface Publisher {
  sessionId: string;
  /** The stream key as presented (never logged). */
  key: string;
  address: string;
  stats: InputStats;
  session: NmsSession;
  /** Everything this publisher sent, from the first packet (FLV); the session keeps or discards it. */
  recorder: FlvRecorder;
}

export interface IngestEvents {
  /** A publish whose key the authoriser accepted. */
  publish: [Publisher];
  /** That publisher's connection closed (encoder stopped or network lost). */
  unpublish: [Publisher];
}

/** Answers whether a key may publish; a string is the refusal reason for the log. */
export type PublishAuthoriser = (key: string) => Promise<true | string>;

function peerAddress(ip: string): string {
  return ip.replace(/:\d+$/, '').replace(/^::ffff:/, '');
}

function isLoopback(ip: string): boolean {
  const address = peerAddress(ip);
  return address === '127.0.0.1' || address === '::1' || address.startsWith('127.');
}

export class RtmpIngest extends EventEmitter<IngestEvents> {
  private server: net.Server;
  private publishers = new Map<string, Publisher>();
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private authorise: PublishAuthoriser,
    private log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
    /** Where publishes are recorded while they are checked (not served). */
    private pendingDir: string,
  ) {
    super();
    mkdirSync(pendingDir, { recursive: true });
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      serveRtmpConnection(socket);
    });
    nmsEvents.on('prePublish', this.onPrePublish);
    nmsEvents.on('prePlay', this.onPrePlay);
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  /** rtmp:// URL of a publisher's stream on this machine, for the packager and restreamers. */
  localUrl(key: string): string {
    return `rtmp://127.0.0.1:${this.port}/${INGEST_APP}/${key}`;
  }

  publisherByKey(key: string): Publisher | undefined {
    for (const p of this.publishers.values()) if (p.key === key) return p;
    return undefined;
  }

  /** Ends a publisher's connection (the Studio's Stop, or a suspended account). */
  disconnect(key: string) {
    this.publisherByKey(key)?.session.socket.destroy();
  }

  private onPrePlay = (session: NmsSession) => {
    if (!isLoopback(session.ip)) {
      this.log.warn({ address: peerAddress(session.ip) }, 'RTMP play refused: playback is over HLS');
      session.socket.destroy();
    }
  };

  private onPrePublish = (session: NmsSession) => {
    // node-media-server emits this synchronously and continues; the publish is only acted on (packaged,
    // announced) once the key is checked, and a refused connection is closed straight away.
    const key = session.streamName;
    const address = peerAddress(session.ip);
    if (session.streamApp !== INGEST_APP) {
      this.refuse(session, address, `unknown application "${session.streamApp}"`);
      return;
    }
    const stats = new InputStats();
    const recorder = new FlvRecorder(session.broadcast, path.join(this.pendingDir, `${session.id}.flv`));
    const original = session.rtmp.onPacketCallback;
    session.rtmp.onPacketCallback = (packet: NmsPacket) => {
      stats.packet(packet.flags);
      original(packet);
    };
    void this.authorise(key).then(
      (verdict) => {
        if (session.socket.destroyed || verdict !== true) {
          void recorder.discard();
          if (verdict !== true) this.refuse(session, address, verdict);
          return;
        }
        const publisher: Publisher = { sessionId: session.id, key, address, stats, session, recorder };
        this.publishers.set(session.id, publisher);
        session.socket.once('close', () => {
          this.publishers.delete(session.id);
          void recorder.stop().then(() => this.emit('unpublish', publisher));
        });
        this.log.info({ address }, 'RTMP publish accepted');
        this.emit('publish', publisher);
      },
      (error: unknown) => {
        void recorder.discard();
        this.refuse(session, address, `authorisation failed: ${String(error)}`);
      },
    );
  };

  private refuse(session: NmsSession, address: string, reason: string) {
    this.log.warn({ address, reason }, 'RTMP publish refused');
    session.socket.destroy();
  }

  async close() {
    nmsEvents.off('prePublish', this.onPrePublish);
    nmsEvents.off('prePlay', this.onPrePlay);
    for (const socket of this.sockets) socket.destroy();
    for (const session of rtmpSessions()) session.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
