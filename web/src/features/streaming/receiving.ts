import type { RestreamState } from '@onair/protocol';

/**
 * Platforms really receiving a broadcast: OnAir itself plus every restream copy whose state is `live`.
 * A destination that is enabled but still connecting, retrying or failed is not counted.
 */
export function receivingCount(states: RestreamState[] | undefined, streamIds: number[]): number {
  return 1 + (states ?? []).filter((s) => s.state === 'live' && streamIds.includes(s.streamId)).length;
}
