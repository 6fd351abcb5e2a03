/**
 * Weekly services in their own time zone: "Sunday 10:00 Europe/London" is 10:00 on the wall clock
 * there, summer or winter. The next start is found with Intl (the runtime's tz database), no library.
 */

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function wallClock(at: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAY_INDEX[parts.weekday ?? 'Sun'] ?? 0,
  };
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / 60_000) * 60_000;
}

/** The instant the wall clock of `timeZone` shows that date and time. */
export function zonedTimeToInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** The next start (at or after `now`) of a service held every `weekday` (0 = Sunday) at `time` (HH:MM). */
export function nextOccurrence(weekday: number, time: string, timeZone: string, now = Date.now()): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const today = wallClock(now, timeZone);
  for (let ahead = 0; ahead <= 7; ahead++) {
    if ((today.weekday + ahead) % 7 !== weekday) continue;
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + ahead));
    const at = zonedTimeToInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute, timeZone);
    if (at >= now) return at;
  }
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + 7));
  return zonedTimeToInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute, timeZone);
}
