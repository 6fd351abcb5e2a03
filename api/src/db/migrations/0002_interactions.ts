import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/** Chat, moderation, polls and votes, Q&A, the points ledger and claimed achievements, peak viewers. */
export function interactions(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('content').addColumn('peak_viewers', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await withId(db.schema.createTable('chat_messages'), dialect)
        .addColumn('content_id', 'integer', (c) => c.references('content.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('message', 'text', notNull)
        .addColumn('idempotency_key', 'text')
        .addColumn('sentiment', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('chat_room_idx').on('chat_messages').columns(['content_id', 'created_at']).execute();
      // A client retry carries the same key: the unique index turns it into a read of the stored message.
      await db.schema
        .createIndex('chat_idempotency_idx')
        .on('chat_messages')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .execute();

      await withId(db.schema.createTable('moderation_items'), dialect)
        .addColumn('kind', 'text', notNull)
        .addColumn('target_id', 'integer', notNull)
        .addColumn('content_id', 'integer')
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('severity', 'text', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('excerpt', 'text', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_at', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('moderation_status_idx').on('moderation_items').columns(['status', 'created_at']).execute();

      await withId(db.schema.createTable('polls'), dialect)
        .addColumn('content_id', 'integer', (c) => c.references('content.id').onDelete('cascade'))
        .addColumn('question', 'text', notNull)
        .addColumn('options', 'text', notNull)
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('closes_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('polls_closes_idx').on('polls').column('closes_at').execute();

      await db.schema
        .createTable('poll_votes')
        .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('option_index', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        // One vote per user per poll, decided by the database even under concurrent double votes.
        .addPrimaryKeyConstraint('poll_votes_pk', ['poll_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('questions'), dialect)
        .addColumn('content_id', 'integer', (c) => c.references('content.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('question', 'text', notNull)
        .addColumn('answered_at', 'bigint')
        .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('questions_content_idx').on('questions').columns(['content_id', 'created_at']).execute();

      await withId(db.schema.createTable('points_ledger'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('action', 'text', notNull)
        .addColumn('points', 'integer', notNull)
        /** What earned it (a message id, a poll id, a view event id): one award per action and ref. */
        .addColumn('ref', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('points_unique_idx').on('points_ledger').columns(['user_id', 'action', 'ref']).unique().execute();
      await db.schema.createIndex('points_user_time_idx').on('points_ledger').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('achievement_claims')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('achievement_id', 'text', notNull)
        .addColumn('claimed_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('achievement_claims_pk', ['user_id', 'achievement_id'])
        .execute();
    },
  };
}
