import { summarize } from '../engines/summary/textrank.ts';
import type { Processor } from './types.ts';

/** Extractive summary of the given text (no database writes, so a retry is harmless). */
export const summaryProcessor: Processor<'summary'> = async (payload, ctx) => {
  await ctx.progress(10, 'Splitting sentences');
  const result = summarize(payload.text, payload.maxSentences ? { maxSentences: payload.maxSentences } : {});
  await ctx.progress(90, `Ranked ${result.sentenceCount} sentences`);
  return result;
};
