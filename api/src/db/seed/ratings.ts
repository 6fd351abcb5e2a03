/**
 * Demo ratings, a step of the demo seed: seeded accounts rate some of what they watched, and how much
 * they watched shapes the stars (people who finish an item rate it higher than people who leave
 * early; a like means they enjoyed it). Derived from the view events and likes already written, in a
 * fixed order with a seeded generator, so every machine gets the same ratings.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { SeededRandom } from './random.ts';
import { watchedByAccount } from './watched.ts';

/** Share of watched items a seeded account rates. */
const RATE_CHANCE = 0.25;

export async function seedDemoRatings(trx: Transaction<Database>): Promise<number> {
  const rng = new SeededRandom(5151);
  const [watched, likes] = await Promise.all([
    watchedByAccount(trx),
    trx.selectFrom('contentLikes').select(['userId', 'contentId']).execute(),
  ]);
  const liked = new Set(likes.map((l) => `${l.userId}:${l.contentId}`));
  const ratings = [];
  for (const w of watched) {
    if (w.durationSeconds <= 0 || !rng.chance(RATE_CHANCE)) continue;
    const completion = Math.min(1, w.maxWatch / w.durationSeconds);
    const base = liked.has(`${w.userId}:${w.contentId}`) ? 4.5 : 1.5 + completion * 3;
    const rating = Math.max(1, Math.min(5, Math.round(base + (rng.next() - 0.5) * 1.5)));
    const at = w.lastAt;
    ratings.push({ userId: w.userId, contentId: w.contentId, rating, createdAt: at, updatedAt: at });
  }
  for (let i = 0; i < ratings.length; i += 500) await trx.insertInto('contentRatings').values(ratings.slice(i, i + 500)).execute();
  return ratings.length;
}
