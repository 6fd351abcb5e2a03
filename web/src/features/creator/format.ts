/** Display helpers shared by the creator, analytics and studio views. */

/** Whole minutes, as the content list shows durations (spec §9); a clip shorter than a minute is not "0 min". */
export function formatMinutes(seconds: number): string {
  if (seconds > 0 && seconds < 30) return '<1 min';
  return `${Math.round(seconds / 60)} min`;
}

/** A count with its noun, singular for one: "1 viewer", "12 viewers". */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString()} ${count === 1 ? noun : `${noun}s`}`;
}

/** Seconds as m:ss, or h:mm:ss past an hour. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export function formatCents(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** 'GH' → 'Ghana'; the server's 'ZZ' means the country was not known. */
export function countryName(code: string): string {
  if (code === 'ZZ') return 'Unknown';
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

export const DEVICE_LABELS: Record<string, string> = { mobile: 'Mobile', tv: 'Smart TV', web: 'Web', satellite: 'Satellite' };
