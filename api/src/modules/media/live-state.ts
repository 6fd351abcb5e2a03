/**
 * What the live pipeline last measured, held in memory on the node that packages the stream: the input's
 * health per stream and each restream destination's state. The pipeline reports through `publishHealth`
 * and `publishRestream`, which keep the latest value (for the Studio's polling fallback) and push it to
 * the creator's room. `endStream` forgets a stream once it is off air.
 *
 * The encoder's signal (`publishSignal`: dropped, back, or the broadcast ended without it) goes to the
 * item's viewers, and every node keeps the broadcasts whose encoder is away (through the Redis adapter's
 * server-side events), so a viewer entering the room on any node is told at once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rooms, type RestreamState, type StreamHealth, type StreamSignal } from '@onair/protocol';

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

async function liveStatePlugin(app: FastifyInstance) {
  const state = createLiveState({
    health: (creatorId, h) => app.io.to(rooms.creator(creatorId)).emit('stream:health', h),
    restream: (creatorId, s) => app.io.to(rooms.creator(creatorId)).emit('restream:state', s),
    signal: (signal) => {
      app.io.to(rooms.content(signal.contentId)).emit('stream:signal', signal);
      if (app.redis) app.io.serverSideEmit('mediaSignal', signal);
    },
  });
  app.decorate('liveState', state);
  if (app.redis) app.io.on('mediaSignal', (signal: StreamSignal) => state.recordSignal(signal));
  app.roomGreeters.add((socket, contentId) => {
    const signal = state.signals.get(contentId);
    if (signal) socket.emit('stream:signal', signal);
  });
}

export default fp(liveStatePlugin, { name: 'live-state', dependencies: ['realtime'] });
