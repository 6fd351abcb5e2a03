/**
 * When a media job finishes, the item it published (or whose recording it saved) is pushed as
 * `content:updated` to the lobby, as the streaming module does when a stream starts or ends, so open
 * lists and watch pages pick up the playback URLs without a reload. With BullMQ every API node hears
 * every job event, so each node tells its own sockets only (`io.local`).
 */
import type { FastifyInstance } from 'fastify';
import { MediaJobResultSchema, rooms } from '@onair/protocol';
import { findContent } from '../content/repository.ts';

export default async function mediaContentNotifier(app: FastifyInstance) {
  const unsubscribe = app.jobs.onEvent((event) => {
    if (event.name !== 'media' || event.type !== 'done') return;
    const result = MediaJobResultSchema.safeParse(event.result);
    if (!result.success) return;
    void findContent(app.db.kysely, app.liveAudience, result.data.contentId)
      .then((content) => {
        if (content) app.io.local.to(rooms.lobby()).emit('content:updated', content);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not announce processed media'));
  });
  app.addHook('onClose', async () => unsubscribe());
}
