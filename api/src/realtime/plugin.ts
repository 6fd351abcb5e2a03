/**
 * The Socket.IO server, on the same HTTP server as Fastify.
 *
 * - Handshake: the session cookie decides who the socket is (handshake.ts); signed-out sockets may
 *   only watch content (public rooms: `lobby`, `content:{id}` and `streams:active`).
 * - Rooms are chosen here, never by the client: `lobby` for all; `polls` and `user:{id}` for accounts;
 *   `creator:{id}` for creators and admins; `admin` for admins. `content:watch` enters a content room.
 * - Fan-out: in memory alone; `@socket.io/redis-streams-adapter` when Redis is configured, which keeps
 *   connection state recovery working across nodes. Either way a broadcast's frame reaches each WebSocket
 *   in one write (whole-frames.ts), made straight on the TCP socket when nothing waits (direct-frames.ts).
 * - Transports: WebSocket, and HTTP long-polling for networks without it, except when this process is one
 *   of a cluster's workers (API_PROCESSES > 1): workers share the port without sticky sessions, so one
 *   socket's polling requests could reach different workers (see cluster-primary.ts).
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { DEVICE_ID_PATTERN, DEVICE_TYPES, idField, rooms, type ViewDevice } from '@onair/protocol';
import { z } from 'zod';
import { countryFromHeaders } from '../http/country.ts';
import { notFound } from '../http/errors.ts';
import { parseOr400 } from '../http/validate.ts';
import { recordViews, UNKNOWN_COUNTRY } from '../modules/analytics/views.ts';
import { chatSendListener } from '../modules/chat/socket.ts';
import { assertCanWatch } from '../modules/monetization/access.ts';
import { pollVoteListener } from '../modules/polls/socket.ts';
import { acknowledge, refuseNulCharacters } from './ack.ts';
import { adapterConnection } from './adapter-redis.ts';
import { memoryCounters, redisCounters, type ClusterCounters } from './cluster-counters.ts';
import { identifySocket } from './handshake.ts';
import type { SharedListener } from './listener.ts';
import { PresenceTracker } from './presence.ts';
import { bindToSession, clientIp, guardRecovery, settleRooms, SocketGuard } from './socket-guard.ts';
import { SocketUsers } from './socket-users.ts';
import type { AppServer, AppSocket } from './types.ts';
import { writeFramesDirectly } from './direct-frames.ts';
import { sendWholeFrames } from './whole-frames.ts';

/** Told of each socket that has just entered an item's room: what the item's viewers were told before it came. */
export type RoomGreeter = (socket: AppSocket, contentId: number) => void;

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer;
    presence: PresenceTracker;
    clusterCounters: ClusterCounters;
    /** Modules that greet a socket entering an item's room (the live signal's state, live-state.ts). */
    roomGreeters: Set<RoomGreeter>;
    /** The accounts behind socket events, read again after each write to `users`. */
    socketUsers: SocketUsers;
  }
}

/** How long a dropped client may come back and get the events it missed. */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

const WatchRequestSchema = z.object({
  contentId: idField('contentId'),
  device: z.enum(DEVICE_TYPES).default('web'),
});

function createPresence(app: FastifyInstance, counters: ClusterCounters) {
  return new PresenceTracker({
    counters,
    async recordPeak(contentId, viewers) {
      const db = app.db.kysely;
      await db.updateTable('content').set({ peakViewers: viewers }).where('id', '=', contentId).where('peakViewers', '<', viewers).execute();
      return db.selectFrom('content').select(['creatorId', 'peakViewers']).where('id', '=', contentId).executeTakeFirst();
    },
    push(update, creatorId) {
      const targets = creatorId ? [rooms.content(update.contentId), rooms.creator(creatorId)] : [rooms.content(update.contentId)];
      app.io.to(targets).emit('presence:update', update);
    },
    pushToLists(update) {
      app.io.to(rooms.liveList()).emit('presence:update', update);
    },
    async onViewsEnded(views) {
      const events = views.map((view) => ({
        contentId: view.contentId,
        userId: view.userId,
        viewerKey: view.viewerKey,
        device: view.device,
        country: view.country,
        watchSeconds: view.watchSeconds,
        createdAt: view.startedAt,
      }));
      const warn = (error: unknown) => app.log.warn({ err: error }, 'could not record a view');
      await recordViews(app, events).catch(async (error: unknown) => {
        if (events.length === 1) return warn(error);
        // One view that cannot be written (its item deleted meanwhile) must not cost the batch the others.
        for (const event of events) await recordViews(app, [event]).catch(warn);
      });
    },
  });
}

/** A device id the client keeps (auth.deviceId), so a signed-out viewer with many tabs counts once. */
function anonymousViewerKey(socket: AppSocket): string {
  const deviceId = (socket.handshake.auth as { deviceId?: unknown } | undefined)?.deviceId;
  return typeof deviceId === 'string' && DEVICE_ID_PATTERN.test(deviceId) ? `d:${deviceId}` : `s:${socket.id}`;
}

/**
 * The watch events' listeners, shared by every socket (listener.ts). A socket gets its map of watched
 * items, and the disconnect listener that ends those views, only when it first watches something: most
 * sockets on a busy node are signed-out viewers of one page, and many never watch.
 */
function watchListeners(app: FastifyInstance) {
  const watchedBy = new WeakMap<AppSocket, Map<number, string>>();

  const leave = async (socket: AppSocket, contentId: number) => {
    const watching = watchedBy.get(socket);
    const viewerKey = watching?.get(contentId);
    if (!watching || !viewerKey) return;
    watching.delete(contentId);
    await socket.leave(rooms.content(contentId));
    await app.presence.leave(contentId, viewerKey);
  };
  function leaveAll(this: AppSocket) {
    // Nobody awaits a disconnect: a failed leave (Redis gone, the node shutting down) is logged here,
    // where unhandled it would end the process.
    for (const contentId of [...(watchedBy.get(this)?.keys() ?? [])]) {
      leave(this, contentId).catch((error: unknown) => app.log.warn({ err: error, contentId }, 'could not end a view on disconnect'));
    }
  }
  const watchingOf = (socket: AppSocket) => {
    let watching = watchedBy.get(socket);
    if (!watching) {
      watching = new Map();
      watchedBy.set(socket, watching);
      socket.on('disconnect', leaveAll);
    }
    return watching;
  };

  const watch = async (socket: AppSocket, request: unknown) => {
    const { contentId, device } = parseOr400(WatchRequestSchema, request);
    const item = await app.db.kysely.selectFrom('content').select(['id', 'peakViewers']).where('id', '=', contentId).executeTakeFirst();
    if (!item) throw notFound('contentId: no content with that id');
    // A subscribers-only room carries its chat: only those who may watch enter it.
    const viewer = socket.data.userId && socket.data.role ? { id: socket.data.userId, role: socket.data.role } : null;
    await assertCanWatch(app.db.kysely, viewer, contentId);
    // Gone while we looked: its disconnect listener would never run, so it must not start a view.
    if (socket.disconnected) return { contentId, viewerCount: 0, peakViewers: item.peakViewers };
    const watching = watchingOf(socket);
    if (!watching.has(contentId)) {
      const viewerKey = socket.data.userId ? `u:${socket.data.userId}` : anonymousViewerKey(socket);
      // Claimed before any await: a retried watch arriving meanwhile must not join the presence
      // twice, or the one leave at the end would never end the view (and it would not be recorded).
      watching.set(contentId, viewerKey);
      const user = socket.data.userId ? await app.socketUsers.find(socket.data.userId) : null;
      await socket.join(rooms.content(contentId));
      await app.presence.join(contentId, {
        viewerKey,
        userId: user?.id ?? null,
        device: device as ViewDevice,
        country: user?.country ?? countryFromHeaders(socket.handshake.headers, app.config.countryHeader) ?? UNKNOWN_COUNTRY,
      });
    }
    for (const greet of app.roomGreeters) greet(socket, contentId);
    const viewerCount = (await app.presence.viewerCounts([contentId])).get(contentId) ?? 0;
    return { contentId, viewerCount, peakViewers: Math.max(item.peakViewers, viewerCount) };
  };
  const onWatch: SharedListener<'content:watch'> = function (request, ack) {
    void acknowledge(app, ack, () => watch(this, request));
  };
  const onLeave: SharedListener<'content:leave'> = function (request) {
    const contentId = Number((request as { contentId?: unknown })?.contentId);
    if (Number.isInteger(contentId)) void leave(this, contentId);
  };
  // The list room is public like content rooms: the landing page lists what is on air too.
  const onFollow: SharedListener<'streams:follow'> = function () {
    void this.join(rooms.liveList());
  };
  const onUnfollow: SharedListener<'streams:unfollow'> = function () {
    void this.leave(rooms.liveList());
  };
  return { onWatch, onLeave, onFollow, onUnfollow };
}

async function realtimePlugin(app: FastifyInstance) {
  const prefix = app.config.redisPrefix;
  const guard = new SocketGuard(app);
  // The streams adapter publishes (and keeps recovery sessions) on the connection it is given and makes
  // its own for reading; the one it is given is ours to close, after the server, so that no session is
  // written on a closed connection (an unhandled rejection: the adapter does not await that write).
  const adapterRedis = app.redis
    ? adapterConnection(app.redis, `${prefix}socket.io`, (error) => app.log.warn({ err: error }, 'socket adapter write failed'))
    : undefined;
  adapterRedis?.on('error', (error: Error) => app.log.warn({ err: error }, 'socket adapter Redis error'));
  const io: AppServer = new Server(app.server, {
    serveClient: false,
    transports: app.config.apiProcesses > 1 ? ['websocket'] : ['polling', 'websocket'],
    // Middlewares run on recovered connections too: a socket is re-identified every time it connects.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    allowRequest: guard.allowRequest,
    ...(adapterRedis
      ? {
          adapter: createAdapter(adapterRedis, {
            streamName: `${prefix}socket.io`,
            channelPrefix: `${prefix}socket.io`,
            sessionKeyPrefix: `${prefix}sio:session:`,
          }),
        }
      : {}),
  });
  const counters = app.redis ? redisCounters(app.redis, app.config.nodeId, prefix) : memoryCounters();
  app.decorate('io', io);
  app.decorate('clusterCounters', counters);
  app.decorate('presence', createPresence(app, counters));
  app.decorate('roomGreeters', new Set<RoomGreeter>());
  app.decorate('socketUsers', new SocketUsers(app));
  app.decorate('liveAudience', app.presence);

  guard.watchEngine(io);
  guardRecovery(app, io);
  sendWholeFrames(io);
  writeFramesDirectly(io);

  io.use(async (socket, next) => {
    try {
      const { user, sessionHash, sessionExpiresAt } = await identifySocket(app, socket.handshake.headers.cookie);
      socket.data.userId = user?.id ?? null;
      socket.data.username = user?.username ?? null;
      socket.data.role = user?.role ?? null;
      socket.data.sessionId = sessionHash;
      socket.data.sessionExpiresAt = sessionExpiresAt;
      socket.data.ip = clientIp(app, socket.request);
    } catch (error) {
      app.log.warn({ err: error }, 'socket handshake failed');
      return next(new Error('handshake failed'));
    }
    const refusal = guard.admit(socket);
    next(refusal ? new Error(refusal) : undefined);
  });

  const watch = watchListeners(app);
  const onChatSend = chatSendListener(app);
  const onPollVote = pollVoteListener(app);
  io.on('connection', (socket) => {
    // Fresh or recovered, the socket ends up in exactly the rooms its current identity allows.
    settleRooms(socket);
    bindToSession(socket);
    socket.use(refuseNulCharacters);
    socket.on('content:watch', watch.onWatch);
    socket.on('content:leave', watch.onLeave);
    socket.on('streams:follow', watch.onFollow);
    socket.on('streams:unfollow', watch.onUnfollow);
    socket.on('chat:send', onChatSend);
    socket.on('poll:vote', onPollVote);
  });

  app.addHook('preClose', async () => {
    // The views first, in one batch; the sockets' own leaves then find nothing left to end.
    await app.presence.close();
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await counters.close();
    app.socketUsers.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    adapterRedis?.disconnect();
  });
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['context', 'auth'] });
