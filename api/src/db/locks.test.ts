import { describe, expect, it } from 'vitest';
import { inLockOrder } from './locks.ts';

describe('inLockOrder', () => {
  it('orders by each part of the key in turn, numbers and strings alike', () => {
    const rows = [
      { user: 2, action: 'vote', ref: '9' },
      { user: 1, action: 'vote', ref: '10' },
      { user: 2, action: 'chat', ref: '3' },
      { user: 1, action: 'vote', ref: '1' },
    ];
    expect(inLockOrder(rows, (r) => [r.user, r.action, r.ref])).toEqual([
      { user: 1, action: 'vote', ref: '1' },
      { user: 1, action: 'vote', ref: '10' },
      { user: 2, action: 'chat', ref: '3' },
      { user: 2, action: 'vote', ref: '9' },
    ]);
  });

  it('keeps items of equal keys in the order given (a person’s two votes: the first is the one counted)', () => {
    const votes = [
      { poll: 5, user: 7, option: 1 },
      { poll: 4, user: 7, option: 0 },
      { poll: 5, user: 7, option: 0 },
    ];
    expect(inLockOrder(votes, (v) => [v.poll, v.user]).map((v) => `${v.poll}:${v.option}`)).toEqual(['4:0', '5:1', '5:0']);
    expect(votes.map((v) => v.poll)).toEqual([5, 4, 5]);
  });
});
