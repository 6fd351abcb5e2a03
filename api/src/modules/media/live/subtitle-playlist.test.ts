/**
 * The live subtitle rendition's files (issue 15): segments published a lag after their window, cues
 * repeated in every segment they overlap, late cues kept, the sliding window and its retention, the
 * timestamp map, a new take's discontinuity, and the master playlist naming the rendition.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSubtitleRendition } from './master-playlist.ts';
import { SUBTITLE_PLAYLIST, SubtitlePlaylist } from './subtitle-playlist.ts';
import { mediaPlaylistSegments } from './take-clock.ts';

const STARTED_AT = Date.parse('2026-01-02T10:00:00.000Z');

function setup(listSize = 3, deleteThreshold = 1) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-subs-'));
  const playlist = new SubtitlePlaylist(dir, STARTED_AT, { segmentMs: 1000, listSize, deleteThreshold, lagMs: 2000 });
  const read = (name: string) => readFileSync(path.join(dir, 'captions', name), 'utf8');
  return { dir, playlist, read, index: () => read('index.m3u8') };
}

describe('subtitle playlist', () => {
  it('publishes a window only once the lag has passed, with the take clock in every segment', () => {
    const { playlist, index, read, dir } = setup();
    playlist.startTake({ mpegts: 126_000, localMs: 1500 });
    playlist.advance(3900);
    expect(existsSync(path.join(dir, SUBTITLE_PLAYLIST))).toBe(false);
    playlist.addCue({ startMs: 1200, endMs: 2400, text: 'hello there' });
    playlist.advance(4000);
    const text = index();
    expect(text).toContain('#EXT-X-TARGETDURATION:1\n');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-01-02T10:00:01.000Z\n#EXTINF:1.000,\nseg000000.vtt\n');
    expect(mediaPlaylistSegments(text)).toHaveLength(1);
    const vtt = read('seg000000.vtt');
    expect(vtt.startsWith('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:01.500\n')).toBe(true);
    expect(vtt).toContain('00:00:01.200 --> 00:00:02.400\nhello there');
    // The cue runs into the next window: repeated there (players drop the duplicate).
    playlist.advance(5000);
    expect(read('seg000001.vtt')).toContain('hello there');
    playlist.advance(6000);
    expect(read('seg000002.vtt')).not.toContain('hello there');
  });

  it('puts a cue that came after its window was published into the next segment', () => {
    const { playlist, read } = setup();
    playlist.startTake({ mpegts: 0, localMs: 0 });
    playlist.advance(5000);
    playlist.addCue({ startMs: 500, endMs: 900, text: 'late words' });
    playlist.advance(6000);
    expect(read('seg000003.vtt')).toContain('00:00:00.500 --> 00:00:00.900\nlate words');
    playlist.advance(7000);
    expect(read('seg000004.vtt')).not.toContain('late words');
  });

  it('slides like the video playlists and deletes segments past the threshold', () => {
    const { playlist, index, dir } = setup(3, 1);
    playlist.startTake({ mpegts: 0, localMs: 0 });
    playlist.advance(8000);
    const listed = mediaPlaylistSegments(index());
    expect(listed.map((s) => s.sequence)).toEqual([3, 4, 5]);
    expect(index()).toContain('#EXT-X-MEDIA-SEQUENCE:3\n');
    expect(existsSync(path.join(dir, 'captions', 'seg000002.vtt'))).toBe(true);
    expect(existsSync(path.join(dir, 'captions', 'seg000001.vtt'))).toBe(false);
  });

  it('marks a new take with a discontinuity and its own clock, and counts it once it slides out', () => {
    const { playlist, index, read } = setup(3, 1);
    playlist.startTake({ mpegts: 0, localMs: 0 });
    playlist.advance(3000);
    playlist.startTake({ mpegts: 900_000, localMs: 10_000 });
    playlist.advance(13_000);
    const text = index();
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0\n');
    expect(text).toMatch(/#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:2026-01-02T10:00:10.000Z\n#EXTINF:1.000,\nseg000001.vtt/);
    expect(read('seg000001.vtt')).toContain('X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:10.000');
    playlist.advance(16_000);
    expect(index()).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    expect(index()).not.toContain('#EXT-X-DISCONTINUITY\n');
  });
});

describe('master playlist with captions', () => {
  it('lists the subtitle rendition and points every variant at its group', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-STREAM-INF:BANDWIDTH=1140800,RESOLUTION=960x540,CODECS="avc1.64001f,mp4a.40.2"',
      'source/index.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=140800,CODECS="mp4a.40.2"',
      'audio/index.m3u8',
      '',
    ].join('\n');
    const out = withSubtitleRendition(master, SUBTITLE_PLAYLIST);
    const lines = out.split('\n');
    expect(lines[2]).toBe('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,DEFAULT=NO,FORCED=NO,URI="captions/index.m3u8"');
    const variants = lines.filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    for (const v of variants) expect(v.endsWith(',SUBTITLES="subs"')).toBe(true);
    expect(out).toContain('source/index.m3u8\n');
  });
});
