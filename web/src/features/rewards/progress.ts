import type { Achievement } from '@onair/protocol';

const hours = (seconds: number) => {
  const value = seconds / 3600;
  // Whole hours read plainly; a partial hour keeps one decimal so progress is visible (0.4 of 10).
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
};

/**
 * An achievement's progress as a person reads it: "3 / 10" for counts, "2.5 / 10 hours" for watch time
 * (the API counts seconds, and "36000 / 36000" means nothing to anyone).
 */
export function formatProgress({ progress, maxProgress, unit }: Pick<Achievement, 'progress' | 'maxProgress' | 'unit'>): string {
  if (unit === 'seconds') {
    if (maxProgress < 3600) return `${Math.floor(progress / 60)} / ${Math.round(maxProgress / 60)} min`;
    return `${hours(progress)} / ${hours(maxProgress)} hours`;
  }
  return `${Math.floor(progress)} / ${maxProgress}`;
}
