/** Helpers for lists kept in the query cache. */

/** A path scoped to one item (`?contentId=`), or the lobby's when there is none. */
export const withContent = (path: string, contentId: number | null) => (contentId ? `${path}?contentId=${contentId}` : path);

/** Adds or replaces by id, keeping order by id: socket echoes and REST refetches never duplicate. */
export function mergeById<T extends { id: number }>(list: T[] | undefined, item: T, order: 'asc' | 'desc' = 'asc'): T[] {
  const rest = (list ?? []).filter((x) => x.id !== item.id);
  const merged = [...rest, item].sort((a, b) => a.id - b.id);
  return order === 'asc' ? merged : merged.reverse();
}
