import type { FastifyInstance } from 'fastify';
import { ChatRecentQuerySchema } from '@onair/protocol';
import { forbidden } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { canWatch, SUBSCRIBERS_ONLY_MESSAGE } from '../monetization/access.ts';
import { recentMessages, sendChatMessage } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function chatRoutes(app: FastifyInstance) {
  app.get('/api/chat/recent', { onRequest: app.requireUser }, async (request) => {
    const { contentId, limit } = parseOr400(ChatRecentQuerySchema, request.query);
    if (contentId && !(await canWatch(app.db.kysely, request.user, contentId))) throw forbidden(SUBSCRIBERS_ONLY_MESSAGE);
    return recentMessages(app, contentId ?? null, limit);
  });

  app.post('/api/chat/send', { onRequest: app.requireUser }, async (request, reply) => {
    const message = await sendChatMessage(app, signedInUser(request), request.body);
    return reply.code(201).send(message);
  });
}
