/**
 * Live captions of one take, from the engine that serves the stream's language: the OpenAI-compatible
 * server when TRANSCRIBE_URL is set (every language, usually Whisper), otherwise PocketSphinx for
 * English, as the transcript job chooses (workers/src/engines/transcription).
 */
import { SUPPORTED_LANGUAGES, type LanguageCode, type TranscriptionServer } from '@onair/protocol';
import { PocketsphinxLiveCaptioner } from './pocketsphinx-live-captioner.ts';
import { ServerLiveCaptioner } from './server-live-captioner.ts';
import type { CaptionCueOut, LiveCaptions } from './caption-engine.ts';

export type { CaptionCueOut, LiveCaptions } from './caption-engine.ts';

export interface LiveCaptionsOptions {
  ffmpegPath: string;
  inputUrl: string;
  /** When the broadcast began (wall clock): cue times count from there. */
  startedAt: number;
  /** The content item's language. */
  language: string;
  server: TranscriptionServer | null;
  onCue: (cue: CaptionCueOut) => void;
  onError: (reason: string) => void;
}

function supported(language: string): language is LanguageCode {
  return SUPPORTED_LANGUAGES.some((l) => l.code === language);
}

/** Starts captioning a take, or reports why no engine here can and answers null. */
export function startLiveCaptions(options: LiveCaptionsOptions): LiveCaptions | null {
  const { ffmpegPath, inputUrl, startedAt, language, server, onCue, onError } = options;
  if (server && supported(language)) return new ServerLiveCaptioner(server, language, ffmpegPath, inputUrl, startedAt, onCue, onError);
  if (language === 'en') return new PocketsphinxLiveCaptioner(ffmpegPath, inputUrl, startedAt, onCue, onError);
  onError(`No speech-to-text engine here transcribes "${language}": the offline engine knows English only; set TRANSCRIBE_URL to an OpenAI-compatible transcription server`);
  return null;
}
