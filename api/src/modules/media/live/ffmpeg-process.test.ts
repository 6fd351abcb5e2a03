import { describe, expect, it } from 'vitest';
import { ffmpegFailure } from './ffmpeg-process.ts';

describe('ffmpeg failure text', () => {
  it('drops context tags and URLs, keeps the last two lines as sentences', () => {
    const tail = [
      'Press [q] to stop, [?] for help',
      'Input #0, flv, from rtmp://127.0.0.1:1935/live/secret-key:',
      '[rtmp @ 0x55944dcafcc0] Cannot open connection tcp://127.0.0.1:9',
      'Error opening output rtmp://a.rtmp.youtube.com/live2/abcd-efgh: Connection refused',
    ];
    expect(ffmpegFailure(tail)).toBe('Cannot open connection tcp://127.0.0.1:9. Error opening output <url> Connection refused');
  });

  it('says ffmpeg stopped when it said nothing', () => {
    expect(ffmpegFailure([])).toBe('ffmpeg stopped');
    expect(ffmpegFailure(['Press [q] to stop'])).toBe('ffmpeg stopped');
  });
});
