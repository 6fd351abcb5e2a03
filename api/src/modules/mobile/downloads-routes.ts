/**
 * Offline downloads (spec §7: POST /api/content/download, GET /api/user/offline-content). The browser
 * keeps the file (Cache Storage, see web/src/features/mobile/offline.ts); the server records what each
 * person downloaded and how far it got, and serves the download-sized rendition to signed-in people.
 */
import { assertCanWatch, revokedDownloads } from '../monetization/access.ts';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ContentIdParamsSchema,
  DownloadCheckRequestSchema,
  DownloadProgressRequestSchema,
  DownloadRequestSchema,
  OfflineContentIdParamsSchema,
  type DownloadCheckResponse,
  type DownloadResponse,
  type OfflineContent,
} from '@onair/protocol';
import { conflict, notFound } from '../../http/errors.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

type DownloadRow = { contentId: number; title: string; type: OfflineContent['type']; durationSeconds: number; progress: number; downloadedAt: number };

const present = (r: DownloadRow): OfflineContent => ({
  id: r.contentId,
  title: r.title,
  duration: Math.round(r.durationSeconds / 60),
  type: r.type,
  downloadedAt: new Date(Number(r.downloadedAt)).toISOString(),
  downloadProgress: r.progress,
});

export default async function downloadRoutes(app: ZodApp) {
  const db = app.db.kysely;

  /** The file an on-demand item downloads as: its MP4 rendition, or its audio for radio and podcasts. */
  async function downloadable(contentId: number, user: { id: number; role: string }) {
    const row = await db
      .selectFrom('content')
      .leftJoin('mediaAssets', 'mediaAssets.contentId', 'content.id')
      .select(['content.id', 'content.status', 'mediaAssets.status as mediaStatus', 'mediaAssets.filePath', 'mediaAssets.audioPath', 'mediaAssets.audioMime'])
      .where('content.id', '=', contentId)
      .executeTakeFirst();
    if (!row) throw notFound('contentId: no content with that id');
    // Subscribers-only items download for those who may watch them, like the player (monetization).
    await assertCanWatch(db, user, contentId);
    if (row.status === 'live' || row.mediaStatus === 'live') throw conflict('contentId: live broadcasts cannot be downloaded; their recording can, once it is ready');
    if (row.mediaStatus !== 'ready' || (!row.filePath && !row.audioPath)) throw conflict('contentId: this item has no downloadable file yet');
    const relative = (row.filePath ?? row.audioPath)!;
    const absolute = path.resolve(app.config.mediaDir, relative);
    if (!absolute.startsWith(app.config.mediaDir + path.sep)) throw notFound('contentId: no file for this item');
    const info = await stat(absolute).catch(() => null);
    if (!info?.isFile()) throw conflict('contentId: the file of this item is missing on the server');
    const mime = row.filePath ? 'video/mp4' : (row.audioMime ?? 'audio/mpeg');
    return { absolute, bytes: info.size, mime };
  }

  app.post('/api/content/download', { onRequest: app.requireUser, schema: { body: DownloadRequestSchema } }, async (request) => {
    const { contentId } = request.body;
    const file = await downloadable(contentId, signedInUser(request));
    const userId = signedInUser(request).id;
    const now = Date.now();
    await db
      .insertInto('offlineDownloads')
      .values({ userId, contentId, bytes: file.bytes, progress: 0, downloadedAt: now })
      .onConflict((oc) => oc.columns(['userId', 'contentId']).doUpdateSet({ bytes: file.bytes, progress: 0, downloadedAt: now }))
      .execute();
    const content = await db.selectFrom('content').select(['id as contentId', 'title', 'type', 'durationSeconds']).where('id', '=', contentId).executeTakeFirstOrThrow();
    const response: DownloadResponse = {
      item: present({ ...content, progress: 0, downloadedAt: now }),
      url: `/api/content/${contentId}/file`,
      bytes: file.bytes,
      mime: file.mime,
    };
    return response;
  });

  /** The bytes, with their length, so the browser can show real progress. */
  app.get('/api/content/:id/file', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const file = await downloadable(id, signedInUser(request));
    return reply
      .header('content-type', file.mime)
      .header('content-length', String(file.bytes))
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file.absolute));
  });

  app.get('/api/user/offline-content', { onRequest: app.requireUser }, async (request) => {
    const rows = await db
      .selectFrom('offlineDownloads')
      .innerJoin('content', 'content.id', 'offlineDownloads.contentId')
      .select(['offlineDownloads.contentId', 'content.title', 'content.type', 'content.durationSeconds', 'offlineDownloads.progress', 'offlineDownloads.downloadedAt'])
      .where('offlineDownloads.userId', '=', signedInUser(request).id)
      .orderBy('offlineDownloads.downloadedAt', 'desc')
      .execute();
    return rows.map(present);
  });

  /**
   * Which of a device's stored items may no longer be kept (web/src/features/mobile/useDownloadRevocations.ts):
   * one request for all of them at each start and each return of the network, whatever the account's
   * own record of downloads says (a device may hold what another session recorded).
   */
  app.post('/api/user/offline-content/check', { onRequest: app.requireUser, schema: { body: DownloadCheckRequestSchema } }, async (request): Promise<DownloadCheckResponse> => ({
    revoked: await revokedDownloads(db, signedInUser(request), request.body.contentIds),
  }));

  app.patch('/api/user/offline-content/:contentId', { onRequest: app.requireUser, schema: { params: OfflineContentIdParamsSchema, body: DownloadProgressRequestSchema } }, async (request) => {
    const { contentId } = request.params;
    const { downloadProgress } = request.body;
    const updated = await db
      .updateTable('offlineDownloads')
      .set({ progress: Math.round(downloadProgress) })
      .where('userId', '=', signedInUser(request).id)
      .where('contentId', '=', contentId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound('No download of that content');
    return { contentId, downloadProgress: Math.round(downloadProgress) };
  });

  app.delete('/api/user/offline-content/:contentId', { onRequest: app.requireUser, schema: { params: OfflineContentIdParamsSchema } }, async (request) => {
    const { contentId } = request.params;
    await db.deleteFrom('offlineDownloads').where('userId', '=', signedInUser(request).id).where('contentId', '=', contentId).execute();
    return { contentId };
  });
}
