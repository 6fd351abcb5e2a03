/**
 * Transcripts end to end: a recording of real speech (LibriVox, from Debian's pocketsphinx-testdata)
 * is uploaded through the real routes; the media job's completion queues the transcript job, whose
 * progress reaches the uploader's socket; the stored WebVTT has cue times inside the audio, the text
 * matches the packaged reference within the offline engine's error rate, and searching a word of it
 * finds the item and the moment. With TRANSCRIBE_URL at a local stub server, that engine's answer is
 * what is stored.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TranscriptSchema, TranscriptSearchResultSchema, UploadSchema } from '@onair/protocol';
import { wordErrorRate } from '../../../test/support/jobs.ts';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { queueTranscript } from './queue.ts';
import { writeCaptionsQuality } from './quality.ts';
import { closeAllSockets, collect, connectSocket, nextEvent } from '../../../test/support/sockets.ts';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const IDS = ['sense_and_sensibility_01_austen_64kb-0870', 'sense_and_sensibility_01_austen_64kb-0880'];
const JOB_TIMEOUT = 180_000;

function referenceOf(ids: string[]): string {
  const lines = readFileSync(path.join(LIBRIVOX, 'transcription'), 'utf8').split('\n');
  return ids.map((id) => lines.find((l) => l.includes(`(${id})`))!.replace(/<\/?s>/g, '').replace(/\(.*\)/, '').trim()).join(' ');
}

/** The two recordings one after the other, as the MP3 a podcaster would upload. */
function speechUpload(): { file: string; seconds: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-speech-'));
  const file = path.join(dir, 'austen.mp3');
  const inputs = IDS.flatMap((id) => ['-i', path.join(LIBRIVOX, `${id}.wav`)]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', '[0][1]concat=n=2:v=0:a=1', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  const seconds = IDS.reduce((s, id) => s + (readFileSync(path.join(LIBRIVOX, `${id}.wav`)).length - 44) / 32_000, 0);
  return { file, seconds };
}

async function upload(t: TestApp, cookie: string, file: string, title: string): Promise<{ contentId: number; jobId: string }> {
  const bytes = readFileSync(file);
  const begin = await t.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { cookie }, payload: { filename: path.basename(file), sizeBytes: bytes.length, title, type: 'podcast', description: 'Read aloud' } });
  expect(begin.statusCode, begin.body).toBe(201);
  const id = UploadSchema.parse(begin.json()).uploadId;
  const put = await t.app.inject({ method: 'PUT', url: `/api/media/uploads/${id}`, headers: { cookie, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, payload: bytes });
  expect(put.statusCode, put.body).toBe(200);
  const done = UploadSchema.parse(put.json());
  return { contentId: done.contentId!, jobId: done.jobId! };
}

let speech: { file: string; seconds: number };
beforeAll(() => {
  speech = speechUpload();
});
afterEach(() => closeAllSockets());

describe.each(await testDialects())('transcripts (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let creator: string;

  beforeAll(async () => {
    // Its own DATA_DIR: the stored caption quality is a file there.
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-data-')) } });
    url = await listen(t);
    creator = await signIn(t.app, 'creator', 'creator123');
  });
  afterAll(() => t.close());

  it('transcribes an uploaded recording after its media job, stores WebVTT inside the audio, and finds its words', async () => {
    const socket = await connectSocket(url, creator);
    const progress = collect(socket, 'job:progress');
    const { contentId } = await upload(t, creator, speech.file, 'Sense and Sensibility, chapter 1');
    const done = await nextEvent(socket, 'job:done', (e) => e.name === 'transcript', JOB_TIMEOUT);
    expect(done.result).toMatchObject({ contentId, engine: 'pocketsphinx', language: 'en' });
    expect(progress.seen.filter((e) => e.jobId === done.jobId).map((e) => e.message)).toContain('Transcribing with PocketSphinx');

    const transcript = TranscriptSchema.parse((await t.app.inject({ method: 'GET', url: `/api/content/${contentId}/transcript` })).json());
    expect(transcript).toMatchObject({ status: 'ready', engine: 'pocketsphinx', vttUrl: `/api/content/${contentId}/transcript.vtt` });
    expect(transcript.cues.length).toBeGreaterThan(1);
    for (const cue of transcript.cues) {
      expect(cue.startMs).toBeGreaterThanOrEqual(0);
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      expect(cue.endMs).toBeLessThanOrEqual(speech.seconds * 1000 + 500);
    }
    // Words from both recordings, in order: the second one's cues start after the first one ends.
    expect(transcript.cues.at(-1)!.startMs).toBeGreaterThan(6000);
    expect(wordErrorRate(referenceOf(IDS), transcript.text).rate).toBeLessThan(0.6);

    const vtt = await t.app.inject({ method: 'GET', url: transcript.vttUrl! });
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    // The route's own cache policy, not the API's no-store (security.ts): players may revalidate it.
    expect(vtt.headers['cache-control']).toBe('no-cache');
    expect(vtt.body.startsWith('WEBVTT\n\n1\n00:00:0')).toBe(true);
    expect(vtt.body).toContain(transcript.cues[0]!.text);

    // The longest word heard is searched for: the hit names this item and that cue's moment.
    const cue = transcript.cues.find((c) => c.text.split(' ').some((w) => w.length >= 6))!;
    const word = cue.text.split(' ').find((w) => w.length >= 6)!;
    const search = TranscriptSearchResultSchema.parse((await t.app.inject({ method: 'GET', url: `/api/transcripts/search?q=${encodeURIComponent(word.toUpperCase())}` })).json());
    expect(search.hits).toContainEqual({ contentId, title: 'Sense and Sensibility, chapter 1', startMs: cue.startMs, endMs: cue.endMs, text: cue.text });
    const none = TranscriptSearchResultSchema.parse((await t.app.inject({ method: 'GET', url: '/api/transcripts/search?q=zyzzyva%20quokka' })).json());
    expect(none.hits).toEqual([]);

    // Made subscribers-only, its words are found by its creator, not by others (its transcript is 403 to them).
    await t.database.db.kysely.insertInto('contentAccess').values({ contentId, subscribersOnly: 1, updatedAt: Date.now() }).execute();
    const found = async (cookie?: string) =>
      TranscriptSearchResultSchema.parse((await t.app.inject({ method: 'GET', url: `/api/transcripts/search?q=${encodeURIComponent(word)}`, headers: cookie ? { cookie } : {} })).json()).hits.some(
        (hit) => hit.contentId === contentId,
      );
    expect(await found()).toBe(false);
    expect(await found(await signIn(t.app, 'viewer', 'viewer123'))).toBe(false);
    expect(await found(creator)).toBe(true);
    expect(await found(await signIn(t.app, 'admin', 'admin123'))).toBe(true);
  }, JOB_TIMEOUT + 60_000);

  it('serves the stored caption quality, and no figure when none was measured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/captions/quality' })).json()).toEqual({ quality: null });
    const measured = { engine: 'pocketsphinx', corpus: 'LibriVox', files: 5, referenceWords: 71, wordErrorRate: 0.366, wordAccuracyPercent: 63.4, audioSeconds: 24.7, realTimeFactor: 0.5, measuredAt: new Date().toISOString() } as const;
    await writeCaptionsQuality(t.config.dataDir, measured);
    expect((await t.app.inject({ method: 'GET', url: '/api/captions/quality' })).json()).toEqual({ quality: measured });
  });

  it('answers 400 naming the field for a bad search and 404 for an item without a transcript', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/transcripts/search?q=a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/q must be at least 2 characters/);
    const quotes = await t.app.inject({ method: 'GET', url: `/api/transcripts/search?q=${encodeURIComponent('" OR * NEAR(')}` });
    expect(quotes.statusCode).toBe(200);
    const item = await t.database.db.kysely.selectFrom('content').select('id').where('status', '=', 'published').executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: `/api/content/${item.id}/transcript` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/999999/transcript' })).statusCode).toBe(404);
  });
});

describe('transcripts through a TRANSCRIBE_URL server, into podcast feeds', () => {
  let server: Server;
  let t: TestApp;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      req.resume().on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ text: 'x', segments: [{ start: 0.4, end: 3.1, text: ' Mister John Dashwood had then leisure' }, { start: 7.3, end: 9.8, text: ' he was not an ill disposed young man' }] }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { TRANSCRIBE_URL: `http://127.0.0.1:${port}`, PUBLIC_URL: 'https://onair.example' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('uses the server, stores its answer, translates it into a subtitle track, and points the podcast feed at the transcript', async () => {
    const creator = await signIn(t.app, 'creator', 'creator123');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: creator }, ...(payload ? { payload } : {}) });
    // An episode whose media is already processed (the upload path is covered above).
    const created = await call('POST', '/api/content', { title: 'Through the server', type: 'podcast', description: 'Read aloud' });
    expect(created.statusCode, created.body).toBe(201);
    const contentId: number = created.json().id;
    mkdirSync(path.join(t.config.mediaDir, 'vod', String(contentId)), { recursive: true });
    copyFileSync(speech.file, path.join(t.config.mediaDir, 'vod', String(contentId), 'episode.mp3'));
    await t.database.db.kysely
      .insertInto('mediaAssets')
      .values({ contentId, status: 'ready', error: null, hlsPath: null, filePath: null, fileBytes: null, audioPath: `vod/${contentId}/episode.mp3`, audioMime: 'audio/mpeg', audioBytes: statSync(speech.file).size, audioSampleRate: 44100, thumbnailPath: null, durationMs: Math.round(speech.seconds * 1000), width: null, height: null, updatedAt: Date.now() })
      .execute();
    const show = await call('POST', '/api/podcast-shows', { title: 'Austen Aloud', description: 'Chapters read aloud.', author: 'Casey', category: 'education', language: 'en', explicit: false });
    expect(show.statusCode, show.body).toBe(201);
    const { id: showId, slug } = show.json();
    expect((await call('POST', `/api/podcast-shows/${showId}/episodes`, { contentId })).statusCode).toBe(201);

    const jobId = await queueTranscript(t.app, contentId, 'media-job-1', null);
    expect(jobId).not.toBeNull();
    // The same media job heard again (another node) queues nothing.
    expect(await queueTranscript(t.app, contentId, 'media-job-1', null)).toBeNull();
    expect(await t.app.jobs.waitForResult(jobId!, JOB_TIMEOUT)).toMatchObject({ contentId, engine: 'openai-compatible', cues: 2 });
    expect(requests).toContain('POST /v1/audio/transcriptions');
    const transcript = TranscriptSchema.parse((await call('GET', `/api/content/${contentId}/transcript`)).json());
    expect(transcript.cues).toEqual([
      { startMs: 400, endMs: 3100, text: 'Mister John Dashwood had then leisure' },
      { startMs: 7300, endMs: 9800, text: 'he was not an ill disposed young man' },
    ]);
    const engines = (await call('GET', '/api/ai/engines')).json();
    expect(engines.transcription.languages.find((l: { code: string }) => l.code === 'fr').engine).toBe('openai-compatible');

    // A translated subtitle track (Apertium, offline), with the cues' times kept.
    expect((await call('POST', `/api/content/${contentId}/transcript/translations`, { language: 'xx' })).statusCode).toBe(400);
    const viewer = await signIn(t.app, 'viewer', 'viewer123');
    expect((await t.app.inject({ method: 'POST', url: `/api/content/${contentId}/transcript/translations`, headers: { cookie: viewer }, payload: { language: 'es' } })).statusCode).toBe(403);
    const accepted = await call('POST', `/api/content/${contentId}/transcript/translations`, { language: 'es' });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(await t.app.jobs.waitForResult(accepted.json().jobId, JOB_TIMEOUT)).toMatchObject({ contentId, language: 'es', cues: 2, engine: 'apertium' });
    const spanish = (await call('GET', `/api/content/${contentId}/subtitles/es`)).body;
    expect(spanish).toMatch(/^WEBVTT\n\n1\n00:00:00\.400 --> 00:00:03\.100\n.+\n\n2\n00:00:07\.300 --> 00:00:09\.800\n.+\n$/);
    expect(spanish).toContain('hombre');
    expect(spanish).not.toContain('young man');
    expect(TranscriptSchema.parse((await call('GET', `/api/content/${contentId}/transcript`)).json()).translations).toEqual([{ language: 'es', vttUrl: `/api/content/${contentId}/subtitles/es` }]);

    // The finished transcript rebuilds the show's feed, which now offers it to podcast apps.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: `/feeds/${slug}.xml` })).body, { timeout: 60_000, interval: 500 })
      .toContain(`<podcast:transcript url="https://onair.example/api/content/${contentId}/transcript.vtt" type="text/vtt" language="en"`);
  }, JOB_TIMEOUT + 60_000);
});
