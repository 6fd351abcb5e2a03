/**
 * What the live pipeline last measured, held in memory on the node that packages the stream: the input's
 * health per stream and each restream destination's state. The pipeline reports through `publishHealth`
 * and `publishRestream`, which keep the latest value (for the Studio's polling fallback) and push it to
 * the creator's room. `endStream` forgets a stream once it is off air.
 *
 * The encoder's signal (`publishSignal`: dropped, back, or the broadcast ended without it) goes to the
 * item's viewers, and every node keeps the broadcasts whose encoder is away (through the Redis adapter's
 * server-side events), so a viewer entering the room on any node is told at once. With Redis they are
 * also kept in a hash, which a node reads when it starts: one started while an encoder is away knows too.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { rooms, StreamSignalSchema, type RestreamState, type StreamHealth, type StreamSignal } from '@onair/protocol';

export interface LiveState {
  /** Latest input health by stream id. */
  health: Map<number, StreamHealth>;
  /** Latest restream state by `streamId:targetId`. */
  restreams: Map<string, RestreamState>;
  publishHealth(creatorId: number, health: StreamHealth): void;
  publishRestream(creatorId: number, state: RestreamState): void;
  /** Drops everything held about a stream (it ended). */
  endStream(streamId: number): void;
  /** Broadcasts whose encoder is away, by content id (state `lost`). */
  signals: Map<number, StreamSignal>;
  /** The encoder dropped, came back, or its broadcast ended: kept here, told to the item's viewers and to the other nodes. */
  publishSignal(signal: StreamSignal): void;
  /** Another node's signal: kept only. */
  recordSignal(signal: StreamSignal): void;
  /** What one creator's streams hold now. */
  healthOf(creatorId: number): StreamHealth[];
  restreamsOf(creatorId: number): RestreamState[];
}

declare module 'fastify' {
  interface FastifyInstance {
    liveState: LiveState;
  }
}

export const restreamKey = (streamId: number, targetId: number) => `${streamId}:${targetId}`;

/** Where published values go besides the registry: the creator's socket room in the server. */
export interface LiveStatePush {
  health(creatorId: number, health: StreamHealth): void;
  restream(creatorId: number, state: RestreamState): void;
  signal(signal: StreamSignal): void;
}

export function createLiveState(push: LiveStatePush): LiveState {
  const health = new Map<number, StreamHealth>();
  const restreams = new Map<string, RestreamState>();
  const signals = new Map<number, StreamSignal>();
  const recordSignal = (signal: StreamSignal) => {
    if (signal.state === 'lost') signals.set(signal.contentId, signal);
    else signals.delete(signal.contentId);
  };
  // Whose stream each entry belongs to, so one creator's reads never see another's streams.
  const owners = new Map<number, number>();
  const ownedBy = (creatorId: number) => (streamId: number) => owners.get(streamId) === creatorId;

  return {
    health,
    restreams,
    signals,
    recordSignal,
    publishSignal(signal) {
      recordSignal(signal);
      push.signal(signal);
    },
    publishHealth(creatorId, h) {
      owners.set(h.streamId, creatorId);
      health.set(h.streamId, h);
      push.health(creatorId, h);
    },
    publishRestream(creatorId, s) {
      owners.set(s.streamId, creatorId);
      restreams.set(restreamKey(s.streamId, s.targetId), s);
      push.restream(creatorId, s);
    },
    endStream(streamId) {
      health.delete(streamId);
      for (const [key, state] of restreams) if (state.streamId === streamId) restreams.delete(key);
      owners.delete(streamId);
    },
    healthOf(creatorId) {
      return [...health.values()].filter((h) => ownedBy(creatorId)(h.streamId));
    },
    restreamsOf(creatorId) {
      return [...restreams.values()].filter((s) => ownedBy(creatorId)(s.streamId));
    },
  };
}

/** The broadcasts whose encoder is away, in Redis: by content id, each its `lost` signal as JSON. */
const storedSignalsKey = (app: FastifyInstance) => `${app.config.redisPrefix}media:signals`;

async function storeSignal(redis: Redis, key: string, signal: StreamSignal) {
  if (signal.state === 'lost') await redis.hset(key, String(signal.contentId), JSON.stringify(signal));
  else await redis.hdel(key, String(signal.contentId));
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The stored signals still in their grace; those past it (an ingest process that died meanwhile) are dropped. */
async function loadSignals(redis: Redis, key: string, now = Date.now()): Promise<StreamSignal[]> {
  const stored = await redis.hgetall(key);
  const current: StreamSignal[] = [];
  const stale: string[] = [];
  for (const [contentId, json] of Object.entries(stored)) {
    const signal = StreamSignalSchema.safeParse(parseJson(json));
    if (signal.success && signal.data.endsAt !== null && Date.parse(signal.data.endsAt) > now) current.push(signal.data);
    else stale.push(contentId);
  }
  if (stale.length) await redis.hdel(key, ...stale);
  return current;
}

async function liveStatePlugin(app: FastifyInstance) {
  const redis = app.redis;
  const state = createLiveState({
    health: (creatorId, h) => app.io.to(rooms.creator(creatorId)).emit('stream:health', h),
    restream: (creatorId, s) => app.io.to(rooms.creator(creatorId)).emit('restream:state', s),
    signal: (signal) => {
      app.io.to(rooms.content(signal.contentId)).emit('stream:signal', signal);
      if (!redis) return;
      app.io.serverSideEmit('mediaSignal', signal);
      storeSignal(redis, storedSignalsKey(app), signal).catch((error: unknown) => app.log.warn({ err: error }, 'could not store the encoder signal'));
    },
  });
  app.decorate('liveState', state);
  if (redis) {
    // Items the relay told of while the hash was being read: what it said is newer than the hash.
    let heardWhileLoading: Set<number> | null = new Set();
    app.io.on('mediaSignal', (signal: StreamSignal) => {
      heardWhileLoading?.add(signal.contentId);
      state.recordSignal(signal);
    });
    for (const signal of await loadSignals(redis, storedSignalsKey(app))) if (!heardWhileLoading.has(signal.contentId)) state.recordSignal(signal);
    heardWhileLoading = null;
  }
  app.roomGreeters.add((socket, contentId) => {
    const signal = state.signals.get(contentId);
    if (signal) socket.emit('stream:signal', signal);
  });
}

export default fp(liveStatePlugin, { name: 'live-state', dependencies: ['realtime'] });
