/** Giving: POST/GET /api/churches/{id}/gifts and the member's year-end statement as CSV or PDF. */
import { randomUUID } from 'node:crypto';
import { ChurchIdParamsSchema, GiftCreateRequestSchema, GiftsQuerySchema, type GivingSummary } from '@onair/protocol';
import { requireInstitution } from '../education/access.ts';
import { findPaymentByKey } from '../monetization/ledger.ts';
import { methodForCharge } from '../monetization/payment-methods.ts';
import { addMonth, chargeGift, giftOfPayment, givingSummary, statementCsv } from './giving.ts';
import { statementPdf } from './statement-pdf.ts';
import { notFound } from '../../http/errors.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import type { UserRow } from '../../db/schema.ts';

export function givingRoutes(app: ZodApp) {
  const db = app.db.kysely;
  const thisYear = () => new Date().getUTCFullYear();

  app.post('/api/churches/:id/gifts', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, body: GiftCreateRequestSchema } }, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    const user = signedInUser(request);
    const { institution } = await requireInstitution(db, user, id, { kind: 'church', open: true });
    const header = request.headers['idempotency-key'];
    const clientKey = input.idempotencyKey ?? (typeof header === 'string' && header.length >= 8 && header.length <= 100 ? header : undefined);
    const idempotencyKey = `gift:${user.id}:${clientKey ?? randomUUID()}`;
    // A retry of a gift that went through answers the first gift: no second charge, no second plan.
    const earlier = clientKey ? await findPaymentByKey(db, idempotencyKey) : undefined;
    const replayed = earlier?.status === 'succeeded' ? await giftOfPayment(db, earlier.id) : null;
    if (replayed) return reply.code(201).send(replayed);

    const method = await methodForCharge(db, user.id, input.paymentMethodId);
    const now = Date.now();
    let recurringId: number | null = null;
    if (input.interval === 'monthly') {
      ({ id: recurringId } = await db
        .insertInto('churchRecurringGifts')
        .values({ institutionId: id, donorId: user.id, amountCents: input.amountCents, currency: input.currency, fund: input.fund, paymentMethodId: method.id, nextChargeAt: addMonth(now), cancelledAt: null, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    const gift = await chargeGift(app, { church: institution, donorId: user.id, amountCents: input.amountCents, currency: input.currency, fund: input.fund, recurringId, method, idempotencyKey }).catch(
      async (error: unknown) => {
        // The first charge failed: no plan either.
        if (recurringId) await db.deleteFrom('churchRecurringGifts').where('id', '=', recurringId).execute();
        throw error;
      },
    );
    // Giving makes the giver a member of the congregation.
    await db
      .insertInto('institutionMembers')
      .values({ institutionId: id, userId: user.id, role: 'member', createdAt: now })
      .onConflict((oc) => oc.columns(['institutionId', 'userId']).doNothing())
      .execute();
    return reply.code(201).send(gift);
  });

  app.get('/api/churches/:id/gifts', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, querystring: GiftsQuerySchema } }, async (request): Promise<GivingSummary> => {
    const { id } = request.params;
    const { year } = request.query;
    await requireInstitution(db, signedInUser(request), id, { kind: 'church', open: true });
    return givingSummary(db, id, signedInUser(request).id, year ?? thisYear());
  });

  /** The caller's statement for a year: the church, the member's name and the summary. */
  async function statementFor(user: UserRow, id: number, year = thisYear()) {
    const { institution } = await requireInstitution(db, user, id, { kind: 'church', open: true });
    const summary = await givingSummary(db, id, user.id, year);
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
    return { churchName: institution.name, member: { username: user.username, name }, summary, year };
  }

  const statement = { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, querystring: GiftsQuerySchema } };

  app.get('/api/churches/:id/giving-statement.csv', statement, async (request, reply) => {
    const s = await statementFor(signedInUser(request), request.params.id, request.query.year);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="giving-statement-${s.year}.csv"`)
      .send(statementCsv(s.churchName, s.member, s.summary));
  });

  app.get('/api/churches/:id/giving-statement.pdf', statement, async (request, reply) => {
    const s = await statementFor(signedInUser(request), request.params.id, request.query.year);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="giving-statement-${s.year}.pdf"`)
      .send(await statementPdf(s.churchName, s.member, s.summary));
  });

  /** Stops a monthly gift of the caller's. */
  app.delete('/api/church-recurring-gifts/:id', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const donorId = signedInUser(request).id;
    // Stopping a gift already stopped is done; a gift that is not the caller's is as good as missing.
    const mine = await db.selectFrom('churchRecurringGifts').select('id').where('id', '=', id).where('donorId', '=', donorId).executeTakeFirst();
    if (!mine) throw notFound('No recurring gift with that id');
    await db.updateTable('churchRecurringGifts').set({ cancelledAt: Date.now() }).where('id', '=', id).where('donorId', '=', donorId).where('cancelledAt', 'is', null).execute();
    return reply.code(204).send();
  });
}
