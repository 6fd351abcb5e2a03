/** Ids and dates as the API carries them. */
import { z } from 'zod';

export const Id = z.number().int().positive();
export const IsoDate = z.string();
/** A count of things: a whole number, never negative. */
export const Count = z.number().int().nonnegative();

/** Text a person must fill in: trimmed, not empty, at most `max` characters; errors name the field. */
export const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });
