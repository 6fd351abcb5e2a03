/**
 * What keeps sockets inside the rules the REST API keeps:
 *
 * - Only pages of an allowed origin may open one (the handshake carries the session cookie, so a page
 *   on another port of the same host could otherwise act as the signed-in person).
 * - A socket lives inside its session: it sits in `rooms.session(hash)` so logout ends it on every
 *   node (through the adapter), it is cut when the session expires, and it sends nothing after.
 * - Connection state recovery replays missed events without the handshake, so it is allowed only
 *   when the socket's recorded session, user and role still hold; otherwise the client connects
 *   afresh and gets the rooms it may have now.
 * - Caps on open sockets per address and per account (per node), so one client cannot open
 *   thousands of connections.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { rooms } from '@onair/protocol';
import { crossOriginRefusal } from '../http/origin.ts';
import { identityStillHolds } from './handshake.ts';
import type { AppServer, AppSocket } from './types.ts';

/** The client's address, as Fastify's `request.ip` would read it. */
export function clientIp(app: FastifyInstance, request: Pick<IncomingMessage, 'headers' | 'socket'>): string {
  if (app.config.trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return request.socket.remoteAddress ?? 'unknown';
}

/** Counts per key, for the caps; `take` is synchronous so that concurrent handshakes cannot overshoot. */
class Counter {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  take(key: string, limit: number): (() => void) | null {
    const n = this.get(key);
    if (n >= limit) return null;
    this.counts.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.get(key) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    };
  }
}

export class SocketGuard {
  private readonly connectionsPerIp = new Counter();
  private readonly socketsPerIp = new Counter();
  private readonly socketsPerUser = new Counter();

  constructor(private readonly app: FastifyInstance) {}

  /** Engine.IO's `allowRequest`: runs on the HTTP request that opens a connection (polling or WebSocket). */
  allowRequest = (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const refusal = crossOriginRefusal(request.headers, this.app.config.allowedOrigins);
    if (refusal) return callback(refusal, false);
    if (this.connectionsPerIp.get(clientIp(this.app, request)) >= this.app.config.socketsPerIp) {
      return callback('Too many connections from this address', false);
    }
    callback(null, true);
  };

  /** Counts open Engine.IO connections per address (what allowRequest checks). */
  watchEngine(io: AppServer) {
    io.engine.on('connection', (conn: { request: IncomingMessage; on(event: 'close', fn: () => void): void }) => {
      const release = this.connectionsPerIp.take(clientIp(this.app, conn.request), Number.POSITIVE_INFINITY);
      if (release) conn.on('close', release);
    });
  }

  /**
   * Takes a place for this socket under both caps, or answers why not. The places are given back when
   * the socket disconnects or its connection closes, whichever comes first.
   */
  admit(socket: AppSocket): string | null {
    const { socketsPerIp, socketsPerUser } = this.app.config;
    const releaseIp = this.socketsPerIp.take(socket.data.ip, socketsPerIp);
    if (!releaseIp) return 'Too many connections from this address';
    let releaseUser: (() => void) | null = null;
    if (socket.data.userId) {
      releaseUser = this.socketsPerUser.take(String(socket.data.userId), socketsPerUser);
      if (!releaseUser) {
        releaseIp();
        return 'Too many connections for this account';
      }
    }
    const release = () => {
      releaseIp();
      releaseUser?.();
    };
    // `on`, not `once`: release is idempotent, and once's wrapper costs every socket a closure more.
    socket.on('disconnect', release);
    socket.conn.on('close', release);
    return null;
  }
}

/** Rooms a socket may be in, by who it is now (content rooms and the live list are public and kept). */
export function roomsFor(data: AppSocket['data']): string[] {
  const allowed = [rooms.lobby()];
  if (data.userId) {
    allowed.push(rooms.polls(), rooms.user(data.userId));
    if (data.role === 'creator' || data.role === 'admin') allowed.push(rooms.creator(data.userId));
    if (data.role === 'admin') allowed.push(rooms.admin());
    if (data.sessionId) allowed.push(rooms.session(data.sessionId));
  }
  return allowed;
}

/**
 * Puts the socket in exactly the rooms it may be in now. A recovered socket comes back with the rooms
 * it had; any it may no longer join (another account's, a role it lost) are left.
 */
export function settleRooms(socket: AppSocket) {
  const allowed = new Set(roomsFor(socket.data));
  for (const room of socket.rooms) {
    if (room === socket.id || room.startsWith('content:') || room === rooms.liveList() || allowed.has(room)) continue;
    void socket.leave(room);
  }
  void socket.join([...allowed]);
}

/**
 * Binds the socket to its session's lifetime: cut at expiry, and every incoming packet refused (and
 * the socket cut) once the session is over, even before the timer fires.
 */
export function bindToSession(socket: AppSocket, now: () => number = Date.now) {
  const expiresAt = socket.data.sessionExpiresAt;
  if (!socket.data.userId || expiresAt === null) return;
  // setTimeout holds at most ~24.8 days; sessions last 14.
  const timer = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(expiresAt - now(), 2 ** 31 - 1)));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
  socket.use((_packet, next) => {
    if (now() < expiresAt) return next();
    socket.disconnect(true);
    next(new Error('session expired'));
  });
}

/** Ends every socket of these sign-ins on every node (logout: one; password change: all the old ones). */
export function endSessionSockets(app: FastifyInstance, ...sessionHashes: string[]) {
  if (sessionHashes.length === 0) return;
  app.io.in(sessionHashes.map((hash) => rooms.session(hash))).disconnectSockets(true);
}

/** Ends every socket of a user on every node (suspension, password change, all sessions ended). */
export function endUserSockets(app: FastifyInstance, userId: number) {
  app.io.in(rooms.user(userId)).disconnectSockets(true);
}

/**
 * Connection state recovery restores a socket's rooms and replays what it missed before any middleware
 * runs, so the adapter's restore is wrapped: a session is handed back only if the identity it recorded
 * still holds. Otherwise the client gets a fresh connection, which goes through the handshake.
 */
export function guardRecovery(app: FastifyInstance, io: AppServer) {
  const adapter = io.of('/').adapter as unknown as {
    restoreSession(pid: string, offset: string): Promise<{ data?: AppSocket['data'] } | null>;
  };
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    const holds = await identityStillHolds(app, session.data).catch(() => false);
    return holds ? session : null;
  };
}
