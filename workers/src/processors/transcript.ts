/**
 * The `transcript` job: an on-demand item's audio (the episode file, else the recording or download
 * MP4, else the HLS ladder) is decoded to 16 kHz mono and transcribed by the engine that serves the
 * item's language; the cues, WebVTT and plain text are stored with the item in one transaction. A
 * retry of a job that already stored its transcript reads it back instead of transcribing again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '@onair/api/db';
import type { LanguageCode, TranscriptCue } from '@onair/protocol';
import { cuesToText, cuesToVtt, toSpeechWav } from '../engines/transcription/index.ts';
import { PermanentJobError } from '../errors.ts';
import type { Processor } from './types.ts';

type Kysely = Db['kysely'];

function wordCount(cues: TranscriptCue[]): number {
  return cues.reduce((n, c) => n + c.text.split(/\s+/).filter(Boolean).length, 0);
}

async function markTranscriptFailed(k: Kysely, contentId: number, jobId: string, error: string): Promise<void> {
  await k.updateTable('transcripts').set({ status: 'failed', error, jobId, updatedAt: Date.now() }).where('contentId', '=', contentId).execute();
}

/** Replaces the item's cues and marks its transcript ready, together. */
export async function storeTranscript(
  k: Kysely,
  contentId: number,
  transcript: { language: LanguageCode; engine: 'pocketsphinx' | 'openai-compatible'; cues: TranscriptCue[]; jobId: string; sourceKey: string },
): Promise<void> {
  const now = Date.now();
  await k.transaction().execute(async (trx) => {
    await trx.deleteFrom('transcriptCues').where('contentId', '=', contentId).execute();
    if (transcript.cues.length) {
      await trx
        .insertInto('transcriptCues')
        .values(transcript.cues.map((c) => ({ contentId, startMs: c.startMs, endMs: c.endMs, text: c.text })))
        .execute();
    }
    const row = {
      status: 'ready' as const,
      language: transcript.language,
      engine: transcript.engine,
      jobId: transcript.jobId,
      error: null,
      vtt: cuesToVtt(transcript.cues),
      text: cuesToText(transcript.cues),
      updatedAt: now,
    };
    await trx
      .insertInto('transcripts')
      .values({ contentId, sourceKey: transcript.sourceKey, ...row })
      .onConflict((oc) => oc.column('contentId').doUpdateSet(row))
      .execute();
  });
}

export const transcriptProcessor: Processor<'transcript'> = async (payload, ctx) => {
  const { contentId, language } = payload;
  const k = ctx.db.kysely;
  const engines = ctx.engines.transcription;
  const tools = ctx.engines.media;
  if (!engines || !tools) throw new PermanentJobError('This worker has no speech-to-text or media configuration');

  const existing = await k.selectFrom('transcripts').selectAll().where('contentId', '=', contentId).executeTakeFirst();
  if (existing?.status === 'ready' && existing.jobId === ctx.jobId && existing.engine) {
    const cues = await k.selectFrom('transcriptCues').select(['startMs', 'endMs', 'text']).where('contentId', '=', contentId).execute();
    return { contentId, engine: existing.engine, language, cues: cues.length, words: wordCount(cues) };
  }
  const asset = await k.selectFrom('mediaAssets').selectAll().where('contentId', '=', contentId).executeTakeFirst();
  const source = asset?.status === 'ready' ? (asset.audioPath ?? asset.filePath ?? asset.hlsPath) : null;
  if (!source) {
    const reason = `contentId: content ${contentId} has no processed media to transcribe`;
    await markTranscriptFailed(k, contentId, ctx.jobId, reason);
    throw new PermanentJobError(reason);
  }
  const engine = await engines.engineFor(language);
  if (!engine) {
    const reason = await engines.missing(language);
    await markTranscriptFailed(k, contentId, ctx.jobId, reason);
    throw new PermanentJobError(reason);
  }

  await k.updateTable('transcripts').set({ status: 'processing', jobId: ctx.jobId, error: null, updatedAt: Date.now() }).where('contentId', '=', contentId).execute();
  const work = await mkdtemp(path.join(tmpdir(), 'onair-transcript-'));
  try {
    const input = path.join(tools.mediaDir, source);
    // A silent video has nothing to transcribe: say so instead of failing inside ffmpeg.
    if (!(await tools.probe(input)).hasAudio) throw new PermanentJobError('This item has no audio to transcribe');
    await ctx.progress(5, 'Decoding the audio');
    const wav = path.join(work, 'speech.wav');
    await toSpeechWav(tools.ffmpegPath, input, wav);
    await ctx.progress(20, engine.name === 'pocketsphinx' ? 'Transcribing with PocketSphinx' : 'Transcribing on the transcription server');
    const result = await engine.transcribe(wav, language);
    await ctx.progress(95, 'Saving the transcript');
    await storeTranscript(k, contentId, { language, engine: engine.name, cues: result.cues, jobId: ctx.jobId, sourceKey: existing?.sourceKey ?? ctx.jobId });
    return { contentId, engine: engine.name, language, cues: result.cues.length, words: wordCount(result.cues) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await markTranscriptFailed(k, contentId, ctx.jobId, reason);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};
