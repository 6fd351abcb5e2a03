/**
 * Monetization's REST calls (spec §7 plus what the real thing needs: removing and choosing payment
 * methods, cancelling a plan, editing tiers, the revenue CSV, content access).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ContentAccessRequestSchema, ContentIdParamsSchema, PaymentMethodIdParamsSchema, RevenueQuerySchema, TierIdParamsSchema, type ContentAccess } from '@onair/protocol';
import { forbidden, notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { canWatch, isSubscribersOnly } from './access.ts';
import { listDonations, sendDonation } from './donations.ts';
import { listTiers, presentMembership, setCancelAtPeriodEnd, subscribe, updateTier } from './memberships.ts';
import { addMethod, listMethods, removeMethod, setDefaultMethod } from './payment-methods.ts';
import { revenueCsv, revenueSummary } from './revenue.ts';

/** The client's idempotency key, from the standard header when the body does not carry one. */
const headerKey = (request: FastifyRequest) => {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && value.length >= 8 && value.length <= 100 ? value : undefined;
};

export default async function monetizationRoutes(app: FastifyInstance) {
  const db = app.db.kysely;

  app.get('/api/subscriptions/tiers', async () => listTiers(db));

  app.patch('/api/subscriptions/tiers/:id', { preHandler: app.requireRole('admin') }, async (request) => {
    const { id } = parseOr400(TierIdParamsSchema, request.params);
    return updateTier(db, id, request.body);
  });

  app.get('/api/subscriptions/me', { preHandler: app.requireUser }, async (request) => presentMembership(app, request.user!.id));

  app.post('/api/subscriptions/subscribe', { preHandler: app.requireUser }, async (request) => subscribe(app, request.user!.id, request.body, headerKey(request)));

  app.post('/api/subscriptions/cancel', { preHandler: app.requireUser }, async (request) => setCancelAtPeriodEnd(app, request.user!.id, true));
  app.post('/api/subscriptions/resume', { preHandler: app.requireUser }, async (request) => setCancelAtPeriodEnd(app, request.user!.id, false));

  app.get('/api/user/payment-methods', { preHandler: app.requireUser }, async (request) => listMethods(db, request.user!.id));

  app.post('/api/payment-methods/add', { preHandler: app.requireUser }, async (request, reply) => reply.code(201).send(await addMethod(app, request.user!.id, request.body)));

  app.post('/api/payment-methods/:id/default', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseOr400(PaymentMethodIdParamsSchema, request.params);
    return setDefaultMethod(db, request.user!.id, id);
  });

  app.delete('/api/payment-methods/:id', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseOr400(PaymentMethodIdParamsSchema, request.params);
    return removeMethod(db, request.user!.id, id);
  });

  app.post('/api/donations/send', { preHandler: app.requireUser }, async (request, reply) => reply.code(201).send(await sendDonation(app, request.user!, request.body, headerKey(request))));

  app.get('/api/donations', { preHandler: app.requireUser }, async (request) => listDonations(db, request.user!.id));

  const summaryFor = (request: FastifyRequest) => {
    const { months } = parseOr400(RevenueQuerySchema, request.query);
    const user = request.user!;
    return revenueSummary(db, { creatorId: user.role === 'admin' ? null : user.id, feePercent: app.config.platformFeePercent, testMode: app.payments.testMode }, months);
  };

  app.get('/api/revenue/summary', { preHandler: app.requireRole('creator', 'admin') }, summaryFor);

  app.get('/api/revenue/export.csv', { preHandler: app.requireRole('creator', 'admin') }, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="onair-revenue.csv"')
      .send(revenueCsv(await summaryFor(request))),
  );

  app.get('/api/content/:id/access', async (request): Promise<ContentAccess> => {
    const { id } = parseOr400(ContentIdParamsSchema, request.params);
    if (!(await db.selectFrom('content').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('No content with that id');
    return { contentId: id, subscribersOnly: await isSubscribersOnly(db, id), canWatch: await canWatch(db, request.user, id) };
  });

  app.put('/api/content/:id/access', { preHandler: app.requireRole('creator', 'admin') }, async (request): Promise<ContentAccess> => {
    const { id } = parseOr400(ContentIdParamsSchema, request.params);
    const { subscribersOnly } = parseOr400(ContentAccessRequestSchema, request.body);
    const item = await db.selectFrom('content').select('creatorId').where('id', '=', id).executeTakeFirst();
    if (!item) throw notFound('No content with that id');
    const user = request.user!;
    if (user.role !== 'admin' && item.creatorId !== user.id) throw forbidden('Only the item’s creator or an admin may change who can watch it');
    const values = { subscribersOnly: subscribersOnly ? 1 : 0, updatedAt: Date.now() };
    await db.insertInto('contentAccess').values({ contentId: id, ...values }).onConflict((oc) => oc.column('contentId').doUpdateSet(values)).execute();
    return { contentId: id, subscribersOnly, canWatch: true };
  });
}
