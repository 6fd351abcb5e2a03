/**
 * Counting enclosure downloads the way podcast hosts do (IAB Podcast Measurement v2.1 style): one
 * download per IP address and user agent per episode per 24 hours; known bots and requests for less
 * than one minute of audio (range probes, players checking the length) are not downloads. The source
 * platform is read from the user agent.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DownloadSource } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { DAY_MS } from '@onair/protocol';

export const DOWNLOAD_WINDOW_MS = DAY_MS;
export const MIN_AUDIO_MS = 60_000;

/** Crawlers, link previews, uptime monitors and our own syndication checker. */
const BOT_PATTERN = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|preview|monitor|pingdom|headless|curl\/|wget\/|python-requests|go-http-client|syndicationcheck/i;

export function isBot(userAgent: string): boolean {
  return userAgent.trim() === '' || BOT_PATTERN.test(userAgent);
}

/** The directory app a request came from, by its user agent. */
export function downloadSource(userAgent: string): DownloadSource {
  if (/spotify/i.test(userAgent)) return 'spotify';
  if (/AppleCoreMedia|iTunes|Podcasts\/|Apple ?Podcasts|\batc\//i.test(userAgent)) return 'apple';
  if (/GoogleChirp|Google-?Podcast|YouTube|com\.google\.android\.apps\.youtube/i.test(userAgent)) return 'google';
  if (/Amazon ?Music|AmazonMusic|Alexa|\bEcho\b/i.test(userAgent)) return 'amazon';
  return 'other';
}

/** Bytes one minute of this file takes; the whole file when it is shorter or its length is unknown. */
export function minuteOfAudioBytes(totalBytes: number, durationMs: number | null): number {
  if (!durationMs || durationMs <= MIN_AUDIO_MS) return totalBytes;
  return Math.ceil((totalBytes * MIN_AUDIO_MS) / durationMs);
}

export interface DownloadRequest {
  showId: number;
  contentId: number;
  ip: string;
  userAgent: string;
  /** Bytes this request asked for. */
  requestedBytes: number;
  totalBytes: number;
  durationMs: number | null;
  now: number;
}

/** Records the request as a download when it is one; answers whether it counted. */
export async function countDownload(db: Kysely<Database>, req: DownloadRequest): Promise<boolean> {
  if (isBot(req.userAgent)) return false;
  if (req.requestedBytes < minuteOfAudioBytes(req.totalBytes, req.durationMs)) return false;
  const listenerKey = createHash('sha256').update(`${req.ip}\n${req.userAgent}`).digest('base64url');
  const seen = await db
    .selectFrom('podcastDownloads')
    .select('id')
    .where('contentId', '=', req.contentId)
    .where('listenerKey', '=', listenerKey)
    .where('createdAt', '>', req.now - DOWNLOAD_WINDOW_MS)
    .executeTakeFirst();
  if (seen) return false;
  await db
    .insertInto('podcastDownloads')
    .values({ showId: req.showId, contentId: req.contentId, listenerKey, source: downloadSource(req.userAgent), createdAt: req.now })
    .execute();
  return true;
}
