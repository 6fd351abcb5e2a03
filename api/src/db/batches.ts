/**
 * Multi-row statements in pieces: a batch (of votes, view events, day totals) can hold thousands of
 * rows, and one statement may bind at most 32,766 parameters on SQLite and 65,535 on Postgres.
 */

/** Rows (or `in` list entries) per statement: with up to ~10 columns a row, well under both limits. */
export const ROWS_PER_STATEMENT = 500;

export function* chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
