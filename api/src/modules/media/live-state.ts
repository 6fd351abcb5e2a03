/**
 * What the live pipeline last measured, held in memory on the node that packages the stream: the input's
 * health per stream and each restream destination's state. The pipeline reports through `publishHealth`
 * and `publishRestream`, which keep the latest value (for the Studio's polling fallback) and push it to
 * the creator's room. `endStream` forgets a stream once it is off air.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rooms, type RestreamState, type StreamHealth } from '@onair/protocol';

export interface LiveState {
  /** Latest input health by stream id. */
  health: Map<number, StreamHealth>;
  /** Latest restream state by `streamId:targetId`. */
  restreams: Map<string, RestreamState>;
  publishHealth(creatorId: number, health: StreamHealth): void;
  publishRestream(creatorId: number, state: RestreamState): void;
  /** Drops everything held about a stream (it ended). */
  endStream(streamId: number): void;
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
}

export function createLiveState(push: LiveStatePush): LiveState {
  const health = new Map<number, StreamHealth>();
  const restreams = new Map<string, RestreamState>();
  // Whose stream each entry belongs to, so one creator's reads never see another's streams.
  const owners = new Map<number, number>();
  const ownedBy = (creatorId: number) => (streamId: number) => owners.get(streamId) === creatorId;

  return {
    health,
    restreams,
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
  app.decorate(
    'liveState',
    createLiveState({
      health: (creatorId, h) => app.io.to(rooms.creator(creatorId)).emit('stream:health', h),
      restream: (creatorId, s) => app.io.to(rooms.creator(creatorId)).emit('restream:state', s),
    }),
  );
}

export default fp(liveStatePlugin, { name: 'live-state', dependencies: ['realtime'] });
