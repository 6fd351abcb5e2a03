/**
 * Case-insensitive "contains" for search boxes, alike on SQLite and Postgres: `lower()` on both sides
 * (Postgres LIKE is case-sensitive, SQLite's only for non-ASCII), and the `%`, `_` and `\` a person
 * types matched literally.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** True where the text of `value` (a column reference or an expression) contains `text`. */
export function containsText(value: Expression<string | null> | RawBuilder<string | null>, text: string) {
  return sql<boolean>`lower(${value}) like ${likePattern(text)} escape '\\'`;
}
