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

/** Who searches: subscribers-only items are found only by those who may watch them (monetization/access.ts). */
export interface Searcher {
  user: { id: number; role: string } | null;
  /** A paid membership, which opens every subscribers-only item. */
  paid: boolean;
}

export async function searchTranscripts(db: Db, q: string, searcher: Searcher): Promise<TranscriptSearchHit[]> {
  const k = db.kysely;
  const { user } = searcher;
  const seesEverything = user?.role === 'admin' || searcher.paid;
  const base = k
    .selectFrom('transcriptCues as cue')
    .innerJoin('content', 'content.id', 'cue.contentId')
    .leftJoin('contentAccess as access', 'access.contentId', 'cue.contentId')
    .select(['cue.contentId', 'content.title', 'cue.startMs', 'cue.endMs', 'cue.text'])
    // Only what the public lists show: an upload still processing is not findable.
    .where('content.status', '!=', 'offline')
    // A gated item's words would tell what its transcript (403 to others) says.
    .$if(!seesEverything, (query) =>
      query.where((eb) => eb.or([eb('access.subscribersOnly', 'is', null), eb('access.subscribersOnly', '=', 0), ...(user ? [eb('content.creatorId', '=', user.id)] : [])])),
    )
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
