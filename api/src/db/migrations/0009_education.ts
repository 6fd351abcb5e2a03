import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

/** Education mode and Church Mode: institutions, members, courses, lessons, live sessions, services, sermons, prayer, giving. */
export function education(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('institutions'), dialect)
        .addColumn('owner_id', 'integer', user)
        .addColumn('name', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('domain', 'text')
        .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('verification_token', 'text', notNull)
        .addColumn('subscription_tier', 'text', (c) => c.notNull().defaultTo('basic'))
        .addColumn('time_zone', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      const institution = (c: ColumnDefinitionBuilder) => c.notNull().references('institutions.id').onDelete('cascade');

      await db.schema
        .createTable('institution_members')
        .addColumn('institution_id', 'integer', institution)
        .addColumn('user_id', 'integer', user)
        .addColumn('role', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('institution_members_pk', ['institution_id', 'user_id'])
        .execute();
      await db.schema.createIndex('institution_members_user_idx').on('institution_members').column('user_id').execute();

      await db.schema
        .createTable('institution_invitations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('institution_id', 'integer', institution)
        .addColumn('user_id', 'integer', user)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('accepted_at', 'bigint')
        .execute();

      await withId(db.schema.createTable('institution_payments'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('payer_id', 'integer', user)
        .addColumn('purpose', 'text', notNull)
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('reference', 'text', notNull)
        .addColumn('test_mode', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('courses'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('title', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('grade_level', 'text', notNull)
        .addColumn('curriculum', 'text', notNull)
        .addColumn('objectives', 'text', notNull)
        .addColumn('created_by', 'integer', user)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      const course = (c: ColumnDefinitionBuilder) => c.notNull().references('courses.id').onDelete('cascade');

      await withId(db.schema.createTable('course_lessons'), dialect)
        .addColumn('course_id', 'integer', course)
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('position', 'integer', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('grade_level', 'text', notNull)
        .addColumn('curriculum', 'text', notNull)
        .addColumn('objectives', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addUniqueConstraint('course_lessons_course_content_uq', ['course_id', 'content_id'])
        .execute();

      await db.schema
        .createTable('course_enrolments')
        .addColumn('course_id', 'integer', course)
        .addColumn('user_id', 'integer', user)
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('course_enrolments_pk', ['course_id', 'user_id'])
        .execute();
      await db.schema.createIndex('course_enrolments_user_idx').on('course_enrolments').column('user_id').execute();

      await withId(db.schema.createTable('church_services'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('title', 'text', notNull)
        .addColumn('weekday', 'integer', notNull)
        .addColumn('time', 'text', notNull)
        .addColumn('time_zone', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('live_sessions'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
        .addColumn('service_id', 'integer', (c) => c.references('church_services.id').onDelete('cascade'))
        .addColumn('title', 'text', notNull)
        .addColumn('starts_at', 'bigint', notNull)
        .addColumn('content_id', 'integer', (c) => c.references('content.id').onDelete('set null'))
        .addColumn('created_by', 'integer', user)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('live_sessions_institution_idx').on('live_sessions').columns(['institution_id', 'starts_at']).execute();

      await withId(db.schema.createTable('sermons'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('title', 'text', notNull)
        .addColumn('speaker', 'text', notNull)
        .addColumn('series', 'text')
        .addColumn('scripture', 'text')
        .addColumn('preached_on', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('prayer_requests'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('author_id', 'integer', user)
        .addColumn('body', 'text', notNull)
        .addColumn('visibility', 'text', notNull)
        .addColumn('flag_reason', 'text')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prayed_at', 'bigint')
        .addColumn('prayed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('prayer_requests_institution_idx').on('prayer_requests').columns(['institution_id', 'created_at']).execute();

      await withId(db.schema.createTable('church_recurring_gifts'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('donor_id', 'integer', user)
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('fund', 'text', notNull)
        .addColumn('next_charge_at', 'bigint', notNull)
        .addColumn('cancelled_at', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('church_gifts'), dialect)
        .addColumn('institution_id', 'integer', institution)
        .addColumn('donor_id', 'integer', user)
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('fund', 'text', notNull)
        .addColumn('recurring_id', 'integer', (c) => c.references('church_recurring_gifts.id').onDelete('set null'))
        .addColumn('payment_reference', 'text', notNull)
        .addColumn('test_mode', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('church_gifts_donor_idx').on('church_gifts').columns(['institution_id', 'donor_id', 'created_at']).execute();
    },
  };
}
