/** Display helpers of the admin dashboard. */
import { churnBadge, loadHealth, performanceHealth, REGION_LABELS, type CurationRegion } from '@onair/protocol';

export { formatClock, formatMinutes, countryName, DEVICE_LABELS } from '../creator/format';

/** A rating to one decimal, or 'N/A' without ratings (spec §9). */
export const formatRating = (rating: number | null) => (rating === null ? 'N/A' : rating.toFixed(1));

export const formatPercent = (percent: number | null, digits = 1) => (percent === null ? '–' : `${percent.toFixed(digits)}%`);

/** Signed percent change, '–' without a previous period to compare with. */
export const formatGrowth = (growth: number | null) => (growth === null ? '–' : `${growth > 0 ? '+' : ''}${growth.toFixed(1)}%`);

/** 19 → '19:00 UTC'. */
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00 UTC`;

export const regionLabel = (region: string) => REGION_LABELS[region as CurationRegion] ?? region;

const HEALTH_COLOR = { good: 'green', warn: 'yellow', bad: 'red' } as const;
export const loadColor = (load: number) => HEALTH_COLOR[loadHealth(load)];
export const performanceColor = (score: number) => HEALTH_COLOR[performanceHealth(score)];

/**
 * The churn badge of spec §9: destructive above 15, secondary above 10, otherwise default. Our brand
 * colour is red, so "default" (healthy) is drawn teal and "secondary" (watch it) yellow, keeping red
 * for the destructive case alone.
 */
export function churnBadgeProps(churnRate: number | null): { color: string; variant: 'filled' | 'light' } {
  if (churnRate === null) return { color: 'gray', variant: 'light' };
  const kind = churnBadge(churnRate);
  if (kind === 'destructive') return { color: 'red', variant: 'filled' };
  if (kind === 'secondary') return { color: 'yellow', variant: 'light' };
  return { color: 'teal', variant: 'light' };
}

export const SEVERITY_COLOR = { high: 'red', medium: 'orange', low: 'yellow' } as const;

/** Bytes per second in a readable unit. */
export function formatRate(bytesPerSecond: number): string {
  const units = ['B/s', 'KB/s', 'MB/s', 'GB/s'];
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 && unit > 0 ? 1 : 0)} ${units[unit]}`;
}

/** Seconds as '3d 4h', '2h 5m' or '45s'. */
export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

export const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
