import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** The first zod issue as `field: message`, so a 400 always names what to fix. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  if (!field) return issue.message;
  // Our schemas already start their messages with the field name; do not say it twice.
  return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
}

/** Parses input with a schema or throws a 400 naming the field. Nothing is written before this. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(describeIssue(result.error));
  return result.data;
}

/**
 * Postgres cannot store NUL in text and no field of ours means it, so it is refused at the edge of each
 * transport (the HTTP preValidation hook, the socket packet middleware) before any handler reads the
 * input. Throws a 400 naming the field; `label` names input that is itself the offending string.
 */
export function assertNoNulCharacter(input: unknown, label: string): void {
  const path = findNulCharacter(input, '');
  if (path !== null) throw badRequest(`${path || label}: must not contain the NUL character`);
}

/** The path of the first string holding a NUL character, or null. */
function findNulCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNulCharacter(key, path, depth + 1) ?? findNulCharacter(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
