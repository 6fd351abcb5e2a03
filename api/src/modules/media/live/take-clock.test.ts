/**
 * The take clock for the subtitle rendition's X-TIMESTAMP-MAP (issue 15): a segment's first PTS as
 * ffprobe reads it, and the take's first segment found after the earlier takes' ones.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstPts, lastSequence, mediaPlaylistSegments, takeClock } from './take-clock.ts';

/** A real HLS take written by ffmpeg, its clock starting `offsetS` seconds in. */
function take(offsetS: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-take-clock-'));
  execFileSync('ffmpeg', [
    '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-f', 'lavfi', '-i', 'sine', '-t', '3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-c:a', 'aac', '-output_ts_offset', String(offsetS),
    '-f', 'hls', '-hls_time', '1', '-hls_segment_filename', `${dir}/seg%06d.ts`, `${dir}/index.m3u8`,
  ]);
  return dir;
}

function probedPts(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Math.min(...out.split('\n').filter((l) => /^\d+/.test(l)).map((l) => Number.parseInt(l, 10)));
}

describe('take clock', () => {
  it('reads the first PTS of a segment as ffprobe does', () => {
    const dir = take(37);
    for (const name of ['seg000000.ts', 'seg000002.ts']) {
      const file = path.join(dir, name);
      expect(firstPts(readFileSync(file))).toBe(probedPts(file));
    }
    expect(firstPts(readFileSync(path.join(dir, 'seg000000.ts')))).toBeGreaterThan(37 * 90_000);
    expect(firstPts(Buffer.from('not a transport stream'))).toBeNull();
  });

  it("finds the take's first segment after the earlier takes' ones", async () => {
    const dir = take(0);
    const playlist = path.join(dir, 'index.m3u8');
    const segments = mediaPlaylistSegments(readFileSync(playlist, 'utf8'));
    expect(segments.map((s) => s.uri)).toEqual(['seg000000.ts', 'seg000001.ts', 'seg000002.ts']);
    expect(await lastSequence(playlist)).toBe(2);
    expect(await lastSequence(path.join(dir, 'missing.m3u8'))).toBe(-1);
    const clock = await takeClock(playlist, 0);
    expect(clock!.mpegts).toBe(probedPts(path.join(dir, 'seg000001.ts')));
    expect(await takeClock(playlist, 2)).toBeNull();
    // A playlist that slid on: sequence numbers continue from EXT-X-MEDIA-SEQUENCE.
    writeFileSync(playlist, readFileSync(playlist, 'utf8').replace('#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-MEDIA-SEQUENCE:40'));
    expect(await lastSequence(playlist)).toBe(42);
  });
});
