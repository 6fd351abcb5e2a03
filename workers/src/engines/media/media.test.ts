import { describe, expect, it } from 'vitest';
import { downloadRendition, hlsArgs, planLadder } from './ladder.ts';
import { interpretProbe, parseRate, UnreadableMediaError } from './probe.ts';
import { progressSeconds, reasonFrom } from './run.ts';

describe('the on-demand ladder', () => {
  const plan = (height: number | null, extra: { hasAudio?: boolean; fps?: number | null } = {}) =>
    planLadder({ hasVideo: height !== null, hasAudio: extra.hasAudio ?? true, height, fps: extra.fps ?? 25 });

  it('keeps the source height and adds 720p and 480p only below it, never upscaling', () => {
    expect(plan(2160).video.map((r) => r.height)).toEqual([2160, 720, 480]);
    expect(plan(1080).video.map((r) => r.height)).toEqual([1080, 720, 480]);
    expect(plan(720).video.map((r) => r.height)).toEqual([720, 480]);
    expect(plan(540).video.map((r) => r.height)).toEqual([540, 480]);
    expect(plan(480).video.map((r) => r.height)).toEqual([480]);
    expect(plan(360).video.map((r) => r.height)).toEqual([360]);
    // Odd heights are rounded down to even (H.264 4:2:0 needs even sizes).
    expect(plan(361).video.map((r) => r.height)).toEqual([360]);
  });

  it('adds an audio-only rendition when there is audio, and makes only that for audio files', () => {
    expect(plan(540).audio).toBe('audio');
    expect(plan(540, { hasAudio: false }).audio).toBeNull();
    expect(plan(null)).toMatchObject({ video: [], audio: 'audio' });
  });

  it('makes the download MP4 from the tallest rendition at most 720p', () => {
    expect(downloadRendition(plan(1080))?.height).toBe(720);
    expect(downloadRendition(plan(540))?.height).toBe(540);
    expect(downloadRendition(plan(null))).toBeNull();
  });

  it('aligns keyframes: a fixed 2 s GOP at the frame rate, no scene-cut keyframes, forced every 2 s', () => {
    const args = hlsArgs('in.mp4', '/out', plan(1080, { fps: 29.97 }));
    const at = (flag: string) => args[args.indexOf(flag) + 1];
    expect(at('-g')).toBe('60');
    expect(at('-keyint_min')).toBe('60');
    expect(at('-sc_threshold')).toBe('0');
    expect(at('-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
    expect(at('-hls_time')).toBe('2');
    expect(at('-var_stream_map')).toBe('v:0,a:0,name:1080p v:1,a:1,name:720p v:2,a:2,name:480p a:3,name:audio');
    expect(at('-filter_complex')).toBe('[0:v:0]split=3[s0][s1][s2];[s0]scale=-2:1080,setsar=1[v0];[s1]scale=-2:720,setsar=1[v1];[s2]scale=-2:480,setsar=1[v2]');
    expect(hlsArgs('in.wav', '/out', plan(null))).not.toContain('-filter_complex');
  });
});

describe('reading ffmpeg and ffprobe', () => {
  it('reads progress lines in microseconds', () => {
    expect(progressSeconds('out_time_us=2500000')).toBe(2.5);
    expect(progressSeconds('out_time_ms=1000000')).toBe(1);
    expect(progressSeconds('out_time=00:00:02.5')).toBeNull();
    expect(progressSeconds('out_time_us=N/A')).toBeNull();
  });

  it("keeps ffmpeg's last meaningful line as the reason", () => {
    expect(reasonFrom('[mov,mp4 @ 0x55d1] moov atom not found\nin.mp4: Invalid data found when processing input\n')).toBe('in.mp4: Invalid data found when processing input');
    expect(reasonFrom('Error opening output\nConversion failed!\n')).toBe('Error opening output');
  });

  it('refuses a probe with no playable stream or no duration', () => {
    expect(() => interpretProbe({ streams: [], format: { duration: '3' } })).toThrow(UnreadableMediaError);
    expect(() => interpretProbe({ streams: [{ codec_type: 'data', codec_name: 'bin_data' }], format: {} })).toThrow('holds no video or audio stream');
    expect(() => interpretProbe({ streams: [{ codec_type: 'video', codec_name: 'png', width: 10, height: 10 }], format: {} })).toThrow('ffprobe found no duration');
  });

  it('treats cover art as no video, and reads rates and sizes', () => {
    const mp3 = interpretProbe({
      streams: [
        { codec_type: 'audio', codec_name: 'mp3', sample_rate: '44100' },
        { codec_type: 'video', codec_name: 'mjpeg', width: 500, height: 500, disposition: { attached_pic: 1 } },
      ],
      format: { duration: '61.2', format_name: 'mp3' },
    });
    expect(mp3).toMatchObject({ hasVideo: false, hasAudio: true, width: null, durationSeconds: 61.2, audioSampleRate: 44100 });
    expect(parseRate('30000/1001')).toBeCloseTo(29.97, 2);
    expect(parseRate('0/0')).toBeNull();
  });
});
