import { SponsorshipIdParamsSchema } from '@onair/protocol';
import { applyToOffer, availableOffers, createOffer, decideApplication, listApplications } from './sponsorships.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function sponsorshipRoutes(app: ZodApp) {
  const db = app.db.kysely;

  // Spec §6: creators only; others see 'Creator access required'.
  app.get('/api/sponsorships/available', { onRequest: app.requireRole('creator') }, async (request) => availableOffers(db, signedInUser(request).id));

  app.post('/api/sponsorships/offers', { onRequest: app.requireRole('admin') }, async (request, reply) => {
    const id = await createOffer(db, signedInUser(request).id, request.body);
    return reply.code(201).send({ id });
  });

  app.post('/api/sponsorships/offers/:id/apply', { onRequest: app.requireRole('creator'), schema: { params: SponsorshipIdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    await applyToOffer(db, signedInUser(request).id, id);
    return reply.code(201).send(await availableOffers(db, signedInUser(request).id));
  });

  app.get('/api/sponsorships/applications', { onRequest: app.requireRole('creator', 'admin') }, async (request) => {
    const user = signedInUser(request);
    return listApplications(db, user.role === 'admin' ? null : user.id);
  });

  for (const [action, accept] of [['accept', true], ['reject', false]] as const) {
    app.post(`/api/sponsorships/applications/:id/${action}`, { onRequest: app.requireRole('admin'), schema: { params: SponsorshipIdParamsSchema } }, async (request) => {
      const { id } = request.params;
      return decideApplication(app, signedInUser(request).id, id, accept);
    });
  }
}
