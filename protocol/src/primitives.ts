/** Ids and dates as the API carries them. */
import { z } from 'zod';

export const Id = z.number().int().positive();
export const IsoDate = z.string();
/** A count of things: a whole number, never negative. */
export const Count = z.number().int().nonnegative();

/** Whitespace and invisible format characters (Unicode Cf: zero-width spaces, direction marks, BOM). */
const INVISIBLE = /[\s\p{Cf}]/gu;

/** True when the text shows something: not only whitespace and invisible characters. */
const hasVisibleText = (text: string) => text.replace(INVISIBLE, '') !== '';

/**
 * Text a person must fill in: trimmed, at most `max` characters, and showing something (a name of only
 * zero-width or direction characters reads as blank); errors name the field. Invisible characters
 * inside the text are kept: joiners and direction marks belong to some names.
 */
export const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .refine(hasVisibleText, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** A page of a long admin list: `page` from 1, `pageSize` rows (20 unless asked, at most 100). */
export const PageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be at least 1' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be at least 1' })
    .max(100, { error: 'pageSize must be at most 100' })
    .default(20),
});

/** Which page of a long list an answer is, and how many rows match in all (PageQuery's answer). */
export const pageFields = {
  /** Matching the search and filters. */
  total: Count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
};

/** Text to search a list for: trimmed, at most 100 characters. */
export const SearchText = z.string({ error: 'search must be text' }).trim().max(100, { error: 'search must be at most 100 characters' });
