/**
 * The syndication job: for each show involved, check the cover, probe the episodes' audio, build and
 * store the feed, then check every record against its platform's rules (enclosure reachable with the
 * right length, required tags, and with quality check on, cover and audio) and mark it published or
 * failed with every reason. After a publish, hub endpoints are pinged when PODCAST_PING_URLS is set.
 * Only updates rows, so a retry is harmless.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { podcastUrls, presentSyndicationRecord, type SyndicationJobResult, type PodcastSyndication } from '@onair/protocol';
import {
  buildFeedXml,
  checkAudio,
  checkCover,
  checkEnclosure,
  checkRequiredTags,
  subscribersOnlyReason,
  feedFacts,
  pingEndpoints,
  probeFile,
  requestEnclosure,
  transcriptFor,
  type FeedEpisode,
  type FeedShow,
  type ProbeOutcome,
  type SyndicationSettings,
} from '../engines/syndication/index.ts';
import { dueShowIds, loadEpisodes, loadShow, selectRecords, type LoadedEpisode, type LoadedShow } from './syndication-data.ts';
import { PermanentJobError } from '../errors.ts';
import type { JobContext, Processor } from './types.ts';

export const syndicationProcessor: Processor<'syndication'> = async (payload, ctx) => {
  const db = ctx.db.kysely;
  const settings = ctx.engines.syndication;
  if (!settings) throw new PermanentJobError('Syndication is not configured on this worker');
  let recordIds: number[] = [];
  let showIds: number[] = [];
  if ('syndicationIds' in payload) {
    const rows = await selectRecords(db).where('s.id', 'in', payload.syndicationIds).execute();
    recordIds = rows.map((r) => r.id);
    showIds = [...new Set(rows.map((r) => r.showId))];
  } else if ('showId' in payload) {
    showIds = [payload.showId];
  } else {
    showIds = await dueShowIds(db, Date.now());
    if (showIds.length) recordIds = (await selectRecords(db).where('sh.id', 'in', showIds).execute()).map((r) => r.id);
  }

  const result: SyndicationJobResult = { shows: 0, published: 0, failed: 0, pinged: 0, records: [] };
  for (const [index, showId] of showIds.entries()) {
    const span = { from: (index / showIds.length) * 100, width: 100 / showIds.length };
    const step = (fraction: number, message: string) => ctx.progress(Math.round(span.from + span.width * fraction), message);
    const outcome = await syncShow(ctx, settings, showId, recordIds, step);
    if (!outcome) continue;
    result.shows += 1;
    result.published += outcome.published;
    result.failed += outcome.failed;
    result.pinged += outcome.pinged;
    result.records.push(...outcome.records);
  }
  return result;
};

type Step = (fraction: number, message: string) => Promise<void>;

async function syncShow(ctx: JobContext, settings: SyndicationSettings, showId: number, allRecordIds: number[], step: Step) {
  const db = ctx.db.kysely;
  const show = await loadShow(db, showId);
  if (!show) return null;
  const records = allRecordIds.length
    ? await selectRecords(db).where('sh.id', '=', showId).where('s.id', 'in', allRecordIds).execute()
    : [];

  // Only what a check will read is probed: the cover and the audio of the records in this job.
  await step(0.05, `Checking cover of ${show.title}`);
  const cover = show.coverPath && records.length ? await probeFile(settings.ffprobePath, resolveMedia(settings, show.coverPath)) : null;

  await step(0.2, `Probing audio of ${show.title}`);
  const episodes = await loadEpisodes(db, showId);
  const checked = new Set(records.map((r) => r.contentId));
  const audio = new Map<number, EpisodeAudio | null>();
  for (const episode of episodes) audio.set(episode.contentId, await readEpisodeAudio(settings, episode, checked.has(episode.contentId)));

  await step(0.4, `Building feed of ${show.title}`);
  // The last change, not the build time: rebuilding an unchanged show gives the same bytes and ETag.
  // An access change counts too: a feed that drops a newly gated episode must replace the one listing it.
  const lastChange = Math.max(
    Number(show.updatedAt),
    ...episodes.map((e) => Math.max(Number(e.addedAt), Number(e.assetUpdatedAt ?? 0), Number(e.accessUpdatedAt ?? 0))),
  );
  const feedShow = toFeedShow(settings, show, new Date(lastChange));
  // The feed is public: subscribers-only episodes stay out of it (their enclosures answer 404 too).
  const feedEpisodes = episodes.filter((e) => e.subscribersOnly !== 1).map((e) => toFeedEpisode(settings, show.slug, e, audio.get(e.contentId) ?? null));
  const xml = buildFeedXml(feedShow, feedEpisodes);
  const etag = `"${createHash('sha1').update(xml).digest('base64url')}"`;
  if (etag !== show.feedEtag) {
    // Two jobs for one show may overlap: never let the one that read older data overwrite a newer feed.
    await db
      .updateTable('podcastShows')
      .set({ feedXml: xml, feedEtag: etag, feedBuiltAt: lastChange })
      .where('id', '=', showId)
      .where((eb) => eb.or([eb('feedBuiltAt', 'is', null), eb('feedBuiltAt', '<=', lastChange)]))
      .execute();
  }

  const presented: PodcastSyndication[] = [];
  let published = 0;
  let failed = 0;
  for (const [i, record] of records.entries()) {
    await step(0.5 + (0.4 * i) / Math.max(records.length, 1), `Checking ${record.contentTitle} for ${record.platform}`);
    const episode = feedEpisodes.find((e) => e.contentId === record.contentId);
    const file = audio.get(record.contentId) ?? null;
    // A subscribers-only episode is out of the public feed on purpose: that is its one reason, not the tags it then lacks.
    const gated = episodes.some((e) => e.contentId === record.contentId && e.subscribersOnly === 1);
    const reasons: string[] = gated ? [subscribersOnlyReason(record.platform)] : [];
    if (!gated) {
      if (show.qualityCheck) {
        reasons.push(...checkCover(record.platform, cover), ...checkAudio(record.platform, file ? file.probe : null));
      } else if (!file) {
        reasons.push(...checkAudio(record.platform, null));
      }
      if (episode?.enclosure) {
        const found = await requestEnclosure(episode.enclosure.url);
        reasons.push(...checkEnclosure(record.platform, episode.enclosure.url, { bytes: episode.enclosure.length, mime: episode.enclosure.type }, found));
      }
      reasons.push(...checkRequiredTags(record.platform, feedFacts(feedShow, episode?.enclosure ? episode : undefined)));
    }
    const unique = [...new Set(reasons)];
    const status = unique.length ? 'failed' : 'published';
    if (status === 'published') published += 1;
    else failed += 1;
    const lastSync = Date.now();
    await db
      .updateTable('podcastSyndications')
      .set({ status, reasons: JSON.stringify(unique), lastSync, jobId: null })
      .where('id', '=', record.id)
      .execute();
    presented.push(presentSyndicationRecord({ ...record, status, reasons: JSON.stringify(unique), lastSync, jobId: null }, settings.publicUrl));
  }

  let pinged = 0;
  if (published > 0 && settings.pingUrls.length > 0) {
    await step(0.92, `Pinging ${settings.pingUrls.length} directory hub${settings.pingUrls.length === 1 ? '' : 's'}`);
    pinged = await pingEndpoints(settings.pingUrls, feedShow.feedUrl);
  }
  await db.updateTable('podcastShows').set({ lastSyncedAt: Date.now() }).where('id', '=', showId).execute();
  await step(1, `Synced ${show.title}`);
  return { published, failed, pinged, records: presented };
}

function resolveMedia(settings: SyndicationSettings, relative: string): string {
  return path.join(settings.mediaDir, ...relative.split('/'));
}

interface EpisodeAudio {
  /** ffprobe's reading, for the episodes a check is about (null for the others). */
  probe: ProbeOutcome | null;
  bytes: number;
  ext: string;
  mime: string;
}

async function readEpisodeAudio(settings: SyndicationSettings, episode: LoadedEpisode, probe: boolean): Promise<EpisodeAudio | null> {
  if (episode.assetStatus !== 'ready' || !episode.audioPath) return null;
  const file = resolveMedia(settings, episode.audioPath);
  const size = await stat(file).then((s) => s.size).catch(() => null);
  if (size === null) return null;
  const ext = path.extname(episode.audioPath).slice(1).toLowerCase() || 'mp3';
  return { probe: probe ? await probeFile(settings.ffprobePath, file) : null, bytes: size, ext, mime: episode.audioMime ?? mimeForExt(ext) };
}

export function mimeForExt(ext: string): string {
  if (ext === 'm4a' || ext === 'mp4') return 'audio/mp4';
  if (ext === 'aac') return 'audio/aac';
  return 'audio/mpeg';
}

function toFeedShow(settings: SyndicationSettings, show: LoadedShow, builtAt: Date): FeedShow {
  const coverExt = show.coverMime === 'image/png' ? 'png' : 'jpg';
  return {
    title: show.title,
    description: show.description,
    author: show.author,
    ownerEmail: show.ownerEmail || null,
    category: show.category,
    language: show.language,
    explicit: show.explicit === 1,
    feedUrl: podcastUrls.feed(settings.publicUrl, show.slug),
    pageUrl: podcastUrls.page(settings.publicUrl, show.slug),
    coverUrl: show.coverPath ? podcastUrls.cover(settings.publicUrl, show.slug, coverExt) : null,
    locked: true,
    builtAt,
  };
}

function toFeedEpisode(
  settings: SyndicationSettings,
  slug: string,
  episode: LoadedEpisode,
  file: EpisodeAudio | null,
): FeedEpisode {
  const durationMs = episode.durationMs ?? (file?.probe?.ok ? file.probe.probe.durationMs : null);
  return {
    contentId: episode.contentId,
    title: episode.title,
    description: episode.description ?? '',
    guid: episode.guid,
    publishedAt: new Date(Number(episode.createdAt)),
    durationSeconds: durationMs !== null ? Number(durationMs) / 1000 : episode.durationSeconds,
    enclosure: file ? { url: podcastUrls.enclosure(settings.publicUrl, slug, episode.contentId, file.ext), length: file.bytes, type: file.mime } : null,
    transcript: transcriptFor(settings.publicUrl, episode.contentId, episode.transcriptLanguage),
  };
}
