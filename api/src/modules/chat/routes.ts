import { ChatRecentQuerySchema } from '@onair/protocol';
import { assertCanWatch } from '../monetization/access.ts';
import { recentMessages, sendChatMessage } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function chatRoutes(app: ZodApp) {
  app.get('/api/chat/recent', { onRequest: app.requireUser, schema: { querystring: ChatRecentQuerySchema } }, async (request) => {
    const { contentId, limit } = request.query;
    if (contentId) await assertCanWatch(app.db.kysely, request.user, contentId);
    return recentMessages(app, contentId ?? null, limit);
  });

  app.post('/api/chat/send', { onRequest: app.requireUser }, async (request, reply) => {
    const message = await sendChatMessage(app, signedInUser(request), request.body);
    return reply.code(201).send(message);
  });
}
