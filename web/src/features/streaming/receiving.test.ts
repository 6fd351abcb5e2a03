import { describe, expect, it } from 'vitest';
import type { RestreamState } from '@onair/protocol';
import { receivingCount } from './receiving';

const state = (streamId: number, targetId: number, s: RestreamState['state']): RestreamState => ({
  streamId,
  targetId,
  name: `target ${targetId}`,
  platform: 'custom',
  state: s,
  reason: s === 'failed' ? 'Connection refused' : null,
  attempts: 1,
  since: new Date(0).toISOString(),
});

describe('receivingCount', () => {
  it('counts OnAir plus only the copies that are live for the streams on air', () => {
    expect(receivingCount(undefined, [1])).toBe(1);
    expect(receivingCount([], [1])).toBe(1);
    const states = [state(1, 10, 'live'), state(1, 11, 'failed'), state(1, 12, 'connecting'), state(1, 13, 'retrying'), state(1, 14, 'live'), state(2, 15, 'live')];
    expect(receivingCount(states, [1])).toBe(3);
    expect(receivingCount(states, [1, 2])).toBe(4);
    expect(receivingCount(states, [3])).toBe(1);
  });
});
