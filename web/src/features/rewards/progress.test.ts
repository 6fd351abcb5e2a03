import { describe, expect, it } from 'vitest';
import { formatProgress } from './progress';

describe('formatProgress', () => {
  it('shows watch time in hours, not seconds', () => {
    expect(formatProgress({ progress: 36_000, maxProgress: 36_000, unit: 'seconds' })).toBe('10 / 10 hours');
    expect(formatProgress({ progress: 9_000, maxProgress: 36_000, unit: 'seconds' })).toBe('2.5 / 10 hours');
    expect(formatProgress({ progress: 0, maxProgress: 36_000, unit: 'seconds' })).toBe('0 / 10 hours');
  });

  it('shows short watch targets in minutes', () => {
    expect(formatProgress({ progress: 750, maxProgress: 1800, unit: 'seconds' })).toBe('12 / 30 min');
  });

  it('shows counts as they are', () => {
    expect(formatProgress({ progress: 3, maxProgress: 10, unit: 'count' })).toBe('3 / 10');
  });
});
