/**
 * The offline default: CMU PocketSphinx from Debian (`pocketsphinx` 0.8+5prealpha with the
 * `pocketsphinx-en-us` model), run as `pocketsphinx_continuous -infile x.wav -time yes`, which prints
 * each utterance's hypothesis and then one line per word: `word start end confidence` in seconds from
 * the start of the file. English only: that is the model Debian ships.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { LanguageCode } from '@onair/protocol';
import { MediaToolMissingError, runTool } from '../media/run.ts';
import { parsePocketsphinxWords, POCKETSPHINX_MODEL_DIR, wordsToCues } from '@onair/protocol';
import type { Transcription, TranscriptionEngine } from './types.ts';

export { parsePocketsphinxWords, POCKETSPHINX_MODEL_DIR };

export const POCKETSPHINX_INSTALL = 'sudo apt-get install pocketsphinx pocketsphinx-en-us (or npm run setup:system)';
async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Finds a binary given by name on PATH (or checks the path given). */
export async function findBinary(bin: string): Promise<string | null> {
  if (bin.includes('/')) return (await exists(bin)) ? bin : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && (await exists(path.join(dir, bin)))) return path.join(dir, bin);
  }
  return null;
}

export class Pocketsphinx implements TranscriptionEngine {
  readonly name = 'pocketsphinx' as const;

  constructor(
    readonly bin = 'pocketsphinx_continuous',
    readonly modelDir = POCKETSPHINX_MODEL_DIR,
  ) {}

  /** The binary and model when both are installed, otherwise null. */
  async detect(): Promise<{ bin: string; model: string } | null> {
    const bin = await findBinary(this.bin);
    const model = path.join(this.modelDir, 'en-us');
    if (!bin || !(await exists(path.join(model, 'mdef')))) return null;
    return { bin, model };
  }

  async transcribe(wavPath: string, language: LanguageCode, signal?: AbortSignal): Promise<Transcription> {
    if (language !== 'en') throw new Error(`PocketSphinx here has an English model only, not ${language}`);
    const args = [
      '-infile', wavPath,
      '-time', 'yes',
      '-hmm', path.join(this.modelDir, 'en-us'),
      '-lm', path.join(this.modelDir, 'en-us.lm.bin'),
      '-dict', path.join(this.modelDir, 'cmudict-en-us.dict'),
    ];
    try {
      const { stdout } = await runTool(this.bin, args, { keepStdout: true, ...(signal ? { signal } : {}) });
      return { engine: this.name, language, cues: wordsToCues(parsePocketsphinxWords(stdout)) };
    } catch (error) {
      if (error instanceof MediaToolMissingError) throw new Error(`${this.bin} is not installed on this machine. ${POCKETSPHINX_INSTALL}`);
      throw error;
    }
  }
}
