import type { FastifyInstance } from 'fastify';
import { ContentIdParamsSchema, QnaListQuerySchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { answerQuestion, listQuestions, submitQuestion } from './service.ts';

export default async function qnaRoutes(app: FastifyInstance) {
  app.post('/api/qna/submit', { preHandler: app.requireUser }, async (request, reply) =>
    reply.code(201).send(await submitQuestion(app, request.user!, request.body)),
  );

  app.get('/api/qna', { preHandler: app.requireUser }, async (request) => {
    const { contentId } = parseOr400(QnaListQuerySchema, request.query);
    return listQuestions(app, request.user!, contentId ?? null);
  });

  app.post('/api/qna/:id/answer', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseOr400(ContentIdParamsSchema, request.params);
    return answerQuestion(app, request.user!, id);
  });
}
