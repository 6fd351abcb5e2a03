import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatCountdown(330)).toBe('5:30');
    expect(formatCountdown(59)).toBe('0:59');
  });

  it('adds hours once a poll runs an hour or more', () => {
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(6 * 3600 - 48)).toBe('5:59:12');
  });
});
