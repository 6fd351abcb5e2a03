import { describe, expect, it } from 'vitest';
import { PEAK_USAGE_BAR_SCALE } from '@onair/protocol/constants';
import { niceCeil, peakUsageScale } from './bar-scale';

describe('peak usage bar scale', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeil(87)).toBe(100);
    expect(niceCeil(100)).toBe(100);
    expect(niceCeil(101)).toBe(200);
    expect(niceCeil(430)).toBe(500);
    expect(niceCeil(0)).toBe(1);
  });

  it('scales a small platform to its own data, so the top bar is at least half full', () => {
    const peaks = [96, 71, 40];
    const scale = peakUsageScale(peaks);
    expect(scale).toBe(100);
    expect(peaks[0]! / scale).toBeGreaterThan(0.5);
  });

  it('keeps the spec constant as a floor once the data is in its range', () => {
    expect(peakUsageScale([12_000, 8_000])).toBe(PEAK_USAGE_BAR_SCALE);
    expect(peakUsageScale([64_000])).toBe(100_000);
  });

  it('has a scale for an empty period', () => {
    expect(peakUsageScale([])).toBe(1);
  });
});
