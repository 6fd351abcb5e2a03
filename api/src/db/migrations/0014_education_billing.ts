import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull } from './helpers.ts';

/**
 * Education and Church Mode meet the payment provider and the mail: monthly gifts and paid tiers keep
 * the payment method they are charged to, a tier keeps its paid period, domain proofs by email keep a
 * hashed code, and invitations by email carry the role the invited person joins with.
 */
export function educationBilling(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      const method = (table: string) =>
        db.schema.alterTable(table).addColumn('payment_method_id', 'integer', (c) => c.references('payment_methods.id').onDelete('set null')).execute();
      await method('church_recurring_gifts');
      await method('institutions');
      await db.schema.alterTable('institutions').addColumn('tier_period_end', 'bigint').execute();
      await db.schema.alterTable('institutions').addColumn('tier_price_cents', 'integer').execute();
      await db.schema.alterTable('institutions').addColumn('verification_email', 'text').execute();
      await db.schema.alterTable('institutions').addColumn('verification_code_hash', 'text').execute();
      await db.schema.alterTable('institutions').addColumn('verification_code_expires_at', 'bigint').execute();

      await db.schema
        .createTable('institution_role_invitations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('institution_id', 'integer', (c) => c.notNull().references('institutions.id').onDelete('cascade'))
        .addColumn('email', 'text', notNull)
        .addColumn('role', 'text', notNull)
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('accepted_at', 'bigint')
        .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('institution_role_invitations_institution_idx').on('institution_role_invitations').column('institution_id').execute();
    },
  };
}
