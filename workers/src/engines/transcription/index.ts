/**
 * The speech-to-text engines of this machine behind one interface: the OpenAI-compatible server when
 * TRANSCRIBE_URL is set (every supported language; usually Whisper, better than the offline model),
 * otherwise PocketSphinx for English. The report says which engine serves which language.
 */
import { SUPPORTED_LANGUAGES, type LanguageCode, type TranscriptionReport } from '@onair/protocol';
import { OpenAiCompatibleTranscriber } from './openai.ts';
import { Pocketsphinx, POCKETSPHINX_INSTALL } from './pocketsphinx.ts';
import type { TranscriptionEngine } from './types.ts';

export { cuesToText, cuesToVtt, vttTime, wordsToCues } from '@onair/protocol';
export { speechWavArgs, SPEECH_SAMPLE_RATE, toSpeechWav } from './audio.ts';
export { OpenAiCompatibleTranscriber, TranscriptionServerError, cuesFromAnswer } from './openai.ts';
export { parsePocketsphinxWords, Pocketsphinx, POCKETSPHINX_INSTALL, POCKETSPHINX_MODEL_DIR } from './pocketsphinx.ts';
export { normaliseWords, wordErrorRate } from '@onair/protocol';
export type { TimedWord, Transcription, TranscriptionEngine } from './types.ts';

export interface TranscriptionEnginesOptions {
  transcribeUrl?: string | undefined;
  transcribeApiKey?: string | undefined;
  transcribeModel?: string | undefined;
  pocketsphinxBin?: string;
}

export class TranscriptionEngines {
  readonly pocketsphinx: Pocketsphinx;
  readonly server: OpenAiCompatibleTranscriber | null;
  private detected: Promise<Awaited<ReturnType<Pocketsphinx['detect']>>> | null = null;

  constructor(options: TranscriptionEnginesOptions = {}) {
    this.pocketsphinx = new Pocketsphinx(options.pocketsphinxBin);
    this.server = options.transcribeUrl ? new OpenAiCompatibleTranscriber(options.transcribeUrl, options.transcribeApiKey, options.transcribeModel) : null;
  }

  private offline() {
    this.detected ??= this.pocketsphinx.detect();
    return this.detected;
  }

  /** The engine for a language, or null when none here transcribes it. */
  async engineFor(language: LanguageCode): Promise<TranscriptionEngine | null> {
    if (this.server) return this.server;
    if (language === 'en' && (await this.offline())) return this.pocketsphinx;
    return null;
  }

  /** Why no engine transcribes a language. */
  async missing(language: LanguageCode): Promise<string> {
    const name = SUPPORTED_LANGUAGES.find((l) => l.code === language)?.name ?? language;
    if (language === 'en') return `No speech-to-text engine here: PocketSphinx is not installed (${POCKETSPHINX_INSTALL}) and TRANSCRIBE_URL is not set`;
    return `No speech-to-text engine here transcribes ${name}: the offline engine knows English only; set TRANSCRIBE_URL to an OpenAI-compatible transcription server (whisper.cpp, faster-whisper)`;
  }

  async report(): Promise<TranscriptionReport> {
    const offline = await this.offline();
    const languages = await Promise.all(
      SUPPORTED_LANGUAGES.map(async ({ code, name }) => {
        const engine = await this.engineFor(code);
        return { code, name, engine: engine?.name ?? null, hint: engine ? null : await this.missing(code) };
      }),
    );
    return {
      pocketsphinx: { installed: offline !== null, model: offline?.model ?? null, install: POCKETSPHINX_INSTALL },
      server: { configured: this.server !== null, url: this.server?.endpoint ?? null },
      languages,
    };
  }
}

/** One line for the start-up log. */
export function describeTranscription(report: TranscriptionReport): string {
  const served = report.languages.filter((l) => l.engine).map((l) => `${l.code} (${l.engine})`);
  return `Speech to text: ${served.join(', ') || 'no language'}${report.pocketsphinx.installed ? '' : `; PocketSphinx not installed (${report.pocketsphinx.install})`}`;
}
export { LIBRIVOX_CORPUS, measureCaptionQuality, readCorpus, type CorpusItem, type MeasuredItem } from './measure.ts';
