import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Money: subscription tiers (spec §9's three seeded here, since they exist without the demo too),
 * payment methods (provider tokens only), payments (one per charge attempt, keyed for idempotency),
 * the append-only ledger, donations, memberships, subscribers-only content, sponsorships, and the
 * provider webhook events already applied.
 */
export function monetization(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('subscription_tiers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', notNull)
        .addColumn('price_cents', 'integer', notNull)
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('interval', 'text', (c) => c.notNull().defaultTo('month'))
        .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('features', 'text', notNull)
        .addColumn('position', 'integer', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      const now = Date.now();
      await db
        .insertInto('subscription_tiers')
        .values([
          { id: 'free', name: 'Free', price_cents: 0, popular: 0, position: 0, updated_at: now, features: JSON.stringify(['Live TV and radio', 'Live chat and polls', 'Standard quality']) },
          { id: 'premium', name: 'Premium', price_cents: 999, popular: 1, position: 1, updated_at: now, features: JSON.stringify(['Everything in Free', 'Subscribers-only shows and streams', 'HD quality', 'VIP badge in chat']) },
          { id: 'pro', name: 'Pro', price_cents: 1999, popular: 0, position: 2, updated_at: now, features: JSON.stringify(['Everything in Premium', 'Offline downloads', 'Priority support']) },
        ])
        .execute();

      await withId(db.schema.createTable('payment_methods'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('provider_token', 'text', notNull)
        .addColumn('brand', 'text', notNull)
        .addColumn('last4', 'text', notNull)
        .addColumn('exp_month', 'integer')
        .addColumn('exp_year', 'integer')
        .addColumn('is_default', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('payment_methods_user_idx').on('payment_methods').column('user_id').execute();

      await withId(db.schema.createTable('payments'), dialect)
        .addColumn('payer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('source', 'text', notNull)
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('provider_ref', 'text')
        .addColumn('payment_method_id', 'integer', (c) => c.references('payment_methods.id').onDelete('set null'))
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
        .addColumn('kind', 'text', notNull)
        .addColumn('source', 'text', notNull)
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('payer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('provider', 'text', notNull)
        .addColumn('provider_ref', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('ledger_entries_creator_idx').on('ledger_entries').columns(['creator_id', 'created_at']).execute();
      // One entry of each kind per payment: a retried write cannot book the same money twice.
      await db.schema.createIndex('ledger_entries_payment_kind_uq').on('ledger_entries').columns(['payment_id', 'kind']).unique().execute();

      await withId(db.schema.createTable('donations'), dialect)
        .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id'))
        .addColumn('donor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('content_id', 'integer', (c) => c.references('content.id').onDelete('set null'))
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('message', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('donations_creator_idx').on('donations').columns(['creator_id', 'created_at']).execute();
      await db.schema.createIndex('donations_donor_idx').on('donations').columns(['donor_id', 'created_at']).execute();

      await withId(db.schema.createTable('memberships'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('tier_id', 'text', (c) => c.notNull().references('subscription_tiers.id'))
        .addColumn('status', 'text', notNull)
        .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('payment_method_id', 'integer', (c) => c.references('payment_methods.id').onDelete('set null'))
        .addColumn('current_period_start', 'bigint', notNull)
        .addColumn('current_period_end', 'bigint', notNull)
        .addColumn('cancel_at_period_end', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('memberships_period_idx').on('memberships').columns(['status', 'current_period_end']).execute();

      await db.schema
        .createTable('content_access')
        .addColumn('content_id', 'integer', (c) => c.primaryKey().references('content.id').onDelete('cascade'))
        .addColumn('subscribers_only', 'integer', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('sponsorship_offers'), dialect)
        .addColumn('sponsor_name', 'text', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('monthly_amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('min_monthly_views', 'integer', notNull)
        .addColumn('duration_months', 'integer', notNull)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('sponsorship_applications'), dialect)
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('sponsorship_offers.id').onDelete('cascade'))
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', notNull)
        .addColumn('payments_made', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_payment_at', 'bigint')
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_at', 'bigint')
        .addColumn('applied_at', 'bigint', notNull)
        .addUniqueConstraint('sponsorship_applications_offer_creator_uq', ['offer_id', 'creator_id'])
        .execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('received_at', 'bigint', notNull)
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['webhook_events', 'sponsorship_applications', 'sponsorship_offers', 'content_access', 'memberships', 'donations', 'ledger_entries', 'payments', 'payment_methods', 'subscription_tiers']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
