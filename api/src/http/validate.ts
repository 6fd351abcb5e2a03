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
