/**
 * What the syndication job needs from this machine: where media files live, the public base URL the
 * feed and enclosures are reached at, ffprobe, and the optional ping endpoints.
 */
export interface SyndicationSettings {
  mediaDir: string;
  /** PUBLIC_URL: the base every feed, cover and enclosure URL is built on. */
  publicUrl: string;
  ffprobePath: string;
  /** PODCAST_PING_URLS; empty means never call out. */
  pingUrls: string[];
}

/** Reads PODCAST_PING_URLS (comma or space separated http(s) URLs). */
export function parsePingUrls(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\//.test(s));
}

/**
 * The public URL of an episode's stored transcript (`podcast:transcript`, WebVTT), or null when the
 * item has no ready transcript.
 */
export function transcriptFor(publicUrl: string, contentId: number, language: string | null): { url: string; type: string; language: string } | null {
  if (!language) return null;
  return { url: `${publicUrl}/api/content/${contentId}/transcript.vtt`, type: 'text/vtt', language };
}

export { buildFeedXml, feedFacts, podcastGuid, type FeedEpisode, type FeedShow } from './feed.ts';
export { checkAudio, checkCover, checkEnclosure, checkRequiredTags, subscribersOnlyReason } from './checks.ts';
export { probeFile, type ProbeOutcome } from './probe.ts';
export { CHECKER_USER_AGENT, pingEndpoints, requestEnclosure } from './http.ts';
