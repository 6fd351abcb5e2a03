import type { FastifyInstance } from 'fastify';
import { SponsorshipIdParamsSchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { applyToOffer, availableOffers, createOffer, decideApplication, listApplications } from './sponsorships.ts';

export default async function sponsorshipRoutes(app: FastifyInstance) {
  const db = app.db.kysely;

  // Spec §6: creators only; others see 'Creator access required'.
  app.get('/api/sponsorships/available', { preHandler: app.requireRole('creator') }, async (request) => availableOffers(db, request.user!.id));

  app.post('/api/sponsorships/offers', { preHandler: app.requireRole('admin') }, async (request, reply) => {
    const id = await createOffer(db, request.user!.id, request.body);
    return reply.code(201).send({ id });
  });

  app.post('/api/sponsorships/offers/:id/apply', { preHandler: app.requireRole('creator') }, async (request, reply) => {
    const { id } = parseOr400(SponsorshipIdParamsSchema, request.params);
    await applyToOffer(db, request.user!.id, id);
    return reply.code(201).send(await availableOffers(db, request.user!.id));
  });

  app.get('/api/sponsorships/applications', { preHandler: app.requireRole('creator', 'admin') }, async (request) => {
    const user = request.user!;
    return listApplications(db, user.role === 'admin' ? null : user.id);
  });

  for (const [action, accept] of [['accept', true], ['reject', false]] as const) {
    app.post(`/api/sponsorships/applications/:id/${action}`, { preHandler: app.requireRole('admin') }, async (request) => {
      const { id } = parseOr400(SponsorshipIdParamsSchema, request.params);
      return decideApplication(app, request.user!.id, id, accept);
    });
  }
}
