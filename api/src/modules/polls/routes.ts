import { idParam, PollCreateRequestSchema, PollVoteRequestSchema } from '@onair/protocol';
import { z } from 'zod';
import { signedInUser } from '../../http/signed-in.ts';
import { assertCanWatch, canWatch } from '../monetization/access.ts';
import type { FastifyPluginAsyncZod } from '../../http/typed-routes.ts';
import { activePolls, presentPolls } from './repository.ts';
import { createPoll, vote } from './service.ts';

const ActiveQuerySchema = z.object({ contentId: idParam('contentId').optional() });

const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/polls/active', { onRequest: app.requireUser, schema: { querystring: ActiveQuerySchema } }, async (request) => {
    const now = Date.now();
    const user = signedInUser(request);
    const { contentId } = request.query;
    if (contentId) await assertCanWatch(app.db.kysely, user, contentId);
    // The lobby lists every open poll but those of items this person may not watch.
    const polls = await activePolls(app.db.kysely, now, contentId);
    const watchable = new Map<number, boolean>();
    for (const poll of polls) if (poll.contentId !== null && !watchable.has(poll.contentId)) watchable.set(poll.contentId, await canWatch(app.db.kysely, user, poll.contentId));
    return presentPolls(app.db.kysely, polls.filter((p) => p.contentId === null || watchable.get(p.contentId)), user.id, now);
  });

  // createPoll and vote parse their input themselves: the socket handlers share them.
  app.post('/api/polls', { onRequest: app.requireRole('creator', 'admin'), schema: { body: PollCreateRequestSchema } }, async (request, reply) =>
    reply.code(201).send(await createPoll(app, signedInUser(request), request.body)),
  );

  app.post('/api/polls/vote', { onRequest: app.requireUser, schema: { body: PollVoteRequestSchema } }, async (request) => vote(app, signedInUser(request), request.body));
};

export default pollRoutes;
