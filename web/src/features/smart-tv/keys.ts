/**
 * Remote-control keys. TV browsers send arrow keys and Enter for the D-pad; Back arrives as Escape,
 * Backspace, BrowserBack/GoBack, or a platform key code (webOS 461, Tizen 10009). The on-screen remote
 * of /smart-tv posts the same names into the frame.
 */
export type TvKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Enter' | 'Back';

export const TV_KEY_MESSAGE = 'onair-tv-key';

export function tvKeyOf(event: KeyboardEvent): TvKey | null {
  switch (event.key) {
    case 'ArrowUp':
    case 'ArrowDown':
    case 'ArrowLeft':
    case 'ArrowRight':
    case 'Enter':
      return event.key;
    case 'Escape':
    case 'Backspace':
    case 'BrowserBack':
    case 'GoBack':
      return 'Back';
  }
  return event.keyCode === 461 || event.keyCode === 10009 ? 'Back' : null;
}

/** Moves a focus position over rows of different lengths; the column is kept within the new row. */
export function moveFocus(rows: number[], at: { row: number; col: number }, key: TvKey): { row: number; col: number } {
  const nonEmpty = rows.map((n, i) => ({ n, i })).filter((r) => r.n > 0);
  if (nonEmpty.length === 0) return at;
  const index = Math.max(0, nonEmpty.findIndex((r) => r.i === at.row));
  if (key === 'ArrowLeft') return { row: at.row, col: Math.max(0, at.col - 1) };
  if (key === 'ArrowRight') return { row: at.row, col: Math.min((rows[at.row] ?? 1) - 1, at.col + 1) };
  const next = key === 'ArrowUp' ? nonEmpty[Math.max(0, index - 1)]! : key === 'ArrowDown' ? nonEmpty[Math.min(nonEmpty.length - 1, index + 1)]! : nonEmpty[index]!;
  return { row: next.i, col: Math.min(at.col, next.n - 1) };
}
