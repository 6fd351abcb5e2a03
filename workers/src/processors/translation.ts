import { languageName } from '@onair/protocol';
import { PermanentJobError } from '../errors.ts';
import type { Processor } from './types.ts';

/** Pieces of about this many characters are translated one by one, so progress can be reported. */
const CHUNK_CHARS = 1500;

/** Splits at paragraph breaks (kept), grouping short paragraphs up to CHUNK_CHARS. */
export function chunkText(text: string): { text: string; separator: string }[] {
  const parts = text.split(/(\n\s*\n)/);
  const chunks: { text: string; separator: string }[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const paragraph = parts[i]!;
    const separator = parts[i + 1] ?? '';
    const last = chunks[chunks.length - 1];
    if (last && last.text.length + paragraph.length < CHUNK_CHARS) {
      last.text += last.separator + paragraph;
      last.separator = separator;
    } else {
      chunks.push({ text: paragraph, separator });
    }
  }
  return chunks.filter((c) => c.text.trim() !== '' || c.separator !== '');
}

/**
 * Translates a content item's title and the given text, and stores them as an AI translation. An item
 * has one translation per language (unique index), so this replaces the one there; the row carries the
 * job id, so a retry after a crash finds it instead of translating again.
 */
export const translationProcessor: Processor<'translation'> = async (payload, ctx) => {
  const { contentId, sourceLanguage, targetLanguage } = payload;
  const k = ctx.db.kysely;
  const content = await k.selectFrom('content').select(['id', 'title']).where('id', '=', contentId).executeTakeFirst();
  if (!content) throw new PermanentJobError(`contentId: content ${contentId} no longer exists`);

  const existing = await k
    .selectFrom('translations')
    .selectAll()
    .where('contentId', '=', contentId)
    .where('language', '=', targetLanguage)
    .where('aiGenerated', '=', 1)
    .where('jobId', '=', ctx.jobId)
    .executeTakeFirst();
  if (existing) {
    // An earlier attempt stored the row and died before reporting completion: report it now.
    const plan = await ctx.engines.translation.plan(sourceLanguage, targetLanguage);
    return {
      translationId: existing.id,
      contentId,
      language: targetLanguage,
      title: existing.title,
      description: existing.description ?? '',
      engine: existing.engine === 'libretranslate' ? 'libretranslate' : 'apertium',
      route: plan?.route ?? [sourceLanguage, targetLanguage],
    };
  }
  await ctx.progress(5, `Choosing an engine for ${languageName(sourceLanguage)} to ${languageName(targetLanguage)}`);
  const plan = await ctx.engines.translation.plan(sourceLanguage, targetLanguage);
  if (!plan) throw new PermanentJobError(await ctx.engines.translation.missing(sourceLanguage, targetLanguage));

  const chunks = chunkText(payload.text);
  const steps = chunks.length + 1;
  const via = plan.route.length > 2 ? ` via ${languageName(plan.route[1]!)}` : '';
  const title = await ctx.engines.translation.translate(content.title, plan);
  await ctx.progress(10 + 85 / steps, `Translated the title${via}`);
  let description = '';
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    const translated = chunk.text.trim() ? await ctx.engines.translation.translate(chunk.text, plan) : chunk.text;
    description += translated + chunk.separator;
    await ctx.progress(10 + (85 * (i + 2)) / steps, `Translated part ${i + 1} of ${chunks.length}${via}`);
  }

  await ctx.progress(97, 'Saving the translation');
  const replacing = { title, description: description.trim(), aiGenerated: 1, jobId: ctx.jobId, engine: plan.engine, createdBy: ctx.userId, createdAt: Date.now() };
  const row = await k
    .insertInto('translations')
    .values({ contentId, language: targetLanguage, ...replacing })
    .onConflict((oc) => oc.columns(['contentId', 'language']).doUpdateSet(replacing))
    .returning(['id', 'title', 'description'])
    .executeTakeFirstOrThrow();
  return { translationId: row.id, contentId, language: targetLanguage, title: row.title, description: row.description ?? '', engine: plan.engine, route: plan.route };
};
