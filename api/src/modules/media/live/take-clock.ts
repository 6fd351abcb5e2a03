/**
 * Where a take's video clock meets the wall clock, for the subtitle rendition's X-TIMESTAMP-MAP: the
 * take's first HLS segment, the MPEG-TS time it starts at (read from its first PES headers) and the
 * wall-clock time it was live (its file is finished when its last frame arrives, so it began a
 * segment's length before). The playlist's program date-time is not used: on a reconnect ffmpeg
 * continues it from the earlier take instead of the wall clock.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface PlaylistSegment {
  sequence: number;
  seconds: number;
  uri: string;
}

/** The segments of an HLS media playlist, with their media sequence numbers. */
export function mediaPlaylistSegments(text: string): PlaylistSegment[] {
  let sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
  let seconds: number | null = null;
  const segments: PlaylistSegment[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (line && !line.startsWith('#') && seconds !== null) {
      segments.push({ sequence: sequence++, seconds, uri: line });
      seconds = null;
    }
  }
  return segments;
}

const TS_PACKET = 188;
/** Enough packets to meet a PES header of every stream of a segment. */
const PACKETS_READ = 400;

/** The earliest PTS (90 kHz) among the PES headers at the start of an MPEG-TS buffer, or null. */
export function firstPts(ts: Buffer): number | null {
  let earliest: number | null = null;
  for (let at = 0, n = 0; at + TS_PACKET <= ts.length && n < PACKETS_READ; at += TS_PACKET, n++) {
    if (ts[at] !== 0x47 || !(ts[at + 1]! & 0x40)) continue;
    const adaptation = (ts[at + 3]! >> 4) & 0x3;
    let payload = at + 4;
    if (adaptation & 0x2) payload += 1 + ts[at + 4]!;
    if (!(adaptation & 0x1) || payload + 14 > at + TS_PACKET) continue;
    // A PES start code with a PTS (PTS_DTS_flags 10 or 11).
    if (ts[payload] !== 0 || ts[payload + 1] !== 0 || ts[payload + 2] !== 1 || !(ts[payload + 7]! & 0x80)) continue;
    const p = payload + 9;
    const pts = ((ts[p]! >> 1) & 0x07) * 2 ** 30 + ((ts[p + 1]! << 7) | (ts[p + 2]! >> 1)) * 2 ** 15 + ((ts[p + 3]! << 7) | (ts[p + 4]! >> 1));
    if (earliest === null || pts < earliest) earliest = pts;
  }
  return earliest;
}

/** The last media sequence number in a variant playlist, or -1 (before a take starts, to tell its segments apart). */
export async function lastSequence(playlist: string): Promise<number> {
  const text = await readFile(playlist, 'utf8').catch(() => '');
  return mediaPlaylistSegments(text).at(-1)?.sequence ?? -1;
}

/** The clock of the take whose first segment follows `afterSequence` in `playlist`, once it is written. */
export async function takeClock(playlist: string, afterSequence: number): Promise<{ mpegts: number; wallMs: number } | null> {
  const text = await readFile(playlist, 'utf8').catch(() => '');
  const first = mediaPlaylistSegments(text).find((s) => s.sequence > afterSequence);
  if (!first) return null;
  const file = path.join(path.dirname(playlist), first.uri);
  const [bytes, info] = await Promise.all([readFile(file), stat(file)]).catch(() => [null, null] as const);
  const mpegts = bytes && firstPts(bytes);
  if (mpegts === null || !info) return null;
  return { mpegts, wallMs: info.mtimeMs - first.seconds * 1000 };
}
