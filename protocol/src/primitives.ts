/** Ids and dates as the API carries them. */
import { z } from 'zod';

export const Id = z.number().int().positive();
export const IsoDate = z.string();
/** A count of things: a whole number, never negative. */
export const Count = z.number().int().nonnegative();
