/**
 * The OpenAI-compatible transcription server (TRANSCRIBE_URL) as a transcript engine: the whole WAV
 * in one request, through the client live captions share (protocol/captions/transcription-server.ts).
 * Whisper models cover every language OnAir supports.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { requestTranscription, transcriptionServer, type LanguageCode, type TranscriptionServer } from '@onair/protocol';
import type { Transcription, TranscriptionEngine } from './types.ts';

export { cuesFromAnswer, TranscriptionServerError } from '@onair/protocol';

/** A whole recording may take a while on a CPU-only server. */
const FILE_TIMEOUT_MS = 10 * 60_000;

export class OpenAiCompatibleTranscriber implements TranscriptionEngine {
  readonly name = 'openai-compatible' as const;
  private readonly server: TranscriptionServer;

  constructor(url: string, apiKey?: string, model?: string) {
    this.server = transcriptionServer(url, apiKey, model);
  }

  get endpoint(): string {
    return this.server.endpoint;
  }

  async transcribe(wavPath: string, language: LanguageCode, signal?: AbortSignal): Promise<Transcription> {
    const wav = await readFile(wavPath);
    const cues = await requestTranscription(this.server, wav, path.basename(wavPath), language, signal ?? AbortSignal.timeout(FILE_TIMEOUT_MS));
    return { engine: this.name, language, cues };
  }
}
