/**
 * Resumable uploads (creators and admins, each their own):
 *   POST /api/media/uploads          declares the file (name, size, the item's title and type) → 201 Upload
 *   PUT  /api/media/uploads/:id      one chunk at `Upload-Offset`, body `application/offset+octet-stream`
 *   GET  /api/media/uploads/:id      where to resume (also in the `Upload-Offset` header)
 * A chunk at the wrong offset answers 409 with the current offset, so a client that lost a response
 * resumes instead of corrupting the file. When the last byte arrives the item is created and the
 * `media` job queued for the uploader, whose sockets receive its progress (job:progress).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { FFMPEG_INSTALL, rooms, UploadCreateRequestSchema, UploadIdParamsSchema, type Upload } from '@onair/protocol';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { findContent } from '../content/repository.ts';
import { detectFfmpeg } from './capabilities.ts';
import { ChunkTooLargeError, createPartFile, writeChunk } from './upload-files.ts';
import { uploadPartFile } from './item-files.ts';
import { advanceUpload, createUploadedItem, findOwnUpload, insertUpload, presentUpload, setUploadJob } from './uploads-repository.ts';
import type { MediaUploadRow } from '../../db/schema-media.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export const CHUNK_CONTENT_TYPE = 'application/offset+octet-stream';

const payloadTooLarge = (message: string) => new HttpError(413, message);
/** 409 with the offset to resume from, in the header the client reads. */
const offsetConflict = (message: string, current: number) => new HttpError(409, message, { 'upload-offset': String(current) });

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GB`;
  return `${Math.ceil(bytes / 1024 ** 2)} MB`;
}

/** `Upload-Offset`: a whole number of bytes, named in the 400 when it is not. */
function parseOffset(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) throw badRequest('Upload-Offset: the Upload-Offset header is required (the position of this chunk in the file)');
  if (!/^\d{1,15}$/.test(value)) throw badRequest('Upload-Offset: Upload-Offset must be a whole number of bytes');
  return Number(value);
}

function withOffset(reply: FastifyReply, upload: Upload): Upload {
  void reply.header('upload-offset', String(upload.receivedBytes)).header('cache-control', 'no-store');
  return upload;
}

export default async function uploadRoutes(app: ZodApp) {
  const db = app.db.kysely;
  const { mediaDir, uploadMaxBytes } = app.config;
  const creators = { onRequest: app.requireRole('creator', 'admin') };
  /** Uploads receiving a chunk right now on this node: a second concurrent chunk is a conflict. */
  const receiving = new Set<string>();

  // Chunks stay a stream: the handler pipes `request.raw` to disk, so a 2 GB file never sits in memory.
  // Scoped to this plugin; everywhere else the API still accepts JSON only.
  app.addContentTypeParser(CHUNK_CONTENT_TYPE, (_request, _payload, done) => done(null));

  app.post('/api/media/uploads', { ...creators, schema: { body: UploadCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    if (input.sizeBytes > uploadMaxBytes) {
      throw payloadTooLarge(`sizeBytes: this file is ${formatBytes(input.sizeBytes)}; uploads may be at most ${formatBytes(uploadMaxBytes)} (UPLOAD_MAX_MB)`);
    }
    // With the inline driver the job runs here, so without ffmpeg it could only fail: say so now.
    // With BullMQ the workers run it, and they may have ffmpeg where this node has not.
    if (app.jobs.driver === 'inline' && !(await detectFfmpeg(app.config.ffmpegPath)).present) {
      throw new HttpError(503, `Uploads need ffmpeg on this server. ${FFMPEG_INSTALL}`);
    }
    const id = randomBytes(18).toString('base64url');
    await createPartFile(mediaDir, id);
    const row = await insertUpload(db, id, signedInUser(request).id, input);
    return reply.code(201).send(withOffset(reply, presentUpload(row)));
  });

  app.get('/api/media/uploads/:id', { ...creators, schema: { params: UploadIdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const upload = await findOwnUpload(db, id, signedInUser(request).id);
    if (!upload) throw notFound('No upload with that id');
    return withOffset(reply, presentUpload(upload));
  });

  // Chunks are raw bytes, not JSON: the one body type besides JSON this route takes (the origin check still applies).
  app.put('/api/media/uploads/:id', { ...creators, config: { bodyTypes: [CHUNK_CONTENT_TYPE] }, schema: { params: UploadIdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== CHUNK_CONTENT_TYPE) throw new HttpError(415, `Content-Type: chunks are sent as ${CHUNK_CONTENT_TYPE}`);
    const offset = parseOffset(request.headers['upload-offset']);
    const upload = await findOwnUpload(db, id, signedInUser(request).id);
    if (!upload) throw notFound('No upload with that id');
    const size = Number(upload.sizeBytes);
    const current = Number(upload.receivedBytes);
    if (receiving.has(id)) throw offsetConflict('Another chunk of this upload is still arriving; wait for it, then resume', current);
    if (offset !== current) throw offsetConflict(`Upload-Offset: this upload continues at byte ${current}, not ${offset}`, current);
    // Refused before reading a byte when the client says how long the chunk is.
    const declared = Number(request.headers['content-length'] ?? 0);
    if (Number.isFinite(declared) && offset + declared > size) throw payloadTooLarge(new ChunkTooLargeError().message);

    let finished: MediaUploadRow = upload;
    if (offset < size) {
      receiving.add(id);
      try {
        let received: number;
        try {
          received = await writeChunk(uploadPartFile(mediaDir, id), request.raw, offset, size);
        } catch (error) {
          if (error instanceof ChunkTooLargeError) throw payloadTooLarge(error.message);
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new HttpError(410, 'The bytes of this upload are gone; start the upload again');
          throw badRequest(`The chunk was interrupted; send it again from Upload-Offset ${offset}`);
        }
        if (!(await advanceUpload(db, id, offset, offset + received))) {
          const now = await findOwnUpload(db, id, signedInUser(request).id);
          throw offsetConflict('Another request moved this upload on; resume from its offset', Number(now?.receivedBytes ?? 0));
        }
        finished = { ...upload, receivedBytes: offset + received };
      } finally {
        receiving.delete(id);
      }
    }
    if (Number(finished.receivedBytes) === size) finished = await startProcessing(finished);
    return withOffset(reply, presentUpload(finished));
  });

  /**
   * The last byte is in: the item and its job. Safe to call again (a lost response, a failed enqueue):
   * the item is created once, the job queued once.
   */
  async function startProcessing(upload: MediaUploadRow): Promise<MediaUploadRow> {
    if (upload.jobId) return upload;
    const contentId = await createUploadedItem(db, upload);
    const content = await findContent(db, app.liveAudience, contentId);
    if (content) app.io.to(rooms.admin()).emit('content:added', content);
    const jobId = await app.jobs.enqueue('media', { kind: 'upload', uploadId: upload.id, contentId }, { userId: upload.creatorId });
    await setUploadJob(db, upload.id, jobId);
    return { ...upload, contentId, jobId };
  }
}
