/**
 * Words into cues and cues into WebVTT. A cue is a line a viewer can read while it is on screen: it
 * ends at a pause, after about six seconds, or after a dozen words, whichever comes first.
 */
import type { TranscriptCue } from '../api/transcripts.ts';

/** One recognised word with its times, before words are grouped into cues. */
export interface TimedWord {
  word: string;
  startMs: number;
  endMs: number;
}

const CUE_MAX_MS = 6000;
const CUE_MAX_WORDS = 12;
/** A silence this long between words starts a new cue. */
const PAUSE_MS = 700;

export function wordsToCues(words: TimedWord[]): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    if (!current.length) return;
    cues.push({ startMs: current[0]!.startMs, endMs: current[current.length - 1]!.endMs, text: current.map((w) => w.word).join(' ') });
    current = [];
  };
  for (const word of words) {
    const first = current[0];
    const last = current[current.length - 1];
    if (first && last && (word.startMs - last.endMs > PAUSE_MS || word.endMs - first.startMs > CUE_MAX_MS || current.length >= CUE_MAX_WORDS)) flush();
    current.push(word);
  }
  flush();
  return cues;
}

/** 00:01:02.345 */
export function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const frac = total % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(frac).padStart(3, '0')}`;
}

/** A cue's text cannot hold a blank line or `-->`, and `<`/`&` would start markup. */
function vttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '->').replace(/\s*\n\s*/g, ' ').trim();
}

export function cuesToVtt(cues: TranscriptCue[], offsetMs = 0): string {
  const body = cues
    .filter((c) => c.text.trim())
    .map((c, i) => `${i + 1}\n${vttTime(c.startMs + offsetMs)} --> ${vttTime(Math.max(c.endMs, c.startMs + 1) + offsetMs)}\n${vttText(c.text)}\n`)
    .join('\n');
  return `WEBVTT\n\n${body}`;
}

export function cuesToText(cues: TranscriptCue[]): string {
  return cues.map((c) => c.text.trim()).filter(Boolean).join('\n');
}
