/**
 * Monetization's REST calls (spec §7 plus what the real thing needs: removing and choosing payment
 * methods, cancelling a plan, editing tiers, the revenue CSV, content access).
 */
import type { FastifyRequest } from 'fastify';
import { ContentAccessRequestSchema, ContentIdParamsSchema, PaymentMethodIdParamsSchema, RevenueQuerySchema, TierIdParamsSchema, type ContentAccess } from '@onair/protocol';
import { forbidden, notFound } from '../../http/errors.ts';
import { canWatch, isSubscribersOnly } from './access.ts';
import { listDonations, sendDonation } from './donations.ts';
import { listTiers, presentMembership, setCancelAtPeriodEnd, subscribe, updateTier } from './memberships.ts';
import { addMethod, listMethods, removeMethod, setDefaultMethod } from './payment-methods.ts';
import { revenueCsv, revenueSummary } from './revenue.ts';
import { refreshFeedOf } from '../syndication/service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import type { UserRow } from '../../db/schema.ts';

/** The client's idempotency key, from the standard header when the body does not carry one. */
const headerKey = (request: FastifyRequest) => {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && value.length >= 8 && value.length <= 100 ? value : undefined;
};

export default async function monetizationRoutes(app: ZodApp) {
  const db = app.db.kysely;

  app.get('/api/subscriptions/tiers', async () => listTiers(db));

  app.patch('/api/subscriptions/tiers/:id', { onRequest: app.requireRole('admin'), schema: { params: TierIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    return updateTier(db, id, request.body);
  });

  app.get('/api/subscriptions/me', { onRequest: app.requireUser }, async (request) => presentMembership(app, signedInUser(request).id));

  app.post('/api/subscriptions/subscribe', { onRequest: app.requireUser }, async (request) => subscribe(app, signedInUser(request).id, request.body, headerKey(request)));

  app.post('/api/subscriptions/cancel', { onRequest: app.requireUser }, async (request) => setCancelAtPeriodEnd(app, signedInUser(request).id, true));
  app.post('/api/subscriptions/resume', { onRequest: app.requireUser }, async (request) => setCancelAtPeriodEnd(app, signedInUser(request).id, false));

  app.get('/api/user/payment-methods', { onRequest: app.requireUser }, async (request) => listMethods(db, signedInUser(request).id));

  app.post('/api/payment-methods/add', { onRequest: app.requireUser }, async (request, reply) => reply.code(201).send(await addMethod(app, signedInUser(request).id, request.body)));

  app.post('/api/payment-methods/:id/default', { onRequest: app.requireUser, schema: { params: PaymentMethodIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    return setDefaultMethod(db, signedInUser(request).id, id);
  });

  app.delete('/api/payment-methods/:id', { onRequest: app.requireUser, schema: { params: PaymentMethodIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    return removeMethod(db, signedInUser(request).id, id);
  });

  app.post('/api/donations/send', { onRequest: app.requireUser }, async (request, reply) => reply.code(201).send(await sendDonation(app, signedInUser(request), request.body, headerKey(request))));

  app.get('/api/donations', { onRequest: app.requireUser }, async (request) => listDonations(db, signedInUser(request).id));

  const summaryFor = (user: UserRow, months: number | undefined) =>
    revenueSummary(db, { creatorId: user.role === 'admin' ? null : user.id, feePercent: app.config.platformFeePercent, testMode: app.payments.testMode }, months);
  const revenue = { onRequest: app.requireRole('creator', 'admin'), schema: { querystring: RevenueQuerySchema } };

  app.get('/api/revenue/summary', revenue, async (request) => summaryFor(signedInUser(request), request.query.months));

  app.get('/api/revenue/export.csv', revenue, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="onair-revenue.csv"')
      .send(revenueCsv(await summaryFor(signedInUser(request), request.query.months))),
  );

  app.get('/api/content/:id/access', { schema: { params: ContentIdParamsSchema } }, async (request): Promise<ContentAccess> => {
    const { id } = request.params;
    if (!(await db.selectFrom('content').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('No content with that id');
    return { contentId: id, subscribersOnly: await isSubscribersOnly(db, id), canWatch: await canWatch(db, request.user, id) };
  });

  app.put('/api/content/:id/access', { onRequest: app.requireRole('creator', 'admin'), schema: { params: ContentIdParamsSchema, body: ContentAccessRequestSchema } }, async (request): Promise<ContentAccess> => {
    const { id } = request.params;
    const { subscribersOnly } = request.body;
    const item = await db.selectFrom('content').select('creatorId').where('id', '=', id).executeTakeFirst();
    if (!item) throw notFound('No content with that id');
    const user = signedInUser(request);
    if (user.role !== 'admin' && item.creatorId !== user.id) throw forbidden('Only the item’s creator or an admin may change who can watch it');
    const values = { subscribersOnly: subscribersOnly ? 1 : 0, updatedAt: Date.now() };
    await db.insertInto('contentAccess').values({ contentId: id, ...values }).onConflict((oc) => oc.column('contentId').doUpdateSet(values)).execute();
    await refreshFeedOf(app, id, user.id);
    return { contentId: id, subscribersOnly, canWatch: true };
  });
}
