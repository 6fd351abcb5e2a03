import type { FastifyInstance } from 'fastify';
import { ContentIdParamsSchema, QnaListQuerySchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { answerQuestion, listQuestions, submitQuestion } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function qnaRoutes(app: FastifyInstance) {
  app.post('/api/qna/submit', { onRequest: app.requireUser }, async (request, reply) =>
    reply.code(201).send(await submitQuestion(app, signedInUser(request), request.body)),
  );

  app.get('/api/qna', { onRequest: app.requireUser }, async (request) => {
    const { contentId } = parseOr400(QnaListQuerySchema, request.query);
    return listQuestions(app, signedInUser(request), contentId ?? null);
  });

  app.post('/api/qna/:id/answer', { onRequest: app.requireUser }, async (request) => {
    const { id } = parseOr400(ContentIdParamsSchema, request.params);
    return answerQuestion(app, signedInUser(request), id);
  });
}
