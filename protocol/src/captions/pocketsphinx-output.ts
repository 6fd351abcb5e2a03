/**
 * What Debian's PocketSphinx (0.8+5prealpha) prints with `-time yes`: each utterance's hypothesis, then
 * one line per word, `word start end confidence` in seconds. Read both by the transcript engine (a file
 * at a time) and by the live captioner (a stream), so it lives where both packages may import it.
 */
import type { TimedWord } from './cues.ts';

export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

const WORD_LINE = /^(\S+) (\d+\.\d+) (\d+\.\d+) (-?\d+(?:\.\d+)?)$/;

/** Timed words from pocketsphinx's `-time yes` output; fillers, silences and sentence marks dropped. */
export function parsePocketsphinxWords(stdout: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const token = match[1]!;
    if (token.startsWith('<') || token.startsWith('[') || token.startsWith('++')) continue;
    // Alternative pronunciations are marked `was(2)`.
    const word = token.replace(/\(\d+\)$/, '');
    words.push({ word, startMs: Math.round(Number(match[2]) * 1000), endMs: Math.round(Number(match[3]) * 1000) });
  }
  return words;
}
