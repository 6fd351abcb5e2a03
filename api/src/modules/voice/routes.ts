/**
 * Voice assistants (spec §7: GET/POST /api/voice-assistants, PATCH/DELETE /api/voice-assistants/{id})
 * and the Alexa skill endpoint POST /api/voice/alexa, which answers only requests Alexa signed.
 */
import { DeviceIdParamsSchema as IdParamsSchema, VoiceAssistantCreateRequestSchema, VoiceAssistantPatchRequestSchema } from '@onair/protocol';
import { badRequest, notFound, unauthorized, unprocessable } from '../../http/errors.ts';
import '../sms/webhooks.ts'; // declares the route-level `webhook` flag
import { createAlexaVerifier, AlexaVerificationError, type AlexaVerifierOptions } from './alexa-verifier.ts';
import { applicationIdOf, handleAlexa, type AlexaRequestEnvelope } from './alexa-skill.ts';
import { createAssistant, findOwnAssistant, listAssistants, presentAssistant } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

const PLATFORM_NAMES = { alexa: 'Amazon Alexa', google: 'Google Assistant', siri: 'Siri' } as const;

export const GOOGLE_SHUT_DOWN =
  'Google shut down Conversational Actions on 13 June 2023, so there is no Google Assistant action to connect. Install OnAir as an app instead.';

export interface VoiceOptions {
  alexa?: AlexaVerifierOptions;
}

export default async function voiceRoutes(app: ZodApp, options: VoiceOptions) {
  const db = app.db.kysely;

  app.get('/api/voice-assistants', { onRequest: app.requireUser }, async (request) => listAssistants(db, signedInUser(request).id));

  app.post('/api/voice-assistants', { onRequest: app.requireUser, schema: { body: VoiceAssistantCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    if (input.platform === 'google') throw unprocessable(GOOGLE_SHUT_DOWN);
    // Spec §5: the name input is not sent; the default is '{platform name} Device'.
    const created = await createAssistant(db, signedInUser(request).id, input.platform, input.deviceName ?? `${PLATFORM_NAMES[input.platform]} Device`);
    return reply.code(201).send(created);
  });

  app.patch('/api/voice-assistants/:id', { onRequest: app.requireUser, schema: { params: IdParamsSchema, body: VoiceAssistantPatchRequestSchema } }, async (request) => {
    const { id } = request.params;
    const { enabled } = request.body;
    const row = await findOwnAssistant(db, signedInUser(request).id, id);
    if (!row) throw notFound('No voice assistant with that id');
    await db.updateTable('voiceAssistants').set({ enabled: enabled ? 1 : 0 }).where('id', '=', id).execute();
    return presentAssistant({ ...row, enabled: enabled ? 1 : 0 });
  });

  app.delete('/api/voice-assistants/:id', { onRequest: app.requireUser, schema: { params: IdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const row = await findOwnAssistant(db, signedInUser(request).id, id);
    if (!row) throw notFound('No voice assistant with that id');
    await db.deleteFrom('voiceAssistants').where('id', '=', id).execute();
    return { id };
  });

  await app.register(async (skill) => {
    const verifier = createAlexaVerifier(options.alexa);
    // The signature covers the exact bytes Alexa sent: keep them, then parse.
    skill.removeContentTypeParser('application/json');
    skill.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      (request as { rawBody?: Buffer }).rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(badRequest('Request body is not valid JSON'), undefined);
      }
    });

    skill.post('/api/voice/alexa', { config: { webhook: true } }, async (request) => {
      const raw = (request as { rawBody?: Buffer }).rawBody;
      if (!raw) throw badRequest('body: an Alexa request is JSON');
      try {
        await verifier.verify(request.headers, raw);
      } catch (error) {
        if (error instanceof AlexaVerificationError) throw badRequest(`Alexa signature: ${error.message}`);
        throw error;
      }
      const envelope = request.body as AlexaRequestEnvelope;
      if (app.config.alexaSkillId && applicationIdOf(envelope) !== app.config.alexaSkillId) throw unauthorized('This endpoint serves another skill');
      if (!envelope.request || typeof envelope.request.type !== 'string') throw badRequest('request.type is required');
      return handleAlexa(app, envelope);
    });
  });
}
