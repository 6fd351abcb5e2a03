/** The media area's routes and pushes (uploads, processing state, capabilities). */
import type { FastifyInstance } from 'fastify';
import mediaContentNotifier from './content-notifier.ts';
import { resumeInterruptedMedia } from './interrupted-jobs.ts';
import mediaStatusRoutes from './status-routes.ts';
import uploadRoutes from './upload-routes.ts';

export default async function mediaModule(app: FastifyInstance) {
  await app.register(uploadRoutes);
  await app.register(mediaStatusRoutes);
  await app.register(mediaContentNotifier);
  // Before the server takes requests (and before the demo's clips are queued).
  app.addHook('onReady', async () => {
    await resumeInterruptedMedia(app);
  });
}
