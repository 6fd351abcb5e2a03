/**
 * Measured caption quality: an engine transcribes each recording of a packaged corpus that comes with
 * reference transcripts; word errors are summed over the corpus (WER = errors / reference words) and
 * the real-time factor is processing time over audio time.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CaptionsQuality } from '@onair/protocol';
import { cuesToText, wordErrorRate } from '@onair/protocol';
import type { TranscriptionEngine } from './types.ts';

/** Debian's pocketsphinx-testdata: five LibriVox recordings (Sense and Sensibility) with references. */
export const LIBRIVOX_CORPUS = {
  name: 'LibriVox read speech (Debian pocketsphinx-testdata)',
  dir: '/usr/share/pocketsphinx/test/data/librivox',
  transcription: 'transcription',
};

export interface CorpusItem {
  id: string;
  wav: string;
  reference: string;
}

/** `<s> words </s> (id)` lines of a Sphinx `.transcription` file, with each id's WAV beside it. */
export async function readCorpus(corpus = LIBRIVOX_CORPUS): Promise<CorpusItem[]> {
  const text = await readFile(path.join(corpus.dir, corpus.transcription), 'utf8');
  return text
    .split('\n')
    .map((line) => /^(.*)\(([^)]+)\)\s*$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ id: m[2]!, wav: path.join(corpus.dir, `${m[2]}.wav`), reference: m[1]!.replace(/<\/?s>/g, '').trim() }));
}

/** Seconds of a 16-bit mono 16 kHz WAV (the corpus format), from its size. */
async function wavSeconds(file: string): Promise<number> {
  const bytes = (await readFile(file)).length;
  return (bytes - 44) / 32_000;
}

export interface MeasuredItem {
  id: string;
  reference: string;
  hypothesis: string;
  errors: number;
  words: number;
}

export async function measureCaptionQuality(engine: TranscriptionEngine, items: CorpusItem[], corpusName: string): Promise<{ quality: CaptionsQuality; items: MeasuredItem[] }> {
  let errors = 0;
  let words = 0;
  let audioSeconds = 0;
  let busyMs = 0;
  const measured: MeasuredItem[] = [];
  for (const item of items) {
    const started = performance.now();
    const result = await engine.transcribe(item.wav, 'en');
    busyMs += performance.now() - started;
    audioSeconds += await wavSeconds(item.wav);
    const hypothesis = cuesToText(result.cues).replace(/\n/g, ' ');
    const score = wordErrorRate(item.reference, hypothesis);
    errors += score.errors;
    words += score.words;
    measured.push({ id: item.id, reference: item.reference, hypothesis, errors: score.errors, words: score.words });
  }
  const wordErrorRateValue = words ? errors / words : 0;
  return {
    items: measured,
    quality: {
      engine: engine.name,
      corpus: corpusName,
      files: items.length,
      referenceWords: words,
      wordErrorRate: Math.round(wordErrorRateValue * 10_000) / 10_000,
      wordAccuracyPercent: Math.round(Math.max(0, 1 - wordErrorRateValue) * 1000) / 10,
      audioSeconds: Math.round(audioSeconds * 100) / 100,
      realTimeFactor: Math.round((busyMs / 1000 / audioSeconds) * 1000) / 1000,
      measuredAt: new Date().toISOString(),
    },
  };
}
