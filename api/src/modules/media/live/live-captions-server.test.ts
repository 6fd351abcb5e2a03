/**
 * Live captions through an OpenAI-compatible transcription server (TRANSCRIBE_URL), with real
 * processes: an encoder pushes tone bursts (2 s of tone, 0.6 s of silence) for a French stream; a
 * local stub server stands in for whisper.cpp and answers, for each WAV it receives, one segment per
 * burst it finds in the audio, timed where the burst is. So the cues prove that the live audio reached
 * the server in chunks cut at the pauses, that the server's answer is what viewers get (socket and
 * HLS subtitle playlist), and that chunk times are placed correctly on the broadcast clock.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveCaptionCue } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../../test/support/app.ts';
import { testDialects } from '../../../../../test-support/databases.ts';
import { startEncoder, waitFor, type Encoder } from '../../../../test/support/live-media.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck } from '../../../../test/support/sockets.ts';
import { CHUNK } from './server-live-captioner.ts';

const [dialect] = await testDialects();
const LEADING_SILENCE_S = 3;
const TONE_S = 2;
const CYCLE_S = 2.6;
const BURSTS = 5;
const TRAILING_SILENCE_S = 4;
const SLOW = 120_000;

/** Tone bursts after a quiet start, as a WAV; answers its path. */
function burstsFile(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'onair-live-server-')), 'bursts.wav');
  const seconds = LEADING_SILENCE_S + BURSTS * CYCLE_S + TRAILING_SILENCE_S;
  const expr = `if(between(t,${LEADING_SILENCE_S},${LEADING_SILENCE_S + BURSTS * CYCLE_S})*lt(mod(t-${LEADING_SILENCE_S},${CYCLE_S}),${TONE_S}),0.5*sin(2*PI*440*t),0)`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='${expr}':s=44100:d=${seconds}`, file]);
  return file;
}

interface Heard {
  language: string;
  model: string;
  format: string;
  authorization: string | undefined;
  durationMs: number;
}

/** Loud stretches of 16 kHz mono s16le audio, in ms: what the stub "recognises". */
function loudStretches(pcm: Buffer): { startMs: number; endMs: number }[] {
  const windowBytes = 20 * 32;
  const stretches: { startMs: number; endMs: number }[] = [];
  let open: number | null = null;
  for (let at = 0; at + windowBytes <= pcm.length; at += windowBytes) {
    let peak = 0;
    for (let i = at; i < at + windowBytes; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
    const ms = at / 32;
    if (peak > 3000 && open === null) open = ms;
    if (peak <= 3000 && open !== null) {
      stretches.push({ startMs: open, endMs: ms });
      open = null;
    }
  }
  if (open !== null) stretches.push({ startMs: open, endMs: pcm.length / 32 });
  return stretches;
}

/** A stand-in for whisper.cpp's server: `POST /v1/audio/transcriptions`, verbose_json. */
function startStubServer(heard: Heard[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      void (async () => {
        const form = await new Response(Buffer.concat(body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
        const wav = Buffer.from(await (form.get('file') as Blob).arrayBuffer());
        const pcm = wav.subarray(44);
        heard.push({
          language: String(form.get('language')),
          model: String(form.get('model')),
          format: String(form.get('response_format')),
          authorization: req.headers.authorization,
          durationMs: pcm.length / 32,
        });
        const segments = loudStretches(pcm).map((s, i) => ({ start: s.startMs / 1000, end: s.endMs / 1000, text: `burst ${heard.length}.${i + 1} of ${Math.round(s.endMs - s.startMs)} ms` }));
        res.writeHead(req.url === '/v1/audio/transcriptions' ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: segments.map((s) => s.text).join(' '), segments }));
      })();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!dialect)('live captions through a transcription server', { timeout: SLOW }, () => {
  let t: TestApp;
  let stub: http.Server;
  const heard: Heard[] = [];
  let encoder: Encoder | undefined;
  let cues: { seen: LiveCaptionCue[] };
  let contentId: number;

  beforeAll(async () => {
    stub = await startStubServer(heard);
    const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    t = await createTestApp(dialect!, {
      seed: TINY_SEED,
      env: { MEDIA_INGEST: 'true', RTMP_PORT: '0', MEDIA_GRACE_MS: '1500', HOST: '127.0.0.1', TRANSCRIBE_URL: stubUrl, TRANSCRIBE_API_KEY: 'stub-key', TRANSCRIBE_MODEL: 'whisper-large-v3' },
    });
    const base = await listen(t);
    const creator = await signIn(t.app, 'creator', 'creator123');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/creator/streaming/config',
      headers: { cookie: creator },
      payload: { title: 'Journal en direct', bitrate: 800, saveRecording: false, liveCaptions: true },
    });
    expect(saved.statusCode).toBe(200);
    const started = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/start', headers: { cookie: creator }, payload: { configId: saved.json().configId } });
    expect(started.statusCode).toBeLessThan(300);
    contentId = started.json().contentId;
    // A French programme: the offline engine knows only English, the server serves every language.
    await t.app.db.kysely.updateTable('content').set({ language: 'fr' }).where('id', '=', contentId).execute();

    const viewer = await connectSocket(base);
    cues = collect(viewer, 'caption:cue');
    await emitWithAck(viewer, 'content:watch', { contentId });
    encoder = startEncoder(`rtmp://127.0.0.1:${t.app.liveMedia.rtmpPort}/live/${saved.json().streamKey}`, {
      seconds: LEADING_SILENCE_S + BURSTS * CYCLE_S + TRAILING_SILENCE_S,
      video: null,
      audioFile: burstsFile(),
    });
  }, 60_000);

  afterAll(async () => {
    encoder?.stop();
    closeAllSockets();
    await t?.close();
    await new Promise((resolve) => stub?.close(resolve));
  });

  it('sends the live audio in chunks cut at pauses, with the stream language, model and key', async () => {
    await encoder!.exited;
    await waitFor('chunks covering every burst', async () => heard.length > 0 && cues.seen.length >= BURSTS, 60_000, 500);
    for (const request of heard) {
      expect(request).toMatchObject({ language: 'fr', model: 'whisper-large-v3', format: 'verbose_json', authorization: 'Bearer stub-key' });
      expect(request.durationMs).toBeLessThanOrEqual(CHUNK.maxMs);
    }
    // Silent stretches (the quiet start) are not sent, and a burst is never cut in two: each cue is a
    // whole burst.
    for (const cue of cues.seen) expect(cue.endMs - cue.startMs).toBeGreaterThan(TONE_S * 1000 - 300);
  });

  it('pushes the server’s answer to the content room, placed on the broadcast clock', async () => {
    await waitFor('a cue per burst', async () => cues.seen.length >= BURSTS, 60_000, 500);
    expect(cues.seen).toHaveLength(BURSTS);
    for (const cue of cues.seen) {
      expect(cue.contentId).toBe(contentId);
      expect(cue.text).toMatch(/^burst \d+\.\d+ of \d+ ms$/);
      expect(cue.delayMs).toBeGreaterThanOrEqual(0);
    }
    // Bursts start every 2.6 s: so must the cues, across chunk boundaries.
    const starts = cues.seen.map((c) => c.startMs);
    for (let i = 1; i < starts.length; i += 1) expect(Math.abs(starts[i]! - starts[i - 1]! - CYCLE_S * 1000)).toBeLessThan(200);
  });

  it('writes the same cues into the HLS subtitle rendition, named for the stream’s language', async () => {
    const master = await waitFor(
      'the master playlist with subtitles',
      async () => {
        const res = await t.app.inject({ method: 'GET', url: `/media/live/${contentId}/master.m3u8` });
        return res.statusCode === 200 && res.body.includes('SUBTITLES') ? res.body : null;
      },
      30_000,
      500,
    );
    expect(master).toContain('NAME="French",LANGUAGE="fr"');
  });
});
