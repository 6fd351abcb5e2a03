/**
 * Content translations: GET and POST /api/content/:id/translations (manual ones), and POST
 * /api/translate, which checks that an engine here covers the pair, queues a translation job and
 * answers 202 with its id at once. Progress reaches the user as job:* socket events and through
 * GET /api/jobs/:id; the job stores the translation with aiGenerated = true.
 */
import {
  ContentIdParamsSchema,
  languageName,
  resolveLanguage,
  TranslateRequestSchema,
  TranslationCreateRequestSchema,
  type TranslateAccepted,
} from '@onair/protocol';
import { badRequest, unprocessable } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { assertCanTranslate, contentOr404, saveManualTranslation, listTranslations } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

const TRANSLATE_RATE = { limit: 20, windowMs: 60_000 };

export default async function translationRoutes(app: ZodApp) {
  // Visible to anyone who can see the content, which is public like GET /api/content/:id.
  app.get('/api/content/:id/translations', { schema: { params: ContentIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    await contentOr404(app.db.kysely, id);
    return listTranslations(app.db.kysely, id);
  });

  app.post('/api/content/:id/translations', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema, body: TranslationCreateRequestSchema } }, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    const content = await contentOr404(app.db.kysely, id);
    assertCanTranslate(signedInUser(request), content);
    const source = resolveLanguage(content.language);
    if (source !== undefined && source === resolveLanguage(input.language)) throw badRequest(`language: the content is already in ${languageName(source)}`);
    const translation = await saveManualTranslation(app.db.kysely, {
      contentId: id,
      language: input.language,
      title: input.title,
      description: input.description || null,
      createdBy: signedInUser(request).id,
    });
    return reply.code(201).send(translation);
  });

  app.post('/api/translate', { onRequest: app.requireUser, schema: { body: TranslateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const content = await contentOr404(app.db.kysely, input.contentId, 'contentId');
    assertCanTranslate(signedInUser(request), content);
    const source = resolveLanguage(content.language);
    if (!source) throw unprocessable(`The content's language "${content.language}" is not one of the supported languages`);
    if (source === input.targetLanguage) throw badRequest(`targetLanguage: the content is already in ${languageName(source)}`);
    const plan = await app.translationEngines.plan(source, input.targetLanguage);
    if (!plan) throw unprocessable(await app.translationEngines.missing(source, input.targetLanguage));
    await enforceRateLimit(app.rateLimiter, `translate:${signedInUser(request).id}`, TRANSLATE_RATE, 'Too many translations');
    const jobId = await app.jobs.enqueue(
      'translation',
      { contentId: content.id, text: input.text, sourceLanguage: source, targetLanguage: input.targetLanguage },
      { userId: signedInUser(request).id },
    );
    const accepted: TranslateAccepted = { jobId, contentId: content.id, targetLanguage: input.targetLanguage, engine: plan.engine, route: plan.route };
    return reply.code(202).send(accepted);
  });
}
