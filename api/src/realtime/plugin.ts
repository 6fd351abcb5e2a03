/**
 * The Socket.IO server, on the same HTTP server as Fastify.
 *
 * - Handshake: the session cookie decides who the socket is (handshake.ts); signed-out sockets may
 *   only watch content (public rooms: `lobby` and `content:{id}`).
 * - Rooms are chosen here, never by the client: `lobby` for all; `polls` and `user:{id}` for accounts;
 *   `creator:{id}` for creators and admins; `admin` for admins. `content:watch` enters a content room.
 * - Fan-out: in memory alone; `@socket.io/redis-streams-adapter` when Redis is configured, which keeps
 *   connection state recovery working across nodes.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { DEVICE_TYPES, idField, rooms, type ViewDevice } from '@onair/protocol';
import { z } from 'zod';
import { countryFromHeaders } from '../http/country.ts';
import { notFound } from '../http/errors.ts';
import { parseOr400 } from '../http/validate.ts';
import { recordView, UNKNOWN_COUNTRY } from '../modules/analytics/views.ts';
import { registerChatHandlers } from '../modules/chat/socket.ts';
import { registerPollHandlers } from '../modules/polls/socket.ts';
import { findUserById } from '../modules/users/repository.ts';
import { acknowledge, refuseNulCharacters } from './ack.ts';
import { memoryCounters, redisCounters, type ClusterCounters } from './cluster-counters.ts';
import { identifySocket } from './handshake.ts';
import { PresenceTracker } from './presence.ts';
import type { AppServer, AppSocket } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer;
    presence: PresenceTracker;
    clusterCounters: ClusterCounters;
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
    async onViewEnded(view) {
      await recordView(app, {
        contentId: view.contentId,
        userId: view.userId,
        viewerKey: view.viewerKey,
        device: view.device,
        country: view.country,
        watchSeconds: view.watchSeconds,
        createdAt: view.startedAt,
      }).catch((error) => app.log.warn({ err: error }, 'could not record a view'));
    },
  });
}

function registerWatchHandlers(app: FastifyInstance, socket: AppSocket, watching: Map<number, string>) {
  socket.on('content:watch', (request, ack) =>
    acknowledge(app, ack, async () => {
      const { contentId, device } = parseOr400(WatchRequestSchema, request);
      const item = await app.db.kysely.selectFrom('content').select(['id', 'peakViewers']).where('id', '=', contentId).executeTakeFirst();
      if (!item) throw notFound('contentId: no content with that id');
      if (!watching.has(contentId)) {
        const user = socket.data.userId ? await findUserById(app.db.kysely, socket.data.userId) : undefined;
        const viewerKey = user ? `u:${user.id}` : `s:${socket.id}`;
        watching.set(contentId, viewerKey);
        await socket.join(rooms.content(contentId));
        await app.presence.join(contentId, {
          viewerKey,
          userId: user?.id ?? null,
          device: device as ViewDevice,
          country: user?.country ?? countryFromHeaders(socket.handshake.headers, app.config.countryHeader) ?? UNKNOWN_COUNTRY,
        });
      }
      const viewerCount = (await app.presence.viewerCounts([contentId])).get(contentId) ?? 0;
      return { contentId, viewerCount, peakViewers: Math.max(item.peakViewers, viewerCount) };
    }),
  );

  const leave = async (contentId: number) => {
    const viewerKey = watching.get(contentId);
    if (!viewerKey) return;
    watching.delete(contentId);
    await socket.leave(rooms.content(contentId));
    await app.presence.leave(contentId, viewerKey);
  };
  socket.on('content:leave', (request) => {
    const contentId = Number((request as { contentId?: unknown })?.contentId);
    if (Number.isInteger(contentId)) void leave(contentId);
  });
  socket.on('disconnect', () => {
    for (const contentId of [...watching.keys()]) void leave(contentId);
  });
}

async function realtimePlugin(app: FastifyInstance) {
  const prefix = app.config.redisPrefix;
  const io: AppServer = new Server(app.server, {
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true },
    // The streams adapter blocks on XREAD, so it gets a connection of its own.
    ...(app.redis
      ? {
          adapter: createAdapter(app.redis.duplicate(), {
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
  app.decorate('liveAudience', app.presence);

  io.use(async (socket, next) => {
    try {
      const { user, sessionId } = await identifySocket(app, socket.handshake.headers.cookie);
      socket.data.userId = user?.id ?? null;
      socket.data.username = user?.username ?? null;
      socket.data.role = user?.role ?? null;
      socket.data.sessionId = sessionId;
      next();
    } catch (error) {
      app.log.warn({ err: error }, 'socket handshake failed');
      next(new Error('handshake failed'));
    }
  });

  io.on('connection', (socket) => {
    const { userId, role } = socket.data;
    const joined = [rooms.lobby()];
    if (userId) {
      joined.push(rooms.polls(), rooms.user(userId));
      if (role === 'creator' || role === 'admin') joined.push(rooms.creator(userId));
      if (role === 'admin') joined.push(rooms.admin());
    }
    // A recovered socket got its rooms back already.
    if (!socket.recovered) void socket.join(joined);
    socket.use(refuseNulCharacters);
    registerWatchHandlers(app, socket, new Map());
    registerChatHandlers(app, socket);
    registerPollHandlers(app, socket);
  });

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await app.presence.close();
    await counters.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['context', 'auth'] });
