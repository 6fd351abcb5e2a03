/**
 * When a media job ends, the item it worked on is pushed to the lobby, as the streaming module does
 * when a stream starts or ends, so open lists, watch pages and the admins' Library follow it without a
 * reload: `content:updated` when it published the item or saved its recording (the playback URLs) or
 * failed on an item that stays (its media now says Failed); `content:removed` when the failure took the
 * item away (an upload ffmpeg could not read is deleted with its item). With BullMQ every API node
 * hears every job event, so each node tells its own sockets only (`io.local`).
 */
import type { FastifyInstance } from 'fastify';
import { rooms } from '@onair/protocol';
import { findContent } from '../content/repository.ts';

export default async function mediaContentNotifier(app: FastifyInstance) {
  const lobby = () => app.io.local.to(rooms.lobby());
  const announce = async (contentId: number) => {
    const content = await findContent(app.db.kysely, app.liveAudience, contentId);
    if (content) lobby().emit('content:updated', content);
    else lobby().emit('content:removed', { contentId });
  };
  const unsubscribe = app.jobs.onEvent((event) => {
    if (event.name !== 'media' || event.type === 'progress') return;
    const { contentId } = event;
    if (contentId === undefined) return;
    announce(contentId).catch((error: unknown) => app.log.warn({ err: error, contentId }, 'could not announce the end of a media job'));
  });
  app.addHook('onClose', async () => unsubscribe());
}
