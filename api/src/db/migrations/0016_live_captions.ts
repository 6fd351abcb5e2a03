import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull } from './helpers.ts';

/**
 * Live captions (issue 15, point 5): a Creator Studio switch kept with the stream configuration and
 * copied onto each broadcast when it starts, as the other per-stream settings are.
 */
export function liveCaptions(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('stream_configs').addColumn('live_captions', 'integer', (c) => notNull(c).defaultTo(0)).execute();
      await db.schema.alterTable('streams').addColumn('live_captions', 'integer', (c) => notNull(c).defaultTo(0)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('streams').dropColumn('live_captions').execute();
      await db.schema.alterTable('stream_configs').dropColumn('live_captions').execute();
    },
  };
}
