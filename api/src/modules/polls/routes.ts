import type { FastifyInstance } from 'fastify';
import { idParam, PollCreateRequestSchema, PollVoteRequestSchema } from '@onair/protocol';
import { z } from 'zod';
import { docs } from '../../http/route-docs.ts';
import { parseOr400 } from '../../http/validate.ts';
import { activePolls, presentPolls } from './repository.ts';
import { createPoll, vote } from './service.ts';

const ActiveQuerySchema = z.object({ contentId: idParam('contentId').optional() });

export default async function pollRoutes(app: FastifyInstance) {
  app.get('/api/polls/active', { preHandler: app.requireUser, schema: docs({ querystring: ActiveQuerySchema }) }, async (request) => {
    const { contentId } = parseOr400(ActiveQuerySchema, request.query);
    const now = Date.now();
    return presentPolls(app.db.kysely, await activePolls(app.db.kysely, now, contentId), request.user!.id, now);
  });

  app.post('/api/polls', { preHandler: app.requireRole('creator', 'admin'), schema: docs({ body: PollCreateRequestSchema }) }, async (request, reply) =>
    reply.code(201).send(await createPoll(app, request.user!, request.body)),
  );

  app.post('/api/polls/vote', { preHandler: app.requireUser, schema: docs({ body: PollVoteRequestSchema }) }, async (request) => vote(app, request.user!, request.body));
}
