/**
 * GET /api/media/capabilities (anyone signed in): ffmpeg here or not, and what to install.
 * GET /api/media/status/:contentId (the item's creator or an admin): processing state and the reason
 * of a failure, for the upload dialog and the library.
 * GET /api/media/signal/:contentId (anyone): whether the item's encoder is away, for players without a
 * socket (signed-out viewers) whose live picture stalled; socket clients are told (`stream:signal`).
 */
import { MediaStatusParamsSchema, type MediaStatus, type StreamSignal } from '@onair/protocol';
import { forbidden, notFound } from '../../http/errors.ts';
import { detectFfmpeg, mediaCapabilities } from './capabilities.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function mediaStatusRoutes(app: ZodApp) {
  const db = app.db.kysely;
  // Asked once at start, so the first Studio or upload dialog does not wait for ffmpeg to answer.
  app.addHook('onReady', async () => void detectFfmpeg(app.config.ffmpegPath));

  app.get('/api/media/capabilities', { onRequest: app.requireUser }, async () => {
    // Ingest runs in this process, or (with Redis) in the media process of the deployment.
    const ingesting = app.liveMedia.rtmpPort !== null || (app.redis !== null && !app.config.mediaIngest);
    return mediaCapabilities(app.config, ingesting ? app.config.rtmpPublicUrl : null);
  });

  app.get('/api/media/signal/:contentId', { schema: { params: MediaStatusParamsSchema } }, async (request): Promise<StreamSignal> => {
    const { contentId } = request.params;
    const lost = app.liveState.signals.get(contentId);
    if (lost) return lost;
    const content = await db.selectFrom('content').select('id').where('id', '=', contentId).executeTakeFirst();
    if (!content) throw notFound('No content with that id');
    // Nothing said of its encoder: as far as the server knows, it is there.
    return { contentId, state: 'restored', endsAt: null };
  });

  app.get('/api/media/status/:contentId', { onRequest: app.requireRole('creator', 'admin'), schema: { params: MediaStatusParamsSchema } }, async (request): Promise<MediaStatus> => {
    const { contentId } = request.params;
    const content = await db.selectFrom('content').select(['id', 'creatorId']).where('id', '=', contentId).executeTakeFirst();
    if (!content) throw notFound('No content with that id');
    const user = signedInUser(request);
    if (user.role !== 'admin' && content.creatorId !== user.id) throw forbidden('Only the creator of this item can see its processing state');
    const asset = await db.selectFrom('mediaAssets').selectAll().where('contentId', '=', contentId).executeTakeFirst();
    if (!asset) throw notFound('This item has no media yet');
    return {
      contentId,
      status: asset.status,
      error: asset.error,
      durationSeconds: asset.durationMs === null ? null : Number(asset.durationMs) / 1000,
      width: asset.width,
      height: asset.height,
    };
  });
}
