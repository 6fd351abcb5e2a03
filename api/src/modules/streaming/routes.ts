import { StreamConfigRequestSchema, StreamIdParamsSchema, StreamStartRequestSchema, type ActiveStreamsResponse, type StreamConfig } from '@onair/protocol';
import { findConfig, presentConfig, regenerateKey, saveConfig } from './config.ts';
import { activeStreams, startStream, stopStream } from './streams.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

/** Creator Studio: creators and admins only (spec §6), each acting on their own configuration. */
export default async function streamingRoutes(app: ZodApp) {
  const db = app.db.kysely;
  const secret = app.config.sessionSecret;
  const studio = { onRequest: app.requireRole('creator', 'admin') };
  // From configuration (RTMP_PUBLIC_URL), never from the request's Host header, which the caller chooses.
  const ingest = () => app.config.rtmpPublicUrl;
  const { mediaStartTimeoutMs } = app.config;
  const encoderWaitSeconds = mediaStartTimeoutMs > 0 ? Math.max(1, Math.round(mediaStartTimeoutMs / 1000)) : null;
  const present = (row: Parameters<typeof presentConfig>[0]): StreamConfig => ({ ...presentConfig(row, ingest(), secret), encoderWaitSeconds });

  app.get('/api/creator/streaming/config', studio, async (request) => present(await findConfig(db, signedInUser(request).id)));

  app.post('/api/creator/streaming/config', { ...studio, schema: { body: StreamConfigRequestSchema } }, async (request) => {
    const input = request.body;
    return present(await saveConfig(db, signedInUser(request).id, input, secret));
  });

  app.post('/api/creator/streaming/key/regenerate', studio, async (request) => {
    const rotated = await regenerateKey(db, signedInUser(request).id, ingest(), secret);
    // "The old key no longer works" holds for an encoder on air with it too.
    await app.liveMedia.keyRotated(rotated.configId);
    return rotated;
  });

  app.post('/api/creator/streaming/start', { ...studio, schema: { body: StreamStartRequestSchema } }, async (request, reply) => {
    const { configId } = request.body;
    return reply.code(201).send(await startStream(app, signedInUser(request), configId));
  });

  app.post('/api/creator/streaming/stop/:id', { ...studio, schema: { params: StreamIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    return stopStream(app, signedInUser(request), id);
  });

  app.get('/api/creator/streaming/active', studio, async (request): Promise<ActiveStreamsResponse> => ({
    streams: await activeStreams(app, signedInUser(request).id),
  }));
}
