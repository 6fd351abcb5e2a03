/**
 * An OpenAI-compatible transcription server (TRANSCRIBE_URL): `POST /v1/audio/transcriptions`,
 * multipart with `file`, `model`, `language` and `response_format=verbose_json`, answering
 * `{ text, segments: [{ start, end, text }] }` in seconds. whisper.cpp's server, faster-whisper
 * servers, LocalAI and OpenAI itself speak it, and Whisper models cover every language OnAir supports.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LanguageCode, TranscriptCue } from '@onair/protocol';
import type { Transcription, TranscriptionEngine } from './types.ts';

export class TranscriptionServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptionServerError';
  }
}

interface VerboseAnswer {
  text?: unknown;
  duration?: unknown;
  segments?: unknown;
}

/** Cues from a verbose_json answer; a plain `{ text }` becomes one cue over `durationMs`. */
export function cuesFromAnswer(answer: VerboseAnswer, durationMs: number): TranscriptCue[] {
  if (Array.isArray(answer.segments)) {
    const cues: TranscriptCue[] = [];
    for (const segment of answer.segments as { start?: unknown; end?: unknown; text?: unknown }[]) {
      if (typeof segment.start !== 'number' || typeof segment.end !== 'number' || typeof segment.text !== 'string') continue;
      const text = segment.text.trim();
      if (!text) continue;
      cues.push({ startMs: Math.max(0, Math.round(segment.start * 1000)), endMs: Math.max(0, Math.round(segment.end * 1000)), text });
    }
    return cues;
  }
  if (typeof answer.text === 'string' && answer.text.trim()) {
    const end = typeof answer.duration === 'number' ? Math.round(answer.duration * 1000) : durationMs;
    return [{ startMs: 0, endMs: end, text: answer.text.trim() }];
  }
  throw new TranscriptionServerError('the transcription server answered without text or segments');
}

/** Duration of a 16 kHz mono 16-bit WAV from its size (the header is 44 bytes). */
function wavDurationMs(bytes: number): number {
  return Math.round((Math.max(0, bytes - 44) / 32_000) * 1000);
}

export class OpenAiCompatibleTranscriber implements TranscriptionEngine {
  readonly name = 'openai-compatible' as const;
  readonly endpoint: string;

  constructor(
    url: string,
    private readonly apiKey?: string,
    private readonly model = 'whisper-1',
  ) {
    const base = url.replace(/\/+$/, '');
    this.endpoint = base.endsWith('/audio/transcriptions') ? base : `${base}/v1/audio/transcriptions`;
  }

  async transcribe(wavPath: string, language: LanguageCode, signal?: AbortSignal): Promise<Transcription> {
    const bytes = await readFile(wavPath);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'audio/wav' }), path.basename(wavPath));
    form.append('model', this.model);
    form.append('language', language);
    form.append('response_format', 'verbose_json');
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        body: form,
        headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {},
        signal: signal ?? AbortSignal.timeout(10 * 60_000),
      });
    } catch (error) {
      throw new TranscriptionServerError(`the transcription server at ${this.endpoint} did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new TranscriptionServerError(`the transcription server answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    const answer = (await response.json().catch(() => {
      throw new TranscriptionServerError('the transcription server did not answer JSON');
    })) as VerboseAnswer;
    return { engine: this.name, language, cues: cuesFromAnswer(answer, wavDurationMs(bytes.length)) };
  }
}
