import { idParam, PollCreateRequestSchema, PollVoteRequestSchema } from '@onair/protocol';
import { z } from 'zod';
import { signedInUser } from '../../http/signed-in.ts';
import type { FastifyPluginAsyncZod } from '../../http/typed-routes.ts';
import { activePolls, presentPolls } from './repository.ts';
import { createPoll, vote } from './service.ts';

const ActiveQuerySchema = z.object({ contentId: idParam('contentId').optional() });

const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/polls/active', { onRequest: app.requireUser, schema: { querystring: ActiveQuerySchema } }, async (request) => {
    const now = Date.now();
    return presentPolls(app.db.kysely, await activePolls(app.db.kysely, now, request.query.contentId), signedInUser(request).id, now);
  });

  // createPoll and vote parse their input themselves: the socket handlers share them.
  app.post('/api/polls', { onRequest: app.requireRole('creator', 'admin'), schema: { body: PollCreateRequestSchema } }, async (request, reply) =>
    reply.code(201).send(await createPoll(app, signedInUser(request), request.body)),
  );

  app.post('/api/polls/vote', { onRequest: app.requireUser, schema: { body: PollVoteRequestSchema } }, async (request) => vote(app, signedInUser(request), request.body));
};

export default pollRoutes;
