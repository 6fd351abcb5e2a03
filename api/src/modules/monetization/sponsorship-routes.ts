import type { FastifyInstance } from 'fastify';
import { SponsorshipIdParamsSchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { applyToOffer, availableOffers, createOffer, decideApplication, listApplications } from './sponsorships.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function sponsorshipRoutes(app: FastifyInstance) {
  const db = app.db.kysely;

  // Spec §6: creators only; others see 'Creator access required'.
  app.get('/api/sponsorships/available', { onRequest: app.requireRole('creator') }, async (request) => availableOffers(db, signedInUser(request).id));

  app.post('/api/sponsorships/offers', { onRequest: app.requireRole('admin') }, async (request, reply) => {
    const id = await createOffer(db, signedInUser(request).id, request.body);
    return reply.code(201).send({ id });
  });

  app.post('/api/sponsorships/offers/:id/apply', { onRequest: app.requireRole('creator') }, async (request, reply) => {
    const { id } = parseOr400(SponsorshipIdParamsSchema, request.params);
    await applyToOffer(db, signedInUser(request).id, id);
    return reply.code(201).send(await availableOffers(db, signedInUser(request).id));
  });

  app.get('/api/sponsorships/applications', { onRequest: app.requireRole('creator', 'admin') }, async (request) => {
    const user = signedInUser(request);
    return listApplications(db, user.role === 'admin' ? null : user.id);
  });

  for (const [action, accept] of [['accept', true], ['reject', false]] as const) {
    app.post(`/api/sponsorships/applications/:id/${action}`, { onRequest: app.requireRole('admin') }, async (request) => {
      const { id } = parseOr400(SponsorshipIdParamsSchema, request.params);
      return decideApplication(app, signedInUser(request).id, id, accept);
    });
  }
}
