import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Session ids are stored hashed from now on (plugins/session-store.ts): rows written before keep
 * working, since their id is replaced by its SHA-256 here. No down path back to plain ids: the
 * secrets are gone, which is the point.
 */
export function security(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      const rows: { sid: string }[] = await db.selectFrom('sessions').select('sid').execute();
      for (const { sid } of rows) {
        const hashed = createHash('sha256').update(sid).digest('hex');
        await db.updateTable('sessions').set({ sid: hashed }).where('sid', '=', sid).execute();
      }
    },
    async down(db: Kysely<any>) {
      // Hashes cannot be turned back into ids: end every session instead.
      await db.deleteFrom('sessions').execute();
    },
  };
}
