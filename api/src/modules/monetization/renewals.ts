/**
 * The monthly sweep (a scheduled job in the API process, like the poll closer): renews memberships
 * whose period ended, ends those cancelled to the period's end, and pays sponsorship months due.
 * Each renewal charge is keyed by membership and period, so two nodes sweeping together charge once.
 */
import type { FastifyInstance } from 'fastify';
import { rooms } from '@onair/protocol';
import { HttpError } from '../../http/errors.ts';
import { chargeOnce } from './charge.ts';
import { presentMembership, startPeriod } from './memberships.ts';
import { paySponsorshipsDue } from './sponsorships.ts';

export async function renewMemberships(app: FastifyInstance, now = Date.now()): Promise<{ renewed: number; ended: number; failed: number }> {
  const db = app.db.kysely;
  const due = await db
    .selectFrom('memberships')
    .innerJoin('subscriptionTiers', 'subscriptionTiers.id', 'memberships.tierId')
    .selectAll('memberships')
    .select(['subscriptionTiers.priceCents', 'subscriptionTiers.name as tierName'])
    .where('memberships.status', '=', 'active')
    .where('memberships.currentPeriodEnd', '<=', now)
    .execute();
  const result = { renewed: 0, ended: 0, failed: 0 };
  for (const m of due) {
    const endPlan = async (status: 'ended' | 'past_due') => {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('memberships').set({ status, updatedAt: now }).where('id', '=', m.id).execute();
        await trx.updateTable('users').set({ subscription: 'free' }).where('id', '=', m.userId).execute();
      });
    };
    const method = m.paymentMethodId
      ? await db.selectFrom('paymentMethods').selectAll().where('id', '=', m.paymentMethodId).executeTakeFirst()
      : await db.selectFrom('paymentMethods').selectAll().where('userId', '=', m.userId).where('isDefault', '=', 1).executeTakeFirst();
    if (m.cancelAtPeriodEnd === 1 || m.priceCents === 0) {
      await endPlan('ended');
      result.ended++;
    } else if (!method) {
      await endPlan('past_due');
      result.failed++;
    } else {
      try {
        await chargeOnce(
          app,
          { payerId: m.userId, creatorId: m.creatorId, source: 'subscription', amountCents: m.priceCents, method, idempotencyKey: `renewal:${m.id}:${m.currentPeriodEnd}`, description: `OnAir ${m.tierName}, one month (renewal)` },
          (trx) => startPeriod(trx, m.userId, m.tierId, m.creatorId, method.id, m.currentPeriodEnd),
        );
        result.renewed++;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        await endPlan('past_due');
        result.failed++;
      }
    }
    app.io.to(rooms.user(m.userId)).emit('membership:updated', await presentMembership(app, m.userId, now));
  }
  return result;
}

export function startRenewalSweep(app: FastifyInstance) {
  const timer = setInterval(() => {
    const now = Date.now();
    renewMemberships(app, now)
      .then(() => paySponsorshipsDue(app.db.kysely, app.config.platformFeePercent, now))
      .catch((error) => app.log.error({ err: error }, 'monetization renewal sweep failed'));
  }, app.config.renewalSweepMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
