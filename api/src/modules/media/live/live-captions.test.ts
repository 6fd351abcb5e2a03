/**
 * Live captions end to end with real processes (issue 15, point 5): the Studio switch is saved, an
 * encoder pushes recorded speech from Debian's pocketsphinx-testdata over RTMP, and the recogniser's
 * cues reach a viewer's socket in the content room with words close to the corpus's reference, while
 * the creator's stream health reports the caption delay. The same cues are served as the WebVTT subtitle
 * rendition of the HLS master playlist (read over HTTP while the sliding playlist moves). One stream, on the first test database (the
 * media path does not depend on the database; the switch's column is covered by the migrations on both).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vttTime as vttTimeOf, wordErrorRate } from '@onair/protocol';
import type { LiveCaptionCue, StreamHealth } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../../test/support/app.ts';
import { testDialects } from '../../../../../test-support/databases.ts';
import { startEncoder, waitFor, type Encoder } from '../../../../test/support/live-media.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck } from '../../../../test/support/sockets.ts';
import { mediaPlaylistSegments } from './take-clock.ts';

const [dialect] = await testDialects();
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const IDS = ['sense_and_sensibility_01_austen_64kb-0880', 'sense_and_sensibility_01_austen_64kb-0920'];
// The captioner joins the live input once its kinds of media are known: a quiet start, as shows have.
const LEADING_SILENCE_S = 3;
// Trailing silence lets the recogniser close the last utterance while the stream is still on air.
const TRAILING_SILENCE_S = 10;
const SLOW = 150_000;

function referenceOf(ids: string[]): string {
  const lines = readFileSync(path.join(LIBRIVOX, 'transcription'), 'utf8').split('\n');
  return ids.map((id) => lines.find((l) => l.includes(`(${id})`))!.replace(/<\/?s>/g, '').replace(/\(.*\)/, '').trim()).join(' ');
}

/** The recordings joined, followed by silence; answers the file and its speech length. */
function speechFile(): { file: string; seconds: number } {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'onair-live-captions-')), 'speech.wav');
  const inputs = IDS.flatMap((id) => ['-i', path.join(LIBRIVOX, `${id}.wav`)]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', `[0][1]concat=n=2:v=0:a=1,adelay=${LEADING_SILENCE_S * 1000}:all=1,apad=pad_dur=${TRAILING_SILENCE_S}`, file]);
  const seconds = IDS.reduce((s, id) => s + (readFileSync(path.join(LIBRIVOX, `${id}.wav`)).length - 44) / 32_000, 0);
  return { file, seconds };
}

/** 00:01:02.345 → ms */
function vttMs(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return Math.round(((h! * 60 + m!) * 60 + s!) * 1000);
}

interface HlsCaptions {
  cues: Map<string, { startMs: number; endMs: number; text: string }>;
  segments: { uri: string; contentType: string; timestampMap: string | null }[];
}

/** Reads the subtitle playlist as a player would, fetching each new segment once and keeping its cues. */
async function readSubtitles(t: TestApp, contentId: number, into: HlsCaptions) {
  const base = `/media/live/${contentId}/captions`;
  const list = await t.app.inject({ method: 'GET', url: `${base}/index.m3u8` });
  if (list.statusCode !== 200) return;
  for (const segment of mediaPlaylistSegments(list.body)) {
    if (into.segments.some((s) => s.uri === segment.uri)) continue;
    const vtt = await t.app.inject({ method: 'GET', url: `${base}/${segment.uri}` });
    if (vtt.statusCode !== 200) continue;
    into.segments.push({ uri: segment.uri, contentType: String(vtt.headers['content-type']), timestampMap: /^X-TIMESTAMP-MAP=(.*)$/m.exec(vtt.body)?.[1] ?? null });
    for (const block of vtt.body.split('\n\n')) {
      const timing = /^([\d:.]+) --> ([\d:.]+)\n(.+)$/m.exec(block);
      if (timing) into.cues.set(`${timing[1]}|${timing[2]}`, { startMs: vttMs(timing[1]!), endMs: vttMs(timing[2]!), text: timing[3]! });
    }
  }
}

describe.skipIf(!dialect)('live captions', { timeout: SLOW }, () => {
  let t: TestApp;
  let encoder: Encoder | undefined;
  let cues: { seen: LiveCaptionCue[] };
  let health: { seen: StreamHealth[] };
  let contentId: number;
  let speech: { file: string; seconds: number };
  const hls: HlsCaptions = { cues: new Map(), segments: [] };
  let poller: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect!, { seed: TINY_SEED, env: { MEDIA_INGEST: 'true', RTMP_PORT: '0', MEDIA_GRACE_MS: '1500', HOST: '127.0.0.1' } });
    const base = await listen(t);
    const creator = await signIn(t.app, 'creator', 'creator123');
    speech = speechFile();

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/creator/streaming/config',
      headers: { cookie: creator },
      payload: { title: 'Reading Hour', bitrate: 1000, saveRecording: false, liveCaptions: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().liveCaptions).toBe(true);
    const reread = await t.app.inject({ method: 'GET', url: '/api/creator/streaming/config', headers: { cookie: creator } });
    expect(reread.json().liveCaptions).toBe(true);

    // Started from the Studio first, so a viewer is in the room before any speech arrives.
    const started = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/start', headers: { cookie: creator }, payload: { configId: saved.json().configId } });
    expect(started.statusCode).toBeLessThan(300);
    contentId = started.json().contentId;

    const viewer = await connectSocket(base);
    cues = collect(viewer, 'caption:cue');
    await emitWithAck(viewer, 'content:watch', { contentId });
    const studio = await connectSocket(base, creator);
    health = collect(studio, 'stream:health');

    const rtmp = `rtmp://127.0.0.1:${t.app.liveMedia.rtmpPort}/live`;
    encoder = startEncoder(`${rtmp}/${saved.json().streamKey}`, { seconds: LEADING_SILENCE_S + Math.ceil(speech.seconds) + TRAILING_SILENCE_S, video: null, audioFile: speech.file });
    // The playlist slides (8 s kept), so it is read all along, as a player does.
    let reading = false;
    poller = setInterval(() => {
      if (reading) return;
      reading = true;
      void readSubtitles(t, contentId, hls).finally(() => (reading = false));
    }, 500);
  }, 60_000);

  afterAll(async () => {
    clearInterval(poller);
    encoder?.stop();
    closeAllSockets();
    await t?.close();
  });

  it('rejects a switch that is not true or false, naming the field', async () => {
    const creator = await signIn(t.app, 'creator', 'creator123');
    const bad = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/config', headers: { cookie: creator }, payload: { title: 'x', liveCaptions: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('liveCaptions');
  });

  it('shows the creator the measured caption delay in the stream health', async () => {
    // The first utterance ends well before the trailing silence does: the stream is still on air.
    // It is the delay of a cue the viewers got.
    const shown = () => health.seen.some((h) => typeof h.captionDelayMs === 'number' && cues.seen.some((c) => c.delayMs === h.captionDelayMs));
    await waitFor('a stream health with the caption delay of a cue', async () => shown(), 60_000, 500);
    expect(shown()).toBe(true);
  });

  it('pushes cues of the recorded speech to the content room, close to the reference', async () => {
    // The encoder runs in real time; the cues follow the speech by the recogniser's delay.
    await encoder!.exited;
    const reference = referenceOf(IDS);
    // The last recording has been recognised when a cue ends in its second half.
    await waitFor('cues up to the end of the speech', async () => cues.seen.some((c) => c.endMs > (LEADING_SILENCE_S + speech.seconds * 0.8) * 1000), 60_000, 500);
    const text = cues.seen.map((c) => c.text).join(' ');
    expect(wordErrorRate(reference, text).rate).toBeLessThan(0.6);
    for (const cue of cues.seen) {
      expect(cue.contentId).toBe(contentId);
      expect(cue.endMs).toBeGreaterThanOrEqual(cue.startMs);
      expect(cue.endMs).toBeLessThanOrEqual((LEADING_SILENCE_S + speech.seconds + TRAILING_SILENCE_S) * 1000 + 3000);
      expect(cue.delayMs).toBeGreaterThanOrEqual(0);
    }
    // Cue times follow the speech, in order.
    const starts = cues.seen.map((c) => c.startMs);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it('lists the subtitle rendition in the HLS master playlist, on every variant', async () => {
    const master = await waitFor(
      'the master playlist',
      async () => {
        const res = await t.app.inject({ method: 'GET', url: `/media/live/${contentId}/master.m3u8` });
        return res.statusCode === 200 ? res.body : null;
      },
      60_000,
      500,
    );
    expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,DEFAULT=NO');
    expect(master).toContain('URI="captions/index.m3u8"');
    const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) expect(variant).toContain('SUBTITLES="subs"');
  });

  it('serves the same cues in the HLS subtitle playlist, on the take clock, close to the reference', async () => {
    await encoder!.exited;
    // Every cue the viewers got is published once its window has passed.
    const published = () => cues.seen.length > 0 && cues.seen.every((c) => hls.cues.has(`${vttTimeOf(c.startMs)}|${vttTimeOf(Math.max(c.endMs, c.startMs + 1))}`));
    await waitFor('the socket cues in the subtitle playlist', async () => published(), 60_000, 500);
    const inOrder = [...hls.cues.values()].sort((a, b) => a.startMs - b.startMs);
    expect(wordErrorRate(referenceOf(IDS), inOrder.map((c) => c.text).join(' ')).rate).toBeLessThan(0.6);
    expect(hls.segments.length).toBeGreaterThan(5);
    for (const segment of hls.segments) {
      expect(segment.contentType).toMatch(/^text\/vtt/);
      // MPEG-TS time of the take's audio (90 kHz, 33 bits) paired with broadcast time.
      expect(segment.timestampMap).toMatch(/^MPEGTS:\d+,LOCAL:\d\d:\d\d:\d\d\.\d{3}$/);
      expect(Number(/MPEGTS:(\d+)/.exec(segment.timestampMap!)![1])).toBeLessThan(2 ** 33);
    }
  });
});

