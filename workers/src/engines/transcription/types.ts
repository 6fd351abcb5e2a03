import type { LanguageCode, TranscriptCue, TranscriptionEngineName } from '@onair/protocol';

/** What an engine heard in one audio file: cues with times from the start of the file. */
export interface Transcription {
  engine: TranscriptionEngineName;
  language: LanguageCode;
  cues: TranscriptCue[];
}

/** One speech-to-text engine. Input is always a 16 kHz mono 16-bit WAV (see audio.ts). */
export interface TranscriptionEngine {
  readonly name: TranscriptionEngineName;
  transcribe(wavPath: string, language: LanguageCode, signal?: AbortSignal): Promise<Transcription>;
}

export type { TimedWord } from '@onair/protocol';
