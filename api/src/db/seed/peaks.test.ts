import { describe, expect, it } from 'vitest';
import { peakConcurrentViewers } from './peaks.ts';

const view = (contentId: number, viewerKey: string, startMinute: number, minutes: number) => ({
  contentId,
  viewerKey,
  createdAt: startMinute * 60_000,
  watchSeconds: minutes * 60,
});

describe('peak concurrent viewers', () => {
  it('counts the views that overlap, per item', () => {
    const peaks = peakConcurrentViewers([
      view(1, 'a', 0, 30),
      view(1, 'b', 10, 30),
      view(1, 'c', 20, 5),
      view(1, 'd', 50, 10),
      view(2, 'a', 0, 5),
    ]);
    expect(peaks.get(1)).toBe(3);
    expect(peaks.get(2)).toBe(1);
  });

  it('does not count back-to-back views as overlapping', () => {
    expect(peakConcurrentViewers([view(1, 'a', 0, 10), view(1, 'b', 10, 10)]).get(1)).toBe(1);
  });

  it('never exceeds the distinct viewers (one person in two tabs of history)', () => {
    expect(peakConcurrentViewers([view(1, 'a', 0, 30), view(1, 'a', 5, 30)]).get(1)).toBe(1);
  });
});
