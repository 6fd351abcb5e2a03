import { describe, expect, it } from 'vitest';
import { RecentLatencies } from './recent-latencies.ts';

describe('RecentLatencies', () => {
  it('keeps the latencies taken since a time, oldest first', () => {
    const recent = new RecentLatencies(10);
    recent.record(100, 5);
    recent.record(200, 7);
    recent.record(300, 9);
    expect(recent.since(0)).toEqual([5, 7, 9]);
    expect(recent.since(200)).toEqual([7, 9]);
    expect(recent.since(301)).toEqual([]);
  });

  it('drops the oldest once full, across the wrap', () => {
    const recent = new RecentLatencies(3);
    for (let i = 1; i <= 7; i++) recent.record(i * 10, i);
    expect(recent.since(0)).toEqual([5, 6, 7]);
    expect(recent.since(60)).toEqual([6, 7]);
  });

  it('is empty before anything is recorded', () => {
    expect(new RecentLatencies(4).since(0)).toEqual([]);
  });
});
