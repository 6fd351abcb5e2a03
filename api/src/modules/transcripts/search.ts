/**
 * Transcript search: cues that contain every word of the query, newest items first, earliest moment
 * first within an item. SQLite asks the FTS5 index (each word quoted, so the query's own characters
 * are never FTS syntax); Postgres asks its GIN index with `plainto_tsquery('simple', …)`.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/dialect.ts';
import type { TranscriptSearchHit } from '@onair/protocol';

const MAX_HITS = 50;

/** `"word"*`-free FTS5 query: each word a quoted string, all required. */
export function ftsQuery(q: string): string {
  return q
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}']/gu, ''))
    .filter(Boolean)
    .map((w) => `"${w.replace(/"/g, '')}"`)
    .join(' ');
}

export async function searchTranscripts(db: Db, q: string): Promise<TranscriptSearchHit[]> {
  const k = db.kysely;
  const base = k
    .selectFrom('transcriptCues as cue')
    .innerJoin('content', 'content.id', 'cue.contentId')
    .select(['cue.contentId', 'content.title', 'cue.startMs', 'cue.endMs', 'cue.text'])
    // Only what the public lists show: an upload still processing is not findable.
    .where('content.status', '!=', 'offline')
    .orderBy('content.createdAt', 'desc')
    .orderBy('cue.startMs', 'asc')
    .limit(MAX_HITS);
  if (db.dialect === 'postgres') {
    return base.where(sql<boolean>`to_tsvector('simple', cue.text) @@ plainto_tsquery('simple', ${q})`).execute();
  }
  const match = ftsQuery(q);
  if (!match) return [];
  return base.where(sql<boolean>`cue.id IN (SELECT rowid FROM transcript_cues_fts WHERE transcript_cues_fts MATCH ${match})`).execute();
}
