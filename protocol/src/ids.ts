/**
 * Ids in requests. Keys are 32-bit integers in Postgres (`serial`), so a larger number names no row:
 * it is the client's mistake and must answer 400 naming the field, not reach the database and fail
 * there. One definition, so every path, query and body id reads the same and says the same.
 */
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;

function idMessage(field: string) {
  return (issue: { input?: unknown; code?: string }) => {
    if (issue.input === undefined) return `${field} is required`;
    if (issue.code === 'too_big') return `${field} is not a known id`;
    if (issue.code === 'invalid_type') return `${field} must be a number`;
    return `${field} must be a positive whole number`;
  };
}

/** An id in a JSON body: a number, whole, positive, and one a row could have. */
export function idField(field: string) {
  const error = idMessage(field);
  return z.number({ error }).int({ error }).positive({ error }).max(MAX_ID, { error });
}

/** An id in a path or query string, where everything arrives as text. */
export function idParam(field: string) {
  const error = idMessage(field);
  return z.coerce.number({ error }).int({ error }).positive({ error }).max(MAX_ID, { error });
}

/** The item a chat line, poll or question belongs to; null or absent: the lobby. */
export const optionalContentId = idField('contentId').nullable().optional();
