import { PEAK_USAGE_BAR_SCALE } from '@onair/protocol/constants';

/** The smallest of 1, 2, 5 × 10^k at or above `value` (so a scale reads as a round number). */
export function niceCeil(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value)!;
  return step * magnitude;
}

/**
 * The users a full peak-usage bar stands for. Bars against the spec's fixed 50,000 are invisible on a
 * platform with a hundred viewers, so the scale follows the data (the largest peak, rounded up). The
 * spec's constant stays as a floor once the data reaches a tenth of it: a large platform keeps one
 * steady scale from week to week instead of every bar jumping with the top hour.
 */
export function peakUsageScale(peakUsers: readonly number[]): number {
  const top = Math.max(0, ...peakUsers);
  const fitted = niceCeil(top);
  return top >= PEAK_USAGE_BAR_SCALE / 10 ? Math.max(PEAK_USAGE_BAR_SCALE, fitted) : fitted;
}
