/**
 * The `subtitles` job: an item's transcript translated into another language through the translation
 * engines (Apertium offline, LibreTranslate when configured), keeping every cue's times, stored as a
 * WebVTT subtitle track. Cues go in batches, one cue a line; a batch whose line count does not come
 * back intact is translated cue by cue instead, so a cue never takes another's words.
 */
import { languageName, resolveLanguage } from '@onair/protocol';
import { cuesToVtt } from '../engines/transcription/index.ts';
import { PermanentJobError } from '../errors.ts';
import type { Processor } from './types.ts';

const BATCH = 40;

export const subtitlesProcessor: Processor<'subtitles'> = async (payload, ctx) => {
  const { contentId, targetLanguage } = payload;
  const k = ctx.db.kysely;
  const transcript = await k.selectFrom('transcripts').select(['status', 'language']).where('contentId', '=', contentId).executeTakeFirst();
  if (transcript?.status !== 'ready') throw new PermanentJobError(`contentId: content ${contentId} has no ready transcript`);
  const source = resolveLanguage(transcript.language) ?? 'en';
  const plan = await ctx.engines.translation.plan(source, targetLanguage);
  if (!plan) throw new PermanentJobError(await ctx.engines.translation.missing(source, targetLanguage));
  const cues = await k.selectFrom('transcriptCues').select(['startMs', 'endMs', 'text']).where('contentId', '=', contentId).orderBy('startMs').execute();

  const translated: string[] = [];
  for (let i = 0; i < cues.length; i += BATCH) {
    const batch = cues.slice(i, i + BATCH).map((c) => c.text.replace(/\s+/g, ' ').trim());
    const lines = (await ctx.engines.translation.translate(batch.join('\n'), plan)).split('\n').map((l) => l.trim());
    if (lines.length === batch.length) translated.push(...lines);
    else for (const text of batch) translated.push((await ctx.engines.translation.translate(text, plan)).trim());
    await ctx.progress(5 + (90 * Math.min(cues.length, i + BATCH)) / Math.max(1, cues.length), `Translating subtitles into ${languageName(targetLanguage)}`);
  }
  const vtt = cuesToVtt(cues.map((c, i) => ({ ...c, text: translated[i] ?? '' })));
  const row = { engine: plan.engine, vtt, jobId: ctx.jobId, updatedAt: Date.now() };
  await k
    .insertInto('transcriptTranslations')
    .values({ contentId, language: targetLanguage, ...row })
    .onConflict((oc) => oc.columns(['contentId', 'language']).doUpdateSet(row))
    .execute();
  return { contentId, language: targetLanguage, cues: cues.length, engine: plan.engine };
};
