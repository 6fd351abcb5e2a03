/**
 * Rows a transaction writes many of at once (a batch of votes: their tallies, the voters' day totals,
 * points totals and ledger rows) are written in the order of their keys. On Postgres each row written
 * is locked until commit, and two API processes' transactions that met the same rows in opposite orders
 * each held one the other waited for: Postgres broke the deadlock by aborting one, and every vote of
 * its batch failed (vote-batch-locks.test.ts). In one order, the later transaction waits for the
 * earlier instead. SQLite runs one writer at a time and needs none of this; it costs a sort of the batch.
 */

/** The items sorted by `key` (numbers and strings, compared part by part), stably: equal keys keep their order. */
export function inLockOrder<T>(items: readonly T[], key: (item: T) => readonly (number | string)[]): T[] {
  const keyed = items.map((item) => ({ item, key: key(item) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      const [x, y] = [a.key[i]!, b.key[i]!];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  return keyed.map((k) => k.item);
}
