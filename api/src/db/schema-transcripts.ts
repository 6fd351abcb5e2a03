/**
 * Table types of captions and transcripts (migration 0013_transcripts).
 */
import type { Generated } from 'kysely';

/** One transcript per on-demand item; `vtt` and `text` are empty until it is ready. */
export interface TranscriptsTable {
  contentId: number;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  language: string;
  engine: 'pocketsphinx' | 'openai-compatible' | null;
  /** The media job whose files are transcribed; a second node hearing the same job finds it taken. */
  sourceKey: string;
  jobId: string | null;
  /** The transcript job whose result the item's podcast feeds were rebuilt for. */
  feedJobId: string | null;
  error: string | null;
  vtt: string;
  text: string;
  updatedAt: number;
}

/** The transcript's cues as rows, for search (FTS5 / to_tsvector) and for click-to-seek. */
export interface TranscriptCuesTable {
  id: Generated<number>;
  contentId: number;
  startMs: number;
  endMs: number;
  text: string;
}

/** A transcript translated cue by cue (same times), served as a subtitle track. */
export interface TranscriptTranslationsTable {
  contentId: number;
  language: string;
  engine: 'apertium' | 'libretranslate';
  vtt: string;
  jobId: string;
  updatedAt: number;
}

export interface TranscriptTables {
  transcripts: TranscriptsTable;
  transcriptTranslations: TranscriptTranslationsTable;
  transcriptCues: TranscriptCuesTable;
}
