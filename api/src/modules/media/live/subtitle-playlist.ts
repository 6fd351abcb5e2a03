/**
 * The live WebVTT subtitle rendition (issue 15): a sliding HLS media playlist of short WebVTT
 * segments, next to the video playlists and kept as long as they are.
 *
 * Cue times count from the broadcast's start (wall clock). Segment n covers [n·d, (n+1)·d) of that
 * time and is published `lagMs` after its window ends, because the recogniser answers an utterance
 * only once it is over; the lag is short enough that players, which play a few segments behind the
 * live edge, still find the segment when they reach its time. A cue that comes later than the lag
 * goes into the next segment published (with its own times) rather than being lost. Each segment
 * carries `X-TIMESTAMP-MAP`, pairing broadcast time with the take's MPEG-TS clock, so players put the
 * cues on the video's timeline; a new take (encoder reconnect) restarts that clock, hence a
 * discontinuity, as in the video playlists.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cuesToVtt, vttTime } from '@onair/protocol';

export interface TimedCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** Broadcast time `localMs` is at MPEG-TS time `mpegts` (90 kHz) in the take's video. */
export interface TimestampMap {
  mpegts: number;
  localMs: number;
}

export interface SubtitleSegmentEntry {
  sequence: number;
  file: string;
  /** Start of the segment's window, broadcast time. */
  startMs: number;
  discontinuity: boolean;
}

export interface SubtitlePlaylistOptions {
  segmentMs: number;
  /** Segments listed, as in the video playlists. */
  listSize: number;
  /** Segments kept on disk after they leave the list (players that loaded an older list may still ask). */
  deleteThreshold: number;
  lagMs: number;
}

export const SUBTITLE_PLAYLIST = 'captions/index.m3u8';

/** One WebVTT segment: the timestamp map, then the cues. */
export function subtitleSegmentVtt(map: TimestampMap, cues: TimedCue[]): string {
  return cuesToVtt(cues).replace(/^WEBVTT\n/, `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${Math.round(map.mpegts)},LOCAL:${vttTime(map.localMs)}\n`);
}

/** The media playlist listing `entries` (oldest first). */
export function subtitlePlaylistText(
  entries: SubtitleSegmentEntry[],
  options: { segmentMs: number; discontinuitySequence: number; startedAt: number },
): string {
  const seconds = (options.segmentMs / 1000).toFixed(3);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(options.segmentMs / 1000)}`,
    `#EXT-X-MEDIA-SEQUENCE:${entries[0]?.sequence ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${options.discontinuitySequence}`,
  ];
  for (const entry of entries) {
    if (entry.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    // Players line live renditions up by date where the video playlists carry one too.
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(options.startedAt + entry.startMs).toISOString()}`);
    lines.push(`#EXTINF:${seconds},`, entry.file);
  }
  return `${lines.join('\n')}\n`;
}

interface HeldCue {
  cue: TimedCue;
  written: boolean;
}

export class SubtitlePlaylist {
  private held: HeldCue[] = [];
  private entries: SubtitleSegmentEntry[] = [];
  private retired: string[] = [];
  private sequence = 0;
  private discontinuitySequence = 0;
  private map: TimestampMap | null = null;
  private nextWindow = 0;
  private discontinuityNext = false;
  private readonly dir: string;

  /**
   * @param liveDir the stream's live folder; the playlist is written at {@link SUBTITLE_PLAYLIST} in it
   * @param startedAt the broadcast's start (wall clock), which cue times count from
   */
  constructor(
    liveDir: string,
    private startedAt: number,
    private options: SubtitlePlaylistOptions,
  ) {
    this.dir = path.dirname(path.join(liveDir, SUBTITLE_PLAYLIST));
    mkdirSync(this.dir, { recursive: true });
  }

  /** A take's video started: its clock, and where in broadcast time its segments begin. */
  startTake(map: TimestampMap) {
    if (this.map) this.discontinuityNext = true;
    this.map = map;
    this.nextWindow = Math.max(this.nextWindow, Math.floor(map.localMs / this.options.segmentMs));
  }

  addCue(cue: TimedCue) {
    this.held.push({ cue, written: false });
  }

  /** Publishes every segment whose window ended at least the lag before `nowMs` (broadcast time). */
  advance(nowMs: number) {
    const { segmentMs, lagMs } = this.options;
    let changed = false;
    while (this.map && (this.nextWindow + 1) * segmentMs + lagMs <= nowMs) {
      this.publish(this.map, this.nextWindow * segmentMs, (this.nextWindow + 1) * segmentMs);
      this.nextWindow++;
      changed = true;
    }
    if (changed) this.writePlaylist();
  }

  private publish(map: TimestampMap, fromMs: number, toMs: number) {
    const cues = this.held.filter((h) => !h.written || (h.cue.startMs < toMs && h.cue.endMs > fromMs));
    for (const h of cues) h.written = true;
    // Written cues that ended before this window will not be repeated in a later one.
    this.held = this.held.filter((h) => !h.written || h.cue.endMs > toMs);
    const file = `seg${String(this.sequence).padStart(6, '0')}.vtt`;
    this.atomicWrite(file, subtitleSegmentVtt(map, cues.map((h) => h.cue)));
    this.entries.push({ sequence: this.sequence++, file, startMs: fromMs, discontinuity: this.discontinuityNext });
    this.discontinuityNext = false;
    while (this.entries.length > this.options.listSize) {
      const gone = this.entries.shift()!;
      if (gone.discontinuity) this.discontinuitySequence++;
      this.retired.push(gone.file);
    }
    while (this.retired.length > this.options.deleteThreshold) rmSync(path.join(this.dir, this.retired.shift()!), { force: true });
  }

  private writePlaylist() {
    this.atomicWrite('index.m3u8', subtitlePlaylistText(this.entries, { segmentMs: this.options.segmentMs, discontinuitySequence: this.discontinuitySequence, startedAt: this.startedAt }));
  }

  /** Readers never see half a file. */
  private atomicWrite(name: string, text: string) {
    const file = path.join(this.dir, name);
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }
}
