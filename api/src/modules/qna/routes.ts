import { ContentIdParamsSchema, QnaListQuerySchema } from '@onair/protocol';
import { answerQuestion, listQuestions, submitQuestion } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function qnaRoutes(app: ZodApp) {
  app.post('/api/qna/submit', { onRequest: app.requireUser }, async (request, reply) =>
    reply.code(201).send(await submitQuestion(app, signedInUser(request), request.body)),
  );

  app.get('/api/qna', { onRequest: app.requireUser, schema: { querystring: QnaListQuerySchema } }, async (request) => {
    const { contentId } = request.query;
    return listQuestions(app, signedInUser(request), contentId ?? null);
  });

  app.post('/api/qna/:id/answer', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    return answerQuestion(app, signedInUser(request), id);
  });
}
