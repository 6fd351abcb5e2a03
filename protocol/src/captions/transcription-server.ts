/// <reference lib="dom" />
/**
 * The client of an OpenAI-compatible transcription server (TRANSCRIBE_URL): `POST
 * /v1/audio/transcriptions`, multipart with `file`, `model`, `language` and
 * `response_format=verbose_json`, answering `{ text, segments: [{ start, end, text }] }` in seconds.
 * whisper.cpp's server, faster-whisper servers, LocalAI and OpenAI itself speak it.
 *
 * Shared by the transcript job (workers, a whole file) and live captions (api, a few seconds at a
 * time), so both send the same request and read the answer the same way. Only `fetch`, `FormData`
 * and `Blob`, which Node 20 and browsers both have (hence the one `dom` lib reference in this package).
 */
import type { TranscriptCue } from '../api/transcripts.ts';
import type { LanguageCode } from '../constants.ts';

export class TranscriptionServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptionServerError';
  }
}

export interface TranscriptionServer {
  /** The full `…/v1/audio/transcriptions` URL. */
  endpoint: string;
  apiKey?: string | undefined;
  model: string;
}

const DEFAULT_MODEL = 'whisper-1';

/** A server from TRANSCRIBE_URL (a base URL or the full endpoint), TRANSCRIBE_API_KEY and TRANSCRIBE_MODEL. */
export function transcriptionServer(url: string, apiKey?: string, model?: string): TranscriptionServer {
  const base = url.replace(/\/+$/, '');
  const endpoint = base.endsWith('/audio/transcriptions') ? base : `${base}/v1/audio/transcriptions`;
  return { endpoint, apiKey, model: model || DEFAULT_MODEL };
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

/** 16 kHz, 16-bit, mono: the input every engine gets. */
export const SPEECH_BYTES_PER_MS = 32;
const WAV_HEADER_BYTES = 44;

/** Duration of a 16 kHz mono 16-bit WAV from its size. */
export function speechWavDurationMs(bytes: number): number {
  return Math.round(Math.max(0, bytes - WAV_HEADER_BYTES) / SPEECH_BYTES_PER_MS);
}

/** Raw 16 kHz mono s16le samples as a WAV file (the canonical 44-byte header). */
export function speechWavOf(pcm: Uint8Array): Uint8Array {
  const wav = new Uint8Array(WAV_HEADER_BYTES + pcm.length);
  const view = new DataView(wav.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 16_000, true); // sample rate
  view.setUint32(28, 16_000 * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, pcm.length, true);
  wav.set(pcm, WAV_HEADER_BYTES);
  return wav;
}

/** Sends one WAV to the server; answers its cues, timed from the start of the file. */
export async function requestTranscription(
  server: TranscriptionServer,
  wav: Uint8Array,
  fileName: string,
  language: LanguageCode,
  signal: AbortSignal,
): Promise<TranscriptCue[]> {
  const form = new FormData();
  form.append('file', new Blob([wav as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), fileName);
  form.append('model', server.model);
  form.append('language', language);
  form.append('response_format', 'verbose_json');
  let response: Response;
  try {
    response = await fetch(server.endpoint, {
      method: 'POST',
      body: form,
      headers: server.apiKey ? { authorization: `Bearer ${server.apiKey}` } : {},
      signal,
    });
  } catch (error) {
    throw new TranscriptionServerError(`the transcription server at ${server.endpoint} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new TranscriptionServerError(`the transcription server answered ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  const answer = (await response.json().catch(() => {
    throw new TranscriptionServerError('the transcription server did not answer JSON');
  })) as VerboseAnswer;
  return cuesFromAnswer(answer, speechWavDurationMs(wav.length));
}
