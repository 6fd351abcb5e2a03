/**
 * Demo likes, a step of the demo seed: seeded accounts like some of what they watched to the end, so
 * recommendations have likes to learn from. Derived from the view events just written, in a fixed
 * order with a seeded generator, so every machine gets the same likes.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { SeededRandom } from './random.ts';
import { watchedByAccount } from './watched.ts';

/** Share of finished views (80 %+ watched) that end in a like. */
const LIKE_CHANCE = 0.35;

export async function seedDemoLikes(trx: Transaction<Database>): Promise<number> {
  const rng = new SeededRandom(4242);
  const watched = await watchedByAccount(trx);
  const likes = watched
    .filter((w) => w.durationSeconds > 0 && w.maxWatch >= 0.8 * w.durationSeconds && rng.chance(LIKE_CHANCE))
    .map((w) => ({ userId: w.userId, contentId: w.contentId, createdAt: w.lastAt }));
  for (let i = 0; i < likes.length; i += 500) await trx.insertInto('contentLikes').values(likes.slice(i, i + 500)).execute();
  return likes.length;
}
