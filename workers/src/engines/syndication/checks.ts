/**
 * The checks each directory really applies before it lists an episode, as plain functions over what
 * the probes and the enclosure request found. Each answers every reason it fails, in words a creator
 * can act on; an empty list means the platform would take it.
 */
import {
  COVER_MAX_PX,
  COVER_MIN_PX,
  EPISODE_SAMPLE_RATE,
  PLATFORM_CATALOGUE,
  type SyndicationPlatform,
} from '@onair/protocol';
import type { ProbeOutcome } from './probe.ts';

/** Apple and Amazon cap cover art at 3000 px; Spotify and YouTube take larger squares. */
const COVER_MAX_BY_PLATFORM: Record<SyndicationPlatform, number | null> = {
  spotify: null,
  apple: COVER_MAX_PX,
  google: null,
  amazon: COVER_MAX_PX,
};

export function checkCover(platform: SyndicationPlatform, cover: ProbeOutcome | null): string[] {
  const name = PLATFORM_CATALOGUE[platform].name;
  if (!cover) return [`${name}: the show has no cover art (square JPEG or PNG, at least ${COVER_MIN_PX}×${COVER_MIN_PX} px)`];
  if (!cover.ok) return [`${name}: the cover art cannot be read (${cover.error})`];
  const { codec, width, height } = cover.probe;
  const reasons: string[] = [];
  if (codec !== 'mjpeg' && codec !== 'png') reasons.push(`${name}: cover art must be JPEG or PNG, not ${codec ?? 'an unknown format'}`);
  if (!width || !height) return [...reasons, `${name}: the cover art has no readable size`];
  if (width !== height) reasons.push(`${name}: cover art must be square, it is ${width}×${height} px`);
  if (Math.min(width, height) < COVER_MIN_PX) {
    reasons.push(`${name}: cover art is ${width}×${height} px, it must be at least ${COVER_MIN_PX}×${COVER_MIN_PX} px`);
  }
  const max = COVER_MAX_BY_PLATFORM[platform];
  if (max !== null && Math.max(width, height) > max) reasons.push(`${name}: cover art is ${width}×${height} px, it must be at most ${max}×${max} px`);
  return reasons;
}

export function checkAudio(platform: SyndicationPlatform, audio: ProbeOutcome | null): string[] {
  const name = PLATFORM_CATALOGUE[platform].name;
  if (!audio) return [`${name}: the episode has no audio file yet`];
  if (!audio.ok) return [`${name}: the episode audio cannot be read (${audio.error})`];
  const { codec, sampleRate } = audio.probe;
  const reasons: string[] = [];
  if (codec !== 'mp3' && codec !== 'aac') reasons.push(`${name}: episode audio must be MP3 or AAC, it is ${codec ?? 'not audio'}`);
  if (sampleRate !== EPISODE_SAMPLE_RATE) {
    const khz = sampleRate ? `${sampleRate / 1000} kHz` : 'of unknown sample rate';
    reasons.push(`${name}: episode audio is ${khz}, it must be ${EPISODE_SAMPLE_RATE / 1000} kHz`);
  }
  return reasons;
}

/** What a request for the enclosure URL found. */
export type EnclosureOutcome = { ok: true; status: number; totalBytes: number | null; contentType: string | null } | { ok: false; error: string };

export function checkEnclosure(platform: SyndicationPlatform, url: string, expected: { bytes: number; mime: string }, found: EnclosureOutcome): string[] {
  const name = PLATFORM_CATALOGUE[platform].name;
  if (!found.ok) return [`${name}: the enclosure ${url} is not reachable (${found.error})`];
  if (found.status !== 200 && found.status !== 206) return [`${name}: the enclosure ${url} answers ${found.status}`];
  const reasons: string[] = [];
  if (found.totalBytes !== expected.bytes) {
    reasons.push(`${name}: the enclosure is ${found.totalBytes ?? 'of unknown'} bytes but the feed says ${expected.bytes}`);
  }
  if (found.contentType && found.contentType.split(';')[0]!.trim() !== expected.mime) {
    reasons.push(`${name}: the enclosure is served as ${found.contentType} but the feed says ${expected.mime}`);
  }
  return reasons;
}

/** The channel and item tags a directory reads, as the built feed holds them. */
export interface FeedFacts {
  title: string;
  description: string;
  language: string;
  category: string | null;
  imageUrl: string | null;
  explicit: boolean | null;
  author: string;
  ownerEmail: string | null;
  item: { title: string; guid: string; enclosureUrl: string | null; enclosureLength: number | null; enclosureType: string | null } | null;
}

/** A subscribers-only episode stays out of the public feed: that, not a missing tag, is why a directory cannot list it. */
export function subscribersOnlyReason(platform: SyndicationPlatform): string {
  return `${PLATFORM_CATALOGUE[platform].name}: the episode is for subscribers only, so the public feed leaves it out; make it free to watch to distribute it`;
}

export function checkRequiredTags(platform: SyndicationPlatform, feed: FeedFacts): string[] {
  const { name, needsOwnerEmail } = PLATFORM_CATALOGUE[platform];
  const missing: string[] = [];
  if (!feed.title) missing.push('title');
  if (!feed.description) missing.push('description');
  if (!feed.language) missing.push('language');
  if (!feed.category) missing.push('itunes:category');
  if (!feed.imageUrl) missing.push('itunes:image');
  if (feed.explicit === null) missing.push('itunes:explicit');
  if (!feed.author) missing.push('itunes:author');
  if (needsOwnerEmail && !feed.ownerEmail) missing.push('itunes:owner email');
  if (!feed.item) missing.push('the episode item');
  else {
    if (!feed.item.title) missing.push('item title');
    if (!feed.item.guid) missing.push('item guid');
    if (!feed.item.enclosureUrl || !feed.item.enclosureLength || !feed.item.enclosureType) missing.push('item enclosure');
  }
  return missing.length ? [`${name}: the feed is missing ${missing.join(', ')}`] : [];
}
