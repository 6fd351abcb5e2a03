/**
 * Uploads and the media job, end to end through the real routes, the inline job driver, ffmpeg and
 * ffprobe: chunks in, an on-demand item out, progress on the uploader's socket.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MediaCapabilitiesSchema, MediaStatusSchema, UploadSchema, type Upload } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { durationOf, ffprobe, makeMediaFixtures, type MediaFixtures } from '../../../test/support/media.ts';
import { closeAllSockets, collect, connectSocket, nextEvent } from '../../../test/support/sockets.ts';

const CHUNK = 'application/offset+octet-stream';
const JOB_TIMEOUT = 300_000;

let fixtures: MediaFixtures;
beforeAll(() => {
  fixtures = makeMediaFixtures();
}, 120_000);

/** Variant playlists of a master playlist: RESOLUTION (if any), CODECS and URI. */
function variants(master: string) {
  const lines = master.split('\n');
  const out: { resolution: string | null; codecs: string; bandwidth: number; uri: string }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(i + 1).find((l) => l.trim() && !l.startsWith('#'))!.trim();
    out.push({
      resolution: /RESOLUTION=(\d+x\d+)/.exec(line)?.[1] ?? null,
      codecs: /CODECS="([^"]+)"/.exec(line)?.[1] ?? '',
      bandwidth: Number(/BANDWIDTH=(\d+)/.exec(line)?.[1]),
      uri,
    });
  });
  return out;
}

describe.each(await testDialects())('media uploads (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let creator: string;
  let viewer: string;
  let creatorId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    url = await listen(t);
    [creator, viewer] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123')]);
    creatorId = (await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow()).id;
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const media = (...parts: string[]) => path.join(t.config.mediaDir, ...parts);

  async function begin(file: string, meta: Record<string, unknown>, cookie = creator): Promise<Upload> {
    const sizeBytes = readFileSync(file).length;
    const r = await t.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { cookie }, payload: { filename: path.basename(file), sizeBytes, ...meta } });
    expect(r.statusCode, r.body).toBe(201);
    return UploadSchema.parse(r.json());
  }

  function put(id: string, offset: number | string, body: Buffer, cookie = creator) {
    return t.app.inject({ method: 'PUT', url: `/api/media/uploads/${id}`, headers: { cookie, 'content-type': CHUNK, 'upload-offset': String(offset) }, payload: body });
  }

  /** Sends the rest of the file from the server's offset in chunks; answers the final Upload. */
  async function sendAll(upload: Upload, file: string, chunkSize: number): Promise<Upload> {
    const bytes = readFileSync(file);
    let current = upload;
    while (current.receivedBytes < bytes.length) {
      const r = await put(current.uploadId, current.receivedBytes, bytes.subarray(current.receivedBytes, current.receivedBytes + chunkSize));
      expect(r.statusCode, r.body).toBe(200);
      current = UploadSchema.parse(r.json());
      expect(r.headers['upload-offset']).toBe(String(current.receivedBytes));
    }
    return current;
  }

  it('turns an uploaded video into a ladder that never upscales, an MP4, a thumbnail and its real duration, with progress on the socket', async () => {
    const socket = await connectSocket(url, creator);
    const progress = collect(socket, 'job:progress');
    const announced = collect(socket, 'content:updated');
    // The admins' Library hears of the new item; nobody else does.
    const added = collect(await connectSocket(url, await signIn(t.app, 'admin', 'admin123')), 'content:added');
    const overheard = collect(await connectSocket(url, viewer), 'content:added');
    const upload = await begin(fixtures.video, { title: 'Test pattern', type: 'tv', description: 'Bars and a tone' });
    expect(upload.receivedBytes).toBe(0);
    expect(existsSync(media('uploads', `${upload.uploadId}.part`))).toBe(true);

    const finished = await sendAll(upload, fixtures.video, 700_000);
    expect(finished.jobId).toMatch(/^media-/);
    expect(finished.contentId).toBeGreaterThan(0);
    const contentId = finished.contentId!;
    // While processing: out of the live lists, nothing to play, the state says so.
    const during = (await t.app.inject({ method: 'GET', url: `/api/content/${contentId}` })).json();
    expect(during).toMatchObject({ status: 'offline', playback: null, title: 'Test pattern' });
    await expect.poll(() => added.seen.filter((c) => c.id === contentId)).toEqual([expect.objectContaining({ title: 'Test pattern', status: 'offline' })]);
    expect(overheard.seen).toEqual([]);

    const done = await nextEvent(socket, 'job:done', (e) => e.jobId === finished.jobId, JOB_TIMEOUT);
    progress.stop();
    const mine = progress.seen.filter((e) => e.jobId === finished.jobId);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.some((e) => e.message.startsWith('Transcoding 540p, 480p, audio'))).toBe(true);
    const percents = mine.map((e) => e.progress);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(Math.max(...percents)).toBeGreaterThan(50);
    expect(done.result).toMatchObject({ contentId, hasVideo: true, width: 960, height: 540, renditions: [540, 480], episode: false });

    const master = readFileSync(media('vod', String(contentId), 'master.m3u8'), 'utf8');
    const list = variants(master);
    expect(list.map((v) => v.resolution)).toEqual(['960x540', '854x480', null]);
    expect(list[0]!.codecs).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
    expect(list[2]!.codecs).toBe('mp4a.40.2');
    expect(list.every((v) => v.bandwidth > 0)).toBe(true);
    // Keyframes aligned: every video rendition cuts its 2 s segments at the same times.
    const cuts = list.slice(0, 2).map((v) => readFileSync(media('vod', String(contentId), v.uri), 'utf8').match(/#EXTINF:[\d.]+/g));
    expect(cuts[0]).toEqual(cuts[1]);
    expect(cuts[0]![0]).toBe('#EXTINF:2.000000');
    for (const v of list.slice(0, 2)) {
      const segment = media('vod', String(contentId), path.dirname(v.uri), 'seg_00000.ts');
      expect(ffprobe(segment).streams.find((s) => s.codec_type === 'video')?.height).toBe(Number(v.resolution!.split('x')[1]));
    }

    const mp4 = ffprobe(media('vod', String(contentId), 'video.mp4'));
    expect(mp4.streams.find((s) => s.codec_type === 'video')?.height).toBe(540);
    expect(Math.abs(Number(mp4.format.duration) - 3)).toBeLessThan(0.5);
    expect(ffprobe(media('vod', String(contentId), 'thumb.jpg')).streams[0]).toMatchObject({ codec_name: 'mjpeg', height: 540 });

    const status = MediaStatusSchema.parse((await t.app.inject({ method: 'GET', url: `/api/media/status/${contentId}`, headers: { cookie: creator } })).json());
    expect(status).toMatchObject({ contentId, status: 'ready', error: null, width: 960, height: 540 });
    expect(Math.abs(status.durationSeconds! - durationOf(fixtures.video))).toBeLessThan(0.5);

    const item = (await t.app.inject({ method: 'GET', url: `/api/content/${contentId}` })).json();
    expect(item).toMatchObject({
      status: 'published',
      duration: 3,
      creatorId,
      playback: { hls: `/media/vod/${contentId}/master.m3u8`, file: `/media/vod/${contentId}/video.mp4`, poster: `/media/vod/${contentId}/thumb.jpg`, live: false },
    });
    // Open lists hear that the item is published, with its playback URLs.
    await expect.poll(() => announced.seen.find((c) => c.id === contentId)?.playback?.hls).toBe(`/media/vod/${contentId}/master.m3u8`);
    // The received bytes are gone once used; no work folder is left.
    expect(existsSync(media('uploads', `${upload.uploadId}.part`))).toBe(false);
    expect(readdirSync(media('vod')).filter((n) => n.startsWith('.'))).toEqual([]);
  }, JOB_TIMEOUT);

  it('makes an audio upload an audio-only item with a 44.1 kHz episode; a chunk at the wrong offset answers 409 and the upload resumes', async () => {
    const bytes = readFileSync(fixtures.audio);
    const upload = await begin(fixtures.audio, { title: 'A tone', type: 'podcast' });
    const first = await put(upload.uploadId, 0, bytes.subarray(0, 100_000));
    expect(first.statusCode).toBe(200);
    // The response was "lost": the client sends the first chunk again, and is told where to resume.
    const again = await put(upload.uploadId, 0, bytes.subarray(0, 100_000));
    expect(again.statusCode).toBe(409);
    expect(again.headers['upload-offset']).toBe('100000');
    expect(again.body).toBe('Upload-Offset: this upload continues at byte 100000, not 0');
    const ahead = await put(upload.uploadId, 200_000, bytes.subarray(200_000, 300_000));
    expect(ahead.statusCode).toBe(409);
    const resume = await t.app.inject({ method: 'GET', url: `/api/media/uploads/${upload.uploadId}`, headers: { cookie: creator } });
    expect(resume.json()).toMatchObject({ receivedBytes: 100_000, contentId: null, jobId: null });
    expect(resume.headers['upload-offset']).toBe('100000');

    const finished = await sendAll(UploadSchema.parse(resume.json()), fixtures.audio, 150_000);
    const result = await t.app.jobs.waitForResult(finished.jobId!, JOB_TIMEOUT);
    const contentId = finished.contentId!;
    expect(result).toMatchObject({ contentId, hasVideo: false, width: null, renditions: [], episode: true });

    const list = variants(readFileSync(media('vod', String(contentId), 'master.m3u8'), 'utf8'));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ resolution: null, codecs: 'mp4a.40.2' });
    const episode = ffprobe(media('vod', String(contentId), 'episode.mp3'));
    expect(episode.streams.map((s) => s.codec_type)).toEqual(['audio']);
    expect(episode.streams[0]).toMatchObject({ codec_name: 'mp3', sample_rate: '44100' });
    expect(Math.abs(Number(episode.format.duration) - 4)).toBeLessThan(0.5);
    const item = (await t.app.inject({ method: 'GET', url: `/api/content/${contentId}` })).json();
    expect(item).toMatchObject({ status: 'published', type: 'podcast', playback: { hls: `/media/vod/${contentId}/master.m3u8`, audio: `/media/vod/${contentId}/episode.mp3`, file: null } });
    const asset = await t.database.db.kysely.selectFrom('mediaAssets').selectAll().where('contentId', '=', contentId).executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ audioMime: 'audio/mpeg', audioSampleRate: 44100, thumbnailPath: null });
    expect(Number(asset.audioBytes)).toBeGreaterThan(10_000);
  }, JOB_TIMEOUT);

  it('refuses garbage uploaded as a video with a clear error and leaves nothing behind', async () => {
    const socket = await connectSocket(url, creator);
    const contentBefore = await t.database.db.kysely.selectFrom('content').select('id').execute();
    const removed = collect(socket, 'content:removed');
    const upload = await begin(fixtures.garbage, { title: 'Surely a video', type: 'tv' });
    const finished = await sendAll(upload, fixtures.garbage, 1_000_000);
    const failed = await nextEvent(socket, 'job:failed', (e) => e.jobId === finished.jobId, JOB_TIMEOUT);
    // Lists that showed the item while it was processing (the admins' Library) drop it.
    await expect.poll(() => removed.seen).toEqual([{ contentId: finished.contentId }]);
    expect(failed.error).toBe('This file is not a video or audio file ffmpeg can read (Invalid data found when processing input)');
    const job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${finished.jobId}`, headers: { cookie: creator } })).json();
    expect(job).toMatchObject({ state: 'failed', error: failed.error });

    const k = t.database.db.kysely;
    expect((await t.app.inject({ method: 'GET', url: `/api/content/${finished.contentId}` })).statusCode).toBe(404);
    expect(await k.selectFrom('content').select('id').execute()).toEqual(contentBefore);
    expect(await k.selectFrom('mediaAssets').selectAll().where('contentId', '=', finished.contentId!).execute()).toEqual([]);
    expect(await k.selectFrom('mediaUploads').selectAll().where('id', '=', upload.uploadId).execute()).toEqual([]);
    expect(existsSync(media('uploads', `${upload.uploadId}.part`))).toBe(false);
    expect(existsSync(media('vod', String(finished.contentId)))).toBe(false);
    expect(readdirSync(media('vod')).filter((n) => n.startsWith('.'))).toEqual([]);
  }, JOB_TIMEOUT);

  it('answers 413 over the size limit, for the whole file and for a chunk past the declared size', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/media/uploads',
      headers: { cookie: creator },
      payload: { filename: 'huge.mov', sizeBytes: 3 * 1024 ** 3, title: 'Too big' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.body).toBe('sizeBytes: this file is 3 GB; uploads may be at most 2 GB (UPLOAD_MAX_MB)');
    expect(await t.database.db.kysely.selectFrom('mediaUploads').select('id').where('filename', '=', 'huge.mov').execute()).toEqual([]);

    const small = await begin(fixtures.audio, { title: 'Small' });
    const past = await put(small.uploadId, 0, Buffer.alloc(small.sizeBytes + 1));
    expect(past.statusCode).toBe(413);
    expect(past.body).toBe('This chunk goes past the size declared when the upload began');
    const after = await t.app.inject({ method: 'GET', url: `/api/media/uploads/${small.uploadId}`, headers: { cookie: creator } });
    expect(after.json()).toMatchObject({ receivedBytes: 0 });
  });

  it('saves a recording as an MP4 of the right duration with a thumbnail and a 44.1 kHz episode', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/content', headers: { cookie: creator }, payload: { title: 'Friday show', type: 'tv' } });
    const contentId = created.json().id as number;
    await mkdir(media('live', String(contentId)), { recursive: true });
    const source = media('live', String(contentId), 'recording.ts');
    fixtures.recording(source);
    const jobId = await t.app.jobs.enqueue('media', { kind: 'recording', contentId, source: `live/${contentId}/recording.ts`, generatePodcast: true }, { userId: creatorId });
    const result = await t.app.jobs.waitForResult<{ durationSeconds: number }>(jobId, JOB_TIMEOUT);
    expect(result).toMatchObject({ contentId, hasVideo: true, width: 640, height: 360, episode: true });

    const mp4 = media('vod', String(contentId), 'video.mp4');
    const probed = ffprobe(mp4);
    expect(probed.format.format_name).toContain('mp4');
    expect(Math.abs(Number(probed.format.duration) - 3)).toBeLessThan(0.5);
    expect(Math.abs(result.durationSeconds - 3)).toBeLessThan(0.5);
    // faststart: the index (moov) comes before the media data (mdat).
    const head = readFileSync(mp4).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(Math.max(head.indexOf('mdat'), 4096));
    const episode = ffprobe(media('vod', String(contentId), 'episode.mp3'));
    expect(episode.streams[0]).toMatchObject({ codec_type: 'audio', sample_rate: '44100' });
    expect(existsSync(media('vod', String(contentId), 'thumb.jpg'))).toBe(true);
    expect(existsSync(source)).toBe(false);

    const item = (await t.app.inject({ method: 'GET', url: `/api/content/${contentId}` })).json();
    expect(item).toMatchObject({ duration: 3, playback: { hls: null, file: `/media/vod/${contentId}/video.mp4`, audio: `/media/vod/${contentId}/episode.mp3` } });
  }, JOB_TIMEOUT);

  it('answers 400 naming the field for bad input to every upload and status route', async () => {
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { cookie: creator }, payload: payload as object });
    const cases: [unknown, string][] = [
      [{ sizeBytes: 10, title: 'x' }, 'filename must be text'],
      [{ filename: 'a.mp4', title: 'x' }, 'sizeBytes must be a number'],
      [{ filename: 'a.mp4', sizeBytes: 0, title: 'x' }, 'sizeBytes must be more than 0'],
      [{ filename: 'a.mp4', sizeBytes: 1.5, title: 'x' }, 'sizeBytes must be a whole number'],
      [{ filename: 'a.mp4', sizeBytes: 10 }, 'title must be text'],
      [{ filename: 'a.mp4', sizeBytes: 10, title: 'x', type: 'cinema' }, 'type must be one of tv, radio, podcast, other'],
    ];
    for (const [payload, message] of cases) {
      const r = await post(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.body).toBe(message);
    }
    const upload = await begin(fixtures.audio, { title: 'Valid' });
    const headers = { cookie: creator, 'content-type': CHUNK };
    const noOffset = await t.app.inject({ method: 'PUT', url: `/api/media/uploads/${upload.uploadId}`, headers, payload: Buffer.from('abc') });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.body).toMatch(/^Upload-Offset: /);
    const badOffset = await put(upload.uploadId, '-5', Buffer.from('abc'));
    expect(badOffset.statusCode).toBe(400);
    expect(badOffset.body).toBe('Upload-Offset: Upload-Offset must be a whole number of bytes');
    const json = await t.app.inject({ method: 'PUT', url: `/api/media/uploads/${upload.uploadId}`, headers: { cookie: creator, 'upload-offset': '0' }, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect(json.body).toBe('Content-Type: chunks are sent as application/offset+octet-stream');
    const badId = await put('short', 0, Buffer.from('abc'));
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toBe('id is not a known upload');
    expect((await t.app.inject({ method: 'GET', url: '/api/media/uploads/x', headers: { cookie: creator } })).body).toBe('id is not a known upload');
    const status = await t.app.inject({ method: 'GET', url: '/api/media/status/abc', headers: { cookie: creator } });
    expect(status.statusCode).toBe(400);
    expect(status.body).toMatch(/^contentId/);
    expect((await t.app.inject({ method: 'GET', url: '/api/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAA', headers: { cookie: creator } })).statusCode).toBe(404);
  });

  it('refuses viewers (403) and signed-out calls (401), and keeps uploads and states to their owner', async () => {
    const upload = await begin(fixtures.audio, { title: 'Mine' });
    const calls = [
      { method: 'POST' as const, url: '/api/media/uploads', payload: { filename: 'a.mp4', sizeBytes: 10, title: 'x' } },
      { method: 'PUT' as const, url: `/api/media/uploads/${upload.uploadId}` },
      { method: 'GET' as const, url: `/api/media/uploads/${upload.uploadId}` },
      { method: 'GET' as const, url: '/api/media/status/1' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      const r = await t.app.inject({ ...call, headers: { cookie: viewer } });
      expect(r.statusCode).toBe(403);
      expect(r.body).toBe('This needs the creator or admin role');
    }
    const viewerId = (await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()).id;
    expect(await t.database.db.kysely.selectFrom('mediaUploads').select('id').where('creatorId', '=', viewerId).execute()).toEqual([]);
    // Another creator's upload does not exist for this one; another creator's item's state is refused.
    const admin = await signIn(t.app, 'admin', 'admin123');
    expect((await t.app.inject({ method: 'GET', url: `/api/media/uploads/${upload.uploadId}`, headers: { cookie: admin } })).statusCode).toBe(404);
    const others = await t.database.db.kysely.selectFrom('content').select('id').where('creatorId', '!=', creatorId).executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: `/api/media/status/${others.id}`, headers: { cookie: creator } })).statusCode).toBe(403);

    const caps = await t.app.inject({ method: 'GET', url: '/api/media/capabilities', headers: { cookie: viewer } });
    expect(caps.statusCode).toBe(200);
    expect(MediaCapabilitiesSchema.parse(caps.json())).toMatchObject({ ffmpeg: true, ingestUrl: null, uploadMaxBytes: 2048 * 1024 * 1024, install: null });
    expect(caps.json().ffmpegVersion).toMatch(/^\S+$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/media/capabilities' })).statusCode).toBe(401);
  });
});

describe('media without ffmpeg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { FFMPEG_PATH: '/nonexistent/ffmpeg', UPLOAD_MAX_MB: '5' } });
  });
  afterAll(() => t.close());

  it('starts, says what to install, and refuses uploads it could not process', async () => {
    const creator = await signIn(t.app, 'creator', 'creator123');
    const caps = await t.app.inject({ method: 'GET', url: '/api/media/capabilities', headers: { cookie: creator } });
    expect(caps.json()).toEqual({
      ffmpeg: false,
      ffmpegVersion: null,
      ingestUrl: null,
      uploadMaxBytes: 5 * 1024 * 1024,
      install: 'Install ffmpeg (apt-get install ffmpeg) to enable streaming and uploads',
    });
    const r = await t.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { cookie: creator }, payload: { filename: 'a.mp4', sizeBytes: 1000, title: 'x' } });
    expect(r.statusCode).toBe(503);
    expect(r.body).toBe('Uploads need ffmpeg on this server. Install ffmpeg (apt-get install ffmpeg) to enable streaming and uploads');
    const big = await t.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { cookie: creator }, payload: { filename: 'a.mp4', sizeBytes: 6 * 1024 * 1024, title: 'x' } });
    expect(big.statusCode).toBe(413);
    expect(big.body).toBe('sizeBytes: this file is 6 MB; uploads may be at most 5 MB (UPLOAD_MAX_MB)');
  });
});
